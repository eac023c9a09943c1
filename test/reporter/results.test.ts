/**
 * The results file and the baseline comparison, on records as the matchers file them (gates from
 * the real gate()); the runner processes are in baseline.test.ts.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gate } from '../../src/sample/gate.js';
import { formatHtml } from '../../src/reporter/html.js';
import { BASELINE_ENV, checkReporterOptions, writeReport, type ReporterOptions } from '../../src/reporter/output.js';
import type { ReportedAssertion } from '../../src/reporter/record.js';
import { readBaseline, type ResultsFile } from '../../src/reporter/results.js';
import { formatMarkdown, toRows } from '../../src/reporter/rows.js';
import ToolCallAccuracyJestReporter from '../../src/reporter/jest.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tca-results-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function sampled(test: string, passes: number, n: number, assertion = 'expect(runs).toCallTool("book")'): ReportedAssertion {
  return { file: 'a.test.ts', test, assertion, matcher: 'toCallTool', isNot: false, kind: 'sample', gate: gate({ n, minPassRate: 0.5, confidence: undefined }, passes), failures: [], failuresLeftOut: 0, verdicts: [] };
}

/** writeReport with its log lines and the results file it wrote. */
async function report(records: ReportedAssertion[], options: ReporterOptions = {}) {
  const lines: string[] = [];
  const outputFile = path.join(dir, 'results.json');
  const outcome = writeReport(records, { html: false, githubSummary: false, outputFile, ...options }, (line) => lines.push(line));
  const written = await readFile(outputFile, 'utf8').then((text) => JSON.parse(text) as ResultsFile, () => undefined);
  return { outcome, lines, results: written };
}

async function baselineOf(records: ReportedAssertion[]): Promise<string> {
  const file = path.join(dir, 'baseline.json');
  writeReport(records, { html: false, githubSummary: false, outputFile: file }, () => {});
  return file;
}

describe('the results file', () => {
  it('keys identical assertions in one test by their order, so each is compared with its own', async () => {
    const base = await baselineOf([sampled('t', 10, 10), sampled('t', 2, 10)]);
    const { results } = await report([sampled('t', 10, 10), sampled('t', 10, 10)], { baseline: base });
    expect(results!.assertions.map((entry) => [entry.key.occurrence, entry.comparison?.change])).toEqual([
      [1, 'unchanged'],
      [2, 'improved'],
    ]);
  });

  it('goes next to the HTML page by default, and nowhere with outputFile: false', async () => {
    writeReport([sampled('t', 1, 2)], { html: path.join(dir, 'site', 'report.html'), githubSummary: false }, () => {});
    expect((await readFile(path.join(dir, 'site', 'tool-call-accuracy-results.json'), 'utf8')).startsWith('{\n  "tool": "tool-call-accuracy",\n  "version": 1,')).toBe(true);
    const lines: string[] = [];
    writeReport([sampled('t', 1, 2)], { html: false, outputFile: false, githubSummary: false }, (line) => lines.push(line));
    expect(lines.some((line) => line.startsWith('Results file'))).toBe(false);
  });
});

