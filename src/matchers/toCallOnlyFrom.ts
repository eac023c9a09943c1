import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import { hint } from '../format/message.js';
import { toExpectedCalls } from './arguments.js';
import { unordered } from './unordered.js';
import { comparisonOf } from '../scoring/comparison.js';

/** Each call is matched by an item of its own, in any order; items may go unused (agentevals' subset). */
export function toCallOnlyFrom(this: MatcherContext, received: unknown, expected: unknown): MatcherResult {
  const hintLine = hint(this, 'toCallOnlyFrom');
  return unordered(comparisonOf(this), hintLine, received, toExpectedCalls(expected, 'expected', hintLine), 'calls');
}
