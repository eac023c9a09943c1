import { describe, expect, it } from 'vitest';
import { normalQuantile, requiredPasses, requiredPassesWithConfidence, wilsonInterval } from '../../src/sample/wilson.js';

describe('wilsonInterval', () => {
  it.each([
    // Reference values from the closed form with z = 1.959964 (Wilson 1927; Newcombe 1998, table I).
    [7, 10, 0.3968, 0.8922],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [1, 1, 0.2065, 1],
    [81, 263, 0.2553, 0.3662],
  ])('%i of %i: %f–%f', (passes, n, low, high) => {
    const interval = wilsonInterval(passes, n);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('is exact at the ends and stays inside [0, 1]', () => {
    for (let n = 1; n <= 60; n++) {
      for (let passes = 0; passes <= n; passes++) {
        const { low, high } = wilsonInterval(passes, n);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(passes / n);
        expect(high).toBeGreaterThanOrEqual(passes / n);
      }
      expect(wilsonInterval(0, n).low).toBe(0);
      expect(wilsonInterval(n, n).high).toBe(1);
    }
  });
});

describe('normalQuantile', () => {
  it('gives the usual critical values', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.995)).toBeCloseTo(2.575829, 6);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 12);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 6);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});

describe('required passes', () => {
  it('counts in whole runs', () => {
    expect(requiredPasses(0.9, 10)).toBe(9);
    expect(requiredPasses(0.7, 10)).toBe(7);
    expect(requiredPasses(1, 7)).toBe(7);
    expect(requiredPasses(0.01, 7)).toBe(1);
  });

  it('with confidence, is the fewest passes whose lower bound reaches the rate, or undefined', () => {
    const needed = requiredPassesWithConfidence(0.8, 30, 0.95)!;
    expect(wilsonInterval(needed, 30).low).toBeGreaterThanOrEqual(0.8);
    expect(wilsonInterval(needed - 1, 30).low).toBeLessThan(0.8);
    expect(requiredPassesWithConfidence(1, 1000, 0.95)).toBeUndefined();
  });
});
