/**
 * Equal values, found without comparing every pair: an `EqualityClasses` numbers the values it is
 * shown, so that two plain-data values with the same tag (a tool's name) get the same number
 * exactly when the runner's `equals` with no custom equality tester (what `toEqual` uses, in
 * Vitest 3.2+ and Jest 29+) calls them equal. A value that is not plain data gets no number: the
 * runner must compare it.
 *
 * Plain data, and how both runners compare it (which `plainEqual` reproduces):
 * - strings, booleans, null and numbers, with `Object.is`: NaN equals NaN, 0 and -0 differ;
 * - objects whose prototype is an `Object.prototype` (of any realm: Jest runs tests in a vm
 *   context) or null, whose own keys are all enumerable strings: by their keys whose value is not
 *   undefined, in any order (`{ a: undefined }` equals `{}`);
 * - arrays (of any realm, not subclassed) item by item, with no hole, no undefined item and no
 *   property besides their indices: an undefined item or a hole is where the runners differ
 *   (Jest's `toEqual` takes `[1, undefined]` for `[1]`, Vitest's does not), so such an array is
 *   not plain data, nor is any value holding one;
 * - undefined itself, as the whole value (an object's undefined property is ignored, above).
 * Anything else (a Date, Map, Set, class instance, asymmetric matcher, function, bigint, symbol)
 * is not, nor is a value nested deeper than MAX_DEPTH (a cycle among them) or made of more than
 * MAX_VALUES values: the work stays linear in the values' size, whatever they hold.
 *
 * Each value is hashed (equal values hash alike: object keys are combined in an order-free way,
 * undefined properties skipped) and compared with `plainEqual` only against the values already
 * numbered under its hash and tag, usually none or one: time linear in the values' total size,
 * memory one entry per distinct value. No string is built per value: hashing a serialized copy of
 * each value costs more than the whole comparison (bench/RESULTS.md, issue 31).
 */
export class EqualityClasses {
  private readonly tags = new Map<string, number>();
  private lastTag: string | undefined = undefined;
  private lastTagNumber = 0;
  // Each class's hash (of value and tag), tag number and first value.
  private hashes: Int32Array;
  private tagOf: Int32Array;
  private readonly valueOf: unknown[] = [];
  // An open-addressing table of class numbers + 1 (0: empty), by hash, at most half full: small
  // (4 bytes a slot) to stay in the processor's cache.
  private table: Int32Array;
  private readonly budget = { left: 0 };

  /** `expected`: about how many classes there will be (the lists and the table grow past it, but sized right they never have to). */
  constructor(expected: number) {
    const places = Math.max(expected, 16);
    this.hashes = new Int32Array(places);
    this.tagOf = new Int32Array(places);
    this.table = new Int32Array(2 * 2 ** Math.ceil(Math.log2(places)));
  }

  /** The number of the value's class among values with this tag (0, 1, 2, … in order of first sight), or undefined when it is not plain data. */
  classOf(tag: string, value: unknown): number | undefined {
    this.budget.left = MAX_VALUES;
    const valueHash = hashOf(value, 0, this.budget);
    if (valueHash === undefined) return undefined;
    // Calls come in runs of a few names: the last one is usually the same string.
    if (tag !== this.lastTag) {
      let number = this.tags.get(tag);
      if (number === undefined) this.tags.set(tag, (number = this.tags.size));
      this.lastTag = tag;
      this.lastTagNumber = number;
    }
    const tagNumber = this.lastTagNumber;
    const hash = mix(valueHash ^ Math.imul(tagNumber, 0x9e3779b1));
    const { table, hashes, tagOf, valueOf } = this;
    const mask = table.length - 1;
    let slot = hash & mask;
    for (let entry = table[slot]!; entry !== 0; slot = (slot + 1) & mask, entry = table[slot]!) {
      const known = entry - 1;
      if (hashes[known] === hash && tagOf[known] === tagNumber && plainEqual(valueOf[known], value)) return known;
    }
    const known = valueOf.length;
    valueOf.push(value);
    if (known === hashes.length) this.growLists();
    this.hashes[known] = hash;
    this.tagOf[known] = tagNumber;
    table[slot] = known + 1;
    // At most half full, so that probes stay short.
    if (2 * valueOf.length > table.length) this.growTable();
    return known;
  }

  private growLists(): void {
    const { hashes, tagOf } = this;
    this.hashes = new Int32Array(hashes.length * 2);
    this.hashes.set(hashes);
    this.tagOf = new Int32Array(tagOf.length * 2);
    this.tagOf.set(tagOf);
  }

  /** Doubles the table, and places the classes in it again. */
  private growTable(): void {
    const table = (this.table = new Int32Array(this.table.length * 2));
    const mask = table.length - 1;
    for (let known = 0; known < this.valueOf.length; known++) {
      let slot = this.hashes[known]! & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = known + 1;
    }
  }
}

