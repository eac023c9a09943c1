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

/**
 * What an unordered match must cover: `both`, every item and every call (the calls are exactly the
 * items: `toCallOnly([…])`, agentevals' unordered); `items`, every item has its own call, other
 * calls allowed (`toCallToolsInAnyOrder`, agentevals' superset); `calls`, every call has its own
 * item, items may go unused (`toCallOnlyFrom`, agentevals' subset).
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
 * The calls that may fit each item, so that the engine compares an item only with those:
 * `of(item)` lists them in call order (a call not listed does not fit the item), as one list object
 * for all the items that share their candidates (the calls of a name); `isPlain(item)` says that
 * every candidate fits it (a name is all it asks), so none is compared. The matchers list a name's
 * calls, narrowed by the hash of an input that is plain data (`comparison.ts`).
 */
export interface Candidates {
  of(item: number): readonly number[];
  isPlain(item: number): boolean;
}

/**
 * Are the calls exactly the items in some order (a multiset match), or with `cover`, do the items
 * all have calls, or the calls all have items? A maximum bipartite matching (augmenting paths, one
 * item at a time), so a call that fits several items never blocks a valid assignment. An item is
 * tried only against its candidates (all calls, without `candidates`), and each pair is compared at
 * most twice (see `fits`): at most 2 × expected × candidates comparisons in all, and in a list that
 * passes, usually one per item.
 * A plain item takes its list's next free call without comparing, so a list of names costs time
 * linear in its length.
 *
 * Why the shortcuts for plain items keep the matching maximum: a plain item fits exactly the calls
 * of its list, so taking a free one is an augmenting path like any other; a path never needs to pass
 * through another plain item of the same list (it fits exactly the calls this one fits, so the path
 * can leave it out and go straight on); and once a plain item has no augmenting path, no later
 * item of its list has one (an item once without a path never gets one, and a twin sees the same
 * calls), so the list's other items are not searched for.
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

// A class rather than closures: its methods are the same functions from one assertion to the
// next, so the call sites of its hot loops stay fast.
class UnorderedMatching {
  readonly callOfItem: number[];
  readonly itemOfCall: number[];
  // Per list, a position before which every call is taken: a call once taken stays taken
  // (searches only reassign), so it only moves forward.
  private readonly cursors = new Map<readonly number[], number>();
  // The tables below are made when first needed: a list of names needs none of them.
  // Per item that is not plain, its candidates that fit it, found when it first has to take a call
  // from another item.
  private fitting: (number[] | undefined)[] | undefined;
  // Per item that is not plain, where in its list its next look for a free call starts: before it,
  // every call was either compared with it while free (and did not fit, or is the one it took) or
  // already taken. (A plain item takes its list's first free call.)
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

  /**
   * Finds the item a call: a free one that fits it, or else one whose holder can move to another
   * (an augmenting path). Looking for a free call first keeps paths short: a list of items that
   * fit many calls each (`expect.anything()`) is placed without a deep search.
   */
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
   * The item's candidates that fit it. Asked only after `takeFree` found no free call for it, which
   * compared every free candidate: those did not fit, so only the taken ones are compared (and not
   * the one it holds, which fit when it took it). A pair is thus compared at most twice: while the
   * call was free, and once more if it was taken since.
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
