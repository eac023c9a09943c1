import { formatCallList } from '../format/callList.js';
import type { MatcherResult } from '../format/matcherContext.js';
import type { Comparison } from '../scoring/comparison.js';
import { compose } from '../format/message.js';
import { appearAs, describeOrderClaim, orderDivergence } from '../format/orderDivergence.js';
import type { ExpectedCall } from '../scoring/expectedCall.js';
import { diffWindow, projected, projectionOf } from '../format/projection.js';
import { matchInOrder } from '../scoring/engine.js';
import type { ToolCall } from '../types.js';
import { asksOutcome } from '../scoring/expectedCall.js';
import { callMatches, itemNamedBy, nameRules } from '../scoring/comparison.js';

/** `toCallToolsInOrder(items)`: the items appear among the calls in this order, other calls allowed. */
export function inOrder(compare: Comparison, hintLine: string, calls: ToolCall[], items: readonly ExpectedCall[]): MatcherResult {
  const matches = callMatches(compare, calls, items);
  const matched: number[] = [];
  const failedItem = matchInOrder(calls.length, items.length, matches, matched);
  const pass = failedItem === -1;
  if (pass) {
    return {
      pass,
      message: () => compose(hintLine, describeOrderClaim(items, false, pass), formatCallList(calls, undefined, asksOutcome(items)), appearAs(matched)),
    };
  }
  // The failed item's first candidate call is where the order broke; without one, after the last match.
  const candidate = calls.findIndex((_, index) => matches(index, failedItem));
  const focus = candidate !== -1 ? candidate : matched.length > 0 ? matched[matched.length - 1] : undefined;
  // The diff shows only the received calls the expectation is about, so an unrelated call adds no noise.
  const itemOf = itemNamedBy(compare, items);
  const relevant = calls.filter((call) => itemOf(call) !== undefined);
  const project = projectionOf(items);
  return {
    pass,
    message: () =>
      compose(
        hintLine,
        describeOrderClaim(items, false, pass, failedItem),
        formatCallList(calls, focus, asksOutcome(items)),
        orderDivergence(calls, items, matches, matched, failedItem, nameRules(compare, calls)),
      ),
    ...diffWindow(
      projected(items, project.expected),
      projected(relevant, (call) => project.actual(call, itemOf(call))),
      failedItem,
    ),
  };
}
