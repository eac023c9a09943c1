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
  callOfItem: Int32Array;
  /** For each call, the item assigned to it, or -1 (an unexpected call). */
  itemOfCall: Int32Array;
}

/**
 * What the caller knows about names, so the engine need not compare every call with every item:
 * each call's name, and for each item the one name a fitting call must have (undefined when any
 * call may fit it) and whether that name is all the item asks (a plain name: every call with that
 * name fits it, without asking the predicate).
 *
 * Optionally, keys that decide a fit exactly, for items asking more than a name: small
 * non-negative integers, or -1 for none. `itemKey(item)`, when not -1, promises that a call fits
 * the item exactly when `callKey(call)` is the same number (for every call: a call with no key, or
 * another key, never fits it). The matchers key a name with an input that is plain data (see
 * scoring/comparison.ts, over scoring/equalityClasses.ts). `callKey` is asked only when some item has a key.
 */
export interface NameKeys {
  callName(call: number): string;
  itemName(item: number): string | undefined;
  isPlain(item: number): boolean;
  callKey?(call: number): number;
  itemKey?(item: number): number;
}

/**
 * How many compared pairs matchUnordered remembers. Beyond it a pair asked again is compared again:
 * the answer is the same, and memory stays bounded when items the engine cannot group (asymmetric
 * matchers) meet many calls of their name.
 */
const REMEMBERED_PAIRS = 1 << 20;

/**
 * Are the calls exactly the items in some order (a multiset match), or with `cover`, do the items
 * all have calls, or the calls all have items? A maximum bipartite matching
 * (augmenting paths, one item at a time), so a call that fits several items never blocks a valid
 * assignment. With `names`, an item is tried only against calls with its name, and an item whose
 * fitting calls are known in advance (a plain name's calls, or a key's: its group) takes the next
 * free one without comparing, so a list of plain names or keyed inputs costs time linear in its
 * length. Other pairs go through the predicate, each at most once (up to REMEMBERED_PAIRS of them).
 *
 * Why the shortcuts keep the matching maximum: an item with a group fits exactly the calls of that
 * group, so taking a free one is an augmenting path like any other (as is a free call that fits,
 * which every other item looks for before it searches further); a path never needs to pass
 * through another item of the same group (that item fits exactly the calls this one fits, so the
 * path can leave it out and go straight on); and once an item of a group has no augmenting path, no
 * later item of the group has one (an item once without a path never gets one, and a twin sees the
 * same calls), so the group's other items are not searched for.
 */
export function matchUnordered(callCount: number, itemCount: number, matches: Matches, names?: NameKeys, cover: Cover = 'both'): UnorderedResult {
  const matching = new UnorderedMatching(callCount, itemCount, matches, names ? groupCalls(callCount, itemCount, names) : noGroups(itemCount));
  const size = matching.run();
  const { callOfItem, itemOfCall } = matching;
  // A maximum matching covers every item (or every call) exactly when some assignment does.
  const pass = (cover === 'calls' || size === itemCount) && (cover === 'items' || size === callCount);
  return { pass, callOfItem, itemOfCall };
}

// A class rather than closures: its methods are the same functions from one assertion to the
// next, so the call sites of its hot loops stay fast.
class UnorderedMatching {
  readonly callOfItem: Int32Array;
  readonly itemOfCall: Int32Array;
  private readonly exact: Int32Array;
  private readonly nameOfItem: Int32Array;
  private readonly members: Int32Array;
  private readonly start: Int32Array;
  // Per group, a position in `members` before which every call is taken: a call once taken stays
  // taken (searches only reassign), so it only moves forward.
  private readonly nextFree: Int32Array;
  // The same for all calls, for items that name no tool.
  private firstFree = 0;
  // Pairs compared so far (item * callCount + call, exact below 2^53): sparse, as most pairs never
  // are, and capped at REMEMBERED_PAIRS (a Map holds at most 2^24 entries).
  private readonly compared = new Map<number, boolean>();
  // The calls visited by the current search carry its number, so no table is cleared between searches.
  private readonly seen: Int32Array;
  private search = 0;

