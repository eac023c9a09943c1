import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstSequenceMismatch, matchInOrder, matchUnordered } from '../../src/scoring/engine.js';

/** A random "does call c fit item i" table: the engine must work for any predicate, not only names. */
const fitsTable = fc
  .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }))
  .chain(([calls, items]) =>
    fc.array(fc.array(fc.boolean(), { minLength: items, maxLength: items }), { minLength: calls, maxLength: calls }).map((table) => ({ calls, items, table })),
  );

// Brute-force references: try every assignment.
function someInOrderAssignment(table: boolean[][], items: number, item = 0, after = -1): boolean {
  if (item === items) return true;
  for (let call = after + 1; call < table.length; call++) {
    if (table[call]![item] && someInOrderAssignment(table, items, item + 1, call)) return true;
  }
  return false;
}

function somePerfectAssignment(table: boolean[][], items: number, item = 0, used = new Set<number>()): boolean {
  if (table.length !== items) return false;
  if (item === items) return true;
  for (let call = 0; call < table.length; call++) {
    if (used.has(call) || !table[call]![item]) continue;
    used.add(call);
    if (somePerfectAssignment(table, items, item + 1, used)) return true;
    used.delete(call);
  }
  return false;
}

describe('matching engine', () => {
  it('matchInOrder finds an in-order assignment exactly when one exists, and the one it reports is valid', () => {
    fc.assert(
      fc.property(fitsTable, ({ calls, items, table }) => {
        const matches = (call: number, item: number) => table[call]![item]!;
        const matched: number[] = [];
        const failedItem = matchInOrder(calls, items, matches, matched);
        expect(failedItem === -1).toBe(someInOrderAssignment(table, items));
        matched.forEach((call, item) => {
          expect(matches(call, item)).toBe(true);
          if (item > 0) expect(call).toBeGreaterThan(matched[item - 1]!);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('matchUnordered finds a perfect matching exactly when one exists, and the one it reports is valid', () => {
    fc.assert(
      fc.property(fitsTable, ({ calls, items, table }) => {
        const matches = (call: number, item: number) => table[call]![item]!;
        const { pass, callOfItem, itemOfCall } = matchUnordered(calls, items, matches);
        expect(pass).toBe(somePerfectAssignment(table, items));
        callOfItem.forEach((call, item) => {
          if (call === -1) return;
          expect(matches(call, item)).toBe(true);
          expect(itemOfCall[call]).toBe(item);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('firstSequenceMismatch is -1 only for an exact position-by-position match', () => {
    fc.assert(
      fc.property(fitsTable, ({ calls, items, table }) => {
        const matches = (call: number, item: number) => table[call]![item]!;
        const exact = calls === items && table.every((row, index) => row[index]);
        expect(firstSequenceMismatch(calls, items, matches) === -1).toBe(exact);
      }),
      { numRuns: 2000 },
    );
  });

  it('matchUnordered compares each call and item at most once', () => {
    let comparisons = 0;
    matchUnordered(30, 30, () => {
      comparisons++;
      return true;
    });
    expect(comparisons).toBeLessThanOrEqual(30 * 30);
  });
});
