import type { MatcherContext } from '../matcherContext.js';

type Equals = MatcherContext['equals'];
type Tester = (this: unknown, a: unknown, b: unknown, customTesters: readonly unknown[]) => boolean | undefined;

/**
 * The runner's equality as `toEqual` uses it: its `equals` alone sees two `Map`s or `Set`s as empty
 * objects, so any two would match; `toEqual` adds a tester that compares them, and other
 * iterables, by content. This is that tester, built on the runner's own `equals`, so nested values,
 * asymmetric matchers and custom testers (`expect.addEqualityTesters`) still apply inside.
 */
export function equalityOf(ctx: MatcherContext): (a: unknown, b: unknown) => boolean {
  const testers = [...(ctx.customTesters ?? []), iterableTester(ctx.equals.bind(ctx))];
  return (a, b) => ctx.equals(a, b, testers);
}

function iterableTester(equals: Equals): Tester {
  return function iterableEquality(a, b, customTesters) {
    if (!isIterableObject(a) || !isIterableObject(b) || Array.isArray(a) || Array.isArray(b)) return undefined;
    if (a.constructor !== b.constructor) return false;
    const same = (x: unknown, y: unknown) => equals(x, y, customTesters);
    if (a instanceof Set && b instanceof Set) {
      if (a.size !== b.size) return false;
      for (const value of a) {
        if (b.has(value)) continue;
        let found = false;
        for (const other of b) {
          if (same(value, other)) {
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
      return true;
    }
    if (a instanceof Map && b instanceof Map) {
      if (a.size !== b.size) return false;
      for (const [key, value] of a) {
        if (b.has(key) && same(value, b.get(key))) continue;
        let found = false;
        for (const [otherKey, otherValue] of b) {
          if (same(key, otherKey) && same(value, otherValue)) {
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
      return true;
    }
    // Any other iterable: the same items in the same order.
    const left = a[Symbol.iterator]();
    for (const item of b) {
      const next = left.next();
      if (next.done || !same(next.value, item)) return false;
    }
    return left.next().done === true;
  };
}

function isIterableObject(value: unknown): value is object & Iterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
}
