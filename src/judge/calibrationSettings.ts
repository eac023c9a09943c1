// The calibration gate's settings (`configureJudge({ calibration })`), checked beside the judge's others; calibration/ computes the metrics.
import { checkOptions, rule, type OptionsSchema } from '../options.js';

/** The levels calibration reports on, in the order it prints them. */
export const CALIBRATION_LEVELS = ['run', 'call', 'step', 'missing tool', 'criterion'] as const;
export type CalibrationLevel = (typeof CALIBRATION_LEVELS)[number];

/** A gate's minLabels when it sets none: below this, κ and the rates say little (and κ's interval can have no width). */
export const DEFAULT_MIN_LABELS = 20;

export interface CalibrationGate {
  /** The lowest acceptable low end of Cohen's κ's 95% interval (−1 to 1). */
  minKappa?: number;
  /** The lowest acceptable low end of the TPR's Wilson interval: the judge passes what the person passes. */
  minTpr?: number;
  /** The lowest acceptable low end of the TNR's Wilson interval: the judge fails what the person fails. */
  minTnr?: number;
  /**
   * The fewest labelled decisions at the gated level: 20 by default once any minimum is set. κ's
   * interval has no width when every label agrees, so a few agreeing labels alone would pass any
   * minKappa; set it lower (even 1) on purpose.
   */
  minLabels?: number;
  /** The level gated: `run` (default), `call`, `step`, `missing tool` or `criterion`. */
  level?: CalibrationLevel;
  /** Print the failure as a warning instead of failing. */
  warnOnly?: boolean;
  /** The labels file, when not `labels.json` in the verdict directory. */
  labelsFile?: string;
}

const GATE_KEYS = ['minKappa', 'minTpr', 'minTnr', 'minLabels', 'level', 'warnOnly', 'labelsFile'] as const;

const rate = (low: number) => (value: unknown) => typeof value === 'number' && value >= low && value <= 1;

const GATE_OPTIONS: OptionsSchema = {
  shape: 'an object such as { minKappa: 0.6, minTpr: 0.8, minTnr: 0.8, minLabels: 20 }',
  options: {
    minKappa: rule.that('a number from -1 to 1', rate(-1)),
    minTpr: rule.that('a number from 0 to 1', rate(0)),
    minTnr: rule.that('a number from 0 to 1', rate(0)),
    minLabels: rule.wholeNumber(1, 'a whole number of at least 1'),
    level: rule.oneOf(CALIBRATION_LEVELS, `one of ${CALIBRATION_LEVELS.map((level) => `'${level}'`).join(', ')}`),
    warnOnly: rule.boolean,
    labelsFile: rule.that('a path', (value) => typeof value === 'string'),
  } satisfies Record<(typeof GATE_KEYS)[number], unknown>,
};

/** Throws a ToolCallAccuracyError naming the first bad setting of `where` (`configureJudge({ calibration })`). */
export function checkGate(gate: unknown, where: string): asserts gate is CalibrationGate {
  checkOptions(gate, GATE_OPTIONS, { where, name: where });
}

