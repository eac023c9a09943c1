import type { MatcherContext } from '../format/matcherContext.js';
import type { ToolCall } from '../types.js';
import type { Matches, NameKeys } from './engine.js';
import { equalityOf } from './equality.js';
import { EqualityClasses, differsAt, inputProbe } from './equalityClasses.js';
import type { InputProbe } from './equalityClasses.js';
import type { ExpectedCall } from './expectedCall.js';
import { outcomeMatches, type InputEquality } from './outcomes.js';

/**
 * How one assertion compares calls with expected items, decided once from the runner's context:
 * its equality (with its custom testers, as `toEqual` uses it), and whether any custom tester is
 * registered. Without one (`byIdentity`), a string name compares by `===` (what the equality would
 * say anyway), and plain-data values may be grouped by `EqualityClasses`; a custom tester may make
 * two different strings or values equal, so with one every pair goes through the equality.
 */
export interface Comparison {
  equals(a: unknown, b: unknown): boolean;
  byIdentity: boolean;
}

/**
 * From how many calls an assertion takes the shortcuts past the runner's equality for plain data:
 * grouping inputs by `EqualityClasses` (without it, an unordered match or a search for repeats
 * compares pairs, and grows with the square of the calls) and probing an expected input's fields
 * (`inputProbe`). Below it, every comparison is the runner's own; where the shortcuts start to
 * pay is measured in bench/RESULTS.md.
 */
export const SHORTCUTS_FROM = 16;

export function comparisonOf(ctx: MatcherContext): Comparison {
  return { equals: equalityOf(ctx), byIdentity: !ctx.customTesters?.length };
}

/** Does the call's name match the item's name (ignoring input)? */
export function nameMatches(compare: Comparison, call: ToolCall, item: ExpectedCall): boolean {
  return compare.byIdentity && typeof item.toolName === 'string' ? call.toolName === item.toolName : compare.equals(call.toolName, item.toolName);
}

/** The predicate the engine uses: a call matches an item when its name (and input, if given) are equal, and its outcome is the one asked for. */
export function callMatches(compare: Comparison, calls: readonly ToolCall[], items: readonly ExpectedCall[]): Matches {
  const { equals, byIdentity } = compare;
  // Per item with an input, made on first use: a field of it that rules most calls out without the runner's equality.
  let probes: (InputProbe | null)[] | undefined;
  const inputFits = (itemIndex: number, expected: unknown, input: unknown) => {
    if (byIdentity && calls.length >= SHORTCUTS_FROM && differsAt(((probes ??= new Array(items.length))[itemIndex] ??= inputProbe(expected) ?? null), input)) return false;
    return equals(input, expected);
  };
  return (callIndex, itemIndex) => {
    const call = calls[callIndex]!;
    const item = items[itemIndex]!;
    return (
      nameMatches(compare, call, item) &&
      (!item.hasInput || inputFits(itemIndex, item.input, call.input)) &&
      (item.outcome === undefined || outcomeMatches(call, item.outcome, equals))
    );
  };
}

/**
 * The names the engine may group by, when names compare by `===`: a string name is then the only
 * name its calls can have, and without an input it is all the item asks. With a custom tester
 * nothing is known, and every pair goes through the predicate.
 *
 * Keys go further for an item with a string name and an input that is plain data: its key is the
 * number `EqualityClasses` gives its input among the values under that name, and a call's key
 * likewise. Under the runner's equality without custom testers (which could equate values of
 * different classes) such an item fits a call with a key exactly when the keys are the same. A call
 * whose input is not plain data (a Date, a class instance) may still equal it, so the items of a
 * name that such a call has get no key, and are compared.
 */
export function nameKeys(compare: Comparison, calls: readonly ToolCall[], items: readonly ExpectedCall[]): NameKeys | undefined {
  return compare.byIdentity ? new CallKeys(calls, items) : undefined;
}

// A class rather than closures: the engine calls these once per call and item, and a method is the
// same function from one assertion to the next, which keeps those call sites fast.
class CallKeys implements NameKeys {
  // Made on first use (a list of plain names needs none): the classes, the calls' keys, and the
  // names of calls without one.
  private classes: EqualityClasses | undefined = undefined;
  private callKeys: Int32Array | undefined = undefined;
  private readonly namesWithoutKeys = new Set<string>();

