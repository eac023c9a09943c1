/**
 * Mastra 1.x's two code scorers of whole trajectories, on any run `getToolCalls` reads. Options,
 * defaults, ids and result shape are Mastra's; the decisions are in scoring/trajectory.ts, the
 * reasons in format/trajectoryReason.ts.
 */
import { isRecord } from '../calls/adapter.js';
import { detectFormat } from '../calls/detect.js';
import { getRunUsage, shapesRecording } from '../calls/getRunUsage.js';
import { getToolCalls } from '../calls/getToolCalls.js';
import { own } from '../calls/views.js';
import { describeValue } from '../describe.js';
import { ToolCallAccuracyError } from '../errors.js';
import { unknownOption } from '../options.js';
import type { ToolCall } from '../types.js';
import { checkBudget, type LimitOutcome } from './budget.js';
import { mastraScorerMembers, type MastraScorerMembers } from './mastraScorer.js';
import { runIds } from './runId.js';
import { quotedNames } from '../value.js';
import {
  analyzeFailures,
  checkBlacklist,
  checkEfficiency,
  combineDimensions,
  compareSteps,
  DEFAULT_WEIGHTS,
  type ExpectedToolStepType,
  type Measured,
  type ResolvedStep,
  type ToolFailureAnalysisResult,
  type TrajectoryBlacklistResult,
  type TrajectoryComparisonResult,
  type TrajectoryEfficiencyResult,
  type StepComparison,
  type TrajectoryOrdering,
  type TrajectoryReasonParts,
  type TrajectoryWeights,
} from './trajectory.js';
import type { TokenUsage, UsageQuantity } from '../calls/adapter.js';

export type {
  ToolFailureAnalysisResult,
  ToolFailurePattern,
  TrajectoryBlacklistResult,
  TrajectoryComparisonResult,
  TrajectoryEfficiencyResult,
  TrajectoryOrdering,
} from './trajectory.js';

/** One expected step: a tool name, or Mastra's `ExpectedStep` for a tool call. */
export type ExpectedTrajectoryStep = string | ResolvedStep;

/** A Mastra `Trajectory` (or any `{ steps }` of tool steps), as an expectation: each step's name, type, args, result and success. */
export interface TrajectoryLike {
  steps: ReadonlyArray<{ name: string; stepType?: string; [field: string]: unknown }>;
  [field: string]: unknown;
}

/** How steps are compared (Mastra's `TrajectoryComparisonOptions`). */
export interface TrajectoryComparisonOptions {
  /** `'strict'`: the same calls in the same order; `'relaxed'` (default): in order, other calls allowed; `'unordered'`: present in any order. */
  ordering?: TrajectoryOrdering;
  /** Default true. false: 0.1 off the accuracy per tool called more than once. */
  allowRepeatedSteps?: boolean;
}

/**
 * What a run should look like (Mastra's `TrajectoryExpectation`): the scorer's `defaults`, or a
 * dataset item's `expectedTrajectory`, which overrides them field by field.
 */
export interface TrajectoryExpectation extends TrajectoryComparisonOptions {
  /** Expected steps, for accuracy. */
  steps?: readonly ExpectedTrajectoryStep[];
  /** At most this many calls. */
  maxSteps?: number;
  /** At most this many tokens (input + output): the run must record its token usage. */
  maxTotalTokens?: number;
  /** At most this much wall time: the run must record it. */
  maxTotalDurationMs?: number;
  /** Default true once any budget is set: 0.2 off the efficiency per call that repeats the call before it (same tool, same input). */
  noRedundantCalls?: boolean;
  /** Tools never to call: any call to one scores 0. */
  blacklistedTools?: readonly string[];
  /** Calls never to make one right after another: the sequence anywhere in the run scores 0. */
  blacklistedSequences?: ReadonlyArray<readonly string[]>;
  /** Default 2: each retry of a failed call beyond this many in a row costs 0.2 of the tool-failures score. */
  maxRetriesPerTool?: number;
}

export interface TrajectoryAccuracyScorerCodeOptions {
  /** The expected steps: a list of steps, or a trajectory. Without it, each dataset item's `expectedTrajectory.steps`. */
  expectedTrajectory?: TrajectoryLike | readonly ExpectedTrajectoryStep[];
  comparisonOptions?: TrajectoryComparisonOptions;
}

