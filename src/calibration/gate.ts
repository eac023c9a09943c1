/**
 * The calibration gate: whether the judge agrees with the person's labels well enough to be
 * trusted, judged on the low end of each metric's 95% interval. An undefined gated metric fails:
 * a judge that was never shown both kinds of run has not earned trust.
 */
import type { CalibrationReport, Disagreement, LevelReport } from './calibrate.js';
import { LEVELS, type Level } from './decisions.js';
import { CalibrationError } from './errors.js';
import type { Interval } from '../sample/wilson.js';

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
  level?: Level;
  /** Print the failure as a warning instead of failing. */
  warnOnly?: boolean;
  /** The labels file, when not `labels.json` in the verdict directory. */
  labelsFile?: string;
}

/** A gate's minLabels when it sets none: below this, κ and the rates say little (and κ's interval can have no width). */
export const DEFAULT_MIN_LABELS = 20;

const GATE_KEYS = ['minKappa', 'minTpr', 'minTnr', 'minLabels', 'level', 'warnOnly', 'labelsFile'] as const;

/** Throws a CalibrationError naming the first bad setting of `where` (`configureJudge({ calibration })`). */
export function checkGate(gate: unknown, where: string): asserts gate is CalibrationGate {
  if (typeof gate !== 'object' || gate === null || Array.isArray(gate)) {
    throw new CalibrationError(`${where} takes an object such as { minKappa: 0.6, minTpr: 0.8, minTnr: 0.8, minLabels: 20 }; received ${JSON.stringify(gate)}.`);
  }
  for (const key of Object.keys(gate)) {
    if (!(GATE_KEYS as readonly string[]).includes(key)) throw new CalibrationError(`${where}: unknown setting ${JSON.stringify(key)}. Known: ${GATE_KEYS.join(', ')}.`);
  }
  const settings = gate as Record<string, unknown>;
  for (const key of ['minTpr', 'minTnr'] as const) {
    const value = settings[key];
    if (value !== undefined && !(typeof value === 'number' && value >= 0 && value <= 1)) throw new CalibrationError(`${where}: ${key} must be a number from 0 to 1; received ${JSON.stringify(value)}.`);
  }
  if (settings.minKappa !== undefined && !(typeof settings.minKappa === 'number' && settings.minKappa >= -1 && settings.minKappa <= 1)) {
    throw new CalibrationError(`${where}: minKappa must be a number from -1 to 1; received ${JSON.stringify(settings.minKappa)}.`);
  }
  if (settings.minLabels !== undefined && !(Number.isInteger(settings.minLabels) && (settings.minLabels as number) >= 1)) {
    throw new CalibrationError(`${where}: minLabels must be a whole number of at least 1; received ${JSON.stringify(settings.minLabels)}.`);
  }
  if (settings.level !== undefined && !(LEVELS as readonly unknown[]).includes(settings.level)) {
    throw new CalibrationError(`${where}: level must be one of ${LEVELS.map((level) => `'${level}'`).join(', ')}; received ${JSON.stringify(settings.level)}.`);
  }
  if (settings.warnOnly !== undefined && typeof settings.warnOnly !== 'boolean') throw new CalibrationError(`${where}: warnOnly must be true or false; received ${JSON.stringify(settings.warnOnly)}.`);
  if (settings.labelsFile !== undefined && typeof settings.labelsFile !== 'string') throw new CalibrationError(`${where}: labelsFile must be a path; received ${JSON.stringify(settings.labelsFile)}.`);
}

/** One rule of the gate that the judge did not meet. */
export interface GateFailure {
  metric: 'κ' | 'TPR' | 'TNR' | 'labels';
  /** `κ 0.41 (95% interval 0.12–0.70): its low end 0.12 is below minKappa 0.6` */
  text: string;
  /** The disagreements that cost this metric: for TPR the person's passes the judge failed, for TNR their fails it passed. */
  costly: Disagreement[];
}

export interface GateResult {
  level: Level;
  /** The gated level's report; undefined when the judge took no decision at that level. */
  report: LevelReport | undefined;
  failures: GateFailure[];
}

const fixed = (value: number) => value.toFixed(2);
const span = (interval: Interval | undefined) => (interval === undefined ? '' : ` (95% interval ${fixed(interval.low)}–${fixed(interval.high)})`);

/** Checks the gate against a calibration report; no failures means the judge is trusted. */
export function checkCalibration(report: CalibrationReport, gate: CalibrationGate): GateResult {
  const level = gate.level ?? 'run';
  const levelReport = report.levels.find((candidate) => candidate.level === level);
  const stats = levelReport?.stats;
  const n = stats?.n ?? 0;
  const disagreements = report.disagreements.filter((item) => item.level === level);
  const failures: GateFailure[] = [];
  const minLabels = gate.minLabels ?? DEFAULT_MIN_LABELS;
  if (n < minLabels) {
    const option = gate.minLabels === undefined ? `the ${DEFAULT_MIN_LABELS} a gate needs unless its minLabels says otherwise` : `minLabels ${minLabels}`;
    failures.push({ metric: 'labels', text: `${n} labelled decision${n === 1 ? '' : 's'} at the ${level} level, fewer than ${option}`, costly: [] });
  }
  const rule = (metric: GateFailure['metric'], option: string, min: number | undefined, value: number | undefined, interval: Interval | undefined, costly: Disagreement[], undefinedWhy: string) => {
    if (min === undefined) return;
    if (value === undefined || interval === undefined) failures.push({ metric, text: `${metric} is undefined (${undefinedWhy}), so ${option} ${min} cannot be met`, costly });
    else if (interval.low < min) failures.push({ metric, text: `${metric} ${fixed(value)}${span(interval)}: its low end ${fixed(interval.low)} is below ${option} ${min}`, costly });
  };
  rule('κ', 'minKappa', gate.minKappa, stats?.kappa.value, stats?.kappa.interval, disagreements, "the person's labels hold only one of pass and fail, or none");
  rule('TPR', 'minTpr', gate.minTpr, stats?.tpr.value, stats?.tpr.interval, disagreements.filter((item) => item.human === 'pass'), 'no labelled decision is a pass');
  rule('TNR', 'minTnr', gate.minTnr, stats?.tnr.value, stats?.tnr.interval, disagreements.filter((item) => item.human === 'fail'), 'no labelled decision is a fail');
  return { level, report: levelReport, failures };
}
