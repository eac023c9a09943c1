import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expect as jestExpect } from 'expect';
import { EqualityClasses, differsAt, inputProbe } from '../../src/scoring/equalityClasses.js';
import { passes } from '../helpers/failureOf.js';

/** Whether the runner's `toEqual` takes `a` for `b`: the equality the classes must agree with. */
const runnerEquals = (a: unknown, b: unknown) => passes(() => expect(a).toEqual(b));

/** The classes two values get, in one table, with one tag. */
function classesOf(a: unknown, b: unknown, tag = 'search'): [number | undefined, number | undefined] {
  const classes = new EqualityClasses(2);
  return [classes.classOf(tag, a), classes.classOf(tag, b)];
}

// Plain data from a small alphabet, so that equal values come up often: numbers the runners
// compare with Object.is (0 and -0 differ, NaN equals NaN), objects built in a random key order,
// with undefined properties the runners ignore.
const leaf = fc.constantFrom<unknown>(0, -0, 1, 1.5, NaN, Infinity, 2 ** 40, '', 'x', '0', true, false, null);
const { value: plainValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc
    .array(fc.tuple(fc.constantFrom('a', 'b', 'c', '1'), fc.oneof(tie('value'), fc.constant(undefined))), { maxLength: 4 })
    .map((entries) => Object.fromEntries(entries)),
}));

/**
 * A copy of a value, mostly equal to it: object keys in another order, an undefined property
 * more, and now and then a leaf changed (0 and -0 swapped among them). `choose` draws the choices.
 */
function variantOf(value: unknown, choose: () => number): unknown {
  if (Array.isArray(value)) return value.map((item) => variantOf(item, choose));
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => [key, variantOf(item, choose)]);
    if (choose() % 2 === 0) entries.reverse();
    if (choose() % 4 === 0) entries.push(['extra', undefined]);
    return Object.fromEntries(entries);
  }
  const change = choose() % 12;
  if (change === 0) return Object.is(value, 0) ? -0 : Object.is(value, -0) ? 0 : value;
  return change === 1 ? 'x' : value;
}

describe('EqualityClasses', () => {
  it('gives two plain values the same class exactly when the runner calls them equal', () => {
    const pairs = fc.oneof(
      fc.tuple(plainValue, plainValue),
      fc.tuple(plainValue, fc.infiniteStream(fc.nat())).map(([value, choices]) => [value, variantOf(value, () => choices.next().value as number)] as const),
    );
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        const [classA, classB] = classesOf(a, b);
        expect(classA).not.toBe(undefined);
        expect(classB).not.toBe(undefined);
        expect(classA === classB).toBe(runnerEquals(a, b));
      }),
      { numRuns: 4000 },
    );
  });

  it('numbers classes 0, 1, 2, … in order of first sight, and keeps tags apart', () => {
    const classes = new EqualityClasses(1);
    expect(classes.classOf('search', { q: 'cats' })).toBe(0);
    expect(classes.classOf('search', { q: 'dogs' })).toBe(1);
    expect(classes.classOf('book', { q: 'cats' })).toBe(2);
    expect(classes.classOf('search', { q: 'cats', page: undefined })).toBe(0);
    expect(classes.classOf('book', { q: 'cats' })).toBe(2);
  });

  it('grows past the number of classes it was sized for', () => {
    const classes = new EqualityClasses(1);
    for (let n = 0; n < 5000; n++) expect(classes.classOf('search', { n })).toBe(n);
    for (let n = 4999; n >= 0; n--) expect(classes.classOf('search', JSON.parse(`{"n":${n}}`))).toBe(n);
  });

  it('agrees with the runner on the cases where plain data is easy to get wrong', () => {
    const cases: Array<[unknown, unknown]> = [
      [{ a: undefined }, {}],
      [{ a: 1, b: undefined }, { b: undefined, a: 1 }],
      [{ a: { b: undefined } }, { a: {} }],
      [0, -0],
      [{ n: 0 }, { n: -0 }],
      [NaN, NaN],
      [[1, 2], [2, 1]],
      [{}, []],
      [[], {}],
      ['1', 1],
      [null, {}],
      [undefined, undefined],
      [undefined, null],
      [undefined, {}],
      [Object.create(null), {}],
      [Object.assign(Object.create(null), { a: 1 }), { a: 1 }],
      // Objects and arrays made in another realm (Jest runs tests in a vm context).
      [runInNewContext('({ a: [1, { b: "x" }] })'), { a: [1, { b: 'x' }] }],
      [runInNewContext('[1, 2]'), [1, 2]],
    ];
    for (const [a, b] of cases) {
      const [classA, classB] = classesOf(a, b);
      expect([a, b, classA !== undefined && classB !== undefined]).toEqual([a, b, true]);
      expect([a, b, classA === classB]).toEqual([a, b, runnerEquals(a, b)]);
    }
  });

  it('gives no class to a value that is not plain data, or that holds one', () => {
    const symbolKeyed = { a: 1, [Symbol('s')]: 1 };
    const hidden = Object.defineProperty({ a: 1 }, 'b', { value: 2, enumerable: false });
    const extraOnArray = Object.assign([1], { note: 'x' });
    const hiddenIndex = Object.defineProperty([1, 2], 0, { value: 1, enumerable: false });
    class Point {
      constructor(readonly x: number) {}
    }
    class List extends Array {}
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    let deep: unknown = 1;
    for (let depth = 0; depth < 200; depth++) deep = { deep };
    const tagged = Object.create(Object.create(null, { [Symbol.toStringTag]: { value: 'Tag' } })) as object;
    const notPlain: unknown[] = [
      [1, undefined],
      [undefined],
      // eslint-disable-next-line no-sparse-arrays
      [1, , 3],
      { a: [undefined] },
      symbolKeyed,
      hidden,
      extraOnArray,
      hiddenIndex,
      new Point(1),
      List.from([1]),
      new Date(0),
      new Map([[1, 2]]),
      new Set([1]),
      /x/,
      new String('x'),
      expect.anything(),
      { q: expect.any(String) },
      () => 1,
      1n,
      Symbol('s'),
      cyclic,
      deep,
      tagged,
    ];
    for (const value of notPlain) expect([value, new EqualityClasses(1).classOf('search', value)]).toEqual([value, undefined]);
  });

  it('leaves out symbol keys and hidden properties because the runner reads them in ways no class could follow', () => {
    // A symbol key counts for the runner, which no plain key would see.
    expect(runnerEquals({ a: 1, [Symbol('s')]: 1 }, { a: 1 })).toBe(false);
    // A hidden property of the expected value is read by name, so this is equal one way only.
    const hidden = Object.defineProperty({ b: 2 }, 'a', { value: 1, enumerable: false });
    expect([runnerEquals({ a: 1 }, hidden), runnerEquals(hidden, { a: 1 })]).toEqual([true, false]);
  });
});

