import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import { hint } from '../format/message.js';
import type { HintArguments } from './hints.js';
import { mustBe } from '../format/arguments.js';
import { inOrder } from './inOrder.js';
import { hasParallelGroup, inOrderWithGroups } from './inOrderWithGroups.js';
import { matcherError } from './matcherError.js';
import { readCalls } from './received.js';
import { readOptionsObject, toExpectedCalls } from './arguments.js';
import { strictSequence } from './strictSequence.js';
import { comparisonOf } from '../scoring/comparison.js';

/**
 * Passes when the items appear among the calls in this order (other calls allowed), or with `{ strict: true }`
 * when the calls are exactly this sequence; `inOrderWithGroups` when the order holds `parallel(…)` groups.
 */
export function toCallToolsInOrder(this: MatcherContext, received: unknown, expected: unknown, options?: unknown): MatcherResult {
  const { expected: named, secondArgument } = toCallToolsInOrderHint(expected, options);
  const hintLine = hint(this, 'toCallToolsInOrder', named, secondArgument);
  const strictOption = readStrictOption(options, () => hintLine);
  const compare = comparisonOf(this);
  if (hasParallelGroup(expected)) return inOrderWithGroups(compare, hintLine, received, expected as unknown[], strictOption);
  const items = toExpectedCalls(expected, 'expected', hintLine);
  const calls = readCalls(received, hintLine);
  // An empty list means what it means for toCallOnly([]): no calls at all (in flexible order it would always pass).
  return strictOption || items.length === 0 ? strictSequence(compare, hintLine, calls, items) : inOrder(compare, hintLine, calls, items);
}

/** The hint line names `{ strict: true }` when it is given, and `options` when they cannot be read. */
export function toCallToolsInOrderHint(_expected?: unknown, options?: unknown): HintArguments {
  try {
    return { expected: 'expected', ...(readStrictOption(options, () => '') && { secondArgument: '{ strict: true }' }) };
  } catch {
    return { expected: 'expected', secondArgument: 'options' };
  }
}

function readStrictOption(options: unknown, hintLine: () => string): boolean {
  if (options === undefined) return false;
  const { strict } = readOptionsObject(options, { keys: ['strict'], mustBe: '{ strict: boolean }' }, hintLine);
  if (strict !== undefined && typeof strict !== 'boolean') throw matcherError(hintLine(), mustBe('options', '{ strict: boolean }', options));
  return strict === true;
}
