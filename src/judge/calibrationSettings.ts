/**
 * The calibration gate's settings, `configureJudge({ calibration })` and the `calibrate` command's
 * flags: the judge is trusted only when it agrees with the person's labels well enough. Checked
 * here, beside the judge's other settings; calibration/ computes the metrics.
 */
import { ToolCallAccuracyError } from '../errors.js';

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

/** Throws a ToolCallAccuracyError naming the first bad setting of `where` (`configureJudge({ calibration })`). */
export function checkGate(gate: unknown, where: string): asserts gate is CalibrationGate {
  if (typeof gate !== 'object' || gate === null || Array.isArray(gate)) {
    throw new ToolCallAccuracyError(`${where} takes an object such as { minKappa: 0.6, minTpr: 0.8, minTnr: 0.8, minLabels: 20 }; received ${JSON.stringify(gate)}.`);
  }
  for (const key of Object.keys(gate)) {
    if (!(GATE_KEYS as readonly string[]).includes(key)) throw new ToolCallAccuracyError(`${where}: unknown setting ${JSON.stringify(key)}. Known: ${GATE_KEYS.join(', ')}.`);
  }
  const settings = gate as Record<string, unknown>;
  for (const key of ['minTpr', 'minTnr'] as const) {
    const value = settings[key];
    if (value !== undefined && !(typeof value === 'number' && value >= 0 && value <= 1)) throw new ToolCallAccuracyError(`${where}: ${key} must be a number from 0 to 1; received ${JSON.stringify(value)}.`);
  }
  if (settings.minKappa !== undefined && !(typeof settings.minKappa === 'number' && settings.minKappa >= -1 && settings.minKappa <= 1)) {
    throw new ToolCallAccuracyError(`${where}: minKappa must be a number from -1 to 1; received ${JSON.stringify(settings.minKappa)}.`);
  }
  if (settings.minLabels !== undefined && !(Number.isInteger(settings.minLabels) && (settings.minLabels as number) >= 1)) {
    throw new ToolCallAccuracyError(`${where}: minLabels must be a whole number of at least 1; received ${JSON.stringify(settings.minLabels)}.`);
  }
  if (settings.level !== undefined && !(CALIBRATION_LEVELS as readonly unknown[]).includes(settings.level)) {
    throw new ToolCallAccuracyError(`${where}: level must be one of ${CALIBRATION_LEVELS.map((level) => `'${level}'`).join(', ')}; received ${JSON.stringify(settings.level)}.`);
  }
  if (settings.warnOnly !== undefined && typeof settings.warnOnly !== 'boolean') throw new ToolCallAccuracyError(`${where}: warnOnly must be true or false; received ${JSON.stringify(settings.warnOnly)}.`);
  if (settings.labelsFile !== undefined && typeof settings.labelsFile !== 'string') throw new ToolCallAccuracyError(`${where}: labelsFile must be a path; received ${JSON.stringify(settings.labelsFile)}.`);
}

