/**
 * Mastra's LLM trajectory scorer (@mastra/evals 1.10.2) on this package's trajectory judge: Mastra's
 * id, type, result shape and score formula; but one request per run whose verdict is checked
 * against the run, the reason written from the verdict, and an empty run scored without a judge.
 */
import { isRecord } from '../calls/adapter.js';
import { detectFormat } from '../calls/detect.js';
import { getToolCalls } from '../calls/getToolCalls.js';
import { resultIsRun, startedBy } from '../calls/subAgents.js';
import { describeValue } from '../describe.js';
import { ToolCallAccuracyError } from '../errors.js';
import { checkConfig } from '../judge/config.js';
import type { JudgeRequestInput } from '../judge/request.js';
import { extraSteps, mastraTrajectoryScore, type CriterionAnswer, type StepEvaluation, type TrajectoryVerdict } from '../judge/trajectory.js';
import type { ToolCall } from '../types.js';
import { scorerSettings, type LlmScorerOptions } from './llmScorer.js';
import { mastraScorerMembers, type MastraScorerMembers } from './mastraScorer.js';
import { runIds } from './runId.js';
import type { ResolvedStep } from './trajectory.js';
import { resolveExpectedTrajectory, scorerRun, toolStep, type ExpectedTrajectoryStep, type TrajectoryLike } from './trajectoryScorers.js';
import { quotedNames } from '../value.js';

export interface TrajectoryAccuracyScorerLLMOptions extends LlmScorerOptions {
  /** The expected steps (a guide for the judge): a `Trajectory` or a list of steps. Without it, each dataset item's `expectedTrajectory.steps`. */
  expectedTrajectory?: TrajectoryLike | readonly ExpectedTrajectoryStep[];
}

/** Mastra's `Trajectory` steps as this scorer reports the run's calls (a sub-agent's calls as `children`). */
export interface ScoredTrajectoryStep {
  stepType: 'tool_call' | 'provider_tool_call';
  name: string;
  toolArgs?: unknown;
  toolResult?: unknown;
  success?: boolean;
  children?: ScoredTrajectoryStep[];
  [field: string]: unknown;
}

export interface TrajectoryAccuracyLLMResult {
  runId: string;
  /** Mastra's formula: 0.6 × necessary share + 0.3 × in-order share − 0.1 × missing share; 0.9 for a perfect trajectory. */
  score: number;
  /** Written from the verdict (no second request): the score, the judge's assessment, what cost the score. */
  reason: string;
  preprocessStepResult: {
    actualTrajectory: { steps: ScoredTrajectoryStep[]; [field: string]: unknown };
    actualTrajectoryFormatted: string;
    expectedTrajectoryFormatted?: string;
    hasSteps: boolean;
  };
  analyzeStepResult: {
    stepEvaluations: StepEvaluation[];
    missingSteps: string[];
    extraSteps: string[];
    overallAssessment: string;
    criteria?: CriterionAnswer[];
  };
  /** The smallest share of votes behind any decision (1 with a single vote, or without a judge). */
  agreement: number;
}

export interface TrajectoryAccuracyScorerLLM extends MastraScorerMembers<'trajectory'> {
  readonly id: 'llm-trajectory-accuracy-scorer';
  readonly name: 'Trajectory Accuracy (LLM)';
  readonly description: string;
  /** Scores one run: what Mastra hands a trajectory scorer (`{ input, output: Trajectory, expectedTrajectory }`), or any run `getToolCalls` reads. */
  run(run: unknown, options?: { request?: JudgeRequestInput }): Promise<TrajectoryAccuracyLLMResult>;
}

const SCORER = 'createTrajectoryAccuracyScorerLLM';

/**
 * Mastra's LLM trajectory scorer, as a drop-in: the same id, type and result, with a verdict that is
 * checked against the run. The score keeps Mastra's formula (a perfect run scores 0.9); the
 * matcher `toFollowASensibleTrajectory` scores 1 for one.
 * @example
 * const scorer = createTrajectoryAccuracyScorerLLM({ model: 'openai/gpt-5-mini', expectedTrajectory: ['search-flights', 'book-flight'] })
 * await runEvals({ target: agent, data, scorers: { trajectory: [scorer] } })
 */
