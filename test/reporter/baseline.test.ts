/**
 * Regression gates in real runner processes: the fixture suite (test/reporter/fixtures/baseline)
 * runs with agent version 1 and writes the results file that is then the baseline; version 2
 * books worse (48 -> 30 of 50), searches first more often (30 -> 49), cancels about as rarely
 * (45 -> 43), adds a test and drops one. Every test passes its own gate in both versions, so the
 * exit code shows what the comparison decided. Vitest runs version 2 as two shards merged with
 * `--merge-reports`; Jest runs both versions whole, with two workers.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultsFile } from '../../src/reporter/results.js';
import { checkInChromium } from './helpers/chromium.js';
import { jest, tableRows, vitest, type Child } from './helpers/children.js';

const config = 'test/reporter/fixtures/baseline/vitest.config.ts';
const fixtures = 'test/reporter/fixtures/baseline';

let out: string;
afterAll(() => rm(out, { recursive: true, force: true }));
beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'tca-baseline-'));
});

const readResults = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as ResultsFile;
const summaryOf = (results: ResultsFile) => results.assertions.map((entry) => `${entry.key.test} | ${entry.passes}/${entry.n} | ${entry.comparison?.change ?? '-'}`);

describe('Vitest: a baseline run, then a changed agent in two shards merged', () => {
  let baselineRun: Child;
  let merged: Child;
  let base: string;
  let blobs: string;
  /** `vitest --merge-reports` of version 2's shards, with the reporter's environment. */
  const merge = (env: Record<string, string | undefined>) => vitest(['run', '--config', config, `--merge-reports=${blobs}`], { AGENT_VERSION: '2', ...env });

  beforeAll(async () => {
    base = path.join(out, 'vitest-baseline.json');
    blobs = path.join(out, 'blobs');
    baselineRun = await vitest(['run', '--config', config], { AGENT_VERSION: '1', REPORT_RESULTS: base });
    for (const shard of ['1/2', '2/2']) {
      const child = await vitest(['run', '--config', config, `--shard=${shard}`, '--reporter=blob', `--outputFile=${path.join(blobs, `blob-${shard.replace('/', '-')}.json`)}`], { AGENT_VERSION: '2' });
      expect(child.code, child.output).toBe(0);
    }
    merged = await merge({
      TOOL_CALL_ACCURACY_BASELINE: base,
      REPORT_RESULTS: path.join(out, 'vitest-v2.json'),
      REPORT_HTML: path.join(out, 'vitest-v2.html'),
      GITHUB_STEP_SUMMARY: path.join(out, 'summary.md'),
    });
  }, 180_000);

  it('writes the baseline: one versioned entry per sampled or judged assertion, with the judge\'s scores', async () => {
    expect(baselineRun.code, baselineRun.output).toBe(0);
    const results = await readResults(base);
    expect({ ...results, generatedAt: 'time', assertions: results.assertions.length }).toEqual({
      tool: 'tool-call-accuracy',
      version: 1,
      runner: 'vitest',
      generatedAt: 'time',
      baseline: null,
      summary: { assertions: 5, failing: 0, flaky: 3 },
      assertions: 5,
      removed: [],
    });
    expect(summaryOf(results)).toEqual([
      'asking agent > searches before anything else | 30/50 | -',
      'asking agent > uses appropriate tools | 3/3 | -',
      'booking agent > books after searching | 48/50 | -',
      'booking agent > never cancels | 45/50 | -',
      'booking agent > books without asking (dropped in version 2) | 50/50 | -',
    ]);
    const books = results.assertions.find((entry) => entry.key.test === 'booking agent > books after searching')!;
    expect(books).toEqual({
      key: { file: `${fixtures}/booking.fixture.ts`, test: 'booking agent > books after searching', assertion: 'expect(runs).toCallToolsInOrder(["search-restaurants","book-table"])', occurrence: 1 },
      matcher: 'toCallToolsInOrder',
      isNot: false,
      kind: 'sample',
      passes: 48,
      n: 50,
      rate: 0.96,
      interval: { low: expect.closeTo(0.865, 3), high: expect.closeTo(0.989, 3) },
      gate: { minPassRate: 0.5, confidence: null, required: 25, passed: true },
      status: 'flaky',
      passed: true,
      judge: null,
      comparison: null,
    });
    const judged = results.assertions.find((entry) => entry.matcher === 'toUseAppropriateTools')!;
    expect(judged.judge).toEqual({ model: 'by-request (test-judge)', threshold: 1, scores: [1, 1, 1], meanScore: 1 });
  });

  it('compares each assertion with the baseline in the table: regressions first, then the rest, the removed one listed', () => {
    expect(merged.code, merged.output).toBe(0); // no failOnRegression: the regression is shown, the run passes
    expect(merged.output).toContain(
      `tool-call-accuracy: 5 sampled or judged assertions, 0 failing, 3 flaky; against the baseline (${base}, `,
    );
    expect(merged.output).toContain('): 1 regressed, 1 improved, 2 unchanged, 1 new, 1 removed');
    expect(Object.values(tableRows(merged.output))).toEqual([
      'booking agent > books after searching | expect(runs).toCallToolsInOrder(["search-restaurants","book… | 30/50 | 60% | 46.2%–72.4% | flaky | 96% (48/50) | regressed: -36 (-50.1 to -20.4)',
      'booking agent > never cancels | expect(runs).not.toCallTool("cancel-booking") | 43/50 | 86% | 73.8%–93% | flaky | 90% (45/50) | unchanged: -4 (-17.4 to +9.4)',
      'asking agent > searches before anything else | expect(runs).toCallToolsInOrder(["search-restaurants"]) | 49/50 | 98% | 89.5%–99.6% | flaky | 60% (30/50) | improved: +38 (+23 to +51.9)',
      'asking agent > uses appropriate tools | expect(runs).toUseAppropriateTools() | 3/3 | 100% | 43.9%–100% | stable | 100% (3/3) | unchanged: 0 (-56.1 to +56.1)',
      'asking agent > confirms the booking (new in version 2) | expect(runs).toCallTool("book-table") | 50/50 | 100% | 92.9%–100% | stable | — | new',
    ]);
    expect(merged.output).toContain(
      'Removed since the baseline (1):\n  test/reporter/fixtures/baseline/booking.fixture.ts > booking agent > books without asking (dropped in version 2) > expect(runs).toCallTool("book-table"): was 100% (50/50)',
    );
  });

  it('puts the same comparison in the job summary', async () => {
    const markdown = (await readFile(path.join(out, 'summary.md'), 'utf8')).split('\n');
    expect(markdown[2]).toMatch(/^5 sampled or judged assertions, 0 failing, 3 flaky; against the baseline \(.*\): 1 regressed, 1 improved, 2 unchanged, 1 new, 1 removed$/);
    expect(markdown.slice(4, 7)).toEqual([
      '| Test | Assertion | Passed | Rate | 95% interval | Status | Baseline | Change (points, 95% interval) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      '| booking agent \\> books after searching | expect(runs).toCallToolsInOrder(\\["search-restaurants","book-table"\\]) | 30/50 | 60% | 46.2%–72.4% | flaky | 96% (48/50) | regressed: -36 (-50.1 to -20.4) |',
    ]);
    expect(markdown).toContain('- test/reporter/fixtures/baseline/booking.fixture.ts \\> booking agent \\> books without asking (dropped in version 2) \\> expect(runs).toCallTool("book-table"): was 100% (50/50)');
  });

  it('writes the merged shards\' results file whole, with each comparison and the removed assertion', async () => {
    const results = await readResults(path.join(out, 'vitest-v2.json'));
    expect(results.baseline).toEqual({ file: base, generatedAt: (await readResults(base)).generatedAt });
    expect(results.summary).toEqual({ assertions: 5, failing: 0, flaky: 3, regressed: 1, improved: 1, unchanged: 2, new: 1, removed: 1 });
    expect(summaryOf(results)).toEqual([
      'asking agent > searches before anything else | 49/50 | improved',
      'asking agent > uses appropriate tools | 3/3 | unchanged',
      'asking agent > confirms the booking (new in version 2) | 50/50 | new',
      'booking agent > books after searching | 30/50 | regressed',
      'booking agent > never cancels | 43/50 | unchanged',
    ]);
    const books = results.assertions.find((entry) => entry.key.test === 'booking agent > books after searching')!;
    expect(books.comparison).toEqual({
      change: 'regressed',
      baseline: { passes: 48, n: 50, rate: 0.96 },
      difference: { estimate: expect.closeTo(-0.36, 9), low: expect.closeTo(-0.501, 3), high: expect.closeTo(-0.204, 3) },
    });
    expect(results.removed).toEqual([
      { key: { file: `${fixtures}/booking.fixture.ts`, test: 'booking agent > books without asking (dropped in version 2)', assertion: 'expect(runs).toCallTool("book-table")', occurrence: 1 }, passes: 50, n: 50, rate: 1 },
    ]);
  });

  it('draws the page with the regression first and the baseline\'s rate marked on each bar, in Chromium', async () => {
    const html = await readFile(path.join(out, 'vitest-v2.html'), 'utf8');
    const page = await checkInChromium(html, path.join(out, 'probe.html'));
    expect(page.resources).toBe(0);
    expect(page.overflow).toBe(0);
    expect(page.rows.map((row) => [row.test, row.change])).toEqual([
      ['booking agent > books after searching', 'regressed -36 (-50.1 to -20.4)'],
      ['booking agent > never cancels', 'unchanged -4 (-17.4 to +9.4)'],
      ['asking agent > searches before anything else', 'improved +38 (+23 to +51.9)'],
      ['asking agent > uses appropriate tools', 'unchanged 0 (-56.1 to +56.1)'],
      ['asking agent > confirms the booking (new in version 2)', 'new'],
    ]);
    const baselineRates = [0.96, 0.9, 0.6, 1, undefined];
    page.rows.forEach((row, index) => {
      const rate = baselineRates[index];
      if (rate === undefined) expect(row.baselineAt).toBeNull();
      else expect(row.baselineAt! / row.barWidth).toBeCloseTo(rate, 2);
    });
    expect(page.removed).toEqual([
      'test/reporter/fixtures/baseline/booking.fixture.ts > booking agent > books without asking (dropped in version 2) > expect(runs).toCallTool("book-table"): was 100% (50/50)',
    ]);
  }, 60_000);

  it('failOnRegression fails the run naming the regression, though its gate passed', async () => {
    const child = await merge({ TOOL_CALL_ACCURACY_BASELINE: base, FAIL_ON_REGRESSION: '1' });
    expect(child.code).toBe(1);
    expect(child.output).toContain('Tests  5 passed (5)');
    expect(child.output).toContain(
      [
        `tool-call-accuracy: 1 assertion regressed against the baseline ${base} (failOnRegression):`,
        '  test/reporter/fixtures/baseline/booking.fixture.ts > booking agent > books after searching > expect(runs).toCallToolsInOrder(["search-restaurants","book-table"]): 60% (30/50), was 96% (48/50); regressed: -36 (-50.1 to -20.4)',
      ].join('\n'),
    );
  }, 60_000);

  it('without a usable baseline says why and goes on without comparing, unless failOnRegression is set', async () => {
    const missing = path.join(out, 'missing.json');
    const withoutFile = await merge({ TOOL_CALL_ACCURACY_BASELINE: missing });
    expect(withoutFile.code).toBe(0);
    expect(withoutFile.output).toContain(`tool-call-accuracy: the baseline ${missing} does not exist. This run is not compared with a baseline.`);
    expect(withoutFile.output).toContain('tool-call-accuracy: 5 sampled or judged assertions, 0 failing, 3 flaky\n');
    expect(withoutFile.output).not.toContain('Baseline');

    const other = path.join(out, 'version-2.json');
    await writeFile(other, JSON.stringify({ ...(await readResults(base)), version: 2 }));
    const failing = await merge({ TOOL_CALL_ACCURACY_BASELINE: other, FAIL_ON_REGRESSION: '1' });
    expect(failing.code).toBe(1);
    expect(failing.output).toContain(
      `tool-call-accuracy: failOnRegression is set, and the baseline ${other} is a version 2 results file, and this tool-call-accuracy reads version 1: make a new baseline with this version, so no regression could be ruled out.`,
    );
  }, 120_000);
});

