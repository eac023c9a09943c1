import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderEntry } from '../../src/scoring/parallel.js';
import { matchInOrderWithGroups } from '../../src/scoring/parallel.js';

/** Calls as (name, step), steps non-decreasing as a run issues them. */
const run = fc
  .array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.boolean()), { maxLength: 7 })
  .map((calls) => {
    let step = 0;
    return calls.map(([name, newStep], index) => ({ name, step: index > 0 && newStep ? ++step : step }));
  });
const order = fc.array(fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 4 });

/** Every way to give each item its own call, checked against the rules directly. */
function bruteForce(calls: { name: string; step: number }[], expected: (string | string[])[]): boolean {
  const flat = expected.flatMap((entry, index) => (Array.isArray(entry) ? entry.map((name) => ({ name, entry: index })) : [{ name: entry, entry: index }]));
  const assign = (item: number, used: number[]): boolean => {
    if (item === flat.length) return valid(used);
    return calls.some((call, index) => !used.includes(index) && call.name === flat[item]!.name && assign(item + 1, [...used, index]));
  };
  const valid = (used: number[]): boolean =>
    expected.every((entry, index) => {
      const mine = used.filter((_, item) => flat[item]!.entry === index);
      const later = used.filter((_, item) => flat[item]!.entry > index);
      if (Array.isArray(entry) && new Set(mine.map((call) => calls[call]!.step)).size !== 1) return false;
      return later.every((call) => mine.every((own) => own < call));
    });
  return assign(0, []);
}

function engine(calls: { name: string; step: number }[], expected: (string | string[])[]) {
  const names: string[] = [];
  const entries: OrderEntry[] = expected.map((entry) =>
    Array.isArray(entry) ? { group: entry.map((name) => names.push(name) - 1) } : { item: names.push(entry) - 1 },
  );
  return matchInOrderWithGroups(calls.length, names.length, entries, (call, item) => calls[call]!.name === names[item], (call) => calls[call]!.step);
}

describe('order matching with parallel groups', () => {
  it('finds an assignment exactly when one exists (against a brute-force search)', () => {
    fc.assert(fc.property(run, order, (calls, expected) => (engine(calls, expected).failedEntry === -1) === bruteForce(calls, expected)), { numRuns: 2000 });
  });

  it('takes the earliest step that holds the group, and reports the entry that failed', () => {
    const calls = [
      { name: 'search', step: 0 },
      { name: 'weather', step: 1 },
      { name: 'weather', step: 2 },
      { name: 'news', step: 2 },
      { name: 'summarize', step: 3 },
    ];
    const ok = engine(calls, ['search', ['news', 'weather'], 'summarize']);
    expect(ok.failedEntry).toBe(-1);
    expect([...ok.callOfItem]).toEqual([0, 3, 2, 4]);
    expect(engine(calls, ['search', ['weather', 'news'], 'weather']).failedEntry).toBe(2);
    expect(engine(calls, [['search', 'weather']]).failedEntry).toBe(0);
  });
});
