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
 * Are the calls exactly the items in some order (a multiset match)? A maximum bipartite matching
 * (augmenting paths), so a call that fits several items never blocks a valid assignment.
 * Each pair is compared at most once.
 */
export function matchUnordered(callCount: number, itemCount: number, matches: Matches): UnorderedResult {
  const callOfItem = new Int32Array(itemCount).fill(-1);
  const itemOfCall = new Int32Array(callCount).fill(-1);
  // 0: not compared yet, 1: matches, 2: does not.
  const memo = new Uint8Array(callCount * itemCount);
  const fits = (call: number, item: number): boolean => {
    const key = item * callCount + call;
    if (memo[key] === 0) memo[key] = matches(call, item) ? 1 : 2;
    return memo[key] === 1;
  };
  const visited = new Uint8Array(callCount);
  const augment = (item: number): boolean => {
    for (let call = 0; call < callCount; call++) {
      if (visited[call] || !fits(call, item)) continue;
      visited[call] = 1;
      const holder = itemOfCall[call]!;
      if (holder === -1 || augment(holder)) {
        itemOfCall[call] = item;
        callOfItem[item] = call;
        return true;
      }
    }
    return false;
  };
  let size = 0;
  for (let item = 0; item < itemCount; item++) {
    visited.fill(0);
    if (augment(item)) size++;
  }
  return { pass: size === itemCount && size === callCount, callOfItem, itemOfCall };
}
