/** The text of what calls came to: expected outcomes, results and errors, failures and retries, repeats, counts. */
import type { CountBounds, FailedAttempts, OutcomeExpectation, Repeat } from '../scoring/outcomes.js';
import { errorMessageOf, outcomeOf } from '../scoring/outcomes.js';
import { didYouMean } from '../suggest.js';
import type { ToolCall } from '../types.js';
import { formatInline, formatName, isAsymmetricMatcher, joinFirst, plural, times } from '../value.js';
import type { InlineOptions } from '../value.js';
import { compose } from './message.js';

/** How wide one value (an input, an output, an error) is printed on a line of a message. */
export const DETAIL_WIDTH = 72;
const APPROVAL_WORDS = { requested: 'awaiting approval', approved: 'approved', denied: 'denied approval' } as const;

const EXPECTED_APPROVAL = { requested: 'that awaits approval', approved: 'that was approved', denied: 'that was denied approval' } as const;

/** What an item asks of the outcome, or "": ` that failed with an error matching /timeout/`, ` and output {"a":1}, that was approved`. */
export function describeOutcome(outcome: OutcomeExpectation | undefined, afterInput = false): string {
  if (!outcome) return '';
  const parts: string[] = [];
  if (outcome.output !== undefined) parts.push(`${afterInput ? 'and' : 'with'} output ${formatInline(outcome.output.value)}`);
  const { error } = outcome;
  if (error === true) parts.push('that failed');
  else if (error === false) parts.push('that succeeded');
  else if (typeof error === 'string') parts.push(`that failed with an error containing ${formatInline(error)}`);
  else if (error !== undefined) parts.push(`that failed with an error matching ${formatInline(error)}`);
  if (outcome.approval !== undefined) parts.push(EXPECTED_APPROVAL[outcome.approval]);
  return parts.length === 0 ? '' : ` ${parts.join(', ')}`;
}

/** The error of a failed call on one line: its message, or the value when it has none. */
function formatError(error: unknown, width = DETAIL_WIDTH, options?: InlineOptions): string {
  const message = errorMessageOf(error);
  return message === undefined ? `${formatInline(error, width, options)} (no message)` : formatInline(message, width);
}

/** What a call came to, in a few words: `failed: "backend down"`, `succeeded with output {"a":1}`, `no result recorded`. */
export function describeCallOutcome(call: ToolCall): string {
  const outcome = outcomeOf(call);
  if (outcome === 'failed') return `failed: ${formatError(call.error)}`;
  if (outcome === 'succeeded') return `succeeded with output ${formatInline(call.output, DETAIL_WIDTH)}`;
  return call.approval === 'denied' ? 'denied approval, so it never ran' : 'no result recorded (the run has neither output nor error for it)';
}

/** What a call came to, at the end of its line in a call list: its output (or `output`), `failed: "…"`, or `no result`. */
export function shortOutcome(call: ToolCall, options?: InlineOptions & { output?: unknown; wide?: boolean }): string {
  const outcome = outcomeOf(call);
  if (outcome === 'failed') return `failed: ${formatError(call.error, options?.wide ? DETAIL_WIDTH : 48, options)}`;
  return outcome === 'succeeded' ? formatInline(options && 'output' in options ? options.output : call.output, options?.wide ? DETAIL_WIDTH : 40, options) : 'no result';
}

/** Why one call of the expected tool does not fit the item, e.g. `call 2: failed: "backend down"`. */
export function describeMiss(call: ToolCall, index: number, inputDiffers: boolean, missed: ReadonlyArray<keyof OutcomeExpectation>): string {
  const reasons: string[] = [];
  if (inputDiffers) reasons.push(`another input, ${formatInline(call.input, DETAIL_WIDTH)}`);
  if (missed.includes('output') || missed.includes('error')) reasons.push(describeCallOutcome(call));
  if (missed.includes('approval')) reasons.push(call.approval === undefined ? 'no approval recorded' : APPROVAL_WORDS[call.approval]);
  return `  call ${index + 1}: ${reasons.join('; ')}`;
}

/** "input", "outcome", or "input and outcome": what an item asks beyond a name, for "never with the expected …". */
export function expectedAspects(item: { hasInput: boolean; outcome?: OutcomeExpectation | undefined }): string {
  return item.outcome ? (item.hasInput ? 'input and outcome' : 'outcome') : 'input';
}

/** One failed call on a line: position, name, input, error (`  call 3: "search" {"q":"x"} failed: timeout`). */
export function failedCallLine(calls: readonly ToolCall[], index: number): string {
  const call = calls[index]!;
  return `  call ${index + 1}: ${formatName(call.toolName)} ${formatInline(call.input, 48)} failed: ${formatError(call.error)}`;
}

/** `toCallToolsWithoutErrors`' claim and the failures it counts, or (under `.not`) that none counts. */
export function describeFailures(calls: readonly ToolCall[], attempts: readonly FailedAttempts[], retries: number | undefined): string {
  const counted = attempts.filter((run) => !run.forgiven);
  const allowing = retries === undefined ? '' : `, allowing ${retriesText(retries)} per failure`;
  if (counted.length > 0) return compose(`Expected no failed tool calls${allowing}`, formatFailures(calls, counted, retries));
  if (attempts.length === 0) return `Expected some call to fail${allowing}, but none did.`;
  return compose(`Expected some call to fail${allowing}, but every failure recovered in time.`, formatFailures(calls, attempts, retries));
}

