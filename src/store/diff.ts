import { canonicalJson } from './keys.js';

/** Where in a value a difference is: object keys and array indexes from the top. */
export type DataPath = ReadonlyArray<string | number>;

/** One difference between two values: where, and the old and new value there (`undefined`: absent). */
export interface DataChange {
  path: DataPath;
  before: unknown;
  after: unknown;
}

/**
 * The differences between two JSON-like values, leaves first in document order: a changed
 * primitive, a key or item present on one side only, a value of another kind. At most `max`
 * (the rest are counted by the caller from what it asked for).
 */
export function dataChanges(before: unknown, after: unknown, max = 20): DataChange[] {
  const changes: DataChange[] = [];
  walk(before, after, [], changes, max);
  return changes;
}

function walk(before: unknown, after: unknown, at: Array<string | number>, changes: DataChange[], max: number): void {
  if (changes.length >= max) return;
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < Math.max(before.length, after.length); index++) walk(before[index], after[index], [...at, index], changes, max);
    return;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) walk(before[key], after[key], [...at, key], changes, max);
    return;
  }
  if (canonicalJson(before) !== canonicalJson(after)) changes.push({ path: at, before, after });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
