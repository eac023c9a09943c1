/** The `reason` of the trajectory scorers: what cost the score, in the words of the matchers' messages, then the calls. */
import {
  sequenceAt,
  MISSING_SHOWN,
  type ResolvedStep,
  type StepComparison,
  type ToolFailureAnalysisResult,
  type TrajectoryBlacklistResult,
  type TrajectoryEfficiencyResult,
  type TrajectoryOrdering,
  type TrajectoryReasonParts,
} from '../scoring/trajectory.js';
import { didYouMean } from '../suggest.js';
import type { ToolCall } from '../types.js';
import { formatName, joinAnd, joinFirst, ordinal, plural, times } from '../value.js';
import { formatLimits } from './budget.js';
import { formatCallList } from './callList.js';
import { failedCallLine, formatRepeats } from './outcomes.js';

const DATA_FIELDS = ['toolArgs', 'toolResult', 'success'] as const;

/** `"book-flight" (expected 2nd)`. */
function expectedName(step: ResolvedStep, index: number): string {
  return `${formatName(step.name)} (expected ${ordinal(index + 1)})`;
}

/** "toolArgs and success": what a step asks beyond its name. */
function dataAsked(step: ResolvedStep): string {
  return joinAnd(DATA_FIELDS.filter((field) => step[field] !== undefined));
}

/** "call 3", "calls 3, 5, 8". */
function callNumbers(indexes: readonly number[]): string {
  return `${indexes.length === 1 ? 'call' : 'calls'} ${joinFirst(indexes, ', ', (index) => String(index + 1), 5)}`;
}

/** Why an expected step matched no call. */
function missingLine(calls: readonly ToolCall[], steps: readonly ResolvedStep[], { callOfStep, fittingOfMissing }: StepComparison, ordering: TrajectoryOrdering, index: number): string {
  const step = steps[index]!;
  const name = expectedName(step, index);
  if (ordering === 'strict') {
    const call = calls[index];
    if (!call) return `Missing: ${name}: the run made only ${plural(calls.length, 'call')}.`;
    return call.toolName === step.name
      ? `Missing: ${name}: call ${index + 1} is ${formatName(call.toolName)}, but not with the expected ${dataAsked(step)}.`
      : `Missing: ${name}: call ${index + 1} is ${formatName(call.toolName)}.`;
  }
  const sameName = calls.filter((call) => call.toolName === step.name).length;
  if (sameName === 0) return `Never called: ${name}.${didYouMean(step.name, calls.map((call) => call.toolName))}`;
  const fitting = fittingOfMissing.get(index) ?? [];
  if (fitting.length === 0) return `${name} was called ${times(sameName)}, but never with the expected ${dataAsked(step)}.`;
  const free = fitting.find((at) => !callOfStep.includes(at));
  if (free === undefined || ordering === 'unordered') {
    const only = fitting.length === 1;
    return `Not enough calls to ${name}: ${only ? 'its only call' : `all ${fitting.length} of its calls`} already matched ${only ? 'another step' : 'other steps'}.`;
  }
  // Relaxed: the step looked only after the call of the last step matched before it.
  let blocker = index - 1;
  while (blocker >= 0 && callOfStep[blocker] === -1) blocker--;
  return `Out of order: ${name} was called (call ${free + 1}) before ${expectedName(steps[blocker]!, blocker)}, matched by call ${callOfStep[blocker]! + 1}.`;
}