  constructor(
    private readonly callCount: number,
    private readonly itemCount: number,
    private readonly matches: Matches,
    groups: Groups,
  ) {
    this.callOfItem = new Int32Array(itemCount).fill(-1);
    this.itemOfCall = new Int32Array(callCount).fill(-1);
    this.seen = new Int32Array(callCount).fill(-1);
    ({ exact: this.exact, nameOfItem: this.nameOfItem, members: this.members, start: this.start } = groups);
    this.nextFree = this.start.slice(0, -1);
  }

  /** Places every item it can; returns how many it placed. */
  run(): number {
    const { exact } = this;
    // Groups one of whose items found no call: its twins would search in vain the same way.
    const full = new Uint8Array(this.start.length - 1);
    let size = 0;
    for (let item = 0; item < this.itemCount; item++) {
      const group = exact[item]!;
      if (group !== -1) {
        if (full[group]) continue;
        // The usual case needs no search: a free call of the group.
        if (this.takeFree(group, item)) {
          size++;
          continue;
        }
      }
      this.search++;
      if (this.augment(item)) size++;
      else if (group !== -1) full[group] = 1;
    }
    return size;
  }

  /** Gives the item the group's next free call, if any is left (every call of the group fits it). */
  private takeFree(group: number, item: number): boolean {
    const free = this.advance(group);
    if (free === this.start[group + 1]) return false;
    this.assign(this.members[free]!, item);
    return true;
  }

  /**
   * Finds the item a call: a free one that fits it, or else one whose holder can move to another
   * (an augmenting path). Looking for a free call first keeps paths short: a list of items that
   * fit many calls each (`expect.anything()`) is placed without a deep search.
   */
  private augment(item: number): boolean {
    const group = this.exact[item]!;
    if (group !== -1) return this.takeFree(group, item) || this.tryCalls(item, group, this.start[group]!, this.start[group + 1]!, true);
    const name = this.nameOfItem[item]!;
    if (name === -1) {
      while (this.firstFree < this.callCount && this.itemOfCall[this.firstFree] !== -1) this.firstFree++;
      return this.takeFreeFitting(item, this.firstFree, this.callCount, false) || this.tryCalls(item, -1, 0, this.callCount, false);
    }
    // Calls before the name's cursor are all taken (by any item), so the free ones are after it.
    const from = this.advance(name);
    return this.takeFreeFitting(item, from, this.start[name + 1]!, true) || this.tryCalls(item, -1, this.start[name]!, this.start[name + 1]!, true);
  }

  /** Moves the group's cursor past the calls taken since, and returns it. */
  private advance(group: number): number {
    const { members, itemOfCall } = this;
    const end = this.start[group + 1]!;
    let free = this.nextFree[group]!;
    while (free < end && itemOfCall[members[free]!] !== -1) free++;
    return (this.nextFree[group] = free);
  }

  /** Gives the item the first free call among members[from..to) (or calls from..to) that fits it, if any. */
  private takeFreeFitting(item: number, from: number, to: number, inGroup: boolean): boolean {
    const { members, itemOfCall } = this;
    for (let index = from; index < to; index++) {
      const call = inGroup ? members[index]! : index;
      if (itemOfCall[call] !== -1 || !this.fits(call, item)) continue;
      this.assign(call, item);
      return true;
    }
    return false;
  }

  /** Tries the calls members[from..to) (or calls from..to, when not `inGroup`) for the item, whose exact group is `group` (or -1). */
  private tryCalls(item: number, group: number, from: number, to: number, inGroup: boolean): boolean {
    const { members, itemOfCall, seen, exact, search } = this;
    for (let index = from; index < to; index++) {
      const call = inGroup ? members[index]! : index;
      if (seen[call] === search) continue;
      const holder = itemOfCall[call]!;
      // Every call of the group is taken: another item of the group has no other call to move to.
      if (group !== -1 && holder !== -1 && exact[holder] === group) continue;
      if (group === -1 && !this.fits(call, item)) continue;
      seen[call] = search;
      if (holder === -1 || this.augment(holder)) {
        this.assign(call, item);
        return true;
      }
    }
    return false;
  }

