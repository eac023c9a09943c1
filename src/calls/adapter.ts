import type { CallCollector } from './collector.js';

/** The words around the calls: what the user asked and what the agent replied, as plain text. */
export interface RunText {
  /** The user's request (the last user message before the agent's output), if the run records it. */
  request?: string;
  /** The agent's reply text (all assistant text of the output, in order), if any. */
  reply?: string;
}

/**
 * How one message fits a message format: `evidence` (only this format writes it), `text` (text only,
 * in this format's own shape: a fallback format claims a list of them when nothing shows another),
 * `fits` (valid here without showing it: `{ role: 'user', content: 'hi' }`). Undefined: unknown.
 */
export type MessageFit = 'evidence' | 'text' | 'fits';

/**
 * What a format whose runs can be a bare list of messages says of each message. Messages often look
 * alike, so one classifier (messageKinds.ts) asks every recognizer and decides for all: no two
 * adapters claim one value, and a list mixing formats or holding an unknown message is refused.
 */
export interface MessageRecognizer {
  /** How errors name one message of the format: `'an Anthropic message'`. */
  readonly name: string;
  /** How this message fits the format; must not throw. */
  of(message: UnknownRecord): MessageFit | undefined;
  /** Claims a list of text-only messages in its own shape (see `MessageFit`); the first fallback that fits every message wins. */
  readonly fallback?: boolean;
  /** Formats whose messages this one reads too: a list mixing them with its own is this format's (AI SDK 5+ UI messages and a store migrated from 4). */
  readonly absorbs?: readonly string[];
}

/** The message format of a value, as the classifier works it out (once per value and detection). */
export interface MessageKinds {
  /** The format whose recognizer claims the value (a list of messages or one message), `'mixed'`, `'unknown'`, or undefined for a value that is not messages. */
  of(value: unknown): string | undefined;
}

/** What one turn of a run is, named in `turn(run, n)`'s errors. */
export type TurnUnit = 'user message' | 'trace' | 'run';

/** A run cut into turns, each a value its adapter reads as a run of its own. */
export interface Turns {
  readonly unit: TurnUnit;
  readonly turns: readonly unknown[];
}

/**
 * Reads one transcript format. Each format lives in its own file under `adapters/`, listed once in
 * `calls/formats.ts`; nothing else imports an adapter (docs/architecture.md, "Adding a format").
 */
export interface FormatAdapter {
  /** A stable name, used in errors and in the detection tests (`'mastra-run'`, `'ai-sdk-result'`, …). */
  readonly format: string;
  /** One line naming the accepted shape, listed when a value matches no adapter. */
  readonly shape: string;
  /** A cheap structural check, on evidence of the format only; must not throw nor claim another adapter's values. Message formats ask `kinds` (`kinds.of(value) === format`). */
  detect(value: unknown, kinds: MessageKinds): boolean;
  /** Adds the agent's own calls to `calls` in order, marking model steps where the run records them; refuses what it does not know, never skips it. */
  read(value: unknown, calls: CallCollector): void;
  /** For formats whose runs can be a bare list of messages: how each message fits (see `MessageRecognizer`). */
  readonly messages?: MessageRecognizer;
  /** The run cut into turns for `turn(run, n)` (turns.ts: `oneTurn`, `conversationTurns`); without it, `turn` says the format cannot. */
  turns?(value: unknown): Turns;
  /** The user's request and the agent's reply, for the LLM judge; formats without text leave it out. */
  text?(value: unknown): RunText;
  /** What the run records beyond its calls (model steps, tokens, wall time), for `toStayWithinBudget`; read only when a budget asks. */
  usage?: UsageReader;
  /** For a value no format reads: whether it is a piece of a run of this format (a stream chunk, one message), and what to pass instead. */
  wrongPiece?(value: unknown): string | undefined;
  /** False for a shape that is no agent run when a tool returns it (a plain list of names): `within(run, tool)` does not read it as the sub-agent's. */
  readonly subRun?: false;
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

/** What one run records, each quantity present only when the run truly records it: never estimated, never a partial sum. */
export interface RunUsage {
  /** Model calls (steps) the run made. */
  steps?: number;
  /** Input and output tokens, summed over every model call of the run. */
  tokens?: TokenUsage;
  /** Wall time of the run, in milliseconds. */
  durationMs?: number;
  /** Why a quantity this format can record is absent from this run ("its 2nd step reports no outputTokens"), shown in the error. */
  lacking?: { readonly [Quantity in UsageQuantity]?: string };
}

/**
 * The hook a format implements so that budgets work on its runs: `read` returns what this run
 * records (and must not throw on a value `detect` claimed); `records` names, for each quantity the
 * format can record, the shape that does (listed when some other run lacks that quantity).
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