/**
 * One field of an expected input that is plain data (above) and an object: a key whose value is a
 * string, number, boolean or null. A call's input that is an object of plain prototype, with no
 * `asymmetricMatch` of its own, whose own value at that key is another such primitive, is unequal
 * to it under both runners' `equals` with no custom tester: they compare the values of every key
 * both define, primitives with `Object.is`. So most calls of a name are ruled out by one property
 * read, and only the rest are compared in full. (A missing key rules nothing out: an asymmetric
 * matcher in the call's input could stand in for it.)
 */
export interface InputProbe {
  key: string;
  value: string | number | boolean | null;
}

/** The probe of an expected input, or undefined when it has none (not a plain-data object, no primitive field). */
export function inputProbe(expected: unknown): InputProbe | undefined {
  if (typeof expected !== 'object' || expected === null || Array.isArray(expected)) return undefined;
  if (hashOf(expected, 0, { left: MAX_VALUES }) === undefined) return undefined;
  for (const key in expected) {
    const value = (expected as Record<string, unknown>)[key];
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { key, value };
  }
  return undefined;
}

/** True when the call's input surely differs from the probe's expected input (see InputProbe); false when it must be compared. */
export function differsAt(probe: InputProbe | null, input: unknown): boolean {
  if (probe === null || typeof input !== 'object' || input === null || !Object.hasOwn(input, probe.key)) return false;
  const prototype: unknown = Object.getPrototypeOf(input);
  if ((prototype !== Object.prototype && prototype !== null) || typeof (input as { asymmetricMatch?: unknown }).asymmetricMatch === 'function') return false;
  const value = (input as Record<string, unknown>)[probe.key];
  return (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') && !Object.is(value, probe.value);
}

const MAX_DEPTH = 100;
const MAX_VALUES = 1_000_000;

// Seeds that keep values of different kinds apart in the hash.
const UNDEFINED = 0x2545f491;
const NULL = 0x6a09e667;
const TRUE = 0x3c6ef372;
const FALSE = 0x510e527f;
const ARRAY = 0x1f83d9ab;
const OBJECT = 0x5be0cd19;

/** A hash of plain data (int32), or undefined for anything else (see above). */
function hashOf(value: unknown, depth: number, budget: { left: number }): number | undefined {
  if (--budget.left < 0) return undefined;
  switch (typeof value) {
    case 'string':
      return stringHash(value);
    case 'number':
      // A 32-bit integer hashes by value (-0 as 0: they share a hash, and plainEqual tells them apart), any other number by its text.
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
  if (Array.isArray(value)) {
    if (!isPlainArray(value)) return undefined;
    let hash = ARRAY ^ value.length;
    for (let index = 0; index < value.length; index++) {
      const itemHash = hashOf(value[index], depth + 1, budget);
      if (itemHash === undefined) return undefined;
      hash = mix(hash ^ itemHash);
    }
    return hash;
  }
  if (!isPlainObject(value)) return undefined;
  // A sum of the entries' hashes does not depend on their order.
  let hash = OBJECT;
  let enumerable = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    enumerable++;
    const entry = (value as Record<string, unknown>)[key];
    if (entry === undefined) continue;
    const entryHash = hashOf(entry, depth + 1, budget);
    if (entryHash === undefined) return undefined;
    hash = (hash + mix(stringHash(key) ^ Math.imul(entryHash, 0x27d4eb2d))) | 0;
  }
  // Every own key is an enumerable string (no symbol, no hidden property, which the runners read
  // unevenly): the own keys, strings and symbols, are just the ones counted (one list, not two).
  return Reflect.ownKeys(value).length === enumerable ? hash : undefined;
}

/**
 * Equality of two plain-data values as both runners' `equals` decides it (see above). Both have a
 * hash, so both are plain data, bounded in depth.
 */
function plainEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!plainEqual(a[index], b[index])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let defined = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key) || left[key] === undefined) continue;
    if (!Object.hasOwn(right, key) || right[key] === undefined || !plainEqual(left[key], right[key])) return false;
    defined++;
  }
  for (const key in right) if (Object.hasOwn(right, key) && right[key] !== undefined) defined--;
  return defined === 0;
}

/**
 * An array the runners compare as a list: its prototype is an `Array.prototype` (not a subclass's),
 * and its own keys are its enumerable indices and `length`, nothing else (no hole, no extra or
 * symbol property). Own keys list integer keys first, ascending, so `length` enumerable keys ending
 * with the last index are exactly the indices, and one more own key is `length`.
 */
function isPlainArray(array: readonly unknown[]): boolean {
  const prototype: unknown = Object.getPrototypeOf(array);
  if (prototype !== Array.prototype && !(Array.isArray(prototype) && isObjectPrototype(Object.getPrototypeOf(prototype)))) return false;
  const { length } = array;
  const keys = Object.keys(array);
  return keys.length === length && (length === 0 || keys[length - 1] === String(length - 1)) && Reflect.ownKeys(array).length === length + 1;
}

/** An object of plain prototype: null or an `Object.prototype` (its keys are checked above). */
function isPlainObject(object: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(object);
  return prototype === null || isObjectPrototype(prototype);
}

/**
 * This realm's `Object.prototype`, or another realm's: the root of its chain, whose constructor is
 * that realm's `Object`. (Not any root: a prototype could carry an `asymmetricMatch` or an iterator
 * that the runners would use.)
 */
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
