/** Why an assertion failed, as data: format/ puts it into words and never compares a call with an item itself. */
import type { ToolCall } from '../types.js';
import { itemNamedBy, nameMatches, type Comparison } from './comparison.js';
import type { Cover, Matches } from './engine.js';
import type { ExpectedCall } from './expectedCall.js';
import { outcomeMismatches, type OutcomeExpectation } from './outcomes.js';

/** The items whose name no call of the run has, in order (for "was never called. Did you mean …"). */
export function itemsNotCalled(compare: Comparison, calls: readonly ToolCall[], items: readonly ExpectedCall[]): number[] {
  const names = compare.byIdentity ? new Set(calls.map((call) => call.toolName)) : undefined;
  const called = (item: ExpectedCall) => (names && typeof item.toolName === 'string' ? names.has(item.toolName) : calls.some((call) => nameMatches(compare, call, item)));
  const notCalled: number[] = [];
  items.forEach((item, index) => called(item) || notCalled.push(index));
  return notCalled;
}

/** Why a flexible order failed at `failedItem`, after the items before it took the calls `matched`. */
export type OrderDiagnosis = { failedItem: number; notCalled: number[] } & (
  | { why: 'not called'; sameName: number }
  | { why: 'not enough calls'; fitting: number }
  /** A call that fits it and no item took came before `blocker`'s call. */
  | { why: 'out of order'; blocker: number }
);

export function diagnoseOrder(compare: Comparison, calls: readonly ToolCall[], items: readonly ExpectedCall[], matches: Matches, matched: readonly number[], failedItem: number): OrderDiagnosis {
  const notCalled = itemsNotCalled(compare, calls, items);
  const candidates: number[] = [];
  for (let index = 0; index < calls.length; index++) if (matches(index, failedItem)) candidates.push(index);
  if (candidates.length === 0) {
    const item = items[failedItem]!;
    return { why: 'not called', failedItem, notCalled, sameName: calls.filter((call) => nameMatches(compare, call, item)).length };
  }
  // Both lists ascend: walk them together for the first candidate no item took.
  let taken = 0;
  const free = candidates.find((index) => {
    while (taken < matched.length && matched[taken]! < index) taken++;
    return matched[taken] !== index;
  });
  if (free === undefined) return { why: 'not enough calls', failedItem, notCalled, fitting: candidates.length };
  // The free call came too early: the earliest expected item it had to follow.
  return { why: 'out of order', failedItem, notCalled, blocker: matched.findIndex((index) => index > free) };
}

/** Where a strict sequence first differs, and whether the call there has the item's name. */
export interface StrictDiagnosis {
  mismatch: number;
  sameName: boolean;
  notCalled: number[];
}

export function diagnoseStrict(compare: Comparison, calls: readonly ToolCall[], items: readonly ExpectedCall[], mismatch: number): StrictDiagnosis {
  const call = calls[mismatch];
  const item = items[mismatch];
  return { mismatch, sameName: call !== undefined && item !== undefined && nameMatches(compare, call, item), notCalled: itemsNotCalled(compare, calls, items) };
}

/** Pairs compared to tell "its calls matched other items" from "no call has its input": beyond it, the latter is said. */
const FIT_CHECKS = 1 << 20;

/** Why an unordered match failed: each item left without a call, and each call left without an item, sorted by why. */
export interface UnorderedDiagnosis {
  /** Items left without a call: no call has its name; every call that fits it matched another item; its tool was called with other inputs or outcomes. */
  absent: number[];
  short: number[];
  otherInput: number[];
  /** Calls left without an item, for `both`. */
  unexpected: number[];
  /** Calls left without an item, for `calls`: no item has its name; every item that fits it matched another call; no item has its input. */
  strangers: number[];
  surplus: number[];
  otherInputCalls: number[];
  notCalled: number[];
}

