import { wilsonInterval } from './wilson.js';

/** A difference of two pass rates, `current - baseline`, with its interval. */
export interface RateDifference {
  estimate: number;
  low: number;
  high: number;
}

/**
 * The interval of `a/n - b/m` by Newcombe's hybrid score method (method 10 of Newcombe 1998,
 * Statistics in Medicine 17:873-890): each rate's Wilson interval, combined square-and-add. It does
 * not collapse to a point at a rate of 0 or 1, where the normal approximation would call 10 of 10
 * against 9 of 10 a certain change.
 */
export function differenceInterval(passes: number, n: number, basePasses: number, baseN: number, confidence = 0.95): RateDifference {
  const p1 = passes / n;
  const p2 = basePasses / baseN;
  const one = wilsonInterval(passes, n, confidence);
  const two = wilsonInterval(basePasses, baseN, confidence);
  const estimate = p1 - p2;
  return {
    estimate,
    low: estimate - Math.hypot(p1 - one.low, two.high - p2),
    high: estimate + Math.hypot(one.high - p1, p2 - two.low),
  };
}

/** How a pass rate moved against its baseline: only an interval wholly on one side of 0 is a change. */
export type RateChange = 'regressed' | 'improved' | 'unchanged';

export function rateChange(difference: RateDifference): RateChange {
  return difference.high < 0 ? 'regressed' : difference.low > 0 ? 'improved' : 'unchanged';
}
