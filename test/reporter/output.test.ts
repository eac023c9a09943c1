import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gate } from '../../src/sample/gate.js';
import { formatHtml } from '../../src/reporter/html.js';
import { checkReporterOptions, writeReport } from '../../src/reporter/output.js';
import type { ReportedAssertion } from '../../src/reporter/record.js';
import { formatMarkdown, toRow } from '../../src/reporter/rows.js';
import ToolCallAccuracyReporter from '../../src/reporter/vitest.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tca-output-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const hostile: ReportedAssertion = {
  file: 'a.test.ts',
  test: 'books </td><script>alert(1)</script> | pipes',
  assertion: 'expect(runs).toCallTool("book")',
  matcher: 'toCallTool',
  isNot: false,
  kind: 'sample',
  gate: gate({ n: 4, minPassRate: 0.5, confidence: undefined }, 3),
  failures: [{ run: 2, text: 'Received 1 tool call:\n  1. <img src=x onerror=alert(1)>' }],
  failuresLeftOut: 0,
  verdicts: [
    { run: 1, score: 0, threshold: 1, passed: false, model: 'm', reason: '<script>steal()</script>', evaluations: [{ toolCalled: '<b>x</b>', wasAppropriate: false, reasoning: '&amp;' }], missingTools: [] },
  ],
};

describe('the report outputs', () => {
  it('never lets text from the suite become markup, in HTML or Markdown', () => {
    const html = formatHtml([toRow(hostile)]);
    expect(html).not.toMatch(/<script|<img|<b>x/);
    expect(html).toContain('books &#60;/td&#62;&#60;script&#62;alert(1)&#60;/script&#62; | pipes');
    expect(html).toContain('&#38;amp;');
    expect(formatMarkdown([toRow(hostile)])).toContain('| books \\</td\\>\\<script\\>alert(1)\\</script\\> \\| pipes |');
  });

  it("shows the recordings' summary under the table, as the console prints it, its text escaped", async () => {
    const recordings = [
      'tool-call-accuracy recordings: 4 steps replayed, 2 recorded, 0 passed through live, in 3 recording files.',
      '',
      'Stale recordings: 1 file that no test of this full run used:',
      '  test/__recordings__/a-<script>alert(1)</script>-0123456789ab.json',
    ].join('\n');
    const lines: string[] = [];
    const html = path.join(dir, 'report.html');
    writeReport([hostile], { html, outputFile: false }, (line) => lines.push(line), 'vitest', recordings);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('<section class="recordings">\n<h2>Recordings</h2>\n<pre>tool-call-accuracy recordings: 4 steps replayed, 2 recorded, 0 passed through live, in 3 recording files.\n\nStale recordings: 1 file that no test of this full run used:\n  test/__recordings__/a-&#60;script&#62;alert(1)&#60;/script&#62;-0123456789ab.json</pre>\n</section>');
    expect(page.indexOf('<section class="recordings">')).toBeGreaterThan(page.indexOf('</table>'));
    expect(formatHtml([toRow(hostile)])).not.toContain('class="recordings"');
  });

  it('with no sampled or judged assertion, says so and writes no page', async () => {
    const lines: string[] = [];
    const html = path.join(dir, 'report.html');
    writeReport([], { html }, (line) => lines.push(line));
    expect(lines).toEqual(['tool-call-accuracy: no sampled or judged assertions ran, so there is no report.']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('writes the page where told, creating its folder, and skips the step summary when asked', async () => {
    const lines: string[] = [];
    const html = path.join(dir, 'nested', 'report.html');
    const summary = path.join(dir, 'summary.md');
    process.env.GITHUB_STEP_SUMMARY = summary;
    try {
      writeReport([hostile], { html, githubSummary: false }, (line) => lines.push(line));
    } finally {
      delete process.env.GITHUB_STEP_SUMMARY;
    }
    expect(lines.slice(-2)).toEqual([`HTML report: ${html}`, `Results file: ${path.join(dir, 'nested', 'tool-call-accuracy-results.json')}`]);
    expect(await readFile(html, 'utf8')).toContain('<tr class="assertion" data-status="flaky" data-passed="true">');
    expect(await readdir(dir)).toEqual(['nested']);
    expect((await readdir(path.join(dir, 'nested'))).sort()).toEqual(['report.html', 'tool-call-accuracy-results.json']);
  });

  it('checks the options when the runner makes the reporter', () => {
    expect(() => new ToolCallAccuracyReporter({ output: 'x.html' } as never)).toThrow('tool-call-accuracy reporter: unknown option "output". Known: html, githubSummary, outputFile, baseline, failOnRegression.');
    expect(() => checkReporterOptions({ html: '' })).toThrow('tool-call-accuracy reporter: html must be a file path, or false to write no page; received an empty string.');
    expect(() => checkReporterOptions({ githubSummary: 'yes' })).toThrow(TypeError);
    // A ToolCallAccuracyError (a TypeError) with its parts as fields, as every options error.
    expect(() => checkReporterOptions({ failOnRegresion: true })).toThrow(
      expect.objectContaining({ name: 'ToolCallAccuracyError', badOption: { where: 'tool-call-accuracy reporter', option: 'failOnRegresion', received: 'failOnRegresion', known: ['html', 'githubSummary', 'outputFile', 'baseline', 'failOnRegression'], suggestion: 'failOnRegression' } }),
    );
  });
});
