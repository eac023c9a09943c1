import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import { hint } from '../format/message.js';
import { toExpectedCalls } from './arguments.js';
import { unordered } from './unordered.js';
import { comparisonOf } from '../scoring/comparison.js';

/**
 * Each item is matched by a call of its own, in any order, other calls allowed (agentevals' superset, ADK's
 * ANY_ORDER). An empty list, as in `toCallToolsInOrder`, expects no calls (it would otherwise pass on every run).
 */
export function toCallToolsInAnyOrder(this: MatcherContext, received: unknown, expected: unknown): MatcherResult {
  const hintLine = hint(this, 'toCallToolsInAnyOrder');
  const items = toExpectedCalls(expected, 'expected', hintLine);
  return unordered(comparisonOf(this), hintLine, received, items, items.length === 0 ? 'both' : 'items');
}