/** A scored run's calls as Mastra trajectory steps: what the scorers compared. */
export interface ScoredTrajectory {
  steps: Array<{ stepType: 'tool_call' | 'provider_tool_call'; name: string; toolArgs: unknown; toolResult?: unknown; success: boolean }>;
}

export interface TrajectoryAccuracyCodeResult {
  runId: string;
  /** 0 to 1, two decimals: the share of expected steps matched, less Mastra's penalties. */
  score: number;
  /** What cost the score: missing, extra and out-of-order tools, repeats. */
  reason: string;
  preprocessStepResult: {
    actualTrajectory: ScoredTrajectory;
    expectedTrajectory: { steps: ResolvedStep[] };
    comparison: TrajectoryComparisonResult;
    actualStepNames: string[];
    expectedStepNames: string[];
  };
}

export interface TrajectoryAccuracyScorerCode extends MastraScorerMembers<'trajectory'> {
  readonly id: 'code-trajectory-accuracy-scorer';
  readonly name: 'Trajectory Accuracy Scorer';
  readonly description: string;
  /**
   * Scores one run: any format `getToolCalls` reads, a Mastra `Trajectory`, or what Mastra hands
   * a scorer (`{ input, output, expectedTrajectory }`, whose `output` is the run).
   */
  run(run: unknown): Promise<TrajectoryAccuracyCodeResult>;
}

export type TrajectoryScoreWeights = Partial<TrajectoryWeights>;

export interface TrajectoryScorerCodeOptions {
  /** The expectation for every run; a dataset item's `expectedTrajectory` overrides it field by field. */
  defaults?: TrajectoryExpectation;
  /** Weights of the dimensions that apply, normalized over them. */
  weights?: TrajectoryScoreWeights;
}

export interface TrajectoryScorerCodeResult {
  runId: string;
  /** 0 to 1, two decimals: the weighted dimensions; 0 when a forbidden tool or sequence was called. */
  score: number;
  /** What cost the score, dimension by dimension. */
  reason: string;
  preprocessStepResult: {
    /** With expected steps. */
    accuracy: TrajectoryComparisonResult | undefined;
    /** With a budget or `noRedundantCalls`. */
    efficiency: TrajectoryEfficiencyResult | undefined;
    /** With forbidden tools or sequences. */
    blacklist: TrajectoryBlacklistResult | undefined;
    toolFailures: ToolFailureAnalysisResult;
    /** Mastra's nested results: nested expectations are refused here, so always undefined. */
    nested: undefined;
    /** The expectation the run was scored against: the defaults with the item's fields over them. */
    config: TrajectoryExpectation;
  };
}

export interface TrajectoryScorerCode extends MastraScorerMembers<'trajectory'> {
  readonly id: 'code-trajectory-scorer';
  readonly name: 'Trajectory Scorer';
  readonly description: string;
  /** Scores one run, as `TrajectoryAccuracyScorerCode.run` reads it. */
  run(run: unknown): Promise<TrajectoryScorerCodeResult>;
}

const ORDERINGS: readonly string[] = ['strict', 'relaxed', 'unordered'];
const TOOL_STEP_TYPES: readonly string[] = ['tool_call', 'mcp_tool_call', 'provider_tool_call'];
const STEP_FIELDS = ['name', 'stepType', 'toolArgs', 'toolResult', 'success'];
const DATA_FIELDS = ['toolArgs', 'toolResult', 'success'] as const;
const EXPECTATION_FIELDS = ['steps', 'ordering', 'allowRepeatedSteps', 'maxSteps', 'maxTotalTokens', 'maxTotalDurationMs', 'noRedundantCalls', 'blacklistedTools', 'blacklistedSequences', 'maxRetriesPerTool'];

/** The error of a bad option: where it is (`createTrajectoryScorerCode: defaults.maxSteps`), and what was wrong. */
function optionError(where: string, problem: string): ToolCallAccuracyError {
  return new ToolCallAccuracyError(`${where} ${problem}`);
}

/** An options object's unknown options, said as every options error says them (options.ts); `within` names a nested one (`weights`). */
function unknownOptions(value: Record<string, unknown>, known: readonly string[], where: string, within?: string): void {
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  const named = (keys: readonly string[]) => (within === undefined ? keys : keys.map((key) => `${within}.${key}`));
  if (unknown.length > 0) throw unknownOption(where.replace(/:$/, ''), named(unknown), named(known));
}

function unknownKeys(value: Record<string, unknown>, known: readonly string[], where: string): void {
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw optionError(where, `has unknown field${unknown.length > 1 ? 's' : ''} ${quotedNames(unknown)}; it takes ${known.join(', ')}.`);
}

