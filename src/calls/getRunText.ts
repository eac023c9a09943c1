import { ToolCallAccuracyError } from '../errors.js';
import { describeValue } from './describe.js';
import { detectFormat } from './getToolCalls.js';

/** The words around the calls: what the user asked and what the agent replied, as plain text. */
export interface RunText {
  /** The user's request (the last user message before the agent's output), if the run records it. */
  request?: string;
  /** The agent's reply text (all assistant text of the output, in order), if any. */
  reply?: string;
}

/** Reads the request and reply text from any supported run; formats without text give `{}`. */
export function getRunText(run: unknown): RunText {
  const adapter = detectFormat(run);
  if (!adapter?.text) return {};
  try {
    return adapter.text(run);
  } catch (error) {
    throw new ToolCallAccuracyError(`reading the text of ${describeValue(run)} failed: ${String(error)}`, { cause: error });
  }
}
