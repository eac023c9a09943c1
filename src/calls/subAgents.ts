import type { ToolCall } from '../types.js';

/**
 * Calls made inside a tool that ran another agent. A trace records them under the tool's span,
 * and the trace reader attaches that subtree to the tool's call; otherwise the tool's result is the
 * sub-agent's run when it is one (an AI SDK sub-agent tool that yields the sub-agent's UI message,
 * or returns its result). They are read only through `within(run, toolName)`, so the top level stays
 * the agent's own calls. The subtree travels on the call as a non-enumerable property under a
 * private symbol, so the call users compare against stays a plain record.
 */
const SUB_RUN = Symbol('tool-call-accuracy.subRun');

export function recordSubRun(call: ToolCall, run: unknown): void {
  Object.defineProperty(call, SUB_RUN, { value: run, configurable: true });
}

/** The sub-agent run a call ran, when the trace recorded one; else its output, for the caller to try. */
export function subRunOf(call: ToolCall): { run: unknown; fromTrace: boolean } {
  return Object.prototype.hasOwnProperty.call(call, SUB_RUN) ? { run: (call as { [SUB_RUN]?: unknown })[SUB_RUN], fromTrace: true } : { run: call.output, fromTrace: false };
}