  constructor(
    private readonly calls: readonly ToolCall[],
    private readonly items: readonly ExpectedCall[],
  ) {}

  callName(call: number): string {
    return this.calls[call]!.toolName;
  }

  itemName(item: number): string | undefined {
    const name = this.items[item]!.toolName;
    return typeof name === 'string' ? name : undefined;
  }

  isPlain(item: number): boolean {
    const { hasInput, outcome } = this.items[item]!;
    return !hasInput && outcome === undefined && this.itemName(item) !== undefined;
  }

  callKey(call: number): number {
    return (this.callKeys ?? this.keysOfCalls())[call]!;
  }

  itemKey(item: number): number {
    const name = this.itemName(item);
    // An item asking for an outcome fits only some of the calls with its input: it has no key.
    if (name === undefined || !this.items[item]!.hasInput || this.items[item]!.outcome !== undefined) return -1;
    if (this.calls.length < SHORTCUTS_FROM) return -1;
    if (!this.callKeys) this.keysOfCalls();
    return this.namesWithoutKeys.has(name) ? -1 : (this.classes!.classOf(name, this.items[item]!.input) ?? -1);
  }

  private keysOfCalls(): Int32Array {
    const { calls } = this;
    const classes = (this.classes = new EqualityClasses(calls.length));
    const keys = new Int32Array(calls.length);
    for (let call = 0; call < calls.length; call++) {
      const { toolName, input } = calls[call]!;
      const key = classes.classOf(toolName, input);
      if (key === undefined) this.namesWithoutKeys.add(toolName);
      keys[call] = key ?? -1;
    }
    return (this.callKeys = keys);
  }
}

/** For a call, the first item whose name its name matches (or undefined): one Map lookup per call when every name compares by `===`. */
export function itemNamedBy(compare: Comparison, items: readonly ExpectedCall[]): (call: ToolCall) => ExpectedCall | undefined {
  if (!compare.byIdentity || !items.every((item) => typeof item.toolName === 'string')) return (call) => items.find((item) => nameMatches(compare, call, item));
  const byName = new Map<unknown, ExpectedCall>();
  for (const item of items) if (!byName.has(item.toolName)) byName.set(item.toolName, item);
  return (call) => byName.get(call.toolName);
}

/** Was some call made to the item's name? One Set lookup per item when names compare by `===`. */
export function isCalled(compare: Comparison, calls: readonly ToolCall[]): (item: ExpectedCall) => boolean {
  if (!compare.byIdentity) return (item) => calls.some((call) => nameMatches(compare, call, item));
  let calledNames: Set<string> | undefined;
  const namesCalled = () => {
    calledNames = new Set();
    for (const call of calls) calledNames.add(call.toolName);
    return calledNames;
  };
  return (item) =>
    typeof item.toolName === 'string' ? (calledNames ?? namesCalled()).has(item.toolName) : calls.some((call) => nameMatches(compare, call, item));
}

/**
 * How the runner's equality compares names, for the divergence wording in format/:
 * `sameName(call, item)` says a call has the item's name, `called(item)` that some call of the run does.
 */
export interface NameRules {
  sameName(call: ToolCall, item: ExpectedCall): boolean;
  called(item: ExpectedCall): boolean;
}

/** The run's `NameRules` under `compare`. */
export function nameRules(compare: Comparison, calls: readonly ToolCall[]): NameRules {
  return { sameName: (call, item) => nameMatches(compare, call, item), called: isCalled(compare, calls) };
}

/**
 * Calls' inputs compared with each other (repeats): without custom testers, plain-data inputs are
 * keyed by `EqualityClasses` (one number per distinct value under a name), so a long run is not
 * compared pair by pair.
 */
export function inputEquality(compare: Comparison, calls: readonly ToolCall[]): InputEquality {
  const sameInput = (first: number, second: number) => compare.equals(calls[first]!.input, calls[second]!.input);
  if (!compare.byIdentity || calls.length < SHORTCUTS_FROM) return { sameInput };
  const classes = new EqualityClasses(calls.length);
  return { sameInput, key: (call) => classes.classOf(calls[call]!.toolName, calls[call]!.input) ?? -1 };
}