/** One expected step. A step of an actual trajectory (`fromTrajectory`) drops how it ran (`durationMs`, `metadata`, `children`), as Mastra does. */
function resolveStep(value: unknown, where: string, fromTrajectory: boolean): ResolvedStep {
  if (typeof value === 'string') {
    if (value === '') throw optionError(where, 'is an empty tool name.');
    return { name: value };
  }
  if (!isRecord(value)) throw optionError(where, `must be a tool name or a step like { name: 'search', stepType: 'tool_call', toolArgs: { q: 'x' } }; received ${describeValue(value)}.`);
  const { name, stepType, children, durationMs: _duration, metadata: _metadata, ...rest } = value;
  if (typeof name !== 'string' || name === '') throw optionError(`${where}.name`, `must be a non-empty tool name; received ${describeValue(name)}.`);
  if (stepType !== undefined && (typeof stepType !== 'string' || !TOOL_STEP_TYPES.includes(stepType))) {
    throw optionError(
      `${where}.stepType`,
      `is ${describeValue(stepType)}: these scorers compare the run's tool calls, so a step is one of ${TOOL_STEP_TYPES.map((type) => `'${type}'`).join(', ')} (or has no stepType).` +
        (fromTrajectory ? ' Build the expected trajectory from its tool steps only.' : ''),
    );
  }
  if (!fromTrajectory) {
    if (children !== undefined) throw optionError(`${where}.children`, "is a nested expectation, which these scorers do not score: check the sub-agent's calls with within(run, tool) (docs/scorers.md).");
    if ('mcpServer' in rest) throw optionError(`${where}.mcpServer`, 'cannot be compared: the runs this package reads do not keep which MCP server ran a call.');
    unknownKeys(value, STEP_FIELDS, where);
  }
  const step: ResolvedStep = { name };
  if (stepType !== undefined) step.stepType = stepType as ExpectedToolStepType;
  for (const field of DATA_FIELDS) {
    const data = rest[field];
    if (data === undefined) continue;
    if (stepType === undefined || stepType === 'provider_tool_call') {
      if (fromTrajectory && stepType === 'provider_tool_call') continue;
      throw optionError(
        `${where}.${field}`,
        stepType === undefined
          ? `is compared only on a step with a stepType, as in Mastra: add stepType: 'tool_call'.`
          : `is not compared on a 'provider_tool_call' step, as in Mastra: leave it out.`,
      );
    }
    if (field === 'success' && typeof data !== 'boolean') throw optionError(`${where}.success`, `must be true or false; received ${describeValue(data)}.`);
    step[field] = data as never;
  }
  return step;
}

function resolveSteps(value: unknown, where: string, fromTrajectory = false): ResolvedStep[] {
  if (!Array.isArray(value)) throw optionError(where, `must be a list of steps, e.g. ['search', { name: 'book', stepType: 'tool_call', toolArgs: { seat: '14C' } }]; received ${describeValue(value)}.`);
  return value.map((step, index) => resolveStep(step, `${where}[${index}]`, fromTrajectory));
}

function resolveOrdering(value: unknown, where: string): TrajectoryOrdering | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !ORDERINGS.includes(value)) throw optionError(where, `must be 'strict', 'relaxed' or 'unordered'; received ${describeValue(value)}.`);
  return value as TrajectoryOrdering;
}

function resolveBoolean(value: unknown, where: string): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean') throw optionError(where, `must be true or false; received ${describeValue(value)}.`);
  return value as boolean | undefined;
}

/** A budget, a retry count or a weight: a finite number, 0 or more (Mastra: "expected a finite nonnegative number"). */
function resolveAmount(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw optionError(where, `must be a finite number, 0 or more; received ${describeValue(value)}.`);
  return value;
}

function resolveNames(value: unknown, where: string): string[] {
  if (!Array.isArray(value)) throw optionError(where, `must be a list of tool names; received ${describeValue(value)}.`);
  return value.map((name, index) => {
    if (typeof name !== 'string' || name === '') throw optionError(`${where}[${index}]`, `must be a non-empty tool name; received ${describeValue(name)}.`);
    return name;
  });
}

/** An expectation as checked: each field only when given (an explicit undefined is kept: it overrides a default, as in Mastra). */
type ResolvedExpectation = { [K in keyof TrajectoryExpectation]?: (K extends 'steps' ? ResolvedStep[] : TrajectoryExpectation[K]) | undefined };

