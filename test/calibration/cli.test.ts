import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { main } from '../../src/cli.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import { appropriateWeather, judgeModel, searchForWeather, searchForWeatherRun, weatherRun, weatherTools } from '../helpers/judgeModels.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'calibration-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the command in this process with `input` as its piped stdin; its output and exit code. */
async function run(args: string[], input = '') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { stdin: Readable.from([input]), out: (text) => out.push(text), err: (text) => err.push(text), cwd: dir });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The real judge's verdicts on two runs, recorded into `<dir>/__judge__` through the scorer's cache. */
async function record() {
  const cache = { mode: 'record' as const, dir: path.join(dir, '__judge__') };
  await createToolCallAccuracyScorerLLM({ model: judgeModel(appropriateWeather), availableTools: weatherTools, cache }).run(weatherRun());
  await createToolCallAccuracyScorerLLM({ model: judgeModel(searchForWeather), availableTools: weatherTools, cache }).run(searchForWeatherRun());
}

// Messages show paths relative to the working directory when inside it; these temp folders are not.
const labelsPath = () => path.join(dir, '__judge__', 'labels.json');
const labelsJson = async () => JSON.parse(await readFile(path.join(dir, '__judge__', 'labels.json'), 'utf8'));

describe('npx tool-call-accuracy label', () => {
  test('walks the unlabelled verdicts newest first, one answer per decision, and writes the labels', async () => {
    await record();
    // Make the Tokyo verdict the newer one.
    const files = (await import('node:fs/promises')).readdir(path.join(dir, '__judge__'));
    for (const name of await files) await utimes(path.join(dir, '__judge__', name), new Date(), name.includes('tokyo') ? new Date(2030, 0, 1) : new Date(2020, 0, 1));
    // Tokyo: run, call 1, missing weather-tool, missing calendar-tool; then San Francisco: run, call 1, missing calendar, missing search.
    const result = await run(['label'], ['f', 'p', 'x', 'f', 'p', 'p', 'p', 'p', 'p'].join('\n'));
    expect(result.code).toBe(0);
    expect(result.out).toContain('2 verdicts to label');
    expect(result.out).toContain(`1 of 2: ${path.join(dir, '__judge__', 'what-is-the-weather-in-tokyo-')}`);
    expect(result.out).toContain('Request: "What is the weather in Tokyo?"');
    expect(result.out).toContain('1. search-tool  {"query":"Tokyo weather"} → {"results":["Tokyo weather data..."]}');
    expect(result.out).toContain('call 1: search-tool: the judge says fail. "A web search is a roundabout way to answer a direct weather question."');
    expect(result.out).toContain('"x" is not one of p, f, s, q.');
    expect(result.out).toContain(`Labelled 2 verdicts in ${labelsPath()}`);
    const labels = await labelsJson();
    const entries = Object.values(labels.labels) as Array<{ verdictFile: string; decisions: Record<string, string> }>;
    const tokyo = entries.find((entry) => entry.verdictFile.includes('tokyo'))!;
    expect(tokyo.decisions).toEqual({ run: 'fail', 'call 1: search-tool': 'pass', 'missing: weather-tool': 'fail', 'missing: calendar-tool': 'pass' });
    expect(Object.keys(tokyo.decisions)).toEqual(['run', 'call 1: search-tool', 'missing: weather-tool', 'missing: calendar-tool']);
    // Nothing left: a second walk says so.
    expect((await run(['label'])).out).toContain(`Every verdict in ${path.join(dir, '__judge__')} is labelled (2 in ${labelsPath()})`);
  });

  test('q keeps what was labelled; s skips a run without labelling it', async () => {
    await record();
    const result = await run(['label'], 's\np\np\np\np\nq\n');
    expect(result.out).toContain('Labelled 1 verdict in');
    expect(Object.keys((await labelsJson()).labels)).toHaveLength(1);
  });

  test('--accept-judge takes the judge\'s decisions; --sample with a seed picks the same runs each time', async () => {
    await record();
    const sampled = await run(['label', '--accept-judge', '--sample', '1', '--seed', '42']);
    expect(sampled.out).toContain("Labelled 1 verdict (4 decisions) with the judge's own decisions");
    const first = Object.keys((await labelsJson()).labels);
    await rm(path.join(dir, '__judge__', 'labels.json'));
    await run(['label', '--accept-judge', '--sample', '1', '--seed', '42']);
    expect(Object.keys((await labelsJson()).labels)).toEqual(first);
    await run(['label', '--accept-judge']);
    expect(Object.keys((await labelsJson()).labels)).toHaveLength(2);
  });

  test('--from takes a CSV (quoted fields, a key prefix or a file name) and names a bad row', async () => {
    await record();
    const calibrated = await run(['calibrate', '--json']);
    const keys = JSON.parse(calibrated.out) as { verdicts: number };
    expect(keys.verdicts).toBe(2);
    const { readdir } = await import('node:fs/promises');
    const tokyo = (await readdir(path.join(dir, '__judge__'))).find((name) => name.includes('tokyo'))!;
    await writeFile(path.join(dir, 'labels.csv'), `decision,key,label,note\n"call 1: search-tool",${tokyo},yes,"a note, with a comma"\nrun,${tokyo},FAIL,\n`);
    const result = await run(['label', '--from', 'labels.csv']);
    expect(result.out).toContain('Took 2 labels for 1 verdict from');
    const entry = Object.values((await labelsJson()).labels)[0] as { decisions: Record<string, string> };
    expect(entry.decisions).toEqual({ run: 'fail', 'call 1: search-tool': 'pass' }); // the verdict's order, not the CSV's
    await writeFile(path.join(dir, 'bad.csv'), `key,decision,label\n${tokyo},call 2: weather-tool,pass\n`);
    const bad = await run(['label', '--from', 'bad.csv']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('bad.csv, line 2: the verdict');
    expect(bad.err).toContain('has no decision "call 2: weather-tool"; it has "run", "call 1: search-tool"');
  });
});

describe('npx tool-call-accuracy calibrate', () => {
  test('prints the levels, and a gate fails with exit code 1 (0 with --warn-only)', async () => {
    await record();
    await run(['label', '--accept-judge']);
    const report = await run(['calibrate']);
    expect(report.code).toBe(0);
    expect(report.out).toContain(`Judge calibration: 2 verdicts in ${path.join(dir, '__judge__')}, 2 labelled in ${labelsPath()}`);
    expect(report.out).toContain("Cohen's κ       1.00 (95% interval 1.00–1.00)");
    const gated = await run(['calibrate', '--min-tpr', '0.8', '--min-labels', '20']);
    expect(gated.code).toBe(1);
    expect(gated.out).toContain('The LLM judge is not calibrated well enough to be trusted at the run level');
    expect(gated.out).toContain('2 labelled decisions at the run level, fewer than minLabels 20');
    expect(gated.out).toContain('TPR 1.00 (95% interval 0.21–1.00): its low end 0.21 is below minTpr 0.8');
    expect((await run(['calibrate', '--min-tpr', '0.8', '--warn-only'])).code).toBe(0);
    // Two agreeing labels give κ 1 with an interval of no width: the gate's default minLabels (20) stops them passing it.
    const json = JSON.parse((await run(['calibrate', '--json', '--min-kappa', '0.5'])).out);
    expect(json.gate).toEqual({ level: 'run', passed: false, failures: [{ metric: 'labels', text: '2 labelled decisions at the run level, fewer than the 20 a gate needs unless its minLabels says otherwise' }] });
    expect((await run(['calibrate', '--min-kappa', '0.5', '--min-labels', '1'])).code).toBe(0);
    expect(json.levels[0].stats.kappa.value).toBe(1);
  });

  test('bad flags exit with 2 and say what was wrong', async () => {
    expect((await run(['calibrate', '--min-kappa', 'high'])).err).toContain('--min-kappa must be a number from -1 to 1; received "high".');
    expect((await run(['calibrate', '--sample', '3'])).err).toContain('--sample is an option of label, not of calibrate.');
    expect((await run(['calibrate', '--level', 'calls', '--min-tpr', '0.5'])).err).toContain("calibrate: level must be one of 'run', 'call'");
    expect((await run(['judge'])).err).toContain('unknown command "judge": use label or calibrate.');
    const unknown = await run(['calibrate', '--kappa', '1']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/Unknown option '--kappa'/);
    await record();
    await writeFile(path.join(dir, '__judge__', 'labels.json'), '{ not json');
    const corrupt = await run(['calibrate']);
    expect(corrupt.code).toBe(2);
    expect(corrupt.err).toContain(`The labels file ${labelsPath()} is corrupt: not valid JSON`);
  });

  test('--model judges the labelled runs again with another judge, side by side, and replays that judge the second time', async () => {
    await record();
    const { readdir } = await import('node:fs/promises');
    const tokyo = (await readdir(path.join(dir, '__judge__'))).find((name) => name.includes('tokyo'))!;
    // The person finds the web search fine; the recorded judge did not.
    await writeFile(path.join(dir, 'labels.csv'), `key,decision,label\n${tokyo},run,pass\n${tokyo},call 1: search-tool,pass\n${tokyo},missing: weather-tool,pass\n`);
    await run(['label', '--from', 'labels.csv']);
    const lenient = path.join(import.meta.dirname, 'fixtures', 'lenientJudge.mjs');
    const first = await run(['calibrate', '--model', lenient]);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('Judge B: lenient-judge (test-judge), 1 vote, each verdict\'s own rubric; its verdicts in');
    expect(first.out).toContain('(1 asked now, the rest replayed)');
    expect(first.out).toContain('run level (n 1):');
    expect(first.out).toContain('Decisions that changed sides (3):');
    expect(first.out).toMatch(/what-is-the-weather-in-tokyo-[0-9a-f]{12}\.json {2}run: you said pass; A said fail, B says pass \(B agrees with you now\)/);
    const second = await run(['calibrate', '--model', lenient]);
    expect(second.out).toContain('(0 asked now, the rest replayed)');
    // The main verdicts and labels are untouched.
    expect((await run(['calibrate'])).out).toContain('2 verdicts in');
    expect((await run(['calibrate', '--rubric-file', 'x.txt'])).err).toContain('give the judge model with --model too');
    expect((await run(['calibrate', '--model', lenient, '--votes', '2'])).err).toContain('--votes must be an odd whole number');
  });
});
