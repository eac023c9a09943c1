import type { MatcherContext } from '../matcherContext.js';

type Equals = MatcherContext['equals'];
type Tester = (this: unknown, a: unknown, b: unknown, customTesters: readonly unknown[]) => boolean | undefined;

/**
 * The runner's equality as `toEqual` uses it: `equals` alone sees any two `Map`s or `Set`s as equal
 * empty objects, so this adds `toEqual`'s iterable tester, built on the runner's own `equals`.
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
    if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((value) => b.has(value) || some(b, (other) => same(value, other)));
    if (a instanceof Map && b instanceof Map) {
      return a.size === b.size && [...a].every(([key, value]) => (b.has(key) && same(value, b.get(key))) || some(b, ([otherKey, otherValue]: [unknown, unknown]) => same(key, otherKey) && same(value, otherValue)));
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

function some<T>(values: Iterable<T>, test: (value: T) => boolean): boolean {
  for (const value of values) if (test(value)) return true;
  return false;
}

function isIterableObject(value: unknown): value is object & Iterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
}
