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
/** The name of the agent the call ran, where it differs from the tool's (an OpenAI Agents handoff): `within` opens the call by either. */
const SUB_AGENT = Symbol('tool-call-accuracy.subAgent');

export function recordSubRun(call: ToolCall, run: unknown, agentName?: string): void {
  Object.defineProperty(call, SUB_RUN, { value: run, configurable: true });
  if (agentName !== undefined) Object.defineProperty(call, SUB_AGENT, { value: agentName, configurable: true });
}

/** The sub-agent run a call ran, when the trace recorded one; else its output, for the caller to try. */
export function subRunOf(call: ToolCall): { run: unknown; fromTrace: boolean } {
  return Object.prototype.hasOwnProperty.call(call, SUB_RUN) ? { run: (call as { [SUB_RUN]?: unknown })[SUB_RUN], fromTrace: true } : { run: call.output, fromTrace: false };
}

/** The name of the agent the call ran, when the run names it apart from the tool. */
export function subAgentOf(call: ToolCall): string | undefined {
  return (call as { [SUB_AGENT]?: string })[SUB_AGENT];
}