export function createTrajectoryAccuracyScorerLLM(options: TrajectoryAccuracyScorerLLMOptions = {}): TrajectoryAccuracyScorerLLM {
  if (!isRecord(options)) throw new ToolCallAccuracyError(`${SCORER} takes { model, expectedTrajectory? }; received ${describeValue(options)}.`);
  const { cache, request: _request, expectedTrajectory, ...rest } = options as Record<string, unknown>;
  if ('threshold' in rest) throw new ToolCallAccuracyError(`${SCORER}: the scorer has no threshold; it returns the score for you to compare. toFollowASensibleTrajectory({ threshold }) takes one.`);
  if ('availableTools' in rest || 'criteria' in rest) throw new ToolCallAccuracyError(`${SCORER} takes Mastra's options, without availableTools or criteria; toFollowASensibleTrajectory({ availableTools, criteria }) takes them.`);
  checkConfig(rest, SCORER, ['model', 'timeoutMs', 'maxRetries', 'concurrency', 'rubric', 'votes']);
  if (cache !== undefined && typeof cache !== 'boolean') checkConfig({ cache }, SCORER, ['cache']);
  const staticSteps = expectedTrajectory === undefined ? undefined : resolveExpectedTrajectory(expectedTrajectory, `${SCORER}: expectedTrajectory`);
  const settings = options as TrajectoryAccuracyScorerLLMOptions;
  const runIdOf = runIds();
  return {
    ...mastraScorerMembers('trajectory'),
    id: 'llm-trajectory-accuracy-scorer',
    name: 'Trajectory Accuracy (LLM)',
    description: staticSteps
      ? 'Evaluates the trajectory against an expected trajectory using LLM analysis'
      : 'Evaluates the quality and appropriateness of the trajectory using LLM analysis',
    async run(argument, runOptions) {
      const judgeSettings = scorerSettings(settings, runOptions);
      const { run, textOf, itemExpectation } = llmScorerRun(argument);
      const itemSteps =
        isRecord(itemExpectation) && Array.isArray(itemExpectation.steps) && itemExpectation.steps.length > 0
          ? resolveExpectedTrajectory({ steps: itemExpectation.steps }, "llm-trajectory-accuracy-scorer: the dataset item's expectedTrajectory")
          : undefined;
      const expected = staticSteps ?? itemSteps;
      const calls = getToolCalls(run);
      const preprocessStepResult = {
        actualTrajectory: isRecord(run) && Array.isArray(run.steps) && detectFormat(run)?.format === 'mastra-trajectory' ? (run as TrajectoryAccuracyLLMResult['preprocessStepResult']['actualTrajectory']) : { steps: trajectorySteps(calls) },
        actualTrajectoryFormatted: formatSteps(trajectorySteps(calls)),
        ...(expected !== undefined && { expectedTrajectoryFormatted: formatExpected(expected) }),
        hasSteps: calls.length > 0,
      };
      if (calls.length === 0) {
        // Nothing to judge: the judge could only name missing steps, and it may name only expected ones.
        const missingSteps = [...new Set((expected ?? []).map((step) => step.name))];
        const verdict: TrajectoryVerdict = {
          stepEvaluations: [],
          missingSteps,
          criteria: [],
          overallAssessment: missingSteps.length === 0 ? 'The agent took no steps, and none were expected.' : 'The agent took no steps, so every expected step is missing.',
        };
        return result(runIdOf(argument), verdict, preprocessStepResult, 1, 'no judge was asked: the run has no steps');
      }
      // Loaded at the first run: the judge needs node:crypto and the file system.
      const { judgeTrajectory } = await import('../judge/judge.js');
      const outcome = await judgeTrajectory(run, { ...judgeSettings, textOf, ...(expected !== undefined && { expectedTrajectory: expected }) });
      return result(runIdOf(argument), outcome.verdict, preprocessStepResult, outcome.agreement.share, undefined);
    },
  };
}

