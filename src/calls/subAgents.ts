import type { ToolCall } from '../types.js';

/**
 * Calls made inside a tool that ran another agent. A trace records them under the tool's span,
 * and the trace reader registers that subtree here; otherwise the tool's result is the sub-agent's
 * run when it is one (an AI SDK sub-agent tool that yields the sub-agent's UI message, or returns its
 * result). They are read only through `within(run, toolName)`, so the top level stays the agent's own calls.
 */
const subRunOfCall = new WeakMap<ToolCall, unknown>();

export function recordSubRun(call: ToolCall, run: unknown): void {
  subRunOfCall.set(call, run);
}

/** The sub-agent run a call ran, when the trace recorded one; else its output, for the caller to try. */
export function subRunOf(call: ToolCall): { run: unknown; fromTrace: boolean } {
  return subRunOfCall.has(call) ? { run: subRunOfCall.get(call), fromTrace: true } : { run: call.output, fromTrace: false };
}
