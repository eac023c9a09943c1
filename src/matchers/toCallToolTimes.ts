import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import { describeCount } from '../format/outcomes.js';
import { didYouMean } from '../suggest.js';
import { describeArgument } from '../describe.js';
import { formatInline, formatName, isAsymmetricMatcher, times } from '../value.js';
import { countMatches } from '../scoring/engine.js';
import { withinBounds, type CountBounds } from '../scoring/outcomes.js';
import type { MatcherContext, MatcherResult } from '../format/matcherContext.js';
import { callMatches, comparisonOf } from '../scoring/comparison.js';
import { matcherError } from './matcherError.js';
import { readCalls } from './received.js';
import { toExpectedName } from './arguments.js';

/**
 * Passes when exactly `expectedTimes` calls are to `toolName`, or with `{ min?, max? }` when their
 * number is within those bounds (inclusive). A name that is an asymmetric matcher counts every
 * call it matches: `expect.any(String)` counts them all.
 */
export function toCallToolTimes(this: MatcherContext, received: unknown, toolName: unknown, expectedTimes: unknown): MatcherResult {
  const hintLine = hint(this, 'toCallToolTimes', 'toolName', 'times');
  const item = toExpectedName(toolName, 'toolName', hintLine);
  toolName = item.toolName; // a tool reference, read as its name
  const bounds = readBounds(expectedTimes, hintLine);
  const calls = readCalls(received, hintLine);
  const matches = callMatches(comparisonOf(this), calls, [item]);
  const count = countMatches(calls.length, matches);
  const firstMatch = calls.findIndex((_, index) => matches(index, 0));
  const pass = withinBounds(count, bounds);
  const list = () => formatCallList(calls, firstMatch === -1 ? undefined : firstMatch);
  if (!('exactly' in bounds)) {
    // A name matcher counts calls by many names: say "calls matching", not "called".
    const subject = isAsymmetricMatcher(toolName) ? `matching ${formatName(toolName)}` : `to ${formatName(toolName)}`;
    const counted = `the run made ${count === 0 ? 'none' : count}`;
    return {
      pass,
      message: () =>
        compose(
          hintLine,
          pass
            ? `Expected ${describeCount(bounds, true)} ${subject}, but ${counted}.`
            : `Expected ${describeCount(bounds)} ${subject}, but ${counted}.${count === 0 ? didYouMean(toolName, calls.map((call) => call.toolName)) : ''}`,
          list(),
        ),
    };
  }
  const exactly = bounds.exactly;
  const suggestion = count === 0 ? didYouMean(toolName, calls.map((call) => call.toolName)) : '';
  return {
    pass,
    message: () =>
      compose(
        hintLine,
        pass ? negatedExpectation(formatName(toolName), exactly) : `${expectation(formatName(toolName), exactly)}, but ${count === 0 ? 'it was never called' : `it was called ${times(count)}`}.${suggestion}`,
        list(),
      ),
    ...(!pass && { expected: exactly, actual: count }),
  };
}

/** `times`: a whole number, or `{ min?, max? }` with at least one, whole, and min ≤ max. */
function readBounds(value: unknown, hintLine: string): CountBounds {
  const isCount = (count: unknown) => typeof count === 'number' && Number.isInteger(count) && count >= 0;
  if (typeof value === 'number' || typeof value !== 'object' || value === null || Array.isArray(value) || isAsymmetricMatcher(value)) {
    if (isCount(value)) return { exactly: value as number };
    throw matcherError(hintLine, `times must be a whole number of calls (0 or more) or { min?, max? }; received ${typeof value === 'object' && value !== null ? describeArgument(value) : formatInline(value)}.`);
  }
  const { min, max, ...rest } = value as { min?: unknown; max?: unknown };
  const unknownKey = Object.keys(rest)[0];
  if (unknownKey !== undefined) throw matcherError(hintLine, `times takes only { min, max }; received unknown key ${JSON.stringify(unknownKey)}.`);
  for (const [key, count] of [['min', min], ['max', max]] as const) {
    if (count !== undefined && !isCount(count)) throw matcherError(hintLine, `times.${key} must be a whole number of calls (0 or more); received ${formatInline(count)}.`);
  }
  if (min === undefined && max === undefined) throw matcherError(hintLine, 'times needs min, max or both, e.g. { max: 8 }; received {}.');
  if (min !== undefined && max !== undefined && (min as number) > (max as number)) {
    throw matcherError(hintLine, `times.min (${min as number}) is more than times.max (${max as number}): no count fits.`);
  }
  return { ...(min !== undefined && { min: min as number }), ...(max !== undefined && { max: max as number }) };
}

/** "Expected "search" to be called twice", or for 0, "Expected "search" not to be called". */
function expectation(name: string, expectedTimes: number): string {
  return expectedTimes === 0 ? `Expected ${name} not to be called` : `Expected ${name} to be called ${times(expectedTimes)}`;
}

/** The negated claim held: `.not.toCallToolTimes(name, n)` and the tool was called exactly n times. */
function negatedExpectation(name: string, expectedTimes: number): string {
  return expectedTimes === 0
    ? `Expected ${name} to be called, but it was never called.`
    : `Expected ${name} not to be called ${times(expectedTimes)}, but it was.`;
}