const retriesText = (retries: number) => (retries === 1 ? '1 retry' : `${retries} retries`);

/** Without retries, one line per failed call; with them, per run of attempts: how many, whether and where it recovered. */
function formatFailures(calls: readonly ToolCall[], attempts: readonly FailedAttempts[], retries: number | undefined): string {
  if (retries === undefined) {
    const failed = attempts.flatMap((run) => run.failed).sort((a, b) => a - b);
    return `${plural(failed.length, 'call')} failed:\n${joinFirst(failed, '\n', (index) => failedCallLine(calls, index))}`;
  }
  return joinFirst(attempts, '\n', (run) => {
    const first = calls[run.failed[0]!]!;
    const tried = run.failed.length + (run.next === -1 ? 0 : 1);
    const ending =
      run.next === -1
        ? 'never tried again'
        : run.recovered
          ? `recovered at call ${run.next + 1} after ${plural(run.failed.length, 'failed attempt')}`
          : `call ${run.next + 1} ${outcomeOf(calls[run.next]!) === 'no result' ? 'has no result' : 'did not succeed'}`;
    const verdict = run.forgiven ? 'forgiven' : run.recovered ? `more than ${retriesText(retries)}` : 'not recovered';
    return `${formatName(first.toolName)}: ${plural(tried, 'attempt')}, ${ending} (${verdict}):\n${joinFirst(run.failed, '\n', (index) => failedCallLine(calls, index), 5)}`;
  });
}

/** `toRepeatToolCalls`' claim: some call repeats an earlier one (`consecutive`: the one just before it), or, with each repeat, that none does. */
export function describeRepeats(calls: readonly ToolCall[], repeats: readonly Repeat[], consecutive: boolean): string {
  const which = consecutive ? 'the call just before it' : 'an earlier call';
  if (repeats.length === 0) return `Expected some call to repeat ${which} (same tool, equal input), but none does.`;
  return `Expected no call to repeat ${which} (same tool, equal input), but ${plural(repeats.length, 'call')} ${repeats.length === 1 ? 'does' : 'do'}:\n${formatRepeats(calls, repeats)}`;
}

/** One line per repeated call: `call 3: "search" {"q":"x"} repeats call 2`. */
export function formatRepeats(calls: readonly ToolCall[], repeats: readonly Repeat[]): string {
  return joinFirst(repeats, '\n', ({ call, repeats: earlier }) => {
    const { toolName, input } = calls[call]!;
    return `  call ${call + 1}: ${formatName(toolName)} ${formatInline(input, 48)} repeats call ${earlier + 1}`;
  });
}

/** `toCallToolTimes`' claim and the count (`pass`: what `.not` shows); a name matcher counts "calls matching", not "called". */
export function describeCallCount(calls: readonly ToolCall[], toolName: unknown, bounds: CountBounds, count: number, pass: boolean): string {
  const suggestion = !pass && count === 0 ? didYouMean(toolName, calls.map((call) => call.toolName)) : '';
  const name = formatName(toolName);
  if (!('exactly' in bounds)) {
    return `Expected ${describeCount(bounds, pass)} ${isAsymmetricMatcher(toolName) ? 'matching' : 'to'} ${name}, but the run made ${count === 0 ? 'none' : count}.${suggestion}`;
  }
  const { exactly } = bounds;
  if (pass) return exactly === 0 ? `Expected ${name} to be called, but it was never called.` : `Expected ${name} not to be called ${times(exactly)}, but it was.`;
  const expectation = exactly === 0 ? `Expected ${name} not to be called` : `Expected ${name} to be called ${times(exactly)}`;
  return `${expectation}, but ${count === 0 ? 'it was never called' : `it was called ${times(count)}`}.${suggestion}`;
}

/** "at most 8 calls", "between 2 and 4 calls", or negated "more than 8 calls", "fewer than 2 or more than 4 calls", "no call". */
function describeCount(bounds: { min?: number; max?: number }, negated: boolean): string {
  const { min, max } = bounds;
  const calls = (count: number, text: string) => `${text} call${count === 1 ? '' : 's'}`;
  if (negated) {
    // Fewer than one call is none: "no call", not "fewer than 1 call".
    const more = max === undefined ? undefined : calls(max, `more than ${max}`);
    if (min === undefined || (min === 0 && more !== undefined)) return more!;
    const fewer = min === 1 ? 'no call' : calls(min, `fewer than ${min}`);
    if (more === undefined) return fewer;
    return min === 1 ? `${fewer} or ${more}` : calls(max!, `fewer than ${min} or more than ${max}`);
  }
  if (min !== undefined && max !== undefined) return min === max ? calls(min, `exactly ${min}`) : calls(max, `between ${min} and ${max}`);
  return min !== undefined ? calls(min, `at least ${min}`) : calls(max!, `at most ${max!}`);
}