describe('the baseline', () => {
  it('is the environment variable when set, over the option', async () => {
    const base = await baselineOf([sampled('t', 10, 10)]);
    process.env[BASELINE_ENV] = base;
    try {
      const { results } = await report([sampled('t', 1, 10)], { baseline: path.join(dir, 'nowhere.json') });
      expect(results!.baseline?.file).toBe(base);
      expect(results!.assertions[0]!.comparison?.change).toBe('regressed');
    } finally {
      delete process.env[BASELINE_ENV];
    }
  });

  it('that cannot be used is one clear line, and the run goes on uncompared unless failOnRegression is set', async () => {
    const cases: Array<[string, string]> = [
      ['not-json.json', '{ "tool": '],
      ['other-tool.json', '{ "version": 1, "assertions": [] }'],
      ['version-0.json', '{ "tool": "tool-call-accuracy", "version": 0, "assertions": [] }'],
      ['damaged.json', '{ "tool": "tool-call-accuracy", "version": 1, "assertions": [{ "key": { "file": "a", "test": "t", "assertion": "x", "occurrence": 1 }, "passes": 11, "n": 10 }] }'],
    ];
    const problems: string[] = [];
    for (const [name, text] of cases) {
      await writeFile(path.join(dir, name), text);
      const read = readBaseline(path.join(dir, name));
      problems.push('problem' in read ? read.problem.replace(dir, '<dir>') : 'read');
    }
    problems.push((readBaseline(path.join(dir, 'missing.json')) as { problem: string }).problem.replace(dir, '<dir>'));
    expect(problems).toMatchInlineSnapshot(`
      [
        "the baseline <dir>/not-json.json is not JSON (Unexpected end of JSON input)",
        "the baseline <dir>/other-tool.json is not a tool-call-accuracy results file (it has no "tool": "tool-call-accuracy")",
        "the baseline <dir>/version-0.json is a version 0 results file, and this tool-call-accuracy reads version 1: make a new baseline with this version",
        "the baseline <dir>/damaged.json is damaged: assertions[0] has passes 11 of n 10, not whole runs",
        "the baseline <dir>/missing.json does not exist",
      ]
    `);

    const uncompared = await report([sampled('t', 1, 10)], { baseline: path.join(dir, 'version-0.json') });
    expect(uncompared.outcome).toEqual({});
    expect(uncompared.lines[0]!.replace(dir, '<dir>')).toBe(
      'tool-call-accuracy: the baseline <dir>/version-0.json is a version 0 results file, and this tool-call-accuracy reads version 1: make a new baseline with this version. This run is not compared with a baseline.',
    );
    expect(uncompared.results!.baseline).toBeNull();
    expect(uncompared.results!.assertions[0]!.comparison).toBeNull();

    const failed = await report([sampled('t', 1, 10)], { baseline: path.join(dir, 'missing.json'), failOnRegression: true });
    expect(failed.outcome.failure?.replace(dir, '<dir>')).toBe(
      'tool-call-accuracy: failOnRegression is set, and the baseline <dir>/missing.json does not exist, so no regression could be ruled out.',
    );
    // The results file is still written: the run's own results do not depend on the baseline.
    expect(failed.results!.assertions).toHaveLength(1);
  });

  it('with failOnRegression and no baseline at all, says nothing was compared and does not fail', async () => {
    const { outcome, lines } = await report([sampled('t', 1, 10)], { failOnRegression: true });
    expect(outcome).toEqual({});
    expect(lines.at(-1)).toBe('tool-call-accuracy: failOnRegression is set but no baseline is given (option baseline or $TOOL_CALL_ACCURACY_BASELINE), so nothing was compared.');
  });

  it('with failOnRegression names each regression, even one whose gate passed, and not what stayed within noise', async () => {
    const base = await baselineOf([sampled('books', 48, 50), sampled('asks', 9, 10), sampled('cancels', 50, 50, 'expect(runs).not.toCallTool("cancel")')]);
    const { outcome, results } = await report([sampled('books', 39, 50), sampled('asks', 8, 10), sampled('cancels', 20, 50, 'expect(runs).not.toCallTool("cancel")')], {
      baseline: base,
      failOnRegression: true,
    });
    expect(results!.assertions.map((entry) => [entry.key.test, entry.passed, entry.comparison?.change])).toEqual([
      ['books', true, 'regressed'],
      ['asks', true, 'unchanged'],
      ['cancels', false, 'regressed'],
    ]);
    expect(outcome.failure?.replace(dir, '<dir>')).toMatchInlineSnapshot(`
      "tool-call-accuracy: 2 assertions regressed against the baseline <dir>/baseline.json (failOnRegression):
        a.test.ts > books > expect(runs).toCallTool("book"): 78% (39/50), was 96% (48/50); regressed: -18 (-31.6 to -4.8)
        a.test.ts > cancels > expect(runs).not.toCallTool("cancel"): 40% (20/50), was 100% (50/50); regressed: -60 (-72.4 to -44.4)"
    `);
  });

  it('keeps hostile names from the suite printable in the text and inert on the page', async () => {
    const hostile = 'x\u001b[31m\n<img src=x onerror=alert(1)>';
    const base = await baselineOf([sampled(hostile, 10, 10), sampled(`gone ${hostile}`, 5, 10)]);
    const read = readBaseline(base);
    if (!('baseline' in read)) throw new Error(read.problem);
    const { lines } = await report([sampled(hostile, 2, 10)], { baseline: base });
    const table = lines.find((line) => line.includes('Removed since the baseline'))!;
    expect(table).not.toMatch(/\u001b/);
    expect(table).toContain('a.test.ts > gone x\\u001b[31m ⏎ <img src=x onerror=alert(1)> > expect(runs).toCallTool("book"): was 50% (5/10)');
    const { rows, summary } = await import('../../src/reporter/results.js').then(({ compareWithBaseline }) => compareWithBaseline(toRows([sampled(hostile, 2, 10)]), read.baseline));
    const html = formatHtml(rows, new Date(0), summary);
    expect(html).not.toMatch(/<img/);
    expect(html).toContain('<ul class="removed">');
    expect(formatMarkdown(rows, summary)).toContain('- a.test.ts \\> gone x\\\\u001b\\[31m ⏎ \\<img src=x onerror=alert(1)\\> \\> expect(runs).toCallTool("book"): was 50% (5/10)');
  });
});

describe('reporter options', () => {
  it('are checked when the runner makes the reporter, naming the option and what it takes', () => {
    const problems = [{ outputFile: '' }, { outputFile: 3 }, { baseline: true }, { baseline: '' }, { failOnRegression: 'yes' }, { failOnRegresion: true }].map((options) => {
      try {
        checkReporterOptions(options);
        return 'accepted';
      } catch (error) {
        return `${(error as Error).constructor.name}: ${(error as Error).message}`;
      }
    });
    expect(problems).toMatchInlineSnapshot(`
      [
        "ToolCallAccuracyError: tool-call-accuracy reporter: outputFile must be a file path for the results JSON, or false to write none; received an empty string.",
        "ToolCallAccuracyError: tool-call-accuracy reporter: outputFile must be a file path for the results JSON, or false to write none; received number 3.",
        "ToolCallAccuracyError: tool-call-accuracy reporter: baseline must be the path of an earlier results file, such as "baseline/tool-call-accuracy-results.json"; received boolean true.",
        "ToolCallAccuracyError: tool-call-accuracy reporter: baseline must be the path of an earlier results file, such as "baseline/tool-call-accuracy-results.json"; received an empty string.",
        "ToolCallAccuracyError: tool-call-accuracy reporter: failOnRegression must be true or false; received "yes".",
        "ToolCallAccuracyError: tool-call-accuracy reporter: unknown option "failOnRegresion". Known: html, githubSummary, outputFile, baseline, failOnRegression. Did you mean "failOnRegression"?",
      ]
    `);
    expect(() => new ToolCallAccuracyJestReporter({}, { failOnRegression: 1 } as never)).toThrow(TypeError);
  });
});