describe('Jest: a baseline run, then a changed agent', () => {
  let first: Child;
  let second: Child;
  beforeAll(async () => {
    const jestConfig = ['--config', `${fixtures}/jest.config.cjs`];
    first = await jest(jestConfig, { AGENT_VERSION: '1', REPORT_RESULTS: path.join(out, 'jest-baseline.json') });
    second = await jest(jestConfig, { AGENT_VERSION: '2', REPORT_RESULTS: path.join(out, 'jest-v2.json'), REPORT_BASELINE: path.join(out, 'jest-baseline.json'), FAIL_ON_REGRESSION: '1' });
  }, 120_000);

  it('writes the baseline with every assertion of both workers', async () => {
    expect(first.code, first.output).toBe(0);
    const results = await readResults(path.join(out, 'jest-baseline.json'));
    expect(results.runner).toBe('jest');
    expect(summaryOf(results)).toEqual([
      'booking agent books after searching | 48/50 | -',
      'booking agent asks first | 30/50 | -',
      'booking agent never cancels | 45/50 | -',
      'booking agent books without asking (dropped in version 2) | 50/50 | -',
    ]);
    expect(results.assertions[0]!.key.file).toBe('booking.fixture.cjs');
  });

  it('with failOnRegression, fails the run naming the regression; the rest is compared as in Vitest', async () => {
    expect(second.code).toBe(1);
    expect(second.output).toContain('Tests:       4 passed, 4 total');
    expect(second.output).toContain('): 1 regressed, 1 improved, 1 unchanged, 1 new, 1 removed');
    expect(second.output).toContain(
      [
        `tool-call-accuracy: 1 assertion regressed against the baseline ${path.join(out, 'jest-baseline.json')} (failOnRegression):`,
        '  booking.fixture.cjs > booking agent books after searching > expect(runs).toCallToolsInOrder(["search-restaurants","book-table"]): 60% (30/50), was 96% (48/50); regressed: -36 (-50.1 to -20.4)',
      ].join('\n'),
    );
    const results = await readResults(path.join(out, 'jest-v2.json'));
    expect(summaryOf(results)).toEqual([
      'booking agent books after searching | 30/50 | regressed',
      'booking agent asks first | 49/50 | improved',
      'booking agent never cancels | 43/50 | unchanged',
      'booking agent confirms the booking (new in version 2) | 50/50 | new',
    ]);
    expect(results.removed.map((entry) => entry.key.test)).toEqual(['booking agent books without asking (dropped in version 2)']);
  });
});
