import { formatCallList } from '../format/callList.js';
import { MUST_BE } from '../format/arguments.js';
import { compose, hint } from '../format/message.js';
import type { HintArguments } from './hints.js';
import { describeCallClaim, matchingCalls, missingCallDivergence, MISSES_SHOWN } from '../format/singleCall.js';
import { missesOf } from '../scoring/diagnosis.js';
import { diffWindow, projected } from '../format/projection.js';
import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import type { ExpectedCall } from '../scoring/expectedCall.js';
import type { OutcomeExpectation } from '../scoring/outcomes.js';
import { asksOutcome } from '../scoring/expectedCall.js';
import { callMatches, comparisonOf, nameMatches } from '../scoring/comparison.js';
import { readCalls } from './received.js';
import { readOptionsObject, toExpectedName, toOutcome } from './arguments.js';

/**
 * Passes when some call is to `toolName` (with an input equal to `input`, when given, and the outcome `options`
 * asks for). With options, an undefined input means any input.
 */
export function toCallTool(this: MatcherContext, received: unknown, toolName: unknown, ...rest: unknown[]): MatcherResult {
  const { hasOptions, hasInput } = argumentsGiven(rest);
  const { expected, secondArgument } = toCallToolHint(toolName, ...rest);
  const hintLine = hint(this, 'toCallTool', expected, secondArgument);
  const outcome = hasOptions ? readOutcomeOptions(rest[1], hintLine) : undefined;
  const item: ExpectedCall = { ...toExpectedName(toolName, 'toolName', hintLine), ...(hasInput && { input: rest[0], hasInput }), ...(outcome && { outcome }) };
  const calls = readCalls(received, hintLine);
  const compare = comparisonOf(this);
  const matches = callMatches(compare, calls, [item]);
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
        return compose(hintLine, describeCallClaim('some', item, pass), formatCallList(calls, firstMatch, asksOutcome([item])), matchingCalls(matching));
      },
    };
  }
  const sameName: number[] = [];
  calls.forEach((call, index) => nameMatches(compare, call, item) && sameName.push(index));
  return {
    pass,
    message: () =>
      compose(hintLine, describeCallClaim('some', item, pass), formatCallList(calls, sameName[0], asksOutcome([item])), missingCallDivergence(calls, item, sameName, missesOf(compare, calls, item, sameName, MISSES_SHOWN))),
    // The expected input against the inputs the tool did get; a tool never called has nothing to diff.
    ...(sameName.length > 0 && hasInput && !outcome && {
      expected: item.input,
      actual: sameName.length === 1 ? calls[sameName[0]!]!.input : diffWindow([], projected(sameName, (index) => calls[index]!.input)).actual,
    }),
  };
}

/** Which of `input` and `options` were given. An undefined third argument is no options (a variable left unset), as if it were not passed. */
function argumentsGiven(rest: readonly unknown[]): { hasOptions: boolean; hasInput: boolean } {
  const hasOptions = rest.length > 1 && rest[1] !== undefined;
  return { hasOptions, hasInput: rest.length > 0 && !(hasOptions && rest[0] === undefined) };
}

/** The hint line names `toolName`, then `input` and `options` as given. */
export function toCallToolHint(_toolName?: unknown, ...rest: unknown[]): HintArguments {
  const { hasOptions, hasInput } = argumentsGiven(rest);
  return { expected: 'toolName', ...((hasOptions || hasInput) && { secondArgument: hasOptions ? `${hasInput ? 'input' : 'undefined'}, options` : 'input' }) };
}

/** The third argument: `{ output?, error?, approval? }`. */
function readOutcomeOptions(options: unknown, hintLine: string): OutcomeExpectation | undefined {
  return toOutcome(readOptionsObject(options, { keys: ['output', 'error', 'approval'], mustBe: MUST_BE.outcomeOptions }, () => hintLine), 'options', hintLine);
}