describe('inputProbe and differsAt', () => {
  /** Jest's `toEqual` as well: the probe rules a call out only where both runners would. */
  const jestEquals = (a: unknown, b: unknown) => passes(() => jestExpect(a).toEqual(b));
  /** Call inputs that are not plain data, each made to look like a plain one at the probed key. */
  class Point {
    constructor(readonly a: unknown) {}
  }
  const inOtherRealm = runInNewContext('(value) => ({ a: value })') as (value: unknown) => unknown;
  const oddInputs = (a: unknown): unknown[] => [
    new Point(a),
    { a, asymmetricMatch: () => true },
    Object.create(null, { a: { value: a, enumerable: true } }),
    inOtherRealm(a),
    { a: expect.anything() },
    { b: expect.anything() },
    { a: new String(String(a)) },
    [a],
  ];

  it('rules a call out only when both runners call the inputs unequal', () => {
    const objects = fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(plainValue, fc.constant(undefined)), { minKeys: 1 });
    let ruledOut = 0;
    fc.assert(
      fc.property(objects, objects, (a, b) => {
        const probe = inputProbe(b) ?? null;
        for (const input of [a, ...oddInputs(a.a)]) {
          if (!differsAt(probe, input)) continue;
          ruledOut++;
          expect([input, b, runnerEquals(input, b), jestEquals(input, b)]).toEqual([input, b, false, false]);
        }
      }),
      { numRuns: 2000 },
    );
    // The property says something only if the probe ruled calls out.
    expect(ruledOut).toBeGreaterThan(50);
  });

  it('probes a plain-data object by its first primitive field, and nothing else', () => {
    expect(inputProbe({ q: { deep: 1 }, n: 2, s: 'x' })).toEqual({ key: 'n', value: 2 });
    expect(inputProbe({ n: null })).toEqual({ key: 'n', value: null });
    for (const none of [{ q: {} }, { n: expect.any(Number) }, { n: 1, when: new Date(0) }, [1], 'x', 1, null, undefined, new Point(1), expect.objectContaining({ n: 1 })]) {
      expect([none, inputProbe(none)]).toEqual([none, undefined]);
    }
  });

  it('rules out a call whose own field holds another primitive, and leaves the rest to the runner', () => {
    const probe = inputProbe({ city: 'Paris', days: 3 })!;
    expect(differsAt(probe, { city: 'Rome', days: 3 })).toBe(true);
    expect(differsAt(probe, { city: null })).toBe(true);
    // Equal at the key, missing, not plain, or an asymmetric matcher in its place: compared in full.
    for (const input of [{ city: 'Paris' }, { days: 3 }, { city: expect.any(String) }, ...oddInputs('Rome'), 'Rome', null]) {
      expect([input, differsAt(probe, input)]).toEqual([input, false]);
    }
    expect(differsAt(null, { city: 'Rome' })).toBe(false);
  });
});
