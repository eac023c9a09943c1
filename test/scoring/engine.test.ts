import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstSequenceMismatch, matchInOrder, matchUnordered } from '../../src/scoring/engine.js';
import type { Candidates, UnorderedResult } from '../../src/scoring/engine.js';

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

  it('matchUnordered compares a list where everything fits once per item', () => {
    let comparisons = 0;
    matchUnordered(30, 30, () => {
      comparisons++;
      return true;
    });
    expect(comparisons).toBe(30);
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
          namedCandidates(callNames, (item) => items[item]!.name, plain),
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

  // Narrowed lists too: calls carry a value (or none), and items are plain names, a name with a
  // value (whose candidates are the calls with that value or none, as an input's hash narrows), a
  // name with a further condition, or anything. The engine must still find a maximum matching, and
  // ask only about an item's candidates, never about a plain item.
  const narrowedCase = fc
    .tuple(fc.array(fc.tuple(fc.constantFrom(0, 1, 2), fc.constantFrom(0, 1, undefined)), { maxLength: 7 }), fc.integer({ min: 0, max: 7 }))
    .chain(([calls, items]) =>
      fc.record({
        calls: fc.constant(calls),
        items: fc.array(
          fc.record({
            kind: fc.constantFrom('plain', 'valued', 'valued', 'predicate', 'any'),
            name: fc.constantFrom(0, 1, 2),
            value: fc.constantFrom(0, 1, 2),
            fits: fc.array(fc.boolean(), { minLength: calls.length, maxLength: calls.length }),
          }),
          { minLength: items, maxLength: items },
        ),
      }),
    );

  it('matchUnordered over narrowed candidates finds a maximum matching, and asks only about candidates of items that are not plain', () => {
    fc.assert(
      fc.property(narrowedCase, ({ calls, items }) => {
        const candidate = (call: number, item: number) => {
          const { kind, name, value } = items[item]!;
          if (kind === 'any') return true;
          if (calls[call]![0] !== name) return false;
          return kind !== 'valued' || calls[call]![1] === undefined || calls[call]![1] === value;
        };
        const fits = (call: number, item: number) => {
          const { kind, value, fits: table } = items[item]!;
          if (!candidate(call, item)) return false;
          if (kind === 'valued') return calls[call]![1] === value || (calls[call]![1] === undefined && table[call]!);
          return kind === 'plain' || table[call]!;
        };
        // One list object per kind of candidates, as the matchers share a name's list.
        const shared = new Map<string, number[]>();
        const listOf = (item: number) => {
          const { kind, name, value } = items[item]!;
          const id = kind === 'any' ? 'any' : kind === 'valued' ? `${name}=${value}` : `${name}`;
          let list = shared.get(id);
          if (!list) shared.set(id, (list = calls.map((_, call) => call).filter((call) => candidate(call, item))));
          return list;
        };
        const asked: Array<[number, number]> = [];
        const { pass, callOfItem, itemOfCall } = matchUnordered(
          calls.length,
          items.length,
          (call, item) => {
            asked.push([call, item]);
            return fits(call, item);
          },
          { of: listOf, isPlain: (item) => items[item]!.kind === 'plain' },
        );
        expectMaximumMatching({ pass, callOfItem, itemOfCall }, calls.length, items.length, fits, asked);
        for (const [call, item] of asked) {
          expect(items[item]!.kind).not.toBe('plain');
          expect(candidate(call, item)).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('matchUnordered places a long list of items with one candidate each in linear time, and reports the one left over', () => {
    const count = 50_000;
    // Every value twice among the calls, in reverse order among the items, and one item with a value no call has.
    const callValues = Array.from({ length: count }, (_, call) => call >> 1);
    const itemValues = [...callValues].reverse();
    itemValues[0] = count;
    const byValue = new Map<number, number[]>();
    callValues.forEach((value, call) => (byValue.get(value) ?? byValue.set(value, []).get(value)!).push(call));
    let asked = 0;
    const { pass, callOfItem, itemOfCall } = matchUnordered(
      count,
      count,
      (call, item) => {
        asked++;
        return callValues[call] === itemValues[item];
      },
      { of: (item) => byValue.get(itemValues[item]!) ?? [], isPlain: () => false },
    );
    expect(pass).toBe(false);
    expect(asked).toBeLessThanOrEqual(2 * count);
    expect(callOfItem.indexOf(-1)).toBe(0);
    expect(callOfItem.lastIndexOf(-1)).toBe(0);
    expect(itemOfCall.indexOf(-1)).toBe(count - 1);
    expect(itemOfCall.lastIndexOf(-1)).toBe(count - 1);
  });
});

/** Candidates by name: each item's list is the calls of its name (one list per name), or every call. */
function namedCandidates(callNames: readonly string[], nameOf: (item: number) => string | undefined, isPlain: (item: number) => boolean): Candidates {
  const byName = new Map<string | undefined, number[]>();
  const listOf = (name: string | undefined) => {
    let list = byName.get(name);
    if (!list) byName.set(name, (list = callNames.map((_, call) => call).filter((call) => name === undefined || callNames[call] === name)));
    return list;
  };
  return { of: (item) => listOf(nameOf(item)), isPlain };
}

/** The size of a maximum matching, by trying every choice for each item (a call or none). */
/**
 * The engine's answer against brute force: it passes exactly when a perfect assignment exists, it
 * places as many items as a maximum matching can, every pair it placed fits, and it asked about no
 * pair more than twice.
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
  const times = new Map<string, number>();
  for (const [call, item] of asked) times.set(`${call}/${item}`, (times.get(`${call}/${item}`) ?? 0) + 1);
  expect(Math.max(0, ...times.values())).toBeLessThanOrEqual(2);
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
