import { MUST_BE, mustBe } from '../format/arguments.js';
import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import type { HintArguments } from './hints.js';
import { describeRepeats } from '../format/outcomes.js';
import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import { findRepeats } from '../scoring/outcomes.js';
import { comparisonOf, inputEquality } from '../scoring/comparison.js';
import { matcherError } from './matcherError.js';
import { readCalls } from './received.js';
import { readOptionsObject } from './arguments.js';

/**
 * Passes when some call repeats the call just before it (the same tool, an equal input): Mastra's redundant call.
 * With `{ consecutive: false }`, a repeat of any earlier call counts. Users mostly write `.not.toRepeatToolCalls()`.
 */
export function toRepeatToolCalls(this: MatcherContext, received: unknown, options?: unknown): MatcherResult {
  const hintLine = hint(this, 'toRepeatToolCalls', toRepeatToolCallsHint(options).expected);
  const consecutive = readConsecutive(options, () => hintLine);
  const calls = readCalls(received, hintLine);
  const repeats = findRepeats(calls, consecutive, inputEquality(comparisonOf(this), calls));
  return { pass: repeats.length > 0, message: () => compose(hintLine, describeRepeats(calls, repeats, consecutive), formatCallList(calls, repeats[0]?.call)) };
}

/** The hint line names `{ consecutive: false }` when given, and `options` when they cannot be read. */
export function toRepeatToolCallsHint(options?: unknown): HintArguments {
  try {
    return { expected: readConsecutive(options, () => '') ? '' : '{ consecutive: false }' };
  } catch {
    return { expected: 'options' };
  }
}

function readConsecutive(options: unknown, hintLine: () => string): boolean {
  if (options === undefined) return true;
  const { consecutive } = readOptionsObject(options, { keys: ['consecutive'], mustBe: '{ consecutive: boolean }' }, hintLine);
  if (consecutive !== undefined && typeof consecutive !== 'boolean') {
    throw matcherError(hintLine(), mustBe('options.consecutive', MUST_BE.boolean, consecutive));
  }
  return consecutive !== false;
}
