/**
 * The decisions of the two trajectory scorers (scoring/trajectoryScorers.ts), with the semantics of
 * Mastra 1.x (@mastra/evals 1.10.2), over the run's calls as `getToolCalls` reads them, each call one
 * step. Numbers are Mastra's, rounding included; docs/scorers.md lists where this differs on purpose.
 */
import type { TokenUsage } from '../calls/adapter.js';
import { safeJson } from '../json.js';
import type { BudgetLimit, LimitOutcome } from './budget.js';
import type { ToolCall } from '../types.js';
import { findRepeats } from './outcomes.js';

/** How expected steps are compared with the calls (Mastra's `TrajectoryComparisonOptions`). */
export type TrajectoryOrdering = 'strict' | 'relaxed' | 'unordered';

/** The step types an expected step may name: the kinds of tool call a run records. */
export type ExpectedToolStepType = 'tool_call' | 'mcp_tool_call' | 'provider_tool_call';

/**
 * One expected step as an object: Mastra's `ExpectedStep` for a tool call (scoring/trajectoryScorers.ts
 * checks the user's). With a `stepType`, the fields given are compared too (as JSON, keys in any order), as in Mastra.
 */
export interface ResolvedStep {
  /** The tool's name. */
  name: string;
  /** `'provider_tool_call'` matches a call the provider ran, the other two a call the app ran. */
  stepType?: ExpectedToolStepType;
  /** The call's input. Needs a `stepType`. */
  toolArgs?: unknown;
  /** The call's result. Needs a `stepType`. */
  toolResult?: unknown;
  /** false: the call failed; true: it did not. Needs a `stepType`. */
  success?: boolean;
}

/** Mastra's `TrajectoryComparisonResult`. */
export interface TrajectoryComparisonResult {
  score: number;
  matchedSteps: number;
  totalExpectedSteps: number;
  totalActualSteps: number;
  /** Names of the expected steps no call matched, in expected order. */
  missingSteps: string[];
  /** Names of the calls whose tool no expected step names, in call order. */
  extraSteps: string[];
  /** Strict: names of calls at a position of another expected step; relaxed: expected steps called only too early. */
  outOfOrderSteps: string[];
  /** Tools called more than once. */
  repeatedSteps: string[];
}

/** Mastra's `TrajectoryEfficiencyResult`. */
export interface TrajectoryEfficiencyResult {
  score: number;
  totalSteps: number;
  overStepBudget: boolean;
  totalTokens: number;
  overTokenBudget: boolean;
  totalDurationMs: number;
  overDurationBudget: boolean;
  /** A call that repeats the call just before it: same tool, equal input. `index` is 0-based. */
  redundantCalls: Array<{ name: string; index: number }>;
}

/** Mastra's `TrajectoryBlacklistResult`. */
export interface TrajectoryBlacklistResult {
  /** 0 when a forbidden tool or sequence occurs, else 1. */
  score: number;
  violatedTools: string[];
  violatedSequences: string[][];
}

/** Mastra's `ToolFailurePattern`: a run of calls to one tool in a row, some retried after failing. */
export interface ToolFailurePattern {
  toolName: string;
  retryCount: number;
  fellBackToAlternative: boolean;
  alternativeTool?: string;
  eventuallySucceeded: boolean;
}

/** Mastra's `ToolFailureAnalysisResult`. */
export interface ToolFailureAnalysisResult {
  score: number;
  patterns: ToolFailurePattern[];
  totalRetries: number;
  excessiveRetryTools: string[];
}

/** Mastra's `roundToTwoDecimals`. */
function roundDimension(value: number): number {
  const clamped = Math.max(0, Math.min(1, value));
  return Math.round((clamped + Number.EPSILON) * 100) / 100;
}

/** Tool calls the app ran, as opposed to ones the provider ran: Mastra's `tool_call` and `mcp_tool_call` steps. */
function ranByApp(call: ToolCall): boolean {
  return call.providerExecuted !== true;
}

/** A value as JSON with sorted keys: two inputs equal but for key order compare equal. */
const canonicalJson = (value: unknown) => safeJson(value, { sortKeys: true });

