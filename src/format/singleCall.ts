import type { ExpectedCall } from '../scoring/expectedCall.js';
import { didYouMean } from '../suggest.js';
import type { ToolCall } from '../types.js';
import { formatName, times } from '../value.js';
import { describeCallOutcome, expectedAspects } from './outcomes.js';

/**
 * Why `toCallOnly(item)` failed: the only call is to another tool or misses the input or outcome,
 * or there were several calls (`position`: the first with the item's name, or -1). Undefined for no call.
 */
export function onlyCallDivergence(calls: readonly ToolCall[], item: ExpectedCall, position: number, onlySameName: boolean): string | undefined {
  const only = calls[0];
  if (calls.length === 1 && only) {
    return onlySameName
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

/** Why `toCallTool(item)` failed: the tool was never called, or called (`calledTimes`) but never as asked; `misses` lists each call's misses when it asks an outcome. */
export function missingCallDivergence(calls: readonly ToolCall[], item: ExpectedCall, calledTimes: number, misses: () => string): string {
  return calledTimes === 0
    ? `${formatName(item.toolName)} was never called.${didYouMean(item.toolName, calls.map((call) => call.toolName))}`
    : `${formatName(item.toolName)} was called ${times(calledTimes)}, but never with the expected ${expectedAspects(item)}` + (item.outcome ? `:\n${misses()}` : '.');
}

/** "Matching calls: 2, 5, 9", or the first ten and a count: a run may match thousands of times. */
export function matchingCalls(numbers: readonly number[]): string {
  const list = numbers.length <= 10 ? numbers.join(', ') : `${numbers.slice(0, 10).join(', ')} and ${numbers.length - 10} more`;
  return `Matching ${numbers.length === 1 ? 'call' : 'calls'}: ${list}`;
}
