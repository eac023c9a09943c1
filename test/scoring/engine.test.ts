import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstSequenceMismatch, matchInOrder, matchUnordered } from '../../src/scoring/engine.js';
import type { UnorderedResult } from '../../src/scoring/engine.js';

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

/** The largest number of items that can each get a distinct call they fit (brute force). */
function largestAssignment(table: boolean[][], items: number, item = 0, used = new Set<number>()): number {
  if (item === items) return 0;
  let best = largestAssignment(table, items, item + 1, used);
  for (let call = 0; call < table.length; call++) {
    if (used.has(call) || !table[call]![item]) continue;
    used.add(call);
    best = Math.max(best, 1 + largestAssignment(table, items, item + 1, used));
    used.delete(call);
  }
  return best;
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

  it.each(['items', 'calls'] as const)('matchUnordered covering %s passes exactly when some assignment covers them, and reports a valid one', (cover) => {
    fc.assert(
      fc.property(fitsTable, ({ calls, items, table }) => {
        const matches = (call: number, item: number) => table[call]![item]!;
        const { pass, callOfItem, itemOfCall } = matchUnordered(calls, items, matches, undefined, cover);
        expect(pass).toBe(largestAssignment(table, items) === (cover === 'items' ? items : calls));
        callOfItem.forEach((call, item) => {
          if (call === -1) return;
          expect(matches(call, item)).toBe(true);
          expect(itemOfCall[call]).toBe(item);
        });
        // Passing, what it covers has a partner each.
        if (pass) expect([...(cover === 'items' ? callOfItem : itemOfCall)]).not.toContain(-1);
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

  // Calls with names, and items that are plain names, a name with a further condition (a random
  // table), or anything (no name known): the grouped search must find a maximum matching too.
  const namedCase = fc
    .tuple(fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 6 }), fc.integer({ min: 0, max: 6 }))
    .chain(([callNames, items]) =>
      fc.record({
        callNames: fc.constant(callNames),
        items: fc.array(
          fc.record({ name: fc.constantFrom('a', 'b', 'c', undefined), plain: fc.boolean(), fits: fc.array(fc.boolean(), { minLength: callNames.length, maxLength: callNames.length }) }),
          { minLength: items, maxLength: items },
        ),
      }),
    );

  it('matchUnordered with names finds a maximum matching, and asks the predicate only about same-name pairs that are not plain', () => {
    fc.assert(
      fc.property(namedCase, ({ callNames, items }) => {
        const plain = (item: number) => items[item]!.plain && items[item]!.name !== undefined;
        const fits = (call: number, item: number) => {
          const { name, fits: table } = items[item]!;
          return (name === undefined || name === callNames[call]) && (plain(item) || table[call]!);
        };
        const asked: Array<[number, number]> = [];
        const { pass, callOfItem, itemOfCall } = matchUnordered(
          callNames.length,
          items.length,
          (call, item) => {
            asked.push([call, item]);
            return fits(call, item);
          },
          { callName: (call) => callNames[call]!, itemName: (item) => items[item]!.name, isPlain: plain },
        );
        expectMaximumMatching({ pass, callOfItem, itemOfCall }, callNames.length, items.length, fits, asked);
        for (const [call, item] of asked) {
          expect(plain(item)).toBe(false);
          if (items[item]!.name !== undefined) expect(callNames[call]).toBe(items[item]!.name);
        }
      }),
      { numRuns: 2000 },
    );
  });

  // Keys too: calls carry a key (a name with a value) or none, and items are plain names, keyed
  // (fitting exactly the calls with their key), a name with a further condition, or anything. The
  // engine must still find a maximum matching, and never ask about a plain or keyed item.
  const keyedCase = fc
    .tuple(fc.array(fc.tuple(fc.constantFrom(0, 1, 2), fc.constantFrom(0, 1, undefined)), { maxLength: 7 }), fc.integer({ min: 0, max: 7 }))
    .chain(([calls, items]) =>
      fc.record({
        calls: fc.constant(calls),
        items: fc.array(
          fc.record({
            kind: fc.constantFrom('plain', 'keyed', 'keyed', 'predicate', 'any'),
            name: fc.constantFrom(0, 1, 2),
            value: fc.constantFrom(0, 1, 2),
            fits: fc.array(fc.boolean(), { minLength: calls.length, maxLength: calls.length }),
          }),
          { minLength: items, maxLength: items },
        ),
      }),
    );

  it('matchUnordered with keys finds a maximum matching, and asks the predicate only about items with neither a plain name nor a key', () => {
    fc.assert(
      fc.property(keyedCase, ({ calls, items }) => {
        const keyOf = (name: number, value: number) => name * 3 + value;
        const callKey = (call: number) => (calls[call]![1] === undefined ? -1 : keyOf(calls[call]![0], calls[call]![1]));
        const itemKey = (item: number) => (items[item]!.kind === 'keyed' ? keyOf(items[item]!.name, items[item]!.value) : -1);
        const fits = (call: number, item: number) => {
          const { kind, name, fits: table } = items[item]!;
          if (kind === 'keyed') return callKey(call) === itemKey(item);
          if (kind === 'any') return table[call]!;
          return calls[call]![0] === name && (kind === 'plain' || table[call]!);
        };
        const asked: Array<[number, number]> = [];
        const { pass, callOfItem, itemOfCall } = matchUnordered(
          calls.length,
          items.length,
          (call, item) => {
            asked.push([call, item]);
            return fits(call, item);
          },
          {
            callName: (call) => `tool-${calls[call]![0]}`,
            itemName: (item) => (items[item]!.kind === 'any' ? undefined : `tool-${items[item]!.name}`),
            isPlain: (item) => items[item]!.kind === 'plain',
            callKey,
            itemKey,
          },
        );
        expectMaximumMatching({ pass, callOfItem, itemOfCall }, calls.length, items.length, fits, asked);
        for (const [call, item] of asked) {
          expect(['predicate', 'any']).toContain(items[item]!.kind);
          if (items[item]!.kind === 'predicate') expect(calls[call]![0]).toBe(items[item]!.name);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('matchUnordered places a long list of keyed items without asking, and reports the one left over', () => {
    const count = 50_000;
    // Every key twice among the calls, in reverse order among the items, and one item with a key no call has.
    const callKeys = Array.from({ length: count }, (_, call) => call >> 1);
    const itemKeys = [...callKeys].reverse();
    itemKeys[0] = count;
    const { pass, callOfItem, itemOfCall } = matchUnordered(
      count,
      count,
      () => {
        throw new Error('asked');
      },
      { callName: () => 'search', itemName: () => 'search', isPlain: () => false, callKey: (call) => callKeys[call]!, itemKey: (item) => itemKeys[item]! },
    );
    expect(pass).toBe(false);
    expect(callOfItem.indexOf(-1)).toBe(0);
    expect(callOfItem.lastIndexOf(-1)).toBe(0);
    expect(itemOfCall.indexOf(-1)).toBe(count - 1);
    expect(itemOfCall.lastIndexOf(-1)).toBe(count - 1);
  });
});

/** The size of a maximum matching, by trying every choice for each item (a call or none). */
/**
 * The engine's answer against brute force: it passes exactly when a perfect assignment exists, it
 * places as many items as a maximum matching can, every pair it placed fits, and it asked about no
 * pair twice.
 */
function expectMaximumMatching(
  { pass, callOfItem, itemOfCall }: UnorderedResult,
  callCount: number,
  itemCount: number,
  fits: (call: number, item: number) => boolean,
  asked: ReadonlyArray<[number, number]>,
): void {
  const table = Array.from({ length: callCount }, (_, call) => Array.from({ length: itemCount }, (_, item) => fits(call, item)));
  expect(pass).toBe(somePerfectAssignment(table, itemCount));
  expect(callOfItem.filter((call) => call !== -1).length).toBe(maximumMatching(table, itemCount));
  callOfItem.forEach((call, item) => {
    if (call === -1) return;
    expect(fits(call, item)).toBe(true);
    expect(itemOfCall[call]).toBe(item);
  });
  expect(new Set(asked.map(([call, item]) => `${call}/${item}`)).size).toBe(asked.length);
}

function maximumMatching(table: boolean[][], items: number, item = 0, used = new Set<number>()): number {
  if (item === items) return 0;
  let best = maximumMatching(table, items, item + 1, used);
  for (let call = 0; call < table.length; call++) {
    if (used.has(call) || !table[call]![item]) continue;
    used.add(call);
    best = Math.max(best, 1 + maximumMatching(table, items, item + 1, used));
    used.delete(call);
  }
  return best;
}
