import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import { hint } from '../format/message.js';
import { toExpectedCalls } from './arguments.js';
import { unordered } from './unordered.js';
import { comparisonOf } from '../scoring/comparison.js';

/**
 * `toCallOnlyFrom(items)`: each call of the run is matched by an item of its own, in any order;
 * items may go unused (agentevals' subset). An empty list expects no calls.
 */
export function toCallOnlyFrom(this: MatcherContext, received: unknown, expected: unknown): MatcherResult {
  const hintLine = hint(this, 'toCallOnlyFrom');
  return unordered(comparisonOf(this), hintLine, received, toExpectedCalls(expected, 'expected', hintLine), 'calls');
}
