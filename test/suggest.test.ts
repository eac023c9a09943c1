import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance } from '../src/suggest.js';

/** The textbook Levenshtein distance, by full recursion with memo: the reference. */
function levenshtein(a: string, b: string): number {
  const memo = new Map<string, number>();
  const go = (i: number, j: number): number => {
    if (i === 0) return j;
    if (j === 0) return i;
    const key = `${i},${j}`;
    let value = memo.get(key);
    if (value === undefined) {
      value = Math.min(go(i - 1, j) + 1, go(i, j - 1) + 1, go(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      memo.set(key, value);
    }
    return value;
  };
  return go(a.length, b.length);
}

describe('editDistance', () => {
  it('is the Levenshtein distance, capped at the limit', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_'), maxLength: 8 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 1, max: 10 }), (a, b, limit) => {
        expect(editDistance(a, b, limit)).toBe(Math.min(levenshtein(a, b), limit));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('didYouMean', () => {
  it('suggests the closest called name within one edit in three characters', () => {
    expect(didYouMean('serach_flights', ['book_flight', 'search_flights'])).toBe(' Did you mean "search_flights"?');
    expect(didYouMean('Search-Flights', ['search_flights'])).toBe(' Did you mean "search_flights"?');
    expect(didYouMean('log', ['lgo'])).toBe('');
    expect(didYouMean('c', ['a'])).toBe('');
    expect(didYouMean('weather', ['whether', 'weathers'])).toBe(' Did you mean "weathers"?');
  });
});
