import { ToolCallAccuracyError } from '../errors.js';
import { describeValue } from '../describe.js';

/**
 * What to remove from prompts and answers before they are written or keyed: a string or RegExp (or
 * a list of them), each occurrence replaced by `[REDACTED]`, or a function given every string and
 * returning it cleaned.
 */
export type Redaction = string | RegExp | ReadonlyArray<string | RegExp> | ((text: string) => string);

export const REDACTED = '[REDACTED]';

/** `redact` as one function over strings; a TypeError naming a bad value. */
export function redactor(redact: unknown, where: string): (text: string) => string {
  if (redact === undefined) return (text) => text;
  if (typeof redact === 'function') {
    return (text) => {
      const cleaned: unknown = redact(text);
      if (typeof cleaned !== 'string') throw new ToolCallAccuracyError(`${where}: redact must return a string; it returned ${describeValue(cleaned)} for a string.`);
      return cleaned;
    };
  }
  const list: unknown[] = Array.isArray(redact) ? redact : [redact];
  const patterns = list.map((item) => {
    if (typeof item === 'string' && item !== '') return new RegExp(item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
    if (item instanceof RegExp) return new RegExp(item.source, item.flags.includes('g') ? item.flags : `${item.flags}g`);
    throw new ToolCallAccuracyError(`${where}: redact takes non-empty strings, RegExps or a function (text) => text; received ${describeValue(item)}.`);
  });
  return (text) => patterns.reduce((cleaned, pattern) => cleaned.replace(pattern, REDACTED), text);
}

/**
 * A value as plain JSON data for a file or a key, its object keys sorted: strings cleaned by `redact`; `undefined`,
 * functions and symbols left out; Dates as `{ "$date": iso }`, bytes as `{ "$bytes": base64 }`,
 * errors as `{ "$error": { name, message } }` and URLs as their text (revived by `fromStored`).
 * Anything else that is not plain data (an AbortSignal, a class instance with no JSON form) is
 * left out.
 */
export function toStored(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'bigint') return String(value);
  if (typeof value !== 'object') return undefined; // undefined, functions, symbols
  if (value instanceof Date) return { $date: value.toISOString() };
  if (value instanceof URL) return redact(value.href);
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  if (value instanceof ArrayBuffer) return { $bytes: Buffer.from(value).toString('base64') };
  if (value instanceof Error) return { $error: { name: value.name, message: redact(value.message) } };
  if (Array.isArray(value)) return value.map((item) => toStored(item, redact) ?? null);
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return toStored((value as { toJSON(): unknown }).toJSON(), redact);
    return undefined;
  }
  // Keys in sorted order: the value is canonical as made (what `canonical` would give), with no second pass.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const stored = toStored((value as Record<string, unknown>)[key], redact);
    if (stored !== undefined) out[key] = stored;
  }
  return out;
}

const BUILT_IN_ERRORS = { Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };

/** The value `toStored` wrote, with its Dates, bytes and errors revived. */
export function fromStored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromStored);
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  if (keys.length === 1) {
    if (typeof record.$date === 'string') return new Date(record.$date);
    if (typeof record.$bytes === 'string') return new Uint8Array(Buffer.from(record.$bytes, 'base64'));
    if (typeof record.$error === 'object' && record.$error !== null) {
      const { name, message } = record.$error as { name?: unknown; message?: unknown };
      // A built-in error comes back of its class (a TypeError is a TypeError); any other keeps its name.
      const Kind = typeof name === 'string' && Object.hasOwn(BUILT_IN_ERRORS, name) ? BUILT_IN_ERRORS[name as keyof typeof BUILT_IN_ERRORS] : Error;
      const error = new Kind(typeof message === 'string' ? message : 'recorded error');
      if (typeof name === 'string' && error.name !== name) error.name = name;
      return error;
    }
  }
  return Object.fromEntries(keys.map((key) => [key, fromStored(record[key])]));
}