function result(runId: string, verdict: TrajectoryVerdict, preprocessStepResult: TrajectoryAccuracyLLMResult['preprocessStepResult'], agreement: number, note: string | undefined): TrajectoryAccuracyLLMResult {
  const extra = extraSteps(verdict);
  const score = mastraTrajectoryScore({ ...verdict, extraSteps: extra });
  return {
    runId,
    score,
    reason: reasonOf(score, verdict, note),
    preprocessStepResult,
    analyzeStepResult: {
      stepEvaluations: verdict.stepEvaluations,
      missingSteps: verdict.missingSteps,
      extraSteps: extra,
      overallAssessment: verdict.overallAssessment,
      ...(verdict.criteria.length > 0 && { criteria: verdict.criteria }),
    },
    agreement,
  };
}

/** The reason, from the verdict: the score and its formula's ceiling, the assessment, then what cost the score. */
function reasonOf(score: number, verdict: TrajectoryVerdict, note: string | undefined): string {
  const unnecessary = verdict.stepEvaluations.flatMap((step, index) => (step.wasNecessary ? [] : [`${index + 1}. ${step.stepName}`]));
  const outOfOrder = verdict.stepEvaluations.flatMap((step, index) => (step.wasInOrder ? [] : [`${index + 1}. ${step.stepName}`]));
  const costs = [
    unnecessary.length > 0 && `Unnecessary: ${quotedNames(unnecessary)}.`,
    outOfOrder.length > 0 && `Out of order: ${quotedNames(outOfOrder)}.`,
    verdict.missingSteps.length > 0 && `Missing: ${quotedNames(verdict.missingSteps)}.`,
  ].filter((part): part is string => typeof part === 'string');
  const ceiling = verdict.stepEvaluations.length > 0 ? ' (Mastra\'s formula: 0.9 at most)' : '';
  return [`Score ${score}${ceiling}${note === undefined ? '' : `; ${note}`}: ${verdict.overallAssessment}`, ...costs].join(' ');
}

/** What the scorer was given (as `scorerRun` reads it), and what the request and reply are read from. */
function llmScorerRun(argument: unknown): { run: unknown; textOf: unknown; itemExpectation: unknown } {
  const { run, itemExpectation, item } = scorerRun(argument);
  if (item === undefined) return { run, textOf: argument, itemExpectation };
  const rawOutput = isRecord(run) ? run.rawOutput : undefined;
  return { run, textOf: item.input !== undefined ? { input: item.input, output: Array.isArray(rawOutput) ? rawOutput : [] } : run, itemExpectation };
}

/** The run's calls as Mastra's nested trajectory: a sub-agent's calls as the `children` of the call that started it. */
function trajectorySteps(calls: readonly ToolCall[]): ScoredTrajectoryStep[] {
  const listed = new Set(calls);
  const children = new Map<ToolCall, ToolCall[]>();
  const top: ToolCall[] = [];
  for (const call of calls) {
    const starter = call.agent === undefined ? undefined : startedBy(call);
    if (starter !== undefined && listed.has(starter)) {
      const siblings = children.get(starter);
      if (siblings) siblings.push(call);
      else children.set(starter, [call]);
    } else top.push(call);
  }
  const steps = (level: readonly ToolCall[]): ScoredTrajectoryStep[] =>
    level.map((call) => {
      const sub = children.get(call);
      return { ...toolStep(call, !resultIsRun(call)), ...(sub !== undefined && { children: steps(sub) }) };
    });
  return steps(top);
}

/** Mastra's text of a trajectory: `1. [tool_call] search (args: {…}, result: {…})`, children indented. */
function formatSteps(steps: readonly ScoredTrajectoryStep[], indent = 0): string {
  if (steps.length === 0 && indent === 0) return 'No steps taken';
  const prefix = '  '.repeat(indent);
  return steps
    .map((step, index) => {
      const parts = [step.toolArgs !== undefined && `args: ${JSON.stringify(step.toolArgs)}`, step.toolResult !== undefined && `result: ${JSON.stringify(step.toolResult)}`].filter(Boolean);
      const line = `${prefix}${index + 1}. [${step.stepType}] ${step.name}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
      return step.children ? `${line}\n${formatSteps(step.children, indent + 1)}` : line;
    })
    .join('\n');
}

function formatExpected(steps: readonly ResolvedStep[]): string {
  return steps
    .map((step, index) => {
      const { name, stepType, ...fields } = step;
      return `${index + 1}. ${stepType ? `[${stepType}] ` : ''}${name}${Object.keys(fields).length > 0 ? ` (${JSON.stringify(fields)})` : ''}`;
    })
    .join('\n');
}