/** Mastra's comparison, and (for the reason) the call each expected step matched, or -1. */
export interface StepComparison {
  comparison: TrajectoryComparisonResult;
  callOfStep: number[];
  /** For the first MISSING_SHOWN steps no call matched (not in strict order), the calls that fit each. */
  fittingOfMissing: ReadonlyMap<number, readonly number[]>;
}

/** How many missing steps a reason describes one by one. */
export const MISSING_SHOWN = 10;

/** Does this call fit the expected step: its name, its kind when given, and each data field given? */
function stepMatches(call: ToolCall, step: ResolvedStep): boolean {
  if (call.toolName !== step.name) return false;
  if (step.stepType === undefined) return true;
  if ((step.stepType === 'provider_tool_call') === ranByApp(call)) return false;
  if (step.toolArgs !== undefined && !sameData(call.input, step.toolArgs)) return false;
  if (step.toolResult !== undefined && !sameData(call.output, step.toolResult)) return false;
  if (step.success !== undefined && (call.error === undefined) !== step.success) return false;
  return true;
}

function sameData(actual: unknown, expected: unknown): boolean {
  return actual !== undefined && canonicalJson(actual) === canonicalJson(expected);
}

/**
 * Mastra's `compareTrajectories`: the share of expected steps matched, less 0.5 × the share of calls
 * beyond the expected count in strict order, less 0.1 per repeated tool when repeats are not allowed.
 * Strict: call i against step i; relaxed: each step takes the first fitting call after the previous
 * step's (a step that finds none does not move on); unordered: the first fitting call not taken.
 */
export function compareSteps(calls: readonly ToolCall[], expected: readonly ResolvedStep[], ordering: TrajectoryOrdering, allowRepeatedSteps: boolean): StepComparison {
  const names = calls.map((call) => call.toolName);
  if (expected.length === 0) {
    return {
      comparison: { score: calls.length === 0 ? 1 : 0, matchedSteps: 0, totalExpectedSteps: 0, totalActualSteps: calls.length, missingSteps: [], extraSteps: names, outOfOrderSteps: [], repeatedSteps: [] },
      callOfStep: [],
      fittingOfMissing: new Map(),
    };
  }
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const repeatedSteps = [...counts].filter(([, count]) => count > 1).map(([name]) => name);
  const expectedNames = new Set(expected.map((step) => step.name));
  const callOfStep = new Array<number>(expected.length).fill(-1);
  const outOfOrderSteps: string[] = [];
  if (ordering === 'strict') {
    const length = Math.max(calls.length, expected.length);
    for (let index = 0; index < length; index++) {
      const call = calls[index];
      const step = expected[index];
      if (call && step && call.toolName === step.name) callOfStep[index] = stepMatches(call, step) ? index : -1;
      else if (call && expectedNames.has(call.toolName)) outOfOrderSteps.push(call.toolName);
    }
  } else if (ordering === 'relaxed') {
    let next = 0;
    expected.forEach((step, index) => {
      for (let call = next; call < calls.length; call++) {
        if (stepMatches(calls[call]!, step)) {
          callOfStep[index] = call;
          next = call + 1;
          return;
        }
      }
      if (counts.has(step.name)) outOfOrderSteps.push(step.name);
    });
  } else {
    const taken = new Array<boolean>(calls.length).fill(false);
    expected.forEach((step, index) => {
      const call = calls.findIndex((candidate, at) => !taken[at] && stepMatches(candidate, step));
      if (call !== -1) {
        taken[call] = true;
        callOfStep[index] = call;
      }
    });
  }
  const matchedSteps = callOfStep.filter((call) => call !== -1).length;
  let score = matchedSteps / expected.length;
  if (ordering === 'strict' && calls.length > expected.length) score -= ((calls.length - expected.length) / expected.length) * 0.5;
  if (!allowRepeatedSteps) score -= repeatedSteps.length * 0.1;
  const comparison = {
    score: roundDimension(score),
    matchedSteps,
    totalExpectedSteps: expected.length,
    totalActualSteps: calls.length,
    missingSteps: expected.filter((_, index) => callOfStep[index] === -1).map((step) => step.name),
    extraSteps: names.filter((name) => !expectedNames.has(name)),
    outOfOrderSteps,
    repeatedSteps,
  };
  const fittingOfMissing = new Map<number, number[]>();
  if (ordering !== 'strict') {
    for (const index of callOfStep.flatMap((call, step) => (call === -1 ? [step] : [])).slice(0, MISSING_SHOWN)) {
      const step = expected[index]!;
      fittingOfMissing.set(index, calls.flatMap((call, at) => (stepMatches(call, step) ? [at] : [])));
    }
  }
  return { comparison, callOfStep, fittingOfMissing };
}

