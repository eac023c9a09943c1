/*
 * The plain hash (`new PlainHasher(true)`): two values of plain data that the runner's `equals`
 * without custom testers calls equal have the same hash. It only narrows: the runner's `equals`
 * decides among the calls with the hash or none. A value that is not plain data has no hash.
 * Plain data:
 * - strings, booleans, null and numbers (0 and -0 share a hash; the hash only narrows);
 * - objects whose prototype is some realm's `Object.prototype` (Jest runs tests in a vm context) or
 *   null, whose own keys are all enumerable strings: keys combined in an order-free way, undefined
 *   properties skipped (`{ a: undefined }` equals `{}`);
 * - arrays (of any realm, not subclassed) with no hole, no undefined item and no other property:
 *   Jest's `toEqual` takes `[1, undefined]` for `[1]`, Vitest's does not;
 * - undefined itself, as the whole value.
 * Nothing nested deeper than MAX_DEPTH or made of more than MAX_VALUES values, so the work stays
 * linear. No string is built per value: serializing costs more than comparing.
 *
 * The received hash (`new PlainHasher(false)`), for a call's input compared with a plain hash: a
 * hidden property or a symbol is allowed unless it is an `asymmetricMatch`, the one way around
 * comparing keys that needs only one side (iterators, `Symbol.toStringTag`, DOM nodes, errors need
 * both). It spares each input the two lists of its own keys, which cost most in a long run.
 */

const MAX_DEPTH = 100;
const MAX_VALUES = 1_000_000;

// Seeds that keep values of different kinds apart in the hash.
const UNDEFINED = 0x2545f491;
const NULL = 0x6a09e667;
const TRUE = 0x3c6ef372;
const FALSE = 0x510e527f;
const ARRAY = 0x1f83d9ab;
const OBJECT = 0x5be0cd19;

/** The plain hash (`strict`) or the received hash: one per side per assertion, so a hash allocates nothing. */
export class PlainHasher {
  // How many more values the current hash may visit.
  private left = 0;

  constructor(private readonly strict: boolean) {}

  hash(value: unknown): number | undefined {
    this.left = MAX_VALUES;
    return this.hashOf(value, 0);
  }

  /** A hash of plain data (int32), or undefined for anything else (see the plain hash, above). */
  private hashOf(value: unknown, depth: number): number | undefined {
    if (--this.left < 0) return undefined;
    switch (typeof value) {
      case 'string':
        return stringHash(value);
      case 'number':
        // A 32-bit integer hashes by value (-0 as 0: they share a hash, and the runner's equality tells them apart), any other number by its text.
        return (value | 0) === value ? mix(value) : stringHash(String(value));
      case 'boolean':
        return value ? TRUE : FALSE;
      case 'undefined':
        return depth === 0 ? UNDEFINED : undefined;
      case 'object':
        break;
      default:
        return undefined;
    }
    if (value === null) return NULL;
    if (depth === MAX_DEPTH) return undefined;
    const prototype: unknown = Object.getPrototypeOf(value);
    if (Array.isArray(value)) {
      if (prototype !== Array.prototype && !(Array.isArray(prototype) && isObjectPrototype(Object.getPrototypeOf(prototype)))) return undefined;
      let hash = ARRAY ^ value.length;
      for (let index = 0; index < value.length; index++) {
        // An undefined item, or a hole (read as undefined), is where the runners differ: not plain.
        const item: unknown = value[index];
        const itemHash = item === undefined ? undefined : this.hashOf(item, depth + 1);
        if (itemHash === undefined) return undefined;
        hash = mix(hash ^ itemHash);
      }
      // Own keys: the indices, each enumerable, and `length`, nothing else.
      return this.strict ? (Object.keys(value).length === value.length && onlyTheseKeys(value, value.length + 1) ? hash : undefined) : withoutMatcher(value, hash);
    }
    if (prototype !== null && !isObjectPrototype(prototype)) return undefined;
    // A sum of the entries' hashes does not depend on their order.
    let hash = OBJECT;
    let enumerable = 0;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      enumerable++;
      const entry = (value as Record<string, unknown>)[key];
      if (entry === undefined) continue;
      const entryHash = this.hashOf(entry, depth + 1);
      if (entryHash === undefined) return undefined;
      hash = (hash + mix(stringHash(key) ^ Math.imul(entryHash, 0x27d4eb2d))) | 0;
    }
    return this.strict ? (onlyTheseKeys(value, enumerable) ? hash : undefined) : withoutMatcher(value, hash);
  }
}

/** `hash`, unless the value is an asymmetric matcher (an `asymmetricMatch` function of its own, hidden or not). */
function withoutMatcher(value: object, hash: number): number | undefined {
  return typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function' ? undefined : hash;
}

/**
 * Are the value's own keys the `count` the hash read, and no symbol? Rules out hidden properties and
 * symbols, which the runners read unevenly. Two lists, not `Reflect.ownKeys`: that is slower in V8.
 */
function onlyTheseKeys(value: object, count: number): boolean {
  return Object.getOwnPropertyNames(value).length === count && Object.getOwnPropertySymbols(value).length === 0;
}

/** Some realm's `Object.prototype` (not any root: one could carry an `asymmetricMatch` or an iterator). */
function isObjectPrototype(prototype: unknown): boolean {
  if (prototype === Object.prototype) return true;
  if (typeof prototype !== 'object' || prototype === null || Object.getPrototypeOf(prototype) !== null) return false;
  const { constructor } = prototype as { constructor?: unknown };
  return typeof constructor === 'function' && constructor.prototype === prototype && constructor.name === 'Object';
}

/** FNV-1a over the UTF-16 code units. */
function stringHash(text: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash;
}

/** A 32-bit finalizer (MurmurHash3's), so nearby integers spread over the hash. */
function mix(value: number): number {
  let hash = Math.imul(value ^ (value >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) | 0;
}
