// `configureJudge({ calibration })`: checked once per process and settings (labels do not change during a run).
import path from 'node:path';
import { calibrate } from '../calibration/calibrate.js';
import { checkCalibration } from '../calibration/gate.js';
import { describeGateFailure } from '../format/calibration.js';
import type { CalibrationGate } from '../judge/calibrationSettings.js';
import { JudgeError } from '../judge/errors.js';

/** Settings checked in this process, by their JSON: the failure to throw, or undefined when the judge is trusted. */
const checked = new Map<string, Promise<string | undefined>>();

/** Resolves when the judge may be trusted; rejects with a JudgeError naming what the gate missed. */
export async function requireCalibratedJudge(gate: CalibrationGate | undefined, dir: string, threshold: number): Promise<void> {
  if (gate === undefined) return;
  const labelsFile = gate.labelsFile === undefined ? undefined : path.resolve(gate.labelsFile);
  const key = JSON.stringify([gate, dir, threshold]);
  let failure = checked.get(key);
  if (failure === undefined) {
    failure = (async () => {
      const report = await calibrate({ dir, threshold, ...(labelsFile !== undefined && { labelsFile }) });
      const result = checkCalibration(report, gate);
      if (result.failures.length === 0) return undefined;
      const message = describeGateFailure(result, report, gate.warnOnly === true);
      if (gate.warnOnly) {
        console.warn(message); // once per process: the promise is kept
        return undefined;
      }
      return message;
    })();
    checked.set(key, failure);
  }
  const message = await failure;
  if (message !== undefined) throw new JudgeError(message);
}