function resolveExpectation(value: unknown, where: string): ResolvedExpectation {
  if (!isRecord(value)) throw optionError(where, `must be an object like { steps: ['search', 'book'], maxSteps: 5 }; received ${describeValue(value)}.`);
  unknownKeys(value, EXPECTATION_FIELDS, where);
  const resolved: ResolvedExpectation = {};
  const set = <K extends keyof ResolvedExpectation>(key: K, read: (field: unknown, at: string) => ResolvedExpectation[K]) => {
    if (key in value) resolved[key] = value[key] === undefined ? undefined : read(value[key], `${where}.${key}`);
  };
  set('steps', (field, at) => resolveSteps(field, at));
  set('ordering', resolveOrdering);
  set('allowRepeatedSteps', resolveBoolean);
  set('maxSteps', resolveAmount);
  set('maxTotalTokens', resolveAmount);
  set('maxTotalDurationMs', resolveAmount);
  set('noRedundantCalls', resolveBoolean);
  set('blacklistedTools', resolveNames);
  set('blacklistedSequences', (field, at) => {
    if (!Array.isArray(field)) throw optionError(at, `must be a list of sequences of tool names, e.g. [['search', 'delete']]; received ${describeValue(field)}.`);
    return field.map((sequence, index) => {
      const names = resolveNames(sequence, `${at}[${index}]`);
      if (names.length === 0) throw optionError(`${at}[${index}]`, 'is empty: an empty sequence forbids nothing. Leave it out.');
      return names;
    });
  });
  set('maxRetriesPerTool', resolveAmount);
  return resolved;
}

/** What a scorer's `run` was given: what Mastra hands a scorer (`{ input, output, expectedTrajectory, … }`), or a run itself. */
export function scorerRun(argument: unknown): { run: unknown; itemExpectation: unknown; item?: Record<string, unknown> } {
  const itemExpectation = isRecord(argument) ? argument.expectedTrajectory : undefined;
  if (isRecord(argument) && 'output' in argument && !detectFormat(argument)) return { run: argument.output, itemExpectation, item: argument };
  return { run: argument, itemExpectation };
}

/** A call as a Mastra trajectory step; `withResult` false leaves its result out. */
export function toolStep(call: ToolCall, withResult: boolean): ScoredTrajectory['steps'][number] {
  return {
    stepType: call.providerExecuted === true ? 'provider_tool_call' : 'tool_call',
    name: call.toolName,
    toolArgs: call.input,
    ...(withResult && call.output !== undefined && { toolResult: call.output }),
    success: call.error === undefined,
  };
}

/** A Mastra `Trajectory` or a list of steps, as `createTrajectoryAccuracyScorerCode` takes its `expectedTrajectory`. */
export function resolveExpectedTrajectory(value: unknown, where: string): ResolvedStep[] {
  if (Array.isArray(value)) return resolveSteps(value, where);
  if (isRecord(value) && Array.isArray(value.steps)) return resolveSteps(value.steps, `${where}.steps`, true);
  throw optionError(where, `must be a list of steps (['search', 'book']) or a trajectory ({ steps: [...] }); received ${describeValue(value)}.`);
}

/** The words of the scorers' reasons and errors: format/ sits above scoring, so format/trajectoryScorers.ts hands them in. */
export interface TrajectoryWords {
  accuracyReason(calls: readonly ToolCall[], steps: readonly ResolvedStep[], compared: StepComparison, ordering: TrajectoryOrdering, allowRepeatedSteps: boolean): string;
  trajectoryReason(parts: TrajectoryReasonParts): string;
  unmeasurableLimit(limit: UsageQuantity, format: string, why: string | undefined, recordedBy: readonly string[], name?: string): string;
}

