import type { CallCollector } from './collector.js';

/** The words around the calls: what the user asked and what the agent replied, as plain text. */
export interface RunText {
  /** The user's request (the last user message before the agent's output), if the run records it. */
  request?: string;
  /** The agent's reply text (all assistant text of the output, in order), if any. */
  reply?: string;
}

/** Reads one transcript format. Each format lives in its own file under `adapters/`. */
export interface FormatAdapter {
  /** A stable name, used in errors and in the detection tests (`'mastra-run'`, `'ai-sdk-result'`, …). */
  readonly format: string;
  /** One line naming the accepted shape, listed when a value matches no adapter. */
  readonly shape: string;
  /** A cheap structural check. Must not throw, and must not claim another adapter's values. */
  detect(value: unknown): boolean;
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
