/** For each verdict directory the run used that holds a labels file, how far the judge agrees with the labels. */
import { existsSync } from 'node:fs';
import { calibrate, type CalibrationReport } from '../calibration/calibrate.js';
import { defaultLabelsFile } from '../calibration/labels.js';
import type { ReportedAssertion } from './record.js';

export interface RunCalibration {
  reports: CalibrationReport[];
  /** `tool-call-accuracy: could not calibrate …: <why>` for each directory that failed. */
  problems: string[];
}

export async function calibrationOf(records: readonly ReportedAssertion[]): Promise<RunCalibration> {
  const dirs = [...new Set(records.flatMap((record) => record.verdicts.flatMap((verdict) => (verdict.verdictDir === undefined ? [] : [verdict.verdictDir]))))].sort();
  const calibration: RunCalibration = { reports: [], problems: [] };
  for (const dir of dirs) {
    if (!existsSync(defaultLabelsFile(dir))) continue;
    try {
      calibration.reports.push(await calibrate({ dir }));
    } catch (error) {
      calibration.problems.push(`tool-call-accuracy: could not calibrate the judge against the labels in ${dir}: ${(error as Error).message}`);
    }
  }
  return calibration;
}
