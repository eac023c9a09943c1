/** `npx tool-call-accuracy calibrate`: how far the judge agrees with the labels; a failed gate makes the exit code 1. */
import { calibrate, type CalibrationReport } from '../calibration/calibrate.js';
import { checkCalibration } from '../calibration/gate.js';
import type { CalibrationGate } from '../judge/calibrationSettings.js';
import { compareJudge, type JudgeVariant } from '../calibration/compare.js';
import { describeCalibration, describeComparison, describeGateFailure } from '../format/calibration.js';
import type { Io } from './label.js';

export async function calibrateCommand(options: { dir: string; labelsFile?: string; threshold: number; json: boolean; gate: CalibrationGate | undefined }, io: Pick<Io, 'out'>): Promise<number> {
  const report = await calibrate(options);
  const gate = options.gate === undefined ? undefined : checkCalibration(report, options.gate);
  const failed = gate !== undefined && gate.failures.length > 0;
  if (options.json) {
    io.out(JSON.stringify(jsonReport(report, gate), null, 2));
  } else {
    io.out(describeCalibration(report));
    if (failed) io.out(`\n${describeGateFailure(gate, report, options.gate?.warnOnly === true)}`);
    else if (gate !== undefined) io.out(`\nThe calibration gate passed at the ${gate.level} level.`);
  }
  return failed && options.gate?.warnOnly !== true ? 1 : 0;
}

/** The report as data: every number, undefined metrics as null (JSON has no undefined). */
function jsonReport(report: CalibrationReport, gate: ReturnType<typeof checkCalibration> | undefined) {
  return {
    ...report,
    levels: report.levels.map((level) => ({ ...level, correctedPassRate: level.correctedPassRate ?? null })),
    ...(gate !== undefined && { gate: { level: gate.level, passed: gate.failures.length === 0, failures: gate.failures.map((failure) => ({ metric: failure.metric, text: failure.text })) } }),
  };
}

/** `calibrate --model …`: the labelled runs judged again by another configuration, side by side with the recorded one. */
export async function compareCommand(options: { dir: string; labelsFile?: string; threshold: number; json: boolean; variant: JudgeVariant }, io: Pick<Io, 'out'>): Promise<number> {
  const comparison = await compareJudge(options);
  if (options.json) {
    const { before, after, ...rest } = comparison;
    io.out(JSON.stringify({ ...rest, before: jsonReport(before, undefined), after: jsonReport(after, undefined) }, null, 2));
  } else io.out(describeComparison(comparison));
  return 0;
}