/** The budgets of an efficiency check, each only when set. */
export interface EfficiencyBudgets {
  maxSteps?: number | undefined;
  maxTotalTokens?: number | undefined;
  maxTotalDurationMs?: number | undefined;
  noRedundantCalls: boolean;
}

/** What the run measured for the budgets that need more than its calls (read only when such a budget is set). */
export interface Measured {
  tokens: number;
  durationMs: number;
}

/**
 * Mastra's `checkTrajectoryEfficiency`: the mean of one score per budget set (1 within it, else 1
 * less the share it went over by) and, with `noRedundantCalls`, 1 less 0.2 per call that repeats
 * the call just before it (both run by the app, the same input as JSON).
 */
export function checkEfficiency(calls: readonly ToolCall[], budgets: EfficiencyBudgets, measured: Measured): TrajectoryEfficiencyResult {
  const redundantCalls = budgets.noRedundantCalls
    ? findRepeats(calls, true, { sameInput: (first, second) => ranByApp(calls[first]!) && ranByApp(calls[second]!) && canonicalJson(calls[first]!.input) === canonicalJson(calls[second]!.input) }).map(
        ({ call }) => ({ name: calls[call]!.toolName, index: call }),
      )
    : [];
  const totalSteps = calls.length;
  const { tokens: totalTokens, durationMs: totalDurationMs } = measured;
  const dimensions: number[] = [];
  const within = (value: number, max: number | undefined): boolean => max === undefined || value <= max;
  const budgetScore = (value: number, max: number) => (value <= max ? 1 : Math.max(0, 1 - (value - max) / max));
  if (budgets.maxSteps !== undefined) dimensions.push(budgetScore(totalSteps, budgets.maxSteps));
  if (budgets.maxTotalTokens !== undefined) dimensions.push(budgetScore(totalTokens, budgets.maxTotalTokens));
  if (budgets.maxTotalDurationMs !== undefined) dimensions.push(budgetScore(totalDurationMs, budgets.maxTotalDurationMs));
  if (budgets.noRedundantCalls) dimensions.push(Math.max(0, 1 - redundantCalls.length * 0.2));
  const score = dimensions.length === 0 ? 1 : dimensions.reduce((sum, value) => sum + value, 0) / dimensions.length;
  return {
    score: roundDimension(score),
    totalSteps,
    overStepBudget: !within(totalSteps, budgets.maxSteps),
    totalTokens,
    overTokenBudget: !within(totalTokens, budgets.maxTotalTokens),
    totalDurationMs,
    overDurationBudget: !within(totalDurationMs, budgets.maxTotalDurationMs),
    redundantCalls,
  };
}

/** Forbidden tools and contiguous sequences (Mastra's `checkTrajectoryBlacklist`): 0 when one occurs. */
export function checkBlacklist(calls: readonly ToolCall[], tools: readonly string[], sequences: readonly (readonly string[])[]): TrajectoryBlacklistResult {
  const names = calls.map((call) => call.toolName);
  const violatedTools = tools.filter((tool) => names.includes(tool));
  const violatedSequences = sequences.filter((sequence) => sequence.length > 0 && sequenceAt(names, sequence) !== -1).map((sequence) => [...sequence]);
  return { score: violatedTools.length > 0 || violatedSequences.length > 0 ? 0 : 1, violatedTools, violatedSequences };
}

/** Where the sequence first occurs in the names, contiguous, or -1. */
export function sequenceAt(names: readonly string[], sequence: readonly string[]): number {
  for (let start = 0; start + sequence.length <= names.length; start++) {
    if (sequence.every((name, offset) => names[start + offset] === name)) return start;
  }
  return -1;
}

