/**
 * The matching engine: every matcher and the code scorer decide through these functions, so a
 * matcher and the scorer configured the same way always agree. Each takes the number of expected
 * items and a predicate `matches(callIndex, itemIndex)`; the scorer's predicate compares names with
 * `===`, a matcher's uses the runner's equality (asymmetric matchers, custom testers).
 */
export type Matches = (callIndex: number, itemIndex: number) => boolean;

/** How many of the calls match item 0 (used with a single-item predicate). */
export function countMatches(callCount: number, matches: Matches): number {
  let count = 0;
  for (let call = 0; call < callCount; call++) if (matches(call, 0)) count++;
  return count;
}

/**
 * Are the items a subsequence of the calls, each item matched by a distinct, later call?
 * Returns the first item that could not be matched after the previous one, or -1 when all were;
 * `matched`, when given, receives the call index of each matched item (ascending).
 * Taking the earliest fitting call for each item is optimal here (a later choice never leaves
 * more room for the items after it), so this greedy scan finds an assignment whenever one exists.
 */
export function matchInOrder(callCount: number, itemCount: number, matches: Matches, matched?: number[]): number {
  let call = 0;
  for (let item = 0; item < itemCount; item++) {
    while (call < callCount && !matches(call, item)) call++;
    if (call === callCount) return item;
    matched?.push(call);
    call++;
  }
  return -1;
}

/** Is the call list exactly the items, in order? Returns the first differing position, or -1. */
export function firstSequenceMismatch(callCount: number, itemCount: number, matches: Matches): number {
  const shared = Math.min(callCount, itemCount);
  for (let index = 0; index < shared; index++) if (!matches(index, index)) return index;
  return callCount === itemCount ? -1 : shared;
}

export interface UnorderedResult {
  /** True when every item has its own call and no call is left over. */
  pass: boolean;
  /** For each item, the call assigned to it in a maximum matching, or -1. */
  callOfItem: Int32Array;
  /** For each call, the item assigned to it, or -1 (an unexpected call). */
  itemOfCall: Int32Array;
}

/**
 * What the caller knows about names, so the engine need not compare every call with every item:
 * each call's name, and for each item the one name a fitting call must have (undefined when any
 * call may fit it) and whether that name is all the item asks (a plain name: every call with that
 * name fits it, without asking the predicate).
 */
export interface NameKeys {
  callName(call: number): string;
  itemName(item: number): string | undefined;
  isPlain(item: number): boolean;
}

/**
 * Are the calls exactly the items in some order (a multiset match)? A maximum bipartite matching
 * (augmenting paths, one item at a time), so a call that fits several items never blocks a valid
 * assignment. Each pair is compared at most once, and only pairs that could fit: with `names`,
 * an item is tried only against calls with its name, and a plain name takes the next free call
 * with that name without comparing, so a list of plain names costs time linear in its length.
 */
export function matchUnordered(callCount: number, itemCount: number, matches: Matches, names?: NameKeys): UnorderedResult {
  const callOfItem = new Int32Array(itemCount).fill(-1);
  const itemOfCall = new Int32Array(callCount).fill(-1);
  const groups = names && groupCallsByName(callCount, names);
  let allCalls: Int32Array | undefined;
  const candidates = (item: number): ArrayLike<number> => {
    const name = names?.itemName(item);
    if (name !== undefined) return groups!.get(name)?.calls ?? NO_CALLS;
    return (allCalls ??= Int32Array.from({ length: callCount }, (_, call) => call));
  };
  const isPlain = (item: number) => names !== undefined && names.isPlain(item);
  // Pairs compared so far (item * callCount + call): sparse, as most pairs never are.
  const compared = new Map<number, boolean>();
  const fits = (call: number, item: number): boolean => {
    if (isPlain(item)) return true;
    const key = item * callCount + call;
    let fit = compared.get(key);
    if (fit === undefined) compared.set(key, (fit = matches(call, item)));
    return fit;
  };
  // The calls visited by the current search carry its number, so no table is cleared between searches.
  const seen = new Int32Array(callCount).fill(-1);
  let search = 0;
  const assign = (call: number, item: number) => {
    itemOfCall[call] = item;
    callOfItem[item] = call;
  };
  const augment = (item: number): boolean => {
    const plain = isPlain(item);
    if (plain) {
      // A call once taken stays taken (searches only reassign), so each name's cursor only moves forward.
      const group = groups!.get(names!.itemName(item)!);
      if (group) {
        while (group.nextFree < group.calls.length && itemOfCall[group.calls[group.nextFree]!] !== -1) group.nextFree++;
        if (group.nextFree < group.calls.length) {
          assign(group.calls[group.nextFree++]!, item);
          return true;
        }
      }
    }
    const list = candidates(item);
    for (let index = 0; index < list.length; index++) {
      const call = list[index]!;
      if (seen[call] === search) continue;
      const holder = itemOfCall[call]!;
      // Every call of its name is taken: another plain item with that name has no other call to move to.
      if (plain && holder !== -1 && isPlain(holder)) continue;
      if (!fits(call, item)) continue;
      seen[call] = search;
      if (holder === -1 || augment(holder)) {
        assign(call, item);
        return true;
      }
    }
    return false;
  };
  // A plain item that found no call: its twins (same name) would search in vain the same way.
  const unplaceable = new Set<string>();
  let size = 0;
  for (let item = 0; item < itemCount; item++) {
    const plainName = isPlain(item) ? names!.itemName(item)! : undefined;
    if (plainName !== undefined && unplaceable.has(plainName)) continue;
    search++;
    if (augment(item)) size++;
    else if (plainName !== undefined) unplaceable.add(plainName);
  }
  return { pass: size === itemCount && size === callCount, callOfItem, itemOfCall };
}

const NO_CALLS = new Int32Array(0);

function groupCallsByName(callCount: number, names: NameKeys): Map<string, { calls: number[]; nextFree: number }> {
  const groups = new Map<string, { calls: number[]; nextFree: number }>();
  for (let call = 0; call < callCount; call++) {
    const name = names.callName(call);
    const group = groups.get(name);
    if (group) group.calls.push(call);
    else groups.set(name, { calls: [call], nextFree: 0 });
  }
  return groups;
}
