import type { Sample } from './sample.js';
import { requiredPasses, requiredPassesWithConfidence, wilsonInterval, type Interval } from './wilson.js';

/**
 * `stable`: every run passed. `flaky`: some did and some did not. `failing`: none did. The gate can
 * pass while flaky (9 of 10 at 0.9): the status says what the agent does, the gate what CI decides.
 */
export type SampleStatus = 'stable' | 'flaky' | 'failing';

export interface Gate {
  n: number;
  passes: number;
  /** The fewest passes the gate accepts. */
  required: number;
  minPassRate: number;
  confidence: number | undefined;
  /** passes / n */
  rate: number;
  /** The 95% Wilson interval of the rate. */
  interval: Interval;
  passed: boolean;
  status: SampleStatus;
}

/** Applies the sample's pass-rate rule to the number of runs that passed. */
export function gate(sample: Pick<Sample, 'n' | 'minPassRate' | 'confidence'>, passes: number): Gate {
  const { n, minPassRate, confidence } = sample;
  // sample() refuses a confidence gate no run count could pass, so `?? n + 1` only guards the type.
  const required = confidence === undefined ? requiredPasses(minPassRate, n) : (requiredPassesWithConfidence(minPassRate, n, confidence) ?? n + 1);
  return {
    n,
    passes,
    required,
    minPassRate,
    confidence,
    rate: passes / n,
    interval: wilsonInterval(passes, n),
    passed: passes >= required,
    status: passes === n ? 'stable' : passes === 0 ? 'failing' : 'flaky',
  };
}
