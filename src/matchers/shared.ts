import { describeArgument } from '../describe.js';
import { getToolCalls, readRun } from '../calls/getToolCalls.js';
import type { RunCalls } from '../calls/steps.js';
import { ToolCallAccuracyError } from '../errors.js';
import { matcherErrorMessage } from '../format/message.js';
import { isAsymmetricMatcher } from '../value.js';
import type { Matches, NameKeys } from '../scoring/engine.js';
import type { NameRules } from '../format/orderDivergence.js';
import type { ExpectedCall } from '../format/projection.js';
import type { ToolApproval, ToolCall, ToolCallPattern } from '../types.js';
import type { OutcomeExpectation } from '../scoring/outcomes.js';
import { outcomeMatches } from '../scoring/outcomes.js';
import type { MatcherContext } from '../format/matcherContext.js';
import { isToolRef } from '../refs/toolRefs.js';
import { equalityOf } from './equality.js';
import { EqualityClasses, differsAt, inputProbe } from './equalityClasses.js';
import type { InputProbe } from './equalityClasses.js';


/**
 * Reads the run's calls; a value that is not a run becomes a matcher error under the hint line.
 * Without their steps: only `parallel(…)` needs them (readRunCalls), and a list of 100,000 steps
 * would be built only to be dropped.
 */
export function readCalls(received: unknown, hintLine: string): ToolCall[] {
  return asMatcherError(() => getToolCalls(received), hintLine);
}

/** `readCalls`, with the model step of each call where the run records it (for `parallel(…)`). */
export function readRunCalls(received: unknown, hintLine: string): RunCalls {
  return asMatcherError(() => readRun(received), hintLine);
}

function asMatcherError<T>(read: () => T, hintLine: string): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ToolCallAccuracyError) throw matcherError(hintLine, error.message);
    throw error;
  }
}

export function matcherError(hintLine: string, problem: string): ToolCallAccuracyError {
  return new ToolCallAccuracyError(matcherErrorMessage(hintLine, problem));
}

const isName = (value: unknown) => (typeof value === 'string' && value !== '') || isAsymmetricMatcher(value);
/** A reference from `toolRefs` stands for its tool's name. */
const nameOf = (value: unknown) => (isToolRef(value) ? value.toolName : value);


/**
 * A matcher's options object: a plain object (not an asymmetric matcher) with no key but `keys`.
 * Anything else is a matcher error: "`name` must be `mustBe`", or "`name` takes only `takesOnly`"
 * naming the first unknown key. The caller checks each value.
 */
export function readOptionsObject(
  value: unknown,
  { name = 'options', keys, mustBe, takesOnly = mustBe }: { name?: string; keys: readonly string[]; mustBe: string; takesOnly?: string },
  hintLine: () => string,
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isAsymmetricMatcher(value)) {
    throw matcherError(hintLine(), `${name} must be ${mustBe}; received ${describeArgument(value)}.`);
  }
  const unknownKey = Object.keys(value).find((key) => !keys.includes(key));
  if (unknownKey !== undefined) throw matcherError(hintLine(), `${name} takes only ${takesOnly}; received unknown key ${JSON.stringify(unknownKey)}.`);
  return value as Record<string, unknown>;
}
/**
 * Checks one expected item (`'name'` or `{ toolName, input }`) and says what is wrong with a bad one.
 * `where` names it in that message, followed by `[index]` when an index is given: the text is built
 * only for a message, as a list may hold 100,000 items.
 */
export function toExpectedCall(item: unknown, where: string, hintLine: string, index?: number): ExpectedCall {
  item = nameOf(item);
  if (isName(item)) return { toolName: item, input: undefined, hasInput: false };
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
    const { toolName: nameOrRef, input } = item as { toolName?: unknown; input?: unknown };
    const toolName = nameOf(nameOrRef);
    // Any key besides these, found without copying the item.
    let extra: string[] | undefined;
    let hasOutcome = false;
    for (const key in item) {
      if (!Object.hasOwn(item, key) || key === 'toolName' || key === 'input') continue;
      if (OUTCOME_KEYS.has(key)) hasOutcome = true;
      else (extra ??= []).push(key);
    }
    if (isName(toolName) && extra === undefined) {
      const outcome = hasOutcome ? toOutcome(item as OutcomeFields, placeOf(where, index), hintLine) : undefined;
      // Two literals rather than a spread: a list may hold 100,000 items, and a spread copies slowly.
      return outcome ? { toolName, input, hasInput: 'input' in item, outcome } : { toolName, input, hasInput: 'input' in item };
    }
    if (extra !== undefined && isName(toolName)) {
      throw matcherError(
        hintLine,
        `${placeOf(where, index)} has unknown key${extra.length > 1 ? 's' : ''} ${extra.map((k) => JSON.stringify(k)).join(', ')}; a call pattern takes only { toolName, input, output, error, approval }.`,
      );
    }
  }
  throw matcherError(
    hintLine,
    `${placeOf(where, index)} must be a tool name or { toolName, input }, e.g. 'search' or { toolName: 'search', input: { q: 'cats' } }; received ${describeArgument(item)}.`,
  );
}

