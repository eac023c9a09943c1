import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { readVerdicts } from '../../src/calibration/calibrate.js';
import { writeLabels } from '../../src/calibration/labels.js';
import { configureJudge, resetJudgeConfig } from '../../src/judge/config.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import { rejectionOf } from '../helpers/failureOf.js';
import { appropriateWeather, judgeModel, searchForWeather, searchForWeatherRun, weatherRun, weatherTools } from '../helpers/judgeModels.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'calibration-gate-'));
  // The judge's two verdicts, recorded; the person disagrees with the Tokyo one (they pass the web search).
  const cache = { mode: 'record' as const, dir };
  await createToolCallAccuracyScorerLLM({ model: judgeModel(appropriateWeather), availableTools: weatherTools, cache }).run(weatherRun());
  await createToolCallAccuracyScorerLLM({ model: judgeModel(searchForWeather), availableTools: weatherTools, cache }).run(searchForWeatherRun());
  const labels: Parameters<typeof writeLabels>[1] = { version: 1, labels: {} };
  for (const verdict of await readVerdicts(dir)) {
    labels.labels[verdict.key] = { verdictFile: path.basename(verdict.file), decisions: { run: 'pass' } };
  }
  await writeLabels(path.join(dir, 'labels.json'), labels);
  configureJudge({ availableTools: weatherTools, cache: { mode: 'auto', dir } });
});
afterEach(async () => {
  resetJudgeConfig();
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe('configureJudge({ calibration })', () => {
  test('a judge that misses the gate fails the judged assertion, and its .not, before any model call', async () => {
    configureJudge({ calibration: { minTpr: 0.9, minLabels: 2 } });
    const model = judgeModel(appropriateWeather);
    const message = await rejectionOf(expect(weatherRun()).toUseAppropriateTools({ model }));
    expect(message).toContain('expect(run).toUseAppropriateTools(options)');
    expect(message).toContain('The LLM judge is not calibrated well enough to be trusted at the run level');
    expect(message).toContain('TPR 0.50 (95% interval 0.09–0.91): its low end 0.09 is below minTpr 0.9');
    expect(message).toMatch(/what-is-the-weather-in-tokyo-[0-9a-f]{12}\.json {2}run: you said pass, the judge fail/);
    await expect(expect(weatherRun()).not.toUseAppropriateTools({ model })).rejects.toThrow('not calibrated well enough');
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  test('warnOnly warns once and lets the judge decide', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureJudge({ calibration: { minTpr: 0.9, minLabels: 2, warnOnly: true } });
    await expect(weatherRun()).toUseAppropriateTools({ model: judgeModel(appropriateWeather) });
    await expect(weatherRun()).toUseAppropriateTools({ model: judgeModel(appropriateWeather) });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^Warning: the LLM judge is not calibrated well enough/);
  });

  test('a judge that meets the gate judges as before', async () => {
    configureJudge({ calibration: { minTpr: 0.05, minLabels: 2 } });
    await expect(weatherRun()).toUseAppropriateTools({ model: judgeModel(appropriateWeather) });
  });

  test('a bad gate setting is named where it is set', () => {
    expect(() => configureJudge({ calibration: { minKappa: 2 } })).toThrow('configureJudge: calibration: minKappa must be a number from -1 to 1; received number 2.');
    expect(() => configureJudge({ calibration: { minTPR: 0.8 } as never })).toThrow('configureJudge: calibration: unknown option "minTPR". Known: minKappa, minTpr, minTnr, minLabels, level, warnOnly, labelsFile. Did you mean "minTpr"?');
  });
});
