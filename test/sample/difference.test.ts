import { describe, expect, it } from 'vitest';
import { differenceInterval } from '../../src/sample/difference.js';

// Newcombe RG, "Interval estimation for the difference between independent proportions: comparison of
// eleven methods", Statistics in Medicine 1998;17:873-890, Table II, method 10 (the hybrid score
// interval without continuity correction): the eight worked examples, p1 - p2, to 4 decimals.
const TABLE_II: Array<[label: string, passes: number, n: number, basePasses: number, baseN: number, low: number, high: number]> = [
  ['(a)', 56, 70, 48, 80, 0.0524, 0.3339],
  ['(b)', 9, 10, 3, 10, 0.1705, 0.809],
  ['(c)', 6, 7, 2, 7, 0.0582, 0.8062],
  ['(d)', 5, 56, 0, 29, -0.0381, 0.1926],
  ['(e)', 0, 10, 0, 20, -0.1611, 0.2775],
  ['(f)', 0, 10, 0, 10, -0.2775, 0.2775],
  ['(g)', 10, 10, 0, 20, 0.6791, 1],
  ['(h)', 10, 10, 0, 10, 0.6075, 1],
];

describe('differenceInterval (Newcombe hybrid score)', () => {
  it.each(TABLE_II)('matches Newcombe 1998 Table II, example %s: %i/%i - %i/%i', (_label, passes, n, basePasses, baseN, low, high) => {
    const interval = differenceInterval(passes, n, basePasses, baseN);
    expect(interval.estimate).toBeCloseTo(passes / n - basePasses / baseN, 12);
    // Table II prints 4 decimals: within half a unit of the last one.
    expect(Math.abs(interval.low - low)).toBeLessThan(0.00005);
    expect(Math.abs(interval.high - high)).toBeLessThan(0.00005);
  });

  it('is the same interval mirrored when the two rates swap', () => {
    const forward = differenceInterval(39, 50, 48, 50);
    const backward = differenceInterval(48, 50, 39, 50);
    expect(forward.low).toBeCloseTo(-backward.high, 12);
    expect(forward.high).toBeCloseTo(-backward.low, 12);
  });

  it("tells the issue's example apart from noise: 48 of 50 on main, 39 of 50 here", () => {
    const { estimate, low, high } = differenceInterval(39, 50, 48, 50);
    expect(estimate).toBeCloseTo(-0.18, 12);
    expect(high).toBeLessThan(0);
    expect(low).toBeGreaterThan(-1);
    // One run fewer out of ten is within noise.
    const small = differenceInterval(9, 10, 10, 10);
    expect(small.low).toBeLessThan(0);
    expect(small.high).toBeGreaterThan(0);
  });

  it('stays inside [-1, 1] at the extremes', () => {
    const { estimate, low, high } = differenceInterval(0, 5, 5, 5);
    expect(estimate).toBe(-1);
    expect(low).toBeGreaterThanOrEqual(-1);
    expect(high).toBeLessThan(0);
  });
});
