import type { CallCollector } from './collector.js';

/** The words around the calls: what the user asked and what the agent replied, as plain text. */
export interface RunText {
  /** The user's request (the last user message before the agent's output), if the run records it. */
  request?: string;
  /** The agent's reply text (all assistant text of the output, in order), if any. */
  reply?: string;
}

/**
 * The message formats that can arrive as a bare array of messages. Their first messages often look
 * alike (`{ role: 'user', content: 'hi' }` is valid in all of them), so one classifier decides for
 * all the message adapters and each adapter claims only its own kind: no two can claim one value.
 */
export type MessageKind =
  | 'langchain'
  | 'ai-sdk-ui'
  | 'ai-sdk-4-ui'
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'ai-sdk-model'
  // Mastra stored messages (`content.format` 2 or 3): their own adapter claims them before any
  // message adapter; the kind exists so that an array mixing them with another format is refused.
  | 'mastra'
  // Messages of two formats in one array: no adapter claims it, so it is refused, not half read.
  | 'mixed';

/** The message format of a value, as detection works it out (once per value and detection). */
export interface MessageKinds {
  of(value: unknown): MessageKind | undefined;
}

/** Reads one transcript format. Each format lives in its own file under `adapters/`. */
export interface FormatAdapter {
  /** A stable name, used in errors and in the detection tests (`'mastra-run'`, `'ai-sdk-result'`, …). */
  readonly format: string;
  /** One line naming the accepted shape, listed when a value matches no adapter. */
  readonly shape: string;
  /**
   * A cheap structural check. Must not throw, and must not claim another adapter's values. Message
   * formats ask `kinds`, so that at most one of them claims an array.
   */
  detect(value: unknown, kinds: MessageKinds): boolean;
  /** Adds the agent's own calls to `calls`, in the order the agent issued them. */
  read(value: unknown, calls: CallCollector): void;
  /** The user's request and the agent's reply, for the LLM judge; formats without text leave it out. */
  text?(value: unknown): RunText;
}

export type UnknownRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}
