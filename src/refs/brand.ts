/**
 * Marks the values this package hands out (`toolRefs` references, `parallel` groups, `turn` and
 * `within` views, trajectories) with a registered symbol, not `instanceof`: a project can load the package twice
 * (the ESM entry in a test, the CommonJS setup file for Jest), and each copy has its own classes.
 */
export type Brand = 'tool-ref' | 'parallel-group' | 'run-view' | 'trajectory';

const key = Symbol.for('tool-call-accuracy.kind');

/** Marks `value` as a `brand`, without an enumerable key (so equality and printing ignore it). */
export function brand<T extends object>(value: T, kind: Brand): T {
  Object.defineProperty(value, key, { value: kind });
  return value;
}

export function hasBrand(value: unknown, kind: Brand): boolean {
  try {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[key] === kind;
  } catch {
    return false;
  }
}
