import { badBounds, MUST_BE, mustBe } from '../format/arguments.js';
import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import type { HintArguments } from './hints.js';
import { describeCallCount } from '../format/outcomes.js';
import { describeArgument } from '../describe.js';
import { formatInline, isAsymmetricMatcher } from '../value.js';
import { countMatches } from '../scoring/engine.js';
import { withinBounds, type CountBounds } from '../scoring/outcomes.js';
import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import { callMatches, comparisonOf } from '../scoring/comparison.js';
import { matcherError } from './matcherError.js';
import { readCalls } from './received.js';
import { readOptionsObject, toExpectedName } from './arguments.js';

export const toCallToolTimesHint = (): HintArguments => ({ expected: 'toolName', secondArgument: 'times' });

/**
 * Passes when exactly `expectedTimes` calls are to `toolName`, or with `{ min?, max? }` when their number is within
 * those bounds (inclusive). A name that is an asymmetric matcher counts every call it matches.
 */
export function toCallToolTimes(this: MatcherContext, received: unknown, toolName: unknown, expectedTimes: unknown): MatcherResult {
  const { expected, secondArgument } = toCallToolTimesHint();
  const hintLine = hint(this, 'toCallToolTimes', expected, secondArgument);
  const item = toExpectedName(toolName, 'toolName', hintLine);
  toolName = item.toolName; // a tool reference, read as its name
  const bounds = readBounds(expectedTimes, hintLine);
  const calls = readCalls(received, hintLine);
  const matches = callMatches(comparisonOf(this), calls, [item]);
  const count = countMatches(calls.length, matches);
  const firstMatch = calls.findIndex((_, index) => matches(index, 0));
  const pass = withinBounds(count, bounds);
  return {
    pass,
    message: () => compose(hintLine, describeCallCount(calls, toolName, bounds, count, pass), formatCallList(calls, firstMatch === -1 ? undefined : firstMatch)),
    ...(!pass && 'exactly' in bounds && { expected: bounds.exactly, actual: count }),
  };
}

/** `times`: a whole number, or `{ min?, max? }` with at least one, whole, and min ≤ max. */
function readBounds(value: unknown, hintLine: string): CountBounds {
  const isCount = (count: unknown) => typeof count === 'number' && Number.isInteger(count) && count >= 0;
  if (typeof value === 'number' || typeof value !== 'object' || value === null || Array.isArray(value) || isAsymmetricMatcher(value)) {
    if (isCount(value)) return { exactly: value as number };
    throw matcherError(hintLine, mustBe('times', MUST_BE.times, value, (value) => (typeof value === 'object' && value !== null ? describeArgument(value) : formatInline(value))));
  }
  const { min, max } = readOptionsObject(value, { name: 'times', keys: ['min', 'max'], mustBe: MUST_BE.times }, () => hintLine);
  for (const [key, count] of [['min', min], ['max', max]] as const) {
    if (count !== undefined && !isCount(count)) throw matcherError(hintLine, mustBe(`times.${key}`, MUST_BE.count, count, formatInline));
  }
  if ((min === undefined && max === undefined) || (min as number) > (max as number)) throw matcherError(hintLine, badBounds(min as number, max as number));
  return { ...(min !== undefined && { min: min as number }), ...(max !== undefined && { max: max as number }) };
}