const OUTCOME_KEYS = new Set(['output', 'error', 'approval']);
const APPROVALS: readonly unknown[] = ['requested', 'approved', 'denied'];
type OutcomeFields = { output?: unknown; error?: unknown; approval?: unknown };

/**
 * Checks what an item asks of a call's outcome (`output`, `error`, `approval`; undefined fields
 * are not asked) and says what is wrong with a bad one. Undefined when it asks nothing.
 */
export function toOutcome(fields: OutcomeFields, where: string, hintLine: string): OutcomeExpectation | undefined {
  const { output, error, approval } = fields;
  if (error !== undefined && typeof error !== 'boolean' && !(typeof error === 'string' && error !== '') && !(error instanceof RegExp) && !isAsymmetricMatcher(error)) {
    throw matcherError(
      hintLine,
      `${where}.error must be true (the call failed), false (it succeeded), or what its error message must match: a non-empty string it contains, a RegExp or an asymmetric matcher, e.g. /timeout/; received ${describeArgument(error)}.`,
    );
  }
  if (approval !== undefined && !APPROVALS.includes(approval)) {
    throw matcherError(hintLine, `${where}.approval must be 'requested', 'approved' or 'denied'; received ${describeArgument(approval)}.`);
  }
  if (output === undefined && error === undefined && approval === undefined) return undefined;
  return {
    ...(output !== undefined && { output: { value: output } }),
    ...(error !== undefined && { error: error as NonNullable<OutcomeExpectation['error']> }),
    ...(approval !== undefined && { approval: approval as ToolApproval }),
  };
}

const placeOf = (where: string, index: number | undefined) => (index === undefined ? where : `${where}[${index}]`);

/** Checks a tool-name argument: a non-empty string or an asymmetric matcher such as expect.stringMatching(/^search/). */
export function toExpectedName(value: unknown, where: string, hintLine: string): ExpectedCall {
  value = nameOf(value);
  if (isName(value)) return { toolName: value, input: undefined, hasInput: false };
  throw matcherError(hintLine, `${where} must be a non-empty tool name, e.g. 'search-tool'; received ${describeArgument(value)}.`);
}

/** Does some item ask what its call came to? Then call lists show each call's outcome. */
export function asksOutcome(items: readonly ExpectedCall[]): boolean {
  return items.some((item) => item.outcome !== undefined);
}

/** Checks a list argument of expected items (an empty list expects no calls). */
export function toExpectedCalls(items: unknown, argumentName: string, hintLine: string): ExpectedCall[] {
  if (!Array.isArray(items)) {
    throw matcherError(hintLine, `${argumentName} must be an array of tool names or { toolName, input }; received ${describeArgument(items)}.`);
  }
  // A list of 100,000 names holds a few names many times: each name's item is made once and
  // shared (items are only read), so the list costs no object per entry.
  const byName = new Map<string, ExpectedCall>();
  return items.map((item: ToolCallPattern, index) => {
    if (typeof item !== 'string' || item === '') return toExpectedCall(item, argumentName, hintLine, index);
    let expected = byName.get(item);
    if (expected === undefined) byName.set(item, (expected = toExpectedCall(item, argumentName, hintLine, index)));
    return expected;
  });
}

