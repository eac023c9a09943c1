import type { ToolCall } from '../../types.js';
import type { FormatAdapter, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { textOfRole } from '../mastraMessages.js';
import { recordSubRun } from '../subAgents.js';
import { toolCall } from '../toolCall.js';

/** The step types that are a tool the agent called: its own, an MCP server's, or one the provider ran. */
const TOOL_STEPS = new Set(['tool_call', 'mcp_tool_call', 'provider_tool_call']);
/** Keys a Mastra `Trajectory` has besides `steps`; an empty one is told apart by them. */
const TRAJECTORY_KEYS = new Set(['steps', 'totalDurationMs', 'rawOutput', 'rawWorkflowResult']);

/** A step of a trajectory: every variant has a `stepType` and a `name` (an AI SDK 4 step has no `name`). */
function isStep(value: unknown): value is UnknownRecord {
  return isRecord(value) && typeof value.stepType === 'string' && typeof value.name === 'string';
}

function isTrajectory(value: unknown): value is UnknownRecord & { steps: unknown[] } {
  if (!isRecord(value) || !Array.isArray(value.steps)) return false;
  // `{ steps: [] }` is what runEvals hands a trajectory scorer for a run without output.
  if (value.steps.length === 0) return Object.keys(value).every((key) => TRAJECTORY_KEYS.has(key));
  return value.steps.every(isStep);
}

/**
 * Mastra's `Trajectory` (`@mastra/core/evals`): what `extractTrajectory(messages)` and
 * `extractTrajectoryFromTrace(spans)` return, and what `runEvals` hands scorers of type
 * `'trajectory'`. Steps are read in order, and nested `children` where they are still the agent's
 * own (a workflow step's, or a model generation's, which hold the calls of its model steps):
 * - `tool_call`, `mcp_tool_call`, `provider_tool_call`: a call, `toolArgs` its input, `toolResult`
 *   its output; `success: false` is an error (the trajectory does not tell a failed call from one
 *   that never ran). Steps under it are what the tool ran: a sub-agent (`within(run, tool)`).
 * - `agent_run` outside a tool step: the agent called a sub-agent, a call named by its `agentId`
 *   (else its name) whose `children` are the sub-agent's steps, read by `within(run, agentId)`.
 * - `processor_run`: Mastra's processors, not the agent's calls.
 * Which model step issued a call is not kept: a trace's trajectory drops the `model_step` spans, and
 * one `model_generation` covers the whole tool loop. `parallel(…)` refuses a trajectory.
 */
export const mastraTrajectory: FormatAdapter = {
  format: 'mastra-trajectory',
  shape: "a Mastra trajectory: { steps: [{ stepType: 'tool_call', name, toolArgs, toolResult, success }, …] } (extractTrajectory, extractTrajectoryFromTrace, a trajectory scorer's output)",
  detect: isTrajectory,
  read(value, calls) {
    readSteps((value as { steps: unknown[] }).steps, calls);
  },
  text(value) {
    // The agent's reply, from the output messages extractTrajectory keeps (`rawOutput`); the request is not kept.
    const raw = (value as UnknownRecord).rawOutput;
    const reply = Array.isArray(raw) ? textOfRole(raw, 'assistant', 'all') : undefined;
    return reply === undefined ? {} : { reply };
  },
};

function readSteps(steps: readonly unknown[], calls: CallCollector): void {
  for (const step of steps) {
    if (!isStep(step)) continue;
    const children = Array.isArray(step.children) ? step.children : undefined;
    if (TOOL_STEPS.has(step.stepType as string)) {
      const call = toolStepCall(step);
      calls.add(call);
      if (children) recordSubRun(call, { steps: subAgentSteps(children) });
    } else if (step.stepType === 'agent_run') {
      const call: ToolCall = { toolName: isNonEmptyString(step.agentId) ? step.agentId : (step.name as string), input: undefined };
      calls.add(call);
      recordSubRun(call, { steps: children ?? [] });
    } else if (step.stepType !== 'processor_run' && children) {
      readSteps(children, calls);
    }
  }
}

function toolStepCall(step: UnknownRecord): ToolCall {
  const call = toolCall(step.name as string, step.toolArgs, undefined);
  if (step.toolResult !== undefined) call.output = step.toolResult;
  if (step.success === false) call.error = step.toolResult ?? 'the tool call did not succeed (success: false)';
  if (step.stepType === 'provider_tool_call') call.providerExecuted = true;
  return call;
}

/** A tool that ran a sub-agent holds its `agent_run` step: the sub-agent's steps are that step's children. */
function subAgentSteps(children: readonly unknown[]): unknown[] {
  const runs = children.filter((child) => isStep(child) && child.stepType === 'agent_run');
  return runs.length === 1 && children.length === 1 ? ((runs[0] as UnknownRecord).children as unknown[] | undefined) ?? [] : [...children];
}
