import type { ExpectedCall } from '../scoring/expectedCall.js';
import type { Miss } from '../scoring/diagnosis.js';
import { didYouMean } from '../suggest.js';
import type { ToolCall } from '../types.js';
import { formatName, times } from '../value.js';
import { describeExpectedCall } from './callList.js';
import { describeCallOutcome, describeMiss, expectedAspects } from './outcomes.js';

/** The claim of `toCallTool(item)` (`'some'` call) or `toCallOnly(item)` (`'only'`); with `pass`, what `.not` shows. */
export function describeCallClaim(claim: 'some' | 'only', item: ExpectedCall, pass: boolean): string {
  const call = describeExpectedCall(item);
  if (claim === 'some') return pass ? `Expected no call to ${call}` : `Expected a call to ${call}`;
  return pass ? `Expected the run not to be a single call to ${call}` : `Expected exactly one tool call, to ${call}`;
}

/**
 * Why `toCallOnly(item)` failed: the only call is to another tool or misses the input or outcome,
 * or there were several calls (`position`: the first with the item's name, or -1). Undefined for no call.
 */
export function onlyCallDivergence(calls: readonly ToolCall[], item: ExpectedCall, position: number): string | undefined {
  const only = calls[0];
  if (calls.length === 1 && only) {
    return position === 0
      ? `The only call is to ${formatName(only.toolName)}, but ${item.outcome ? `it ${describeCallOutcome(only)}` : 'with a different input'}.`
      : `The only call is to ${formatName(only.toolName)}.`;
  }
  if (calls.length > 1) {
    return (
      `${calls.length} calls were made where one was expected` +
      (position === -1 ? `.${didYouMean(item.toolName, calls.map((call) => call.toolName))}` : ` (${formatName(item.toolName)} is call ${position + 1}).`)
    );
  }
  return undefined;
}

/** How many calls to the expected tool a failure describes one by one. */
export const MISSES_SHOWN = 10;

/** Why `toCallTool(item)` failed: never called, or called (at `sameName`) but never as asked, with what each call `misses`. */
export function missingCallDivergence(calls: readonly ToolCall[], item: ExpectedCall, sameName: readonly number[], misses: readonly Miss[]): string {
  const name = formatName(item.toolName);
  if (sameName.length === 0) return `${name} was never called.${didYouMean(item.toolName, calls.map((call) => call.toolName))}`;
  const called = `${name} was called ${times(sameName.length)}, but never with the expected ${expectedAspects(item)}`;
  if (!item.outcome) return `${called}.`;
  const lines = sameName.slice(0, MISSES_SHOWN).map((index, at) => describeMiss(calls[index]!, index, ...misses[at]!));
  return `${called}:\n${lines.join('\n')}${sameName.length > MISSES_SHOWN ? `\n  … and ${sameName.length - MISSES_SHOWN} more` : ''}`;
}

/** "Matching calls: 2, 5, 9", or the first ten and a count: a run may match thousands of times. */
export function matchingCalls(numbers: readonly number[]): string {
  const list = numbers.length <= 10 ? numbers.join(', ') : `${numbers.slice(0, 10).join(', ')} and ${numbers.length - 10} more`;
  return `Matching ${numbers.length === 1 ? 'call' : 'calls'}: ${list}`;
}