/** The lines of the accuracy dimension after its headline: what each unmatched step, extra call and repeat cost. */
function accuracyDetails(calls: readonly ToolCall[], steps: readonly ResolvedStep[], compared: StepComparison, ordering: TrajectoryOrdering, allowRepeatedSteps: boolean): string[] {
  const { comparison, callOfStep } = compared;
  const lines: string[] = [];
  const missing = steps.flatMap((_, index) => (callOfStep[index] === -1 ? [index] : []));
  lines.push(...missing.slice(0, MISSING_SHOWN).map((index) => missingLine(calls, steps, compared, ordering, index)));
  if (missing.length > MISSING_SHOWN) lines.push(`… and ${missing.length - MISSING_SHOWN} more expected steps missing.`);
  if (steps.length > 0 && ordering === 'strict' && calls.length > steps.length) {
    const extra = calls.length - steps.length;
    lines.push(`The run made ${plural(extra, 'more call')} than the ${plural(steps.length, 'expected step')} (strict order: ${round((extra / steps.length) * 0.5)} off).`);
  }
  if (comparison.extraSteps.length > 0) {
    const byName = new Map(comparison.extraSteps.map((name) => [name, [] as number[]]));
    calls.forEach((call, index) => byName.get(call.toolName)?.push(index));
    lines.push(`Extra calls, to tools no expected step names: ${joinFirst([...byName], ', ', ([name, indexes]) => `${formatName(name)} (${callNumbers(indexes)})`)}.`);
  }
  if (!allowRepeatedSteps && comparison.repeatedSteps.length > 0) {
    const count = (name: string) => calls.filter((call) => call.toolName === name).length;
    lines.push(`Called more than once, and allowRepeatedSteps is false (0.1 off each): ${joinFirst(comparison.repeatedSteps, ', ', (name) => `${formatName(name)} (${times(count(name))})`)}.`);
  }
  return lines;
}

function accuracyHeadline(compared: StepComparison, stepCount: number, ordering: TrajectoryOrdering, callCount: number): string {
  const { comparison } = compared;
  if (stepCount === 0) return callCount === 0 ? 'no steps were expected, and the run made no calls.' : `no steps were expected, but the run made ${plural(callCount, 'call')}.`;
  return `${comparison.matchedSteps} of ${plural(stepCount, 'expected step')} matched (${ordering === 'unordered' ? 'in any order' : `${ordering} order`}).`;
}

