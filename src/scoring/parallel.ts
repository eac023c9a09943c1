/** Order matching with groups: a group's items are matched by distinct calls the agent issued in one step, in any order. */
import type { Matches } from './engine.js';
import { matchUnordered } from './engine.js';

/** One entry of the expected order: a single item, or a group of items issued together. */
export type OrderEntry = { item: number } | { group: readonly number[] };

export interface GroupedOrderResult {
  /** The first entry that could not be matched after the previous ones, or -1 when all were. */
  failedEntry: number;
  /** For each item (by index), the call matched to it; -1 when not matched. */
  callOfItem: number[];
}

/**
 * Earliest fit, entry by entry: an item takes the first fitting call after the position, a group
 * the earliest step that holds it, with the earliest last call. Each choice leaves the most room
 * for the later entries, so this finds an assignment whenever one exists.
 */
export function matchInOrderWithGroups(
  callCount: number,
  itemCount: number,
  entries: readonly OrderEntry[],
  matches: Matches,
  stepOf: (callIndex: number) => unknown,
): GroupedOrderResult {
  const callOfItem = new Array<number>(itemCount).fill(-1);
  let position = 0;
  for (let entry = 0; entry < entries.length; entry++) {
    const current = entries[entry]!;
    if ('item' in current) {
      let call = position;
      while (call < callCount && !matches(call, current.item)) call++;
      if (call === callCount) return { failedEntry: entry, callOfItem };
      callOfItem[current.item] = call;
      position = call + 1;
      continue;
    }
    const last = fitGroup(callCount, position, current.group, matches, stepOf, callOfItem);
    if (last === -1) return { failedEntry: entry, callOfItem };
    position = last + 1;
  }
  return { failedEntry: -1, callOfItem };
}

/** Assigns the group in the earliest step that holds it; returns the last call used, or -1. */
function fitGroup(
  callCount: number,
  position: number,
  group: readonly number[],
  matches: Matches,
  stepOf: (callIndex: number) => unknown,
  callOfItem: number[],
): number {
  const tried = new Set<unknown>();
  for (let start = position; start < callCount; start++) {
    const step = stepOf(start);
    if (tried.has(step)) continue;
    tried.add(step);
    const calls: number[] = [];
    for (let call = start; call < callCount; call++) if (stepOf(call) === step) calls.push(call);
    // The shortest prefix of the step's calls that holds the whole group ends earliest.
    for (let size = group.length; size <= calls.length; size++) {
      const prefix = calls.slice(0, size);
      const { pass, callOfItem: assigned } = matchUnordered(size, group.length, (call, item) => matches(prefix[call]!, group[item]!), undefined, 'items');
      if (!pass) continue;
      group.forEach((item, index) => (callOfItem[item] = prefix[assigned[index]!]!));
      return prefix[size - 1]!;
    }
  }
  return -1;
}

/** Strict order with groups: the calls, cut into consecutive runs, are exactly the entries. Returns the first entry that fails, entries.length when calls are left over, or -1. */
export function strictGroupedMismatch(callCount: number, entries: readonly OrderEntry[], matches: Matches, stepAt: (index: number) => unknown): number {
  let position = 0;
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    if ('item' in entry) {
      if (position >= callCount || !matches(position, entry.item)) return index;
      position++;
      continue;
    }
    const size = entry.group.length;
    if (position + size > callCount) return index;
    const step = stepAt(position);
    for (let call = position; call < position + size; call++) if (stepAt(call) !== step) return index;
    const { pass } = matchUnordered(size, size, (call, item) => matches(position + call, entry.group[item]!));
    if (!pass) return index;
    position += size;
  }
  return position === callCount ? -1 : entries.length;
}
