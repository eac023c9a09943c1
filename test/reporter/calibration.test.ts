/**
 * The reporters' calibration line and the HTML report's calibration panel, in a real Vitest
 * process: two judged assertions replay verdicts from a folder that holds a labels file.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import { appropriateWeather, judgeModel, searchForWeather, searchForWeatherRun, weatherRun, weatherTools } from '../helpers/judgeModels.js';
import { renderedDom } from './helpers/chromium.js';
import { jest, vitest, type Child } from './helpers/children.js';

let out: string;
let child: Child;
beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'tca-calibration-reporter-'));
  const dir = path.join(out, '__judge__');
  const cache = { mode: 'record' as const, dir };
  await createToolCallAccuracyScorerLLM({ model: judgeModel(appropriateWeather), availableTools: weatherTools, cache }).run(weatherRun());
  await createToolCallAccuracyScorerLLM({ model: judgeModel(searchForWeather), availableTools: weatherTools, cache }).run(searchForWeatherRun());
  // The person agrees with the judge, except that they pass the web search.
  const csv = path.join(out, 'labels.csv');
  const { readdir, writeFile } = await import('node:fs/promises');
  const files = await readdir(dir);
  const tokyo = files.find((name) => name.includes('tokyo'))!;
  const francisco = files.find((name) => name.includes('san-francisc'))!;
  await writeFile(csv, `key,decision,label\n${tokyo},run,fail\n${tokyo},call 1: search-tool,pass\n${francisco},run,pass\n${francisco},call 1: weather-tool,pass\n`);
  const io = { stdin: Readable.from(['']), out: () => {}, err: (text: string) => console.error(text), cwd: out };
  expect(await main(['label', '--dir', dir, '--from', csv], io)).toBe(0);
  child = await vitest(['run', '--config', 'test/reporter/fixtures/calibration/vitest.config.ts'], { VERDICT_DIR: dir, REPORT_HTML: path.join(out, 'report.html') });
}, 120_000);
afterAll(() => rm(out, { recursive: true, force: true }));

describe('calibration in the reporters', () => {
  it('prints one line per labelled verdict folder the run used: κ, TPR, TNR and n per level', () => {
    expect(child.code, child.output).toBe(0);
    expect(child.output).toMatch(/Judge calibration \(.*labels\.json\): run κ 1\.00, TPR 100%, TNR 100%, n 2; call κ undefined, TPR 50%, TNR undefined, n 2\./);
  });

  it('shows a calibration panel in the HTML report that Chromium renders', async () => {
    const html = await readFile(path.join(out, 'report.html'), 'utf8');
    expect(html).toContain('<h2 class="calibration">Judge calibration</h2>');
    expect(html).toContain('2 of 2 verdicts in <code>');
    expect(html).toContain('<section class="calibration-level" data-level="call"><h3>call level: 2 labelled decisions (fewer than 20: rough)</h3>');
    expect(html).toMatch(/<a href="file:\/\/[^"]*what-is-the-weather-in-tokyo-[0-9a-f]{12}\.json">/);
    expect(html).toContain('call 1: search-tool: you said pass, the judge fail.');
    // Chromium parses it into the panel's elements (a judge's reasoning stays text, never markup).
    const dom = await renderedDom(path.join(out, 'report.html'));
    expect(dom.match(/<section class="calibration-level"/g)).toHaveLength(2); // run and call: only they were labelled
    expect(dom).toMatch(/<table class="confusion">.*<th>you pass<\/th><td>1<\/td><td>1<\/td>/s);
  }, 60_000);
});

describe('calibration in the Jest reporter', () => {
  it('prints the same line after a Jest run whose judged assertions replay labelled verdicts', async () => {
    const { cp } = await import('node:fs/promises');
    const dir = path.join(out, 'jest-verdicts');
    await cp(path.join(import.meta.dirname, '..', 'jest', 'fixtures', 'judge-verdicts'), dir, { recursive: true });
    const io = { stdin: Readable.from(['']), out: () => {}, err: (text: string) => console.error(text), cwd: out };
    expect(await main(['label', '--dir', dir, '--accept-judge'], io)).toBe(0);
    const child = await jest(['--config', 'test/reporter/fixtures/jest-calibration/jest.config.cjs'], { VERDICT_DIR: dir });
    expect(child.code, child.output).toBe(0);
    expect(child.output).toMatch(/Judge calibration \(.*labels\.json\): run κ 1\.00, TPR 100%, TNR 100%, n \d+; call κ 1\.00/);
  }, 120_000);
});
