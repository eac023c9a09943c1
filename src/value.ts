/** One-line, shortened renderings of inputs and patterns for messages. Never throws. */
import { safeJson } from './json.js';
import { cut, escapeUnsafe, hasUnsafeCharacters } from './printable.js';

const DEFAULT_WIDTH = 80;

/** How a value is written: `sortKeys`, each object's keys in sorted order (trajectories). */
export interface InlineOptions {
  sortKeys?: boolean;
}

/** A value on one line, cut to `width` characters; handles cycles, asymmetric matchers and oddities. */
export function formatInline(value: unknown, width = DEFAULT_WIDTH, options?: InlineOptions): string {
  const text = escapeUnsafe(stringifyRaw(value, options?.sortKeys === true));
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

function stringifyRaw(value: unknown, sortKeys = false): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof RegExp) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return '[Function]';
  if (typeof value === 'symbol') return value.toString();
  if (isAsymmetricMatcher(value)) return describeAsymmetric(value);
  // Asymmetric matchers print as themselves (StringContaining "New"), not as quoted strings:
  // the replacer leaves a marker that is swapped for the description afterwards.
  const described: string[] = [];
  const json = safeJson(value, {
    sortKeys,
    replace: (inner) =>
      isAsymmetricMatcher(inner) || inner instanceof RegExp ? `\u0000${described.push(inner instanceof RegExp ? String(inner) : describeAsymmetric(inner)) - 1}\u0000` : inner,
  });
  if (json === undefined) return Object.prototype.toString.call(value);
  return described.length === 0 ? json : json.replace(/"\\u0000(\d+)\\u0000"/g, (_match, index: string) => described[Number(index)]!);
}

interface AsymmetricMatcherLike {
  asymmetricMatch(other: unknown): boolean;
  toAsymmetricMatcher?(): string;
  toString(): string;
}

/** A list as it is; anything else as no items. */
export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A promise or any value with a `then` method (what `await` waits for). */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

export function isAsymmetricMatcher(value: unknown): value is AsymmetricMatcherLike {
  try {
    return typeof value === 'object' && value !== null && typeof (value as AsymmetricMatcherLike).asymmetricMatch === 'function';
  } catch {
    return false;
  }
}

function describeAsymmetric(matcher: AsymmetricMatcherLike): string {
  try {
    if (typeof matcher.toAsymmetricMatcher === 'function') return matcher.toAsymmetricMatcher();
    // As the runners print it: `StringMatching /weather/`, `ObjectContaining {"a":1}`.
    const sample = (matcher as { sample?: unknown }).sample;
    const name = matcher.toString();
    return sample === undefined ? name : `${name} ${stringifyRaw(sample)}`;
  } catch {
    return 'AsymmetricMatcher';
  }
}

/** Longer tool names are cut in messages. */
const MAX_NAME = 64;

/**
 * A tool name as it appears in messages: quoted, or the matcher's description. A name is text a model
 * wrote: escaped (a newline or an ANSI code must not add lines or colour the log), and cut when long.
 */
export function formatName(name: unknown): string {
  if (typeof name !== 'string') return formatInline(name);
  return `${escapeUnsafe(JSON.stringify(cut(name, MAX_NAME, '')))}${lengthNote(name)}`;
}

/** A tool name unquoted, for the name column of a call list and for diffs: escaped and cut as in `formatName`. */
export function printableName(name: string): string {
  const shown = cut(name, MAX_NAME, '');
  const escaped = hasUnsafeCharacters(shown) ? escapeUnsafe(JSON.stringify(shown).slice(1, -1)) : shown;
  return `${escaped}${lengthNote(name)}`;
}

function lengthNote(name: string): string {
  return name.length > MAX_NAME ? `… (${name.length} characters)` : '';
}

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}

/** "1 time", "2 times", "never" for counts of calls. */
export function times(count: number): string {
  return count === 0 ? 'never' : count === 1 ? 'once' : `${count} times`;
}

/** `"search", "book"`: names (tools, keys, columns) as JSON strings, for messages. */
export function quotedNames(names: readonly string[]): string {
  return names.map((name) => JSON.stringify(name)).join(', ');
}

/** "a", "a and b", "a, b and c". */
export function joinAnd(parts: readonly string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The first `max` entries, each described, then "… and N more": a list in a message stays short however large the run. */
export function joinFirst<T>(entries: readonly T[], separator: string, describe: (entry: T) => string = String, max = 10): string {
  const shown = entries.slice(0, max).map(describe).join(separator);
  return entries.length > max ? `${shown}${separator}… and ${entries.length - max} more` : shown;
}

/**
 * A number as people read it in a message: digits grouped by commas, at most one decimal
 * ("20,000", "1,234.5"). Not `Intl.NumberFormat`: the first Intl object a process makes loads the
 * ICU locale data, which every test file would pay for at its first matcher call.
 */
export function groupDigits(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  const [whole = '', fraction] = String(Math.abs(rounded)).split('.');
  return `${rounded < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}