/**
 * Mastra's `analyzeToolFailures`, over the calls the app ran: in a run of calls to one tool, each
 * call after a failed one is a retry, and each retry beyond `maxRetriesPerTool` costs 0.2.
 */
export function analyzeFailures(calls: readonly ToolCall[], maxRetriesPerTool: number): ToolFailureAnalysisResult {
  const tools = calls.filter(ranByApp);
  const patterns: ToolFailurePattern[] = [];
  let totalRetries = 0;
  for (let start = 0; start < tools.length; ) {
    const name = tools[start]!.toolName;
    let end = start + 1;
    let retryCount = 0;
    for (; end < tools.length && tools[end]!.toolName === name; end++) if (tools[end - 1]!.error !== undefined) retryCount++;
    if (retryCount > 0) {
      const eventuallySucceeded = tools[end - 1]!.error === undefined;
      const next = tools[end];
      const fellBack = next !== undefined && !eventuallySucceeded;
      patterns.push({ toolName: name, retryCount, fellBackToAlternative: fellBack, alternativeTool: fellBack ? next.toolName : undefined, eventuallySucceeded });
      totalRetries += retryCount;
    }
    start = end;
  }
  const excess = patterns.reduce((sum, pattern) => sum + Math.max(0, pattern.retryCount - maxRetriesPerTool), 0);
  return {
    score: tools.length === 0 ? 1 : roundDimension(1 - excess * 0.2),
    patterns,
    totalRetries,
    excessiveRetryTools: patterns.filter((pattern) => pattern.retryCount > maxRetriesPerTool).map((pattern) => pattern.toolName),
  };
}

/** The weights of the dimensions that apply, normalized over them. */
export interface TrajectoryWeights {
  /** Default 0.4. */
  accuracy: number;
  /** Default 0.3. */
  efficiency: number;
  /** Default 0.2. */
  toolFailures: number;
  /** Default 0.1. */
  blacklist: number;
}

export const DEFAULT_WEIGHTS: Readonly<TrajectoryWeights> = Object.freeze({ accuracy: 0.4, efficiency: 0.3, toolFailures: 0.2, blacklist: 0.1 });

/**
 * Mastra's weighted score: 0 when a forbidden tool or sequence occurs; else the weighted mean of the
 * dimensions that apply (tool failures only when a call was retried); 1 when none applies.
 */
export function combineDimensions(
  dimensions: { accuracy?: { score: number } | undefined; efficiency?: { score: number } | undefined; toolFailures: ToolFailureAnalysisResult; blacklist?: { score: number } | undefined },
  weights: TrajectoryWeights,
): number {
  const { accuracy, efficiency, toolFailures, blacklist } = dimensions;
  if (blacklist?.score === 0) return 0;
  const parts: Array<[weight: number, score: number]> = [];
  if (accuracy) parts.push([weights.accuracy, accuracy.score]);
  if (efficiency) parts.push([weights.efficiency, efficiency.score]);
  if (toolFailures.patterns.length > 0) parts.push([weights.toolFailures, toolFailures.score]);
  if (blacklist) parts.push([weights.blacklist, blacklist.score]);
  const total = parts.reduce((sum, [weight]) => sum + weight, 0);
  const score = total > 0 ? parts.reduce((sum, [weight, value]) => sum + (weight / total) * value, 0) : 1;
  return Math.round(score * 100) / 100;
}

/** What the multi-dimensional scorer's reason is made from (format/trajectoryReason.ts puts it into words). */
export interface TrajectoryReasonParts {
  calls: readonly ToolCall[];
  score: number;
  weights: TrajectoryWeights;
  steps: readonly ResolvedStep[] | undefined;
  compared: StepComparison | undefined;
  ordering: TrajectoryOrdering;
  allowRepeatedSteps: boolean;
  efficiency: TrajectoryEfficiencyResult | undefined;
  /** Redundant calls were looked for. */
  noRedundantCalls: boolean;
  limits: readonly LimitOutcome[];
  tokens: TokenUsage | undefined;
  limitNames: { readonly [Limit in BudgetLimit]?: string };
  blacklist: TrajectoryBlacklistResult | undefined;
  toolFailures: ToolFailureAnalysisResult;
  maxRetriesPerTool: number;
}
