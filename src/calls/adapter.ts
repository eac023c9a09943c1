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
  | 'google-genai'
  | 'bedrock'
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
  /**
   * What the run records beyond its calls (model steps, tokens, wall time), for `toStayWithinBudget`.
   * A format that records none of it leaves this out. Read only when a budget asks, never while
   * reading calls. See `UsageReader`.
   */
  usage?: UsageReader;
}

/** The quantities of a run that a budget limits besides its tool calls. */
export type UsageQuantity = 'steps' | 'tokens' | 'durationMs';

/** Tokens the run's model calls used, summed over them. */
export interface TokenUsage {
  input: number;
  output: number;
  /** How many model calls the sums are over. */
  modelCalls: number;
}

/**
 * What one run records, each quantity present only when the run truly records it: never
 * estimated, never a partial sum passed off as a total.
 */
export interface RunUsage {
  /** Model calls (steps) the run made. */
  steps?: number;
  /** Input and output tokens, summed over every model call of the run. */
  tokens?: TokenUsage;
  /** Wall time of the run, in milliseconds. */
  durationMs?: number;
  /**
   * Why a quantity this format can record is absent from this run ("its 2nd step reports no
   * outputTokens"), shown in the error; left out when the shape of the value says it all.
   */
  lacking?: { readonly [Quantity in UsageQuantity]?: string };
}

/**
 * The hook a format implements so that budgets work on its runs: `read` returns what this run
 * records, and `records` names, for each quantity the format can record, the shape of it that does
 * (listed when some other run lacks that quantity: "Token usage is recorded by: …"). A new adapter
 * adds `usage: { records: { steps: 'its trajectory (steps[])' }, read: (value) => ({ steps: … }) }`
 * and the budget matcher needs no change. `read` must not throw on a value its `detect` claimed.
 */
export interface UsageReader {
  readonly records: { readonly [Quantity in UsageQuantity]?: string };
  read(value: unknown): RunUsage;
}

export type UnknownRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}
