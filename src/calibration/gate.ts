/**
 * The calibration gate, on the low end of each metric's 95% interval. An undefined gated metric
 * fails: a judge that was never shown both kinds of run has not earned trust.
 */
import type { CalibrationReport, Disagreement, LevelReport } from './calibrate.js';
import { DEFAULT_MIN_LABELS, type CalibrationGate, type CalibrationLevel as Level } from '../judge/calibrationSettings.js';
import type { Interval } from '../sample/wilson.js';
import { plural } from '../value.js';

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
    failures.push({ metric: 'labels', text: `${plural(n, 'labelled decision')} at the ${level} level, fewer than ${option}`, costly: [] });
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
