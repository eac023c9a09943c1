/**
 * The matching engine: every matcher and the code scorer decide through these functions, so they
 * always agree. Each takes the number of expected items and a predicate `matches(callIndex, itemIndex)`.
 */
export type Matches = (callIndex: number, itemIndex: number) => boolean;

/** How many of the calls match item 0 (used with a single-item predicate). */
export function countMatches(callCount: number, matches: Matches): number {
  let count = 0;
  for (let call = 0; call < callCount; call++) if (matches(call, 0)) count++;
  return count;
}

/**
 * Are the items a subsequence of the calls? Returns the first item that could not be matched, or -1;
 * `matched` receives each matched item's call. Taking the earliest fitting call is optimal (a later
 * one never leaves more room for the items after it), so this greedy scan finds any assignment.
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

/**
 * What an unordered match must cover: `both`, every item and every call (`toCallOnly([…])`);
 * `items`, every item has its own call (`toCallToolsInAnyOrder`); `calls`, every call has its own
 * item (`toCallOnlyFrom`).
 */
export type Cover = 'both' | 'items' | 'calls';

export interface UnorderedResult {
  /** True when the matching covers what `cover` asks: every item has its own call, and (or) no call is left over. */
  pass: boolean;
  /** For each item, the call assigned to it in a maximum matching, or -1. */
  callOfItem: number[];
  /** For each call, the item assigned to it, or -1 (an unexpected call). */
  itemOfCall: number[];
}

/**
 * The calls that may fit each item: `of(item)` lists them in call order, one list object for the
 * items that share their candidates; `isPlain(item)`: every candidate fits it, so none is compared.
 */
export interface Candidates {
  of(item: number): readonly number[];
  isPlain(item: number): boolean;
}

/**
 * Are the calls exactly the items in some order, or with `cover`, do the items all have calls, or
 * the calls all have items? A maximum bipartite matching (augmenting paths, one item at a time),
 * each pair compared at most twice (see `fits`); a plain item takes its list's next free call
 * without comparing, so a list of names costs linear time.
 * The plain shortcuts keep the matching maximum: taking a free call is an augmenting path; a path
 * never needs to pass through a plain twin (it fits the same calls); and once a plain item has no
 * path, no twin of it gets one, so they are not searched for.
 */
export function matchUnordered(callCount: number, itemCount: number, matches: Matches, candidates?: Candidates, cover: Cover = 'both'): UnorderedResult {
  const matching = new UnorderedMatching(callCount, itemCount, matches, candidates ?? everyCall(callCount));
  const size = matching.run();
  const { callOfItem, itemOfCall } = matching;
  // A maximum matching covers every item (or every call) exactly when some assignment does.
  const pass = (cover === 'calls' || size === itemCount) && (cover === 'items' || size === callCount);
  return { pass, callOfItem, itemOfCall };
}

function everyCall(callCount: number): Candidates {
  const all = Array.from({ length: callCount }, (_, call) => call);
  return { of: () => all, isPlain: () => false };
}

// A class rather than closures, so the call sites of its hot loops stay fast.
class UnorderedMatching {
  readonly callOfItem: number[];
  readonly itemOfCall: number[];
  // Per list, a position before which every call is taken (a taken call stays taken).
  private readonly cursors = new Map<readonly number[], number>();
  // Made when first needed (a list of names needs none). Per item that is not plain, its candidates that fit it.
  private fitting: (number[] | undefined)[] | undefined;
  // Per item that is not plain, where its next look for a free call starts: every call before it was compared or taken.
  private scanFrom: number[] | undefined;
  // The calls visited by the current search carry its number, so no table is cleared between searches.
  private seen: number[] | undefined;
  private search = 0;

  constructor(
    callCount: number,
    private readonly itemCount: number,
    private readonly matches: Matches,
    private readonly candidates: Candidates,
  ) {
    this.callOfItem = new Array<number>(itemCount).fill(-1);
    this.itemOfCall = new Array<number>(callCount).fill(-1);
  }

  /** Places every item it can; returns how many it placed. */
  run(): number {
    // Plain lists one of whose items found no call: its twins would search in vain the same way.
    const full = new Set<readonly number[]>();
    let size = 0;
    for (let item = 0; item < this.itemCount; item++) {
      const list = this.candidates.of(item);
      const plain = this.candidates.isPlain(item);
      if (plain && full.has(list)) continue;
      this.search++;
      if (this.augment(item)) size++;
      else if (plain) full.add(list);
    }
    return size;
  }

  /** Finds the item a free call that fits it, else an augmenting path (free first keeps paths short: `expect.anything()`). */
  private augment(item: number): boolean {
    const list = this.candidates.of(item);
    const plain = this.candidates.isPlain(item);
    if (this.takeFree(item, list, plain)) return true;
    const seen = (this.seen ??= new Array<number>(this.itemOfCall.length).fill(-1));
    const { search, itemOfCall } = this;
    for (const call of plain ? list : this.fits(item, list)) {
      if (seen[call] === search) continue;
      const holder = itemOfCall[call]!;
      // Every call of the list is taken: another plain item of it has no other call to move to.
      if (plain && this.candidates.isPlain(holder) && this.candidates.of(holder) === list) continue;
      seen[call] = search;
      if (this.augment(holder)) {
        this.assign(call, item);
        return true;
      }
    }
    return false;
  }

  /** Gives the item the first free call of its list that fits it, if any. */
  private takeFree(item: number, list: readonly number[], plain: boolean): boolean {
    const { itemOfCall } = this;
    let from = this.cursors.get(list) ?? 0;
    while (from < list.length && itemOfCall[list[from]!] !== -1) from++;
    this.cursors.set(list, from);
    const known = this.fitting?.[item];
    if (known) {
      for (const call of known) {
        if (itemOfCall[call] !== -1) continue;
        this.assign(call, item);
        return true;
      }
      return false;
    }
    if (plain) {
      if (from === list.length) return false;
      this.assign(list[from]!, item);
      return true;
    }
    const scanFrom = (this.scanFrom ??= new Array<number>(this.itemCount).fill(0));
    for (let index = Math.max(from, scanFrom[item]!); index < list.length; index++) {
      const call = list[index]!;
      if (itemOfCall[call] !== -1 || !this.matches(call, item)) continue;
      scanFrom[item] = index + 1;
      this.assign(call, item);
      return true;
    }
    scanFrom[item] = list.length;
    return false;
  }

  /**
   * The item's candidates that fit it. Asked only after `takeFree` compared every free candidate,
   * so only the taken ones are compared: a pair is compared at most twice.
   */
  private fits(item: number, list: readonly number[]): readonly number[] {
    const fitting = (this.fitting ??= new Array(this.itemCount));
    let known = fitting[item];
    const held = this.callOfItem[item];
    if (!known) fitting[item] = known = list.filter((call) => call === held || (this.itemOfCall[call] !== -1 && this.matches(call, item)));
    return known;
  }

  private assign(call: number, item: number): void {
    this.itemOfCall[call] = item;
    this.callOfItem[item] = call;
  }
}
