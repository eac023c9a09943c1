import { describeExpectedCall, formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import { didYouMean } from '../suggest.js';
import { diffWindow } from '../format/projection.js';
import { formatName, times } from '../value.js';
import type { MatcherContext, MatcherResult } from '../format/matcherContext.js';
import { callMatches, nameMatches, readCalls, toExpectedName } from './shared.js';

/** Passes when some call is to `toolName` (with an input equal to `input`, when given). */
export function toCallTool(this: MatcherContext, received: unknown, toolName: unknown, ...rest: unknown[]): MatcherResult {
  const hasInput = rest.length > 0;
  const hintLine = hint(this, 'toCallTool', 'toolName', hasInput ? 'input' : undefined);
  const item = { ...toExpectedName(toolName, 'toolName', hintLine), ...(hasInput && { input: rest[0], hasInput }) };
  toolName = item.toolName; // a tool reference, read as its name
  const calls = readCalls(received, hintLine);
  const matches = callMatches(this, calls, [item]);
  // Passing stops at the first match; the full list of matches and the calls by name are work for a message only.
  let firstMatch = 0;
  while (firstMatch < calls.length && !matches(firstMatch, 0)) firstMatch++;
  const pass = firstMatch < calls.length;

  if (pass) {
    return {
      pass,
      message: () => {
        const matching: number[] = [];
        for (let index = firstMatch; index < calls.length; index++) if (matches(index, 0)) matching.push(index + 1);
        return compose(
          hintLine,
          `Expected no call to ${describeExpectedCall(item)}`,
          formatCallList(calls, firstMatch),
          `Matching ${matching.length === 1 ? 'call' : 'calls'}: ${shortList(matching)}`,
        );
      },
    };
  }
  const sameName = calls.filter((call) => nameMatches(this, call, item));
  const firstSameName = sameName.length === 0 ? -1 : calls.indexOf(sameName[0]!);
  const divergence =
    sameName.length === 0
      ? `${formatName(toolName)} was never called.${didYouMean(toolName, calls.map((call) => call.toolName))}`
      : `${formatName(toolName)} was called ${times(sameName.length)}, but never with the expected input.`;
  return {
    pass,
    message: () =>
      compose(hintLine, `Expected a call to ${describeExpectedCall(item)}`, formatCallList(calls, firstSameName === -1 ? undefined : firstSameName), divergence),
    // The diff: the expected input against the inputs the tool did get. A tool never called has
    // nothing to diff (a name against the list of names would compare two different types).
    ...(sameName.length > 0 && hasInput && {
      expected: item.input,
      actual: sameName.length === 1 ? sameName[0]!.input : diffWindow([], sameName.map((call) => call.input)).actual,
    }),
  };
}

/** "2, 5, 9", or the first ten and a count: a run may match thousands of times. */
function shortList(numbers: readonly number[]): string {
  return numbers.length <= 10 ? numbers.join(', ') : `${numbers.slice(0, 10).join(', ')} and ${numbers.length - 10} more`;
}