/** The reason of `code-trajectory-accuracy-scorer`. */
export function accuracyReason(calls: readonly ToolCall[], steps: readonly ResolvedStep[], compared: StepComparison, ordering: TrajectoryOrdering, allowRepeatedSteps: boolean): string {
  return [
    `Score ${compared.comparison.score}: ${accuracyHeadline(compared, steps.length, ordering, calls.length)}`,
    ...accuracyDetails(calls, steps, compared, ordering, allowRepeatedSteps),
    '',
    formatCallList(calls),
  ].join('\n');
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function blacklistLines(calls: readonly ToolCall[], blacklist: TrajectoryBlacklistResult): string[] {
  const names = calls.map((call) => call.toolName);
  const lines = blacklist.violatedTools.map((tool) => {
    const indexes = names.flatMap((name, index) => (name === tool ? [index] : []));
    return `Forbidden tool called: ${formatName(tool)} (${callNumbers(indexes)}).`;
  });
  for (const sequence of blacklist.violatedSequences) {
    const start = sequenceAt(names, sequence);
    const span = sequence.length === 1 ? `call ${start + 1}` : `calls ${start + 1}–${start + sequence.length}`;
    lines.push(`Forbidden sequence called: ${sequence.map(formatName).join(' → ')} (${span}).`);
  }
  return lines;
}

function failureLines(calls: readonly ToolCall[], toolFailures: ToolFailureAnalysisResult, maxRetriesPerTool: number): string[] {
  const appCalls = calls.flatMap((call, index) => (call.providerExecuted === true ? [] : [index]));
  const lines: string[] = [];
  // The patterns follow the runs of calls to one tool in order: find each run's calls again.
  let at = 0;
  for (const pattern of toolFailures.patterns) {
    while (at < appCalls.length && !(calls[appCalls[at]!]!.toolName === pattern.toolName && calls[appCalls[at]!]!.error !== undefined)) at++;
    const run: number[] = [];
    while (at < appCalls.length && calls[appCalls[at]!]!.toolName === pattern.toolName) run.push(appCalls[at++]!);
    const excess = pattern.retryCount - maxRetriesPerTool;
    const ending = pattern.eventuallySucceeded
      ? 'then it succeeded'
      : pattern.fellBackToAlternative
        ? `it never succeeded; the run went on to ${formatName(pattern.alternativeTool!)}`
        : 'it never succeeded';
    lines.push(
      `${formatName(pattern.toolName)} was retried ${times(pattern.retryCount)} in a row after failing${excess > 0 ? `, ${excess} more than maxRetriesPerTool (${maxRetriesPerTool}): ${round(excess * 0.2)} off` : ` (within maxRetriesPerTool, ${maxRetriesPerTool})`}; ${ending}:`,
    );
    const failed = run.filter((index) => calls[index]!.error !== undefined);
    lines.push(joinFirst(failed, '\n', (index) => failedCallLine(calls, index), 5));
  }
  return lines;
}

function efficiencyLines(parts: TrajectoryReasonParts, efficiency: TrajectoryEfficiencyResult): string[] {
  const lines: string[] = [];
  if (parts.limits.length > 0) lines.push(formatLimits(parts.limits, parts.tokens, parts.limitNames));
  if (efficiency.redundantCalls.length > 0) {
    lines.push(`Redundant calls, each the same as the call just before it (0.2 off each):`, formatRepeats(parts.calls, efficiency.redundantCalls.map(({ index }) => ({ call: index, repeats: index - 1 }))));
  }
  return lines;
}

/** The reason of `code-trajectory-scorer`: the headline, then each dimension that applies, then the calls. */
export function trajectoryReason(parts: TrajectoryReasonParts): string {
  const { calls, score, weights, steps, compared, efficiency, blacklist, toolFailures } = parts;
  if (blacklist?.score === 0) {
    return [`Score 0: the run made a forbidden call, which scores 0 whatever else it did.`, ...blacklistLines(calls, blacklist), '', formatCallList(calls)].join('\n');
  }
  const dimensions: string[] = [];
  if (compared) dimensions.push(`accuracy ${compared.comparison.score} (weight ${weights.accuracy})`);
  if (efficiency) dimensions.push(`efficiency ${efficiency.score} (weight ${weights.efficiency})`);
  if (toolFailures.patterns.length > 0) dimensions.push(`tool failures ${toolFailures.score} (weight ${weights.toolFailures})`);
  if (blacklist) dimensions.push(`blacklist ${blacklist.score} (weight ${weights.blacklist})`);
  const lines = [
    dimensions.length === 0
      ? `Score ${score}: nothing to score (no expected steps, budgets, blacklist, or retried failures).`
      : `Score ${score}: the weighted mean of ${dimensions.join(', ')}.`,
  ];
  if (compared && steps) {
    lines.push(`Accuracy ${compared.comparison.score}: ${accuracyHeadline(compared, steps.length, parts.ordering, calls.length)}`);
    lines.push(...accuracyDetails(calls, steps, compared, parts.ordering, parts.allowRepeatedSteps).map(indentBlock));
  }
  if (efficiency) {
    const details = efficiencyLines(parts, efficiency);
    const over = parts.limits.filter((limit) => !limit.within).length;
    const summary: string[] = [];
    if (parts.limits.length > 0) summary.push(over > 0 ? `over ${over === 1 ? 'a budget' : `${over} budgets`}` : parts.limits.length === 1 ? 'within its budget' : 'within its budgets');
    if (parts.noRedundantCalls) summary.push(efficiency.redundantCalls.length > 0 ? plural(efficiency.redundantCalls.length, 'redundant call') : 'no redundant calls');
    lines.push(`Efficiency ${efficiency.score}: ${summary.join(', ')}.`, ...details.map(indentBlock));
  }
  if (toolFailures.patterns.length > 0) {
    lines.push(`Tool failures ${toolFailures.score}: ${toolFailures.totalRetries} ${toolFailures.totalRetries === 1 ? 'retry' : 'retries'} after failed calls${toolFailures.excessiveRetryTools.length > 0 ? `, too many for ${joinFirst(toolFailures.excessiveRetryTools, ', ', formatName)}` : ''}.`);
    lines.push(...failureLines(calls, toolFailures, parts.maxRetriesPerTool).map(indentBlock));
  }
  if (blacklist) lines.push('Blacklist 1: no forbidden tool or sequence was called.');
  return [...lines, '', formatCallList(calls)].join('\n');
}

/** Indents each line of a block (a block's own lines may already be indented). */
function indentBlock(block: string): string {
  return block
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
