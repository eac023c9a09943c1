import type { ToolCall } from '../types.js';

/**
 * The run of another agent than the top one (an agent handed off to, a sub-agent a tool ran), which
 * its reader attaches to the call that started it; a read (getToolCalls.ts) places its calls among
 * the run's, each with its `agent`. It travels as a non-enumerable property under a private symbol,
 * so the call users compare against stays a plain record; without one, a tool's result that is a run
 * is the sub-agent's.
 */
const SUB_RUN = Symbol('tool-call-accuracy.subRun');
/** The name of the agent the call ran, where it differs from the tool's (an OpenAI Agents handoff, a Claude `subagent_type`): `within` opens the call by either. */
const SUB_AGENT = Symbol('tool-call-accuracy.subAgent');
/** Set on a call that handed the conversation off (the agent it handed off to goes on after it), not ran an agent inside it. */
const HANDOFF = Symbol('tool-call-accuracy.handoff');
/** On each call of a sub-agent's top level, as a read places it: the call that started that agent. */
const STARTED_BY = Symbol('tool-call-accuracy.startedBy');
/** On a call whose result is its sub-agent's whole run, once a read found it so (a trajectory shows its calls, not the value). */
const RESULT_IS_RUN = Symbol('tool-call-accuracy.resultIsRun');

/** Sub-agents within sub-agents are read this deep (a trace's tree is finite; this bounds a pathological one). */
export const MAX_SUB_AGENT_DEPTH = 16;

export function recordSubRun(call: ToolCall, run: unknown, agentName?: string, handoff = false): void {
  Object.defineProperty(call, SUB_RUN, { value: run, configurable: true });
  if (agentName !== undefined) Object.defineProperty(call, SUB_AGENT, { value: agentName, configurable: true });
  if (handoff) Object.defineProperty(call, HANDOFF, { value: true, configurable: true });
}

/** The sub-agent run a call ran, when the reader recorded one; else its output, for the caller to try. */
export function subRunOf(call: ToolCall): { run: unknown; fromTrace: boolean } {
  return Object.prototype.hasOwnProperty.call(call, SUB_RUN) ? { run: (call as { [SUB_RUN]?: unknown })[SUB_RUN], fromTrace: true } : { run: call.output, fromTrace: false };
}

/** The name of the agent the call ran, when the run names it apart from the tool. */
export function subAgentOf(call: ToolCall): string | undefined {
  return (call as { [SUB_AGENT]?: string })[SUB_AGENT];
}

/** The name a call's sub-agent goes by in `agent`: the agent's own name where the run gives it, else the tool's. */
export function agentNameOf(call: ToolCall): string {
  return subAgentOf(call) ?? call.toolName;
}

/** Whether the call handed off to another agent, rather than ran one inside it. */
export function isHandoff(call: ToolCall): boolean {
  return (call as { [HANDOFF]?: boolean })[HANDOFF] === true;
}

/** Marks `call` as one of the top-level calls of the sub-agent `starter` started. */
export function markStartedBy(call: ToolCall, starter: ToolCall): void {
  Object.defineProperty(call, STARTED_BY, { value: starter, configurable: true });
}

/** The call that started the agent which made `call`, when a read placed it (undefined for the top agent's calls, and for copies). */
export function startedBy(call: ToolCall): ToolCall | undefined {
  return (call as { [STARTED_BY]?: ToolCall })[STARTED_BY];
}

export function markResultIsRun(call: ToolCall): void {
  Object.defineProperty(call, RESULT_IS_RUN, { value: true, configurable: true });
}

/** Whether a read found the call's result to be its sub-agent's run. */
export function resultIsRun(call: ToolCall): boolean {
  return (call as { [RESULT_IS_RUN]?: boolean })[RESULT_IS_RUN] === true;
}
