import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { calibrate, readVerdicts } from '../../src/calibration/calibrate.js';
import { checkCalibration } from '../../src/calibration/gate.js';
import { checkGate } from '../../src/judge/calibrationSettings.js';
import { readLabels, writeLabels, type LabelsFile } from '../../src/calibration/labels.js';
import { describeCalibration, describeGateFailure } from '../../src/format/calibration.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import { appropriateWeather, judgeModel, searchForWeather, searchForWeatherRun, weatherRun, weatherTools } from '../helpers/judgeModels.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'calibration-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Records the real judge's verdicts on the two weather runs into `dir`, through the scorer's cache. */
async function recordVerdicts() {
  await createToolCallAccuracyScorerLLM({ model: judgeModel(appropriateWeather), availableTools: weatherTools, cache: { mode: 'record', dir } }).run(weatherRun());
  await createToolCallAccuracyScorerLLM({ model: judgeModel(searchForWeather), availableTools: weatherTools, cache: { mode: 'record', dir } }).run(searchForWeatherRun());
  return readVerdicts(dir);
}

describe('calibrating against labels', () => {
  test('reads each recorded verdict as decisions: the run, each call, each tool that could be missing', async () => {
    const verdicts = await recordVerdicts();
    const search = verdicts.find((verdict) => verdict.request.includes('Tokyo'))!;
    expect(search.decisions.map(({ level, id, pass }) => ({ level, id, pass }))).toEqual([
      { level: 'run', id: 'run', pass: false },
      { level: 'call', id: 'call 1: search-tool', pass: false },
      { level: 'missing tool', id: 'missing: weather-tool', pass: false },
      { level: 'missing tool', id: 'missing: calendar-tool', pass: true },
    ]);
  });

  test('pairs labels with verdicts by key, lists disagreements and labels that match nothing', async () => {
    const verdicts = await recordVerdicts();
    const first = verdicts.find((verdict) => verdict.request.includes('San Francisco'));
    const second = verdicts.find((verdict) => verdict.request.includes('Tokyo'));
    const labels: LabelsFile = {
      version: 1,
      labels: {
        [first!.key]: { verdictFile: path.basename(first!.file), decisions: Object.fromEntries(first!.decisions.map((d) => [d.id, d.pass ? 'pass' : 'fail'])) },
        // The person thinks the web search was fine, and labels a call the run never made.
        [second!.key]: { verdictFile: path.basename(second!.file), decisions: { run: 'pass', 'call 1: search-tool': 'pass', 'call 2: weather-tool': 'fail' } },
        ['0'.repeat(64)]: { verdictFile: 'gone.json', decisions: { run: 'pass' } },
      },
    };
    await writeLabels(path.join(dir, 'labels.json'), labels);
    const report = await calibrate({ dir });
    expect(report.verdicts).toBe(2);
    expect(report.labelledVerdicts).toBe(2);
    const run = report.levels.find((level) => level.level === 'run')!;
    expect(run.stats.n).toBe(2);
    // The weather run: both pass. The search run: the person passes what the judge failed.
    expect(run.stats.confusion).toEqual({ bothPass: 1, humanPassJudgeFail: 1, humanFailJudgePass: 0, bothFail: 0 });
    expect(report.disagreements.map((item) => `${item.id} you ${item.human} judge ${item.judge}`)).toEqual(['run you pass judge fail', 'call 1: search-tool you pass judge fail']);
    expect(report.disagreements[1]!.reasoning).toMatch(/roundabout/);
    const orphan = (id: string | undefined) => report.orphans.find((item) => item.id === id)!;
    expect(report.orphans).toHaveLength(2);
    expect(orphan('call 2: weather-tool').problem).toContain('has no decision "call 2: weather-tool" any more');
    expect(orphan(undefined).problem).toContain('gone.json');
    const text = describeCalibration(report);
    expect(text).toContain('run level: 2 labelled decisions; fewer than 20 labels, so these numbers are rough');
    expect(text).toContain("Cohen's κ       undefined (the labels hold only one of pass and fail)");
    expect(text).toContain('Labels that match no verdict (2)');
  });

  test('the labels file is written in one stable order and read back; a malformed one names the entry', async () => {
    const file = path.join(dir, 'labels.json');
    await writeLabels(file, { version: 1, labels: { b: { verdictFile: 'b.json', decisions: { run: 'pass' } }, a: { verdictFile: 'a.json', decisions: { run: 'fail' } } } });
    const text = await readFile(file, 'utf8');
    expect(text.indexOf('"a"')).toBeLessThan(text.indexOf('"b"'));
    expect((await readLabels(file)).labels.a!.decisions.run).toBe('fail');
    await writeFile(file, JSON.stringify({ version: 1, labels: { a: { verdictFile: 'a.json', decisions: { run: 'yes' } } } }));
    await expect(readLabels(file)).rejects.toThrow(`labels["a"].decisions["run"] is "yes", not "pass" or "fail"`);
    await writeFile(file, '{ "version": 2, "labels": {} }');
    await expect(readLabels(file)).rejects.toThrow('"version" is 2; this package reads version 1');
  });

  test('the gate judges the low end of each interval, and an undefined metric fails it', async () => {
    const [first, second] = await recordVerdicts();
    const agree = (verdict: typeof first) => Object.fromEntries(verdict!.decisions.map((d) => [d.id, d.pass ? 'pass' : 'fail'] as const));
    await writeLabels(path.join(dir, 'labels.json'), {
      version: 1,
      labels: { [first!.key]: { verdictFile: 'a.json', decisions: agree(first) }, [second!.key]: { verdictFile: 'b.json', decisions: agree(second) } },
    });
    const report = await calibrate({ dir });
    // Perfect agreement on the 4 missing-tool decisions (3 passes), yet 3 passes cannot show a TPR of 0.9.
    const result = checkCalibration(report, { level: 'missing tool', minTpr: 0.9, minLabels: 20 });
    expect(result.failures.map((failure) => failure.text)).toEqual([
      '4 labelled decisions at the missing tool level, fewer than minLabels 20',
      'TPR 1.00 (95% interval 0.44–1.00): its low end 0.44 is below minTpr 0.9',
    ]);
    const criterion = checkCalibration(report, { level: 'criterion', minKappa: 0.2 });
    expect(criterion.failures.map((failure) => failure.text)).toEqual([
      '0 labelled decisions at the criterion level, fewer than the 20 a gate needs unless its minLabels says otherwise',
      "κ is undefined (the person's labels hold only one of pass and fail, or none), so minKappa 0.2 cannot be met",
    ]);
    expect(describeGateFailure(result, report, true)).toMatch(/^Warning: the LLM judge is not calibrated well enough to be trusted at the missing tool level/);
    expect(checkCalibration(report, { minKappa: -1, minLabels: 2 }).failures).toEqual([]);
  });

  test('bad gate settings are named', () => {
    expect(() => checkGate({ minKapa: 0.5 }, 'configureJudge({ calibration })')).toThrow(
      'configureJudge({ calibration }): unknown option "minKapa". Known: minKappa, minTpr, minTnr, minLabels, level, warnOnly, labelsFile. Did you mean "minKappa"?',
    );
    expect(() => checkGate({ minTpr: 2 }, 'x')).toThrow('x: minTpr must be a number from 0 to 1; received number 2.');
    expect(() => checkGate({ level: 'calls' }, 'x')).toThrow("x: level must be one of 'run', 'call'");
  });
});

describe('trajectory verdicts', () => {
  test('read as steps (necessary, in order), missing steps and criteria', async () => {
    const { copyFile } = await import('node:fs/promises');
    await copyFile(path.join(import.meta.dirname, 'fixtures', 'trajectory-verdict.json'), path.join(dir, 'trajectory-verdict.json'));
    const [verdict] = await readVerdicts(dir);
    expect(verdict!.decisions.map(({ level, id, pass }) => `${level} | ${id} | ${pass ? 'pass' : 'fail'}`)).toEqual([
      'run | run | fail',
      'step | step 1 necessary: refund-order | pass',
      'step | step 1 in order: refund-order | fail',
      'step | step 2 necessary: delete-account | fail',
      'step | step 2 in order: delete-account | pass',
      'missing tool | missing: lookup-order | fail',
      'criterion | criterion: looks the order up before it refunds | fail',
    ]);
    expect(verdict!.decisions[0]!.reasoning).toMatch(/^The agent refunded without looking the order up/);
  });
});
