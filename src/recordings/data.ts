import { ToolCallAccuracyError } from '../errors.js';
import { describeValue } from '../describe.js';

/**
 * What to remove from prompts and answers before they are written or keyed: a string or RegExp (or
 * a list of them), each occurrence replaced by `[REDACTED]`, or a function given every string and
 * returning it cleaned.
 */
export type Redaction = string | RegExp | ReadonlyArray<string | RegExp> | ((text: string) => string);

export const REDACTED = '[REDACTED]';

/** The redactor of no redaction: what `redactor(undefined)` returns, and how a caller knows nothing is redacted. */
export const unchanged = (text: string): string => text;

/** `redact` as one function over strings; a TypeError naming a bad value. */
export function redactor(redact: unknown, where: string): (text: string) => string {
  if (redact === undefined) return unchanged;
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
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) out[index] = toStored(value[index], redact) ?? null;
    return out;
  }
  const prototype = Object.getPrototypeOf(value);
  // Plain objects first (most of a request): no class checks for them.
  if (prototype !== Object.prototype && prototype !== null) {
    if (value instanceof Date) return { $date: value.toISOString() };
    if (value instanceof URL) return redact(value.href);
    if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
    if (value instanceof ArrayBuffer) return { $bytes: Buffer.from(value).toString('base64') };
    if (value instanceof Error) return { $error: { name: value.name, message: redact(value.message) } };
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return toStored((value as { toJSON(): unknown }).toJSON(), redact);
    return undefined;
  }
  // Keys in sorted order: the value is canonical as made (what `canonical` would give), with no second pass.
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  if (keys.length > 1) keys.sort();
  for (const key of keys) {
    const stored = toStored((value as Record<string, unknown>)[key], redact);
    if (stored !== undefined) out[key] = stored; // as keyed since recordings began (a `__proto__` key included): keys must not change
  }
  return out;
}

const BUILT_IN_ERRORS = { Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };

/** The value `toStored` wrote, with its Dates, bytes and errors revived. */
export function fromStored(value: unknown): unknown {
  return typeof value !== 'object' || value === null ? value : fromStoredObject(value);
}

// A replayed step's answer is copied by this walk on every replay: what is not an object is taken as it is, with no call.
function fromStoredObject(value: object): unknown {
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      out[index] = typeof item === 'object' && item !== null ? fromStoredObject(item) : item;
    }
    return out;
  }
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  let count = 0;
  let only: string | undefined;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const item = record[key];
    setOwn(out, key, typeof item === 'object' && item !== null ? fromStoredObject(item) : item);
    only = count++ === 0 ? key : undefined;
  }
  return count === 1 ? revived(record, only!, out) : out;
}

/** A one-key object `toStored` wrote for a Date, bytes or an error, revived; any other as copied (`out`). */
function revived(record: Record<string, unknown>, only: string, out: Record<string, unknown>): unknown {
  if (only === '$date' && typeof record.$date === 'string') return new Date(record.$date);
  if (only === '$bytes' && typeof record.$bytes === 'string') return new Uint8Array(Buffer.from(record.$bytes, 'base64'));
  if (only === '$error' && typeof record.$error === 'object' && record.$error !== null) {
    const { name, message } = record.$error as { name?: unknown; message?: unknown };
    // A built-in error comes back of its class (a TypeError is a TypeError); any other keeps its name.
    const Kind = typeof name === 'string' && Object.hasOwn(BUILT_IN_ERRORS, name) ? BUILT_IN_ERRORS[name as keyof typeof BUILT_IN_ERRORS] : Error;
    const error = new Kind(typeof message === 'string' ? message : 'recorded error');
    if (typeof name === 'string' && error.name !== name) error.name = name;
    return error;
  }
  return out;
}

/** `out[key] = value`, as an own property even for a key named `__proto__` (data read from a file is data). */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
