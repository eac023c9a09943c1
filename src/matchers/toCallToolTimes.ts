import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import { didYouMean } from '../format/suggest.js';
import { formatInline, formatName, times } from '../format/value.js';
import { countMatches } from '../scoring/engine.js';
import type { MatcherContext, MatcherResult } from './context.js';
import { callMatches, matcherError, readCalls, toExpectedName } from './shared.js';

/** Passes when exactly `expectedTimes` calls are to `toolName`. */
export function toCallToolTimes(this: MatcherContext, received: unknown, toolName: unknown, expectedTimes: unknown): MatcherResult {
  const hintLine = hint(this, 'toCallToolTimes', 'toolName', 'times');
  const item = toExpectedName(toolName, 'toolName', hintLine);
  if (typeof expectedTimes !== 'number' || !Number.isInteger(expectedTimes) || expectedTimes < 0) {
    throw matcherError(hintLine, `times must be a whole number of calls (0 or more); received ${formatInline(expectedTimes)}.`);
  }
  const calls = readCalls(received, hintLine);
  const count = countMatches(calls.length, callMatches(this, calls, [item]));
  const pass = count === expectedTimes;
  const suggestion = count === 0 ? didYouMean(toolName, calls.map((call) => call.toolName)) : '';
  return {
    pass,
    message: () =>
      compose(
        hintLine,
        pass
          ? `Expected ${formatName(toolName)} not to be called ${times(expectedTimes)}, but it was.`
          : `Expected ${formatName(toolName)} to be called ${times(expectedTimes)}, but it was called ${times(count)}.${suggestion}`,
        formatCallList(calls),
      ),
    ...(!pass && { expected: expectedTimes, actual: count }),
  };
}
