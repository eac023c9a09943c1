import type { ToolCall } from '../../types.js';
import type { FormatAdapter, RunUsage, UnknownRecord, UsageReader } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { textOfRole } from '../mastraMessages.js';
import { AI_SDK_4_TOKENS, nth, sumTokens } from '../runUsage.js';
import { recordSubRun } from '../subAgents.js';
import { toolCall } from '../toolCall.js';
import { refuseUnknown } from '../unknownParts.js';
import { refuseCallKeys } from '../callKeys.js';
import { oneTurn } from '../turns.js';

/** The keys of a trajectory step (`@mastra/core/evals`) this reader reads or knows. */
const STEP_KEYS = new Set([
  'stepType', 'name', 'toolArgs', 'toolResult', 'success', 'children', 'durationMs', 'agentId', 'providerExecuted', 'serverName', 'modelId', 'promptTokens', 'completionTokens',
  'finishReason', 'toolCallId', 'metadata', 'input', 'output', 'workflowId', 'stepId', 'status', 'processorName', 'processorId', 'spanId', 'startTime', 'endTime', 'processorType',
]);
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
 * `extractTrajectoryFromTrace(spans)` return, and `runEvals` hands `'trajectory'` scorers. Steps are
 * read in order, nested `children` too where they are still the agent's own:
 * - `tool_call`, `mcp_tool_call`, `provider_tool_call`: a call (`toolArgs`, `toolResult`;
 *   `success: false` an error). Steps under it are a sub-agent the tool ran (`within(run, tool)`).
 * - `agent_run` outside a tool step: a sub-agent, a call named by its `agentId` (else its name).
 * - `processor_run`: Mastra's processors, not the agent's calls.
 * Model steps are not kept (one `model_generation` covers the tool loop): `parallel(…)` refuses it.
 */
export const mastraTrajectory: FormatAdapter = {
  format: 'mastra-trajectory',
  shape: "a Mastra trajectory: { steps: [{ stepType: 'tool_call', name, toolArgs, toolResult, success }, …] } (extractTrajectory, extractTrajectoryFromTrace, a trajectory scorer's output)",
  detect: isTrajectory,
  turns: oneTurn,
  read(value, calls) {
    readSteps((value as { steps: unknown[] }).steps, calls);
  },
  text(value) {
    // The agent's reply, from the output messages extractTrajectory keeps (`rawOutput`); the request is not kept.
    const raw = (value as UnknownRecord).rawOutput;
    const reply = Array.isArray(raw) ? textOfRole(raw, 'assistant', 'all') : undefined;
    return reply === undefined ? {} : { reply };
  },
  usage: trajectoryUsage(),
};

/** Steps that are no call of the agent's: what it ran around its calls (their children may hold calls). */
const OTHER_STEPS = new Set(['processor_run', 'model_generation', 'workflow_step', 'workflow_run', 'workflow_conditional', 'workflow_parallel', 'workflow_loop', 'workflow_sleep', 'workflow_wait_event']);
const KNOWN = `the step types ${[...TOOL_STEPS, 'agent_run', ...OTHER_STEPS].join(', ')}`;

function readSteps(steps: readonly unknown[], calls: CallCollector, where = 'step'): void {
  for (let index = 0; index < steps.length; index++) {
    const step: unknown = steps[index];
    if (!isStep(step) || !(TOOL_STEPS.has(step.stepType as string) || step.stepType === 'agent_run' || OTHER_STEPS.has(step.stepType as string))) {
      refuseUnknown('mastra-trajectory', `${where} ${index + 1}`, step, KNOWN);
    }
    refuseCallKeys('mastra-trajectory', () => `${where} ${index + 1}`, step, STEP_KEYS);
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
      readSteps(children, calls, `${where} ${index + 1}, child`);
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

/**
 * What a trajectory records for budgets, as Mastra's `checkTrajectoryEfficiency` reads it: tokens of
 * every `model_generation` step, nested ones included; wall time from `totalDurationMs`, else the
 * top-level steps' `durationMs`; model steps never (one `model_generation` covers a whole tool loop).
 */
function trajectoryUsage(): UsageReader {
  return {
    records: {
      tokens: "Mastra trajectories from a trace (extractTrajectoryFromTrace: model_generation steps' promptTokens and completionTokens)",
      durationMs: "Mastra trajectories from a trace (totalDurationMs, or every top-level step's durationMs)",
    },
    read(value) {
      const trajectory = value as UnknownRecord & { steps: unknown[] };
      const generations = modelGenerations(trajectory.steps);
      const usage: RunUsage = {};
      const lacking: { steps?: string; tokens?: string; durationMs?: string } = {
        steps: 'a trajectory keeps no model steps (one model_generation step covers a whole tool loop)',
      };
      if (generations.length === 0) {
        lacking.tokens = 'it has no model_generation step (extractTrajectory(messages) keeps tool steps only; extractTrajectoryFromTrace keeps the model generations)';
      } else {
        const summed = sumTokens(generations, AI_SDK_4_TOKENS, nth('model_generation step'));
        if (summed.tokens) usage.tokens = summed.tokens;
        else if (summed.lacking?.tokens) lacking.tokens = summed.lacking.tokens.replace(' in its usage', '');
      }
      const total = measurement(trajectory.totalDurationMs);
      const steps = trajectory.steps.filter(isStep);
      const stepTimes = steps.map((step) => measurement(step.durationMs));
      if (total !== undefined) usage.durationMs = total;
      else if (steps.length > 0 && stepTimes.every((time) => time !== undefined)) usage.durationMs = (stepTimes as number[]).reduce((sum, time) => sum + time, 0);
      else lacking.durationMs = steps.length === 0 ? 'it has no steps' : 'it has no totalDurationMs, and not every top-level step has a durationMs';
      return { ...usage, lacking };
    },
  };
}

/** Every `model_generation` step, at any depth. */
function modelGenerations(steps: readonly unknown[]): UnknownRecord[] {
  const found: UnknownRecord[] = [];
  for (const step of steps) {
    if (!isStep(step)) continue;
    if (step.stepType === 'model_generation') found.push(step);
    if (Array.isArray(step.children)) found.push(...modelGenerations(step.children));
  }
  return found;
}

function measurement(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
