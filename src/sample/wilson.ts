/**
 * Pass rates over a sample: the required passes, and the Wilson score interval, which is honest at
 * small n and at 0 or n passes (where the normal approximation collapses to a zero-width interval).
 */

/** Rates are compared in whole runs; this absorbs the float error of `rate * n` (0.7 * 10 is 7.000000000000001). */
const EPSILON = 1e-9;

/** The fewest passes out of `n` that reach `minPassRate`: 9 of 10 at 0.9, 7 of 10 at 0.7. */
export function requiredPasses(minPassRate: number, n: number): number {
  return Math.max(0, Math.ceil(minPassRate * n - EPSILON));
}

export interface Interval {
  low: number;
  high: number;
}

/** The two-sided Wilson score interval of `passes` successes in `n` trials at `confidence` (0.95 by default). */
export function wilsonInterval(passes: number, n: number, confidence = 0.95): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const p = passes / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n));
  // At 0 or n passes the bound is exactly 0 or 1; the formula gets there only up to rounding.
  return {
    low: passes === 0 ? 0 : Math.max(0, centre - half),
    high: passes === n ? 1 : Math.min(1, centre + half),
  };
}

/** The fewest passes out of `n` whose lower bound reaches `minPassRate`; undefined when even `n` of `n` does not. */
export function requiredPassesWithConfidence(minPassRate: number, n: number, confidence: number): number | undefined {
  for (let passes = 0; passes <= n; passes++) {
    if (wilsonInterval(passes, n, confidence).low >= minPassRate - EPSILON) return passes;
  }
  return undefined;
}

/**
 * The standard normal quantile (inverse CDF), by Acklam's rational approximation (relative error
 * below 1.2e-9): 0.975 gives z = 1.95996398…, the 95% two-sided critical value.
 */
export function normalQuantile(probability: number): number {
  if (!(probability > 0 && probability < 1)) throw new RangeError(`normalQuantile takes a probability strictly between 0 and 1; received ${probability}.`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  // The upper tail mirrors the lower one.
  if (probability > 1 - low) return -normalQuantile(1 - probability);
  if (probability < low) {
    const q = Math.sqrt(-2 * Math.log(probability));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  const q = probability - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