/** The predicate the engine uses: a call matches an item when its name (and input, if given) are equal under the runner's equality. */
export function callMatches(ctx: MatcherContext, calls: readonly ToolCall[], items: readonly ExpectedCall[]): Matches {
  const equals = equalityOf(ctx);
  // Without custom testers (which may equate anything), a string name is compared by `===`
  // (namesEqual, decided once here), and an input is first probed (differsAt).
  const noTesters = !ctx.customTesters?.length;
  // Per item with an input, made on first use: a field of it that rules most calls out without the runner's equality.
  let probes: (InputProbe | null)[] | undefined;
  const inputFits = (itemIndex: number, expected: unknown, input: unknown) => {
    if (noTesters && differsAt(((probes ??= new Array(items.length))[itemIndex] ??= inputProbe(expected) ?? null), input)) return false;
    return equals(input, expected);
  };
  return (callIndex, itemIndex) => {
    const call = calls[callIndex]!;
    const item = items[itemIndex]!;
    return (
      (noTesters && typeof item.toolName === 'string' ? call.toolName === item.toolName : equals(call.toolName, item.toolName)) &&
      (!item.hasInput || inputFits(itemIndex, item.input, call.input)) &&
      (item.outcome === undefined || outcomeMatches(call, item.outcome, equals))
    );
  };
}

/**
 * The names the engine may group by. Without custom testers a string name is compared by `===`, so
 * it is the only name its calls can have, and without an input it is all the item asks. A custom
 * tester may make two different strings equal: then nothing is known, and every pair goes through
 * the predicate.
 *
 * Keys go further for an item with a string name and an input that is plain data: its key is the
 * number `EqualityClasses` gives its input among the values under that name, and a call's key
 * likewise. Under the runner's equality without custom testers (which could equate values of
 * different classes) such an item fits a call with a key exactly when the keys are the same. A call
 * whose input is not plain data (a Date, a class instance) may still equal it, so the items of a
 * name that such a call has get no key, and are compared.
 */
export function nameKeys(ctx: MatcherContext, calls: readonly ToolCall[], items: readonly ExpectedCall[]): NameKeys | undefined {
  return ctx.customTesters?.length ? undefined : new CallKeys(calls, items);
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

/** Does the call's name match the item's name (ignoring input)? For explaining failures. */
export function nameMatches(ctx: MatcherContext, call: ToolCall, item: ExpectedCall): boolean {
  return namesEqual(ctx, call.toolName, item.toolName);
}

/**
 * Names compare as inputs do, under the runner's equality with its custom testers; two strings
 * with no custom tester registered compare with `===`, which is what equality would say anyway.
 */
function namesEqual(ctx: MatcherContext, called: string, expected: unknown, equals?: (a: unknown, b: unknown) => boolean): boolean {
  if (typeof expected === 'string' && !ctx.customTesters?.length) return called === expected;
  return (equals ?? equalityOf(ctx))(called, expected);
}

/**
 * For a call, the first item whose name its name matches (or undefined): one Map lookup per call
 * when every item's name is a string and no custom tester is registered (then names compare by `===`).
 */
export function itemNamedBy(ctx: MatcherContext, items: readonly ExpectedCall[]): (call: ToolCall) => ExpectedCall | undefined {
  if (ctx.customTesters?.length || !items.every((item) => typeof item.toolName === 'string')) return (call) => items.find((item) => nameMatches(ctx, call, item));
  const byName = new Map<unknown, ExpectedCall>();
  for (const item of items) if (!byName.has(item.toolName)) byName.set(item.toolName, item);
  return (call) => byName.get(call.toolName);
}

/** Was some call made to the item's name? One Set lookup per item when names compare by `===`. */
export function isCalled(ctx: MatcherContext, calls: readonly ToolCall[]): (item: ExpectedCall) => boolean {
  if (ctx.customTesters?.length) return (item) => calls.some((call) => nameMatches(ctx, call, item));
  let calledNames: Set<string> | undefined;
  const namesCalled = () => {
    calledNames = new Set();
    for (const call of calls) calledNames.add(call.toolName);
    return calledNames;
  };
  return (item) =>
    typeof item.toolName === 'string' ? (calledNames ?? namesCalled()).has(item.toolName) : calls.some((call) => nameMatches(ctx, call, item));
}

/** The name comparisons the divergence wording in format/ needs, under the runner's equality. */
export function nameRules(ctx: MatcherContext, calls: readonly ToolCall[]): NameRules {
  return { sameName: (call, item) => nameMatches(ctx, call, item), called: isCalled(ctx, calls) };
}