/** `createTrajectoryAccuracyScorerCode` (format/trajectoryScorers.ts), with its words. */
export function trajectoryAccuracyScorerCode(options: TrajectoryAccuracyScorerCodeOptions, words: TrajectoryWords): TrajectoryAccuracyScorerCode {
  const where = 'createTrajectoryAccuracyScorerCode(options):';
  if (!isRecord(options)) throw optionError(where, `options must be an object like { expectedTrajectory: ['search', 'book'] }; received ${describeValue(options)}.`);
  unknownOptions(options, ['expectedTrajectory', 'comparisonOptions'], where);
  const staticSteps = options.expectedTrajectory === undefined ? undefined : resolveExpectedTrajectory(options.expectedTrajectory, `${where} expectedTrajectory`);
  const comparison = options.comparisonOptions ?? {};
  if (!isRecord(comparison)) throw optionError(`${where} comparisonOptions`, `must be an object like { ordering: 'strict' }; received ${describeValue(comparison)}.`);
  if ('strictOrder' in comparison) {
    // Mastra's documentation names it; its code ignores it.
    throw optionError(`${where} comparisonOptions.strictOrder`, "is not an option (Mastra's scorer ignores it too): use ordering: 'strict', 'relaxed' or 'unordered'.");
  }
  unknownOptions(comparison, ['ordering', 'allowRepeatedSteps'], where, 'comparisonOptions');
  const ordering = resolveOrdering(comparison.ordering, `${where} comparisonOptions.ordering`) ?? 'relaxed';
  const allowRepeatedSteps = resolveBoolean(comparison.allowRepeatedSteps, `${where} comparisonOptions.allowRepeatedSteps`) ?? true;
  const runIdOf = runIds();
  return {
    ...mastraScorerMembers('trajectory'),
    id: 'code-trajectory-accuracy-scorer',
    name: 'Trajectory Accuracy Scorer',
    description: staticSteps
      ? `Evaluates whether the trajectory matches the expected path: [${staticSteps.map((step) => step.name).join(' → ')}] (${ordering} ordering)`
      : `Evaluates trajectory accuracy against expected trajectory from dataset items (${ordering} ordering)`,
    async run(argument) {
      const { run, itemExpectation } = scorerRun(argument);
      const item = itemExpectation === undefined || itemExpectation === null ? undefined : resolveExpectation(itemExpectation, "code-trajectory-accuracy-scorer: the dataset item's expectedTrajectory");
      const steps = staticSteps ?? item?.steps;
      if (!steps) {
        throw new ToolCallAccuracyError(
          "code-trajectory-accuracy-scorer has no expected steps for this run: pass expectedTrajectory to createTrajectoryAccuracyScorerCode, or give the dataset item an expectedTrajectory with steps. (Mastra's scorer scores such a run 0.)",
        );
      }
      const effectiveOrdering = item?.ordering ?? ordering;
      const effectiveRepeats = item?.allowRepeatedSteps ?? allowRepeatedSteps;
      const calls = getToolCalls(own(run));
      const compared = compareSteps(calls, steps, effectiveOrdering, effectiveRepeats);
      return {
        runId: runIdOf(argument),
        score: compared.comparison.score,
        reason: words.accuracyReason(calls, steps, compared, effectiveOrdering, effectiveRepeats),
        preprocessStepResult: {
          actualTrajectory: { steps: calls.map((call) => toolStep(call, true)) },
          expectedTrajectory: { steps },
          comparison: compared.comparison,
          actualStepNames: calls.map((call) => call.toolName),
          expectedStepNames: steps.map((step) => step.name),
        },
      };
    },
  };
}

const LIMIT_OPTIONS = { toolCalls: 'maxSteps', tokens: 'maxTotalTokens', durationMs: 'maxTotalDurationMs' } as const;