  private fits(call: number, item: number): boolean {
    const key = item * this.callCount + call;
    let fit = this.compared.get(key);
    if (fit === undefined) {
      fit = this.matches(call, item);
      if (this.compared.size < REMEMBERED_PAIRS) this.compared.set(key, fit);
    }
    return fit;
  }

  private assign(call: number, item: number): void {
    this.itemOfCall[call] = item;
    this.callOfItem[item] = call;
  }
}

/**
 * The groups of calls, numbered: first one per name (of calls, or of items with no call), then one
 * per key. Group `g`'s calls, in call order, are members[start[g]..start[g + 1]). For each item,
 * the group that fits it exactly (`exact`, -1 for none), and the group of its name (`nameOfItem`,
 * -1 when it names none: any call may fit it).
 */
interface Groups {
  exact: Int32Array;
  nameOfItem: Int32Array;
  members: Int32Array;
  start: Int32Array;
}

function noGroups(itemCount: number): Groups {
  const none = new Int32Array(itemCount).fill(-1);
  return { exact: none, nameOfItem: none, members: new Int32Array(0), start: new Int32Array(1) };
}

function groupCalls(callCount: number, itemCount: number, names: NameKeys): Groups {
  const nameNumbers = new Map<string, number>();
  const numberOf = (name: string) => {
    let number = nameNumbers.get(name);
    if (number === undefined) nameNumbers.set(name, (number = nameNumbers.size));
    return number;
  };
  const nameOfCall = new Int32Array(callCount);
  for (let call = 0; call < callCount; call++) nameOfCall[call] = numberOf(names.callName(call));
  const exact = new Int32Array(itemCount).fill(-1);
  const nameOfItem = new Int32Array(itemCount).fill(-1);
  const keyOfItem = new Int32Array(itemCount).fill(-1);
  let keyCount = 0;
  for (let item = 0; item < itemCount; item++) {
    const name = names.itemName(item);
    if (name === undefined) continue;
    nameOfItem[item] = numberOf(name);
    if (names.isPlain(item)) exact[item] = nameOfItem[item]!;
    else keyOfItem[item] = names.itemKey?.(item) ?? -1;
    keyCount = Math.max(keyCount, keyOfItem[item]! + 1);
  }
  const nameCount = nameNumbers.size;
  let keyOfCall: Int32Array | undefined;
  if (keyCount > 0) {
    keyOfCall = new Int32Array(callCount);
    for (let call = 0; call < callCount; call++) {
      keyOfCall[call] = names.callKey!(call);
      keyCount = Math.max(keyCount, keyOfCall[call]! + 1);
    }
    for (let item = 0; item < itemCount; item++) if (keyOfItem[item] !== -1) exact[item] = nameCount + keyOfItem[item]!;
  }
  // Count each group's calls, then place them (a call is in its name's group and its key's).
  const start = new Int32Array(nameCount + keyCount + 1);
  for (let call = 0; call < callCount; call++) {
    start[nameOfCall[call]! + 1]!++;
    if (keyOfCall && keyOfCall[call] !== -1) start[nameCount + keyOfCall[call]! + 1]!++;
  }
  for (let group = 1; group < start.length; group++) start[group]! += start[group - 1]!;
  const members = new Int32Array(start[start.length - 1]!);
  const placed = start.slice(0, -1);
  for (let call = 0; call < callCount; call++) {
    members[placed[nameOfCall[call]!]!++] = call;
    if (keyOfCall && keyOfCall[call] !== -1) members[placed[nameCount + keyOfCall[call]!]!++] = call;
  }
  return { exact, nameOfItem, members, start };
}
