import type { MatcherResult } from '../matcherContext.js';
import type { Comparison } from '../scoring/comparison.js';
import { appearAs, orderDivergence, orderMessage } from '../format/orderDivergence.js';
import type { ExpectedCall } from '../scoring/expectedCall.js';
import { diffWindow, projected, projectionOf } from '../format/projection.js';
import { matchInOrder } from '../scoring/engine.js';
import type { ToolCall } from '../types.js';
import { callMatches, itemNamedBy } from '../scoring/comparison.js';
import { diagnoseOrder } from '../scoring/diagnosis.js';

/** `toCallToolsInOrder(items)`: the items appear among the calls in this order, other calls allowed. */
export function inOrder(compare: Comparison, hintLine: string, calls: ToolCall[], items: readonly ExpectedCall[]): MatcherResult {
  const matches = callMatches(compare, calls, items);
  const matched: number[] = [];
  const failedItem = matchInOrder(calls.length, items.length, matches, matched);
  const pass = failedItem === -1;
  if (pass) {
    return { pass, message: () => orderMessage(hintLine, calls, items, { strict: false, pass, detail: appearAs(matched) }) };
  }
  // The failed item's first candidate call is where the order broke; without one, after the last match.
  const candidate = calls.findIndex((_, index) => matches(index, failedItem));
  const focus = candidate !== -1 ? candidate : matched.length > 0 ? matched[matched.length - 1] : undefined;
  // The diff shows only the received calls the expectation is about, so an unrelated call adds no noise.
  const itemOf = itemNamedBy(compare, items);
  const relevant = calls.filter((call) => itemOf(call) !== -1);
  const project = projectionOf(items);
  return {
    pass,
    message: () =>
      orderMessage(hintLine, calls, items, {
        strict: false,
        pass,
        focus: { item: failedItem, call: focus },
        detail: orderDivergence(calls, items, diagnoseOrder(compare, calls, items, matches, matched, failedItem)),
      }),
    ...diffWindow(
      projected(items, project.expected),
      projected(relevant, (call) => project.actual(call, items[itemOf(call)])),
      failedItem,
    ),
  };
}
