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
  return adapter?.text ? adapter.text(run) : {};
}
