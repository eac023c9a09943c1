import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import { didYouMean } from '../suggest.js';
import { formatInline, formatName, times } from '../value.js';
import { countMatches } from '../scoring/engine.js';
import type { MatcherContext, MatcherResult } from '../format/matcherContext.js';
import { callMatches, matcherError, readCalls, toExpectedName } from './shared.js';

/** Passes when exactly `expectedTimes` calls are to `toolName`. */
export function toCallToolTimes(this: MatcherContext, received: unknown, toolName: unknown, expectedTimes: unknown): MatcherResult {
  const hintLine = hint(this, 'toCallToolTimes', 'toolName', 'times');
  const item = toExpectedName(toolName, 'toolName', hintLine);
  toolName = item.toolName; // a tool reference, read as its name
  if (typeof expectedTimes !== 'number' || !Number.isInteger(expectedTimes) || expectedTimes < 0) {
    throw matcherError(hintLine, `times must be a whole number of calls (0 or more); received ${formatInline(expectedTimes)}.`);
  }
  const calls = readCalls(received, hintLine);
  const matches = callMatches(this, calls, [item]);
  const count = countMatches(calls.length, matches);
  const firstMatch = calls.findIndex((_, index) => matches(index, 0));
  const pass = count === expectedTimes;
  const suggestion = count === 0 ? didYouMean(toolName, calls.map((call) => call.toolName)) : '';
  return {
    pass,
    message: () =>
      compose(
        hintLine,
        pass ? negatedExpectation(formatName(toolName), expectedTimes) : `${expectation(formatName(toolName), expectedTimes)}, but ${count === 0 ? 'it was never called' : `it was called ${times(count)}`}.${suggestion}`,
        formatCallList(calls, firstMatch === -1 ? undefined : firstMatch),
      ),
    ...(!pass && { expected: expectedTimes, actual: count }),
  };
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