export function diagnoseUnordered(
  compare: Comparison,
  cover: Cover,
  calls: readonly ToolCall[],
  items: readonly ExpectedCall[],
  { callOfItem, itemOfCall }: { callOfItem: number[]; itemOfCall: number[] },
  matches: Matches,
): UnorderedDiagnosis {
  const missing = cover === 'calls' ? [] : unassigned(callOfItem);
  const leftCalls = cover === 'items' ? [] : unassigned(itemOfCall);
  let checks = 0;
  // Some counterpart fits it (so all that fit were taken), found within the budget of comparisons.
  const anyFits = (count: number, fits: (other: number) => boolean) => {
    for (let other = 0; other < count && checks < FIT_CHECKS; other++, checks++) if (fits(other)) return true;
    return false;
  };
  const notCalled = itemsNotCalled(compare, calls, items);
  const notCalledSet = new Set(notCalled);
  const diagnosis: UnorderedDiagnosis = { absent: [], short: [], otherInput: [], unexpected: [], strangers: [], surplus: [], otherInputCalls: [], notCalled };
  for (const index of missing) {
    const item = items[index]!;
    if (notCalledSet.has(index)) diagnosis.absent.push(index);
    else if ((!item.hasInput && !item.outcome) || anyFits(calls.length, (call) => matches(call, index))) diagnosis.short.push(index);
    else diagnosis.otherInput.push(index);
  }
  if (cover === 'both') diagnosis.unexpected = leftCalls;
  else if (leftCalls.length > 0) {
    const itemOf = itemNamedBy(compare, items);
    for (const index of leftCalls) {
      if (itemOf(calls[index]!) === -1) diagnosis.strangers.push(index);
      else if (anyFits(items.length, (item) => matches(index, item))) diagnosis.surplus.push(index);
      else diagnosis.otherInputCalls.push(index);
    }
  }
  return diagnosis;
}

/** How the diff of a failed unordered match lines up what is left over (format/unordered.ts `unorderedDiff`). */
export interface UnorderedAlignment {
  /** For `calls`, per call, the first item whose name its name matches, or -1: which item's shape its diff entry takes (empty for the others). */
  itemNamedBy: number[];
  /** For `calls`: the items left over that have the name of a call left over. For `items`: the calls left over that have the name of an item left over. For `both`: every call left over. */
  leftovers: number[];
}

export function alignUnordered(
  compare: Comparison,
  cover: Cover,
  calls: readonly ToolCall[],
  items: readonly ExpectedCall[],
  { callOfItem, itemOfCall }: { callOfItem: number[]; itemOfCall: number[] },
): UnorderedAlignment {
  const missing = unassigned(callOfItem);
  const leftCalls = unassigned(itemOfCall);
  let leftovers = leftCalls;
  if (cover === 'calls') {
    const left = leftCalls.map((index) => calls[index]!);
    leftovers = missing.filter((item) => left.some((call) => nameMatches(compare, call, items[item]!)));
  } else if (cover === 'items') {
    const left = missing.map((index) => items[index]!);
    leftovers = leftCalls.filter((index) => left.some((item) => nameMatches(compare, calls[index]!, item)));
  }
  return { itemNamedBy: cover === 'calls' ? calls.map(itemNamedBy(compare, items)) : [], leftovers };
}

/** The positions left without a partner in the matching. */
export function unassigned(partners: readonly number[]): number[] {
  const positions: number[] = [];
  for (let index = 0; index < partners.length; index++) if (partners[index] === -1) positions.push(index);
  return positions;
}

/** What one call to the expected tool misses: whether its input differs, and which aspects of the outcome. */
export type Miss = [inputDiffers: boolean, outcome: ReadonlyArray<keyof OutcomeExpectation>];

/** For `toCallTool(item)` that failed: what each of the first `limit` calls with the item's name misses. */
export function missesOf(compare: Comparison, calls: readonly ToolCall[], item: ExpectedCall, sameName: readonly number[], limit: number): Miss[] {
  return sameName.slice(0, limit).map((index) => {
    const call = calls[index]!;
    return [item.hasInput && !compare.equals(call.input, item.input), item.outcome ? outcomeMismatches(call, item.outcome, compare.equals) : []];
  });
}
