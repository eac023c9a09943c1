import { MUST_BE, mustBe, unknownPatternKeys } from '../format/arguments.js';
import { unknownOption } from '../options.js';
import type { ExpectedCall } from '../scoring/expectedCall.js';
import type { OutcomeExpectation } from '../scoring/outcomes.js';
import type { ToolApproval, ToolCallPattern } from '../types.js';
import { isAsymmetricMatcher } from '../value.js';
import { isToolRef } from '../refs/toolRefs.js';
import { matcherError } from './matcherError.js';

const isName = (value: unknown) => (typeof value === 'string' && value !== '') || isAsymmetricMatcher(value);
/** A reference from `toolRefs` stands for its tool's name. */
const nameOf = (value: unknown) => (isToolRef(value) ? value.toolName : value);

/** A matcher's options object: a plain object (not an asymmetric matcher) with no key but `keys`; the caller checks each value. */
export function readOptionsObject(
  value: unknown,
  { name = 'options', keys, mustBe: shape }: { name?: string; keys: readonly string[]; mustBe: string },
  hintLine: () => string,
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isAsymmetricMatcher(value)) {
    throw matcherError(hintLine(), mustBe(name, shape, value));
  }
  const unknown = Object.keys(value).filter((key) => !keys.includes(key));
  if (unknown.length > 0) {
    const { problem, badOption } = unknownOption(name, unknown, keys);
    throw matcherError(hintLine(), problem, undefined, badOption);
  }
  return value as Record<string, unknown>;
}
/** Checks one expected item (`'name'` or `{ toolName, input }`); `where[index]` names a bad one, built only for the message. */
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
      // Two literals rather than a spread: a list may be long, and a spread copies slowly.
      return outcome ? { toolName, input, hasInput: 'input' in item, outcome } : { toolName, input, hasInput: 'input' in item };
    }
    if (extra !== undefined && isName(toolName)) {
      throw matcherError(hintLine, unknownPatternKeys(placeOf(where, index), extra));
    }
  }
  throw matcherError(hintLine, mustBe(placeOf(where, index), MUST_BE.pattern, item));
}

const OUTCOME_KEYS = new Set(['output', 'error', 'approval']);
const APPROVALS: readonly unknown[] = ['requested', 'approved', 'denied'];
type OutcomeFields = { output?: unknown; error?: unknown; approval?: unknown };

/** Checks what an item asks of a call's outcome (`output`, `error`, `approval`); undefined when it asks nothing. */
export function toOutcome(fields: OutcomeFields, where: string, hintLine: string): OutcomeExpectation | undefined {
  const { output, error, approval } = fields;
  if (error !== undefined && typeof error !== 'boolean' && !(typeof error === 'string' && error !== '') && !(error instanceof RegExp) && !isAsymmetricMatcher(error)) {
    throw matcherError(hintLine, mustBe(`${where}.error`, MUST_BE.error, error));
  }
  if (approval !== undefined && !APPROVALS.includes(approval)) {
    throw matcherError(hintLine, mustBe(`${where}.approval`, MUST_BE.approval, approval));
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
  throw matcherError(hintLine, mustBe(where, MUST_BE.toolName, value));
}

/** Checks a list argument of expected items (an empty list expects no calls). */
export function toExpectedCalls(items: unknown, argumentName: string, hintLine: string): ExpectedCall[] {
  if (!Array.isArray(items)) {
    throw matcherError(hintLine, mustBe(argumentName, MUST_BE.patterns, items));
  }
  // A long list holds a few names many times: each name's item is made once and shared (items are only read).
  const byName = new Map<string, ExpectedCall>();
  return items.map((item: ToolCallPattern, index) => {
    if (typeof item !== 'string' || item === '') return toExpectedCall(item, argumentName, hintLine, index);
    let expected = byName.get(item);
    if (expected === undefined) byName.set(item, (expected = toExpectedCall(item, argumentName, hintLine, index)));
    return expected;
  });
}
