import { describeExpectedCall, formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import { didYouMean } from '../format/suggest.js';
import { formatName, times } from '../format/value.js';
import type { MatcherContext, MatcherResult } from './context.js';
import { callMatches, nameMatches, readCalls, toExpectedName } from './shared.js';

/** Passes when some call is to `toolName` (with an input equal to `input`, when given). */
export function toCallTool(this: MatcherContext, received: unknown, toolName: unknown, ...rest: unknown[]): MatcherResult {
  const hasInput = rest.length > 0;
  const hintLine = hint(this, 'toCallTool', 'toolName', hasInput ? 'input' : undefined);
  const item = { ...toExpectedName(toolName, 'toolName', hintLine), ...(hasInput && { input: rest[0], hasInput }) };
  const calls = readCalls(received, hintLine);
  const matches = callMatches(this, calls, [item]);
  const matching = calls.flatMap((_, index) => (matches(index, 0) ? [index + 1] : []));
  const pass = matching.length > 0;
  const sameName = calls.filter((call) => nameMatches(this, call, item));

  if (pass) {
    return {
      pass,
      message: () =>
        compose(
          hintLine,
          `Expected no call to ${describeExpectedCall(item)}`,
          formatCallList(calls),
          `Matching ${matching.length === 1 ? 'call' : 'calls'}: ${matching.join(', ')}`,
        ),
    };
  }
  const divergence =
    sameName.length === 0
      ? `${formatName(toolName)} was never called.${didYouMean(toolName, calls.map((call) => call.toolName))}`
      : `${formatName(toolName)} was called ${times(sameName.length)}, but never with the expected input.`;
  return {
    pass,
    message: () => compose(hintLine, `Expected a call to ${describeExpectedCall(item)}`, formatCallList(calls), divergence),
    // The diff: the expected input against the inputs the tool did get, or the name against the names called.
    ...(sameName.length > 0 && hasInput
      ? { expected: item.input, actual: sameName.length === 1 ? sameName[0]!.input : sameName.map((call) => call.input) }
      : { expected: toolName, actual: calls.map((call) => call.toolName) }),
  };
}