/** `createTrajectoryScorerCode` (format/trajectoryScorers.ts), with its words. */
export function trajectoryScorerCode(options: TrajectoryScorerCodeOptions, words: TrajectoryWords): TrajectoryScorerCode {
  const where = 'createTrajectoryScorerCode(options):';
  if (!isRecord(options)) throw optionError(where, `options must be an object like { defaults: { steps: ['search', 'book'] } }; received ${describeValue(options)}.`);
  unknownOptions(options, ['defaults', 'weights'], where);
  const defaults = options.defaults === undefined ? {} : resolveExpectation(options.defaults, `${where} defaults`);
  const given = options.weights ?? {};
  if (!isRecord(given)) throw optionError(`${where} weights`, `must be an object like { accuracy: 0.5, efficiency: 0.3, toolFailures: 0.1, blacklist: 0.1 }; received ${describeValue(given)}.`);
  unknownOptions(given, Object.keys(DEFAULT_WEIGHTS), where, 'weights');
  const weights = { ...DEFAULT_WEIGHTS };
  for (const key of Object.keys(DEFAULT_WEIGHTS) as Array<keyof TrajectoryWeights>) weights[key] = resolveAmount(given[key], `${where} weights.${key}`) ?? DEFAULT_WEIGHTS[key];
  const runIdOf = runIds();
  return {
    ...mastraScorerMembers('trajectory'),
    id: 'code-trajectory-scorer',
    name: 'Trajectory Scorer',
    description: 'Multi-dimensional trajectory evaluation: accuracy, efficiency, blacklist, and tool failures',
    async run(argument) {
      const { run, itemExpectation } = scorerRun(argument);
      const item = itemExpectation === undefined || itemExpectation === null ? {} : resolveExpectation(itemExpectation, "code-trajectory-scorer: the dataset item's expectedTrajectory");
      const config: ResolvedExpectation = { ...defaults, ...item };
      const calls = getToolCalls(own(run));
      const compared = config.steps ? compareSteps(calls, config.steps, config.ordering ?? 'relaxed', config.allowRepeatedSteps ?? true) : undefined;
      const budgeted = config.maxSteps !== undefined || config.maxTotalTokens !== undefined || config.maxTotalDurationMs !== undefined || config.noRedundantCalls !== undefined;
      let efficiency: TrajectoryEfficiencyResult | undefined;
      let limits: LimitOutcome[] = [];
      let tokens;
      if (budgeted) {
        const measured = measure(run, config, words);
        tokens = measured.tokenUsage;
        efficiency = checkEfficiency(calls, { maxSteps: config.maxSteps, maxTotalTokens: config.maxTotalTokens, maxTotalDurationMs: config.maxTotalDurationMs, noRedundantCalls: config.noRedundantCalls ?? true }, measured);
        limits = checkBudget({ toolCalls: config.maxSteps, tokens: config.maxTotalTokens, durationMs: config.maxTotalDurationMs }, (limit) =>
          limit === 'toolCalls' ? calls.length : limit === 'tokens' ? measured.tokens : measured.durationMs,
        );
      }
      const blacklisted = (config.blacklistedTools?.length ?? 0) > 0 || (config.blacklistedSequences?.length ?? 0) > 0;
      const blacklist = blacklisted ? checkBlacklist(calls, config.blacklistedTools ?? [], config.blacklistedSequences ?? []) : undefined;
      const maxRetriesPerTool = config.maxRetriesPerTool ?? 2;
      const toolFailures = analyzeFailures(calls, maxRetriesPerTool);
      const accuracy = compared?.comparison;
      const score = combineDimensions({ accuracy, efficiency, toolFailures, blacklist }, weights);
      return {
        runId: runIdOf(argument),
        score,
        reason: words.trajectoryReason({
          calls,
          score,
          weights,
          steps: config.steps,
          compared,
          ordering: config.ordering ?? 'relaxed',
          allowRepeatedSteps: config.allowRepeatedSteps ?? true,
          efficiency,
          noRedundantCalls: config.noRedundantCalls ?? true,
          limits,
          tokens,
          limitNames: LIMIT_OPTIONS,
          blacklist,
          toolFailures,
          maxRetriesPerTool,
        }),
        preprocessStepResult: { accuracy, efficiency, blacklist, toolFailures, nested: undefined, config: publicConfig(config) },
      };
    },
  };
}

/** The scored expectation as users wrote it: steps back as `{ name, … }` records. */
function publicConfig(config: ResolvedExpectation): TrajectoryExpectation {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined)) as TrajectoryExpectation;
}

/**
 * Tokens and wall time as the run records them (as `toStayWithinBudget` reads them): a budget the
 * run cannot be measured against is an error. A budget not set reads 0, as in Mastra's result.
 */
function measure(run: unknown, config: ResolvedExpectation, words: TrajectoryWords): Measured & { tokenUsage: TokenUsage | undefined } {
  const { format, usage } = getRunUsage(run);
  const tokens = usage.tokens ? usage.tokens.input + usage.tokens.output : undefined;
  const unmeasurable = (limit: 'tokens' | 'durationMs', what: string) =>
    new ToolCallAccuracyError(`code-trajectory-scorer: cannot evaluate the ${what} budget: ${words.unmeasurableLimit(limit, format, usage.lacking?.[limit], shapesRecording(limit), LIMIT_OPTIONS[limit])}`);
  if (config.maxTotalTokens !== undefined && tokens === undefined) throw unmeasurable('tokens', 'token');
  if (config.maxTotalDurationMs !== undefined && usage.durationMs === undefined) throw unmeasurable('durationMs', 'duration');
  return { tokens: tokens ?? 0, durationMs: usage.durationMs ?? 0, tokenUsage: usage.tokens };
}
