import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import { diffWindow, projected, projectionOf } from '../format/projection.js';
import { describeCallClaim, onlyCallDivergence } from '../format/singleCall.js';
import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import type { ExpectedCall } from '../scoring/expectedCall.js';
import { asksOutcome } from '../scoring/expectedCall.js';
import { callMatches, comparisonOf, nameMatches, type Comparison } from '../scoring/comparison.js';
import { readCalls } from './received.js';
import { toExpectedCall, toExpectedCalls } from './arguments.js';
import { unordered } from './unordered.js';

/** `toCallOnly(name)`: exactly one call, to `name`. `toCallOnly([a, b, …])`: the calls are exactly these, in any order. */
export function toCallOnly(this: MatcherContext, received: unknown, expected: unknown): MatcherResult {
  const hintLine = hint(this, 'toCallOnly');
  const compare = comparisonOf(this);
  if (Array.isArray(expected)) {
    return unordered(compare, hintLine, received, toExpectedCalls(expected, 'expected', hintLine), 'both');
  }
  return onlyOneCall(compare, hintLine, received, toExpectedCall(expected, 'expected', hintLine));
}

function onlyOneCall(compare: Comparison, hintLine: string, received: unknown, item: ExpectedCall): MatcherResult {
  const calls = readCalls(received, hintLine);
  const pass = calls.length === 1 && callMatches(compare, calls, [item])(0, 0);
  const position = calls.findIndex((call) => nameMatches(compare, call, item));
  const project = projectionOf([item]);
  return {
    pass,
    message: () =>
      compose(hintLine, describeCallClaim('only', item, pass), formatCallList(calls, position === -1 ? 1 : position, asksOutcome([item])), !pass && onlyCallDivergence(calls, item, position)),
    ...(!pass && diffWindow([project.expected(item)], projected(calls, (call) => project.actual(call, item)))),
  };
}
