import type { MatcherContext } from '../matcherContext.js';
import type { ToolCall } from '../types.js';
import type { Candidates, Matches } from './engine.js';
import { equalityOf } from './equality.js';
import type { ExpectedCall } from './expectedCall.js';
import { outcomeMatches, type InputEquality } from './outcomes.js';
import { PlainHasher } from './plainHash.js';

/**
 * How one assertion compares calls with expected items: the runner's equality (with its custom
 * testers), and `byIdentity` when none is registered: then names compare by `===` and inputs may be
 * narrowed by hash, while a custom tester may make different values equal, so every pair is compared.
 */
export interface Comparison {
  equals(a: unknown, b: unknown): boolean;
  byIdentity: boolean;
}

export function comparisonOf(ctx: MatcherContext): Comparison {
  return { equals: equalityOf(ctx), byIdentity: !ctx.customTesters?.length };
}

/** Does the call's name match the item's name (ignoring input)? */
export function nameMatches(compare: Comparison, call: ToolCall, item: ExpectedCall): boolean {
  return compare.byIdentity && typeof item.toolName === 'string' ? call.toolName === item.toolName : compare.equals(call.toolName, item.toolName);
}

/** The engine's predicate: the call's name (and input, if given) equal the item's, and its outcome is the one asked. */
export function callMatches(compare: Comparison, calls: readonly ToolCall[], items: readonly ExpectedCall[]): Matches {
  return callLookup(compare, calls, items, false).matches;
}

/**
 * The predicate (`matches`), and for the unordered matching the calls that may fit each item
 * (`candidates`: without custom testers, a name's calls, narrowed by input hash).
 */
export interface CallLookup {
  matches: Matches;
  candidates: Candidates | undefined;
}

export function callLookup(compare: Comparison, calls: readonly ToolCall[], items: readonly ExpectedCall[], withCandidates = true): CallLookup {
  const { equals, byIdentity } = compare;
  // One hasher per side for the whole assertion: a hash allocates nothing.
  const received = new PlainHasher(false);
  const expected = new PlainHasher(true);
  const hashOfCall = (call: number) => received.hash(calls[call]!.input);
  // One item: each call is compared with it once, so its hash is not kept.
  const callHash = !byIdentity ? undefined : items.length === 1 ? hashOfCall : hashTable(calls.length, hashOfCall);
  const itemHash = byIdentity ? hashTable(items.length, (item) => expected.hash(items[item]!.input)) : undefined;
  // Two inputs that both have a hash are equal only when the hashes are.
  const inputFits = (callIndex: number, itemIndex: number, expected: unknown, input: unknown) => {
    const hash = itemHash?.(itemIndex);
    const other = hash === undefined ? undefined : callHash!(callIndex);
    return (other === undefined || other === hash) && equals(input, expected);
  };
  const matches: Matches = (callIndex, itemIndex) => {
    const call = calls[callIndex]!;
    const item = items[itemIndex]!;
    return (
      nameMatches(compare, call, item) &&
      (!item.hasInput || inputFits(callIndex, itemIndex, item.input, call.input)) &&
      (item.outcome === undefined || outcomeMatches(call, item.outcome, equals))
    );
  };
  // No getter: with one, each assertion's tables outlived V8's young collections.
  return { matches, candidates: withCandidates && callHash && itemHash ? candidatesOf(calls, items, callHash, itemHash) : undefined };
}

// Markers in the table of `hashTable` (a hash is an int32).
const UNKNOWN = 2 ** 33;
const NO_HASH = 2 ** 32;

/** Each value's hash (undefined: not plain data), made on first ask (the table too: a list of names never asks). */
function hashTable(count: number, hashOf: (index: number) => number | undefined): (index: number) => number | undefined {
  let known: number[] | undefined;
  return (index) => {
    known ??= new Array<number>(count).fill(UNKNOWN);
    let hash = known[index]!;
    if (hash === UNKNOWN) known[index] = hash = hashOf(index) ?? NO_HASH;
    return hash === NO_HASH ? undefined : hash;
  };
}

/** The calls of each item's name, narrowed for a plain-data input to the calls whose input has its hash or none. */
function candidatesOf(calls: readonly ToolCall[], items: readonly ExpectedCall[], callHash: (call: number) => number | undefined, itemHash: (item: number) => number | undefined): Candidates {
  const byName = new Map<string, number[]>();
  for (let call = 0; call < calls.length; call++) {
    const name = calls[call]!.toolName;
    const list = byName.get(name);
    if (list) list.push(call);
    else byName.set(name, [call]);
  }
  const none: number[] = [];
  let all: number[] | undefined;
  // Each item's input hash where its name has several calls to narrow; a name's calls are indexed
  // only under these hashes, so the index has no more keys than the expected list has items.
  const hashes = items.map((item, index) => (typeof item.toolName === 'string' && item.hasInput && (byName.get(item.toolName)?.length ?? 0) > 1 ? itemHash(index) : undefined));
  const asked = new Set(hashes);
  // Per name, made when an item with a plain-data input first asks: its calls under the hashes asked, and those without one.
  const hashed = new Map<string, { byHash: Map<number, number[]>; unhashed: number[]; merged: Map<number, readonly number[]> }>();
  const byHash = (name: string, list: readonly number[]) => {
    let known = hashed.get(name);
    if (known) return known;
    known = { byHash: new Map(), unhashed: [], merged: new Map() };
    for (const call of list) {
      const hash = callHash(call);
      if (hash === undefined) known.unhashed.push(call);
      else if (asked.has(hash)) {
        const same = known.byHash.get(hash);
        if (same) same.push(call);
        else known.byHash.set(hash, [call]);
      }
    }
    hashed.set(name, known);
    return known;
  };
  const lists = items.map((item, index): readonly number[] => {
    if (typeof item.toolName !== 'string') return (all ??= calls.map((_, call) => call));
    const list = byName.get(item.toolName) ?? none;
    const hash = hashes[index];
    if (hash === undefined) return list;
    const known = byHash(item.toolName, list);
    const same = known.byHash.get(hash) ?? none;
    if (known.unhashed.length === 0) return same;
    let merged = known.merged.get(hash);
    if (!merged) known.merged.set(hash, (merged = [...same, ...known.unhashed].sort((a, b) => a - b)));
    return merged;
  });
  return { of: (item) => lists[item]!, isPlain: (item) => typeof items[item]!.toolName === 'string' && !items[item]!.hasInput && items[item]!.outcome === undefined };
}

/** For a call, the index of the first item whose name its name matches (-1: none): one Map lookup per call when every name compares by `===`. */
export function itemNamedBy(compare: Comparison, items: readonly ExpectedCall[]): (call: ToolCall) => number {
  if (!compare.byIdentity || !items.every((item) => typeof item.toolName === 'string')) return (call) => items.findIndex((item) => nameMatches(compare, call, item));
  const byName = new Map<unknown, number>();
  items.forEach((item, index) => byName.has(item.toolName) || byName.set(item.toolName, index));
  return (call) => byName.get(call.toolName) ?? -1;
}

/** Calls' inputs compared with each other (repeats) by the runner's equality, narrowed by hash without custom testers. */
export function inputEquality(compare: Comparison, calls: readonly ToolCall[]): InputEquality {
  const sameInput = (first: number, second: number) => compare.equals(calls[first]!.input, calls[second]!.input);
  const hasher = new PlainHasher(true);
  return compare.byIdentity ? { sameInput, hash: (call) => hasher.hash(calls[call]!.input) } : { sameInput };
}
