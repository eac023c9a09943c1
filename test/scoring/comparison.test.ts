import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callLookup, callMatches, comparisonOf, inputEquality } from '../../src/scoring/comparison.js';
import { matchUnordered, type Cover } from '../../src/scoring/engine.js';
import { findRepeats } from '../../src/scoring/outcomes.js';
import { standaloneContext } from '../../src/matchers/standalone.js';
import type { ExpectedCall } from '../../src/scoring/expectedCall.js';
import type { ToolCall } from '../../src/types.js';

// Without custom testers, calls are looked up by name and by the hash of a plain-data input, and the
// runner's equality decides among those. The narrowing must give the verdicts that comparing every
// pair gives: checked against the same comparison with a custom tester registered, which takes no
// side, so that every pair goes through the equality.
// (The standalone context registers Jest's iterable tester as a custom one, which would turn the
// narrowing off: this one has none, as in a test that adds no tester.)
const compare = comparisonOf({ ...standaloneContext(false), customTesters: [] });
const everyPair = comparisonOf({ ...standaloneContext(false), customTesters: [() => undefined] });

// Besides plain data, values with what a call's input is hashed past (its hash only checks it for an
// `asymmetricMatch`): a hidden property, a symbol, a hidden `asymmetricMatch` that fits anything.
const hidden = <T extends object>(made: T, key: PropertyKey, hiddenValue: unknown): T => Object.defineProperty(made, key, { value: hiddenValue });
const value = fc.constantFrom<unknown>(
  { q: 'cats' },
  { q: 'cats', page: undefined },
  { page: 1, q: 'cats' },
  { q: 'dogs' },
  ['a', 'b'],
  ['b', 'a'],
  0,
  -0,
  Number.NaN,
  null,
  'cats',
  hidden({ q: 'cats' }, 'page', 2),
  hidden(['a', 'b'], 'extra', 1),
  { q: 'cats', [Symbol('s')]: 1 },
  hidden({ q: 'dogs' }, Symbol.iterator, function* () {}),
  hidden({ q: 'cats' }, Symbol.iterator, function* () {}),
  hidden({ q: 'dogs' }, 'asymmetricMatch', () => true),
  hidden(['b', 'a'], 'asymmetricMatch', () => true),
  Object.assign(Object.create(null) as object, { q: 'cats' }),
);
const call = fc.record({ toolName: fc.constantFrom('search', 'book'), input: value }).map((made) => made as ToolCall);
const calls = fc.array(call, { maxLength: 24 });
const item = fc.oneof(
  fc.constantFrom('search', 'book').map((toolName): ExpectedCall => ({ toolName, input: undefined, hasInput: false })),
  fc.record({ toolName: fc.constantFrom('search', 'book'), input: value }).map(({ toolName, input }): ExpectedCall => ({ toolName, input, hasInput: true })),
);

describe('looking calls up by name and input hash agrees with the runner’s equality', () => {
  it('an unordered match, each way of covering', () => {
    fc.assert(
      fc.property(calls, fc.array(item, { maxLength: 24 }), fc.constantFrom<Cover>('both', 'items', 'calls'), (made, items, cover) => {
        const { matches, candidates } = callLookup(compare, made, items);
        const fast = matchUnordered(made.length, items.length, matches, candidates, cover);
        const slow = matchUnordered(made.length, items.length, callMatches(everyPair, made, items), undefined, cover);
        expect(fast.pass).toBe(slow.pass);
        expect(fast.callOfItem).toEqual(slow.callOfItem);
      }),
      { numRuns: 300 },
    );
  });

  it('narrows: without custom testers the hash is used', () => {
    expect(compare.byIdentity).toBe(true);
    expect(everyPair.byIdentity).toBe(false);
  });

  it('repeats of any earlier call', () => {
    fc.assert(
      fc.property(calls, (made) => {
        expect(findRepeats(made, false, inputEquality(compare, made))).toEqual(findRepeats(made, false, inputEquality(everyPair, made)));
      }),
      { numRuns: 300 },
    );
  });
});
