import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gate } from '../../src/sample/gate.js';
import { formatHtml } from '../../src/reporter/html.js';
import { checkReporterOptions, writeReport } from '../../src/reporter/output.js';
import type { ReportedAssertion } from '../../src/reporter/record.js';
import type { RecordingsReport } from '../../src/reporter/recordings.js';
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

  it("lays the recordings out under the table: a row per test with its counts and judge usage, rewrites, stale files; every name escaped", async () => {
    const evil = '<script>alert(1)</script>';
    const recordings: RecordingsReport = {
      text: ['tool-call-accuracy recordings: 4 steps replayed, 2 recorded, 0 passed through live; 3 tool calls replayed, 1 recorded, 0 run live, in 3 recording files.', '', 'Stale recordings: …'].join('\n'),
      tests: [
        { testFile: 'a.test.ts', test: hostile.test, replayed: 4, recorded: 0, live: 0, tools: { replayed: 3, recorded: 0, live: 0 }, files: [`test/__recordings__/a-${evil}.json`] },
        { testFile: `b-${evil}.test.ts`, test: `b ${evil}`, replayed: 0, recorded: 2, live: 0, files: ['test/__recordings__/b.json'] },
      ],
      rewrites: [{ testFile: `b-${evil}.test.ts`, test: `b ${evil}`, file: 'test/__recordings__/b.json', added: 0, callsChanged: true, lines: ['what the agent did changed (tool names):', 'before: 1 tool call:', `  1. ${evil}  {}`, 'after: no tool calls'] }],
      stale: [`test/__recordings__/old-${evil}.json`],
      remove: `rm 'test/__recordings__/old-${evil}.json'`,
    };
    const html = path.join(dir, 'report.html');
    writeReport([{ ...hostile, judgeUsage: { inputTokens: 40, outputTokens: 80, totalTokens: 120, requests: 4, verdicts: 4, replayed: 0, unknown: 0 } }], { html, outputFile: false }, () => {}, 'vitest', recordings);
    const page = await readFile(html, 'utf8');
    const section = page.slice(page.indexOf('<section class="recordings">'));
    expect(page.indexOf('<section class="recordings">')).toBeGreaterThan(page.indexOf('</table>'));
    expect(section).not.toMatch(/<script|<b>/);
    expect(section).toContain('<p class="summary">4 steps replayed, 2 recorded, 0 passed through live; 3 tool calls replayed, 1 recorded, 0 run live, in 3 recording files.</p>');
    expect(section).toContain('<thead><tr><th rowspan="2">Test</th><th colspan="3">Model steps</th><th colspan="3">Tool calls</th><th rowspan="2">Judge usage</th><th rowspan="2">Recording files</th></tr>');
    // The first test: its steps and tool calls, and the judge's usage of its assertion beside them.
    expect(section).toContain(
      '<td class="test">books &#60;/td&#62;&#60;script&#62;alert(1)&#60;/script&#62; | pipes<div class="file">a.test.ts</div></td>\n<td class="count">4</td><td class="count">0</td><td class="count">0</td><td class="count">3</td><td class="count">0</td><td class="count">0</td>\n<td class="judge">120 tokens (40 input, 80 output) in 4 requests for 4 verdicts.</td>\n<td class="files"><code>test/__recordings__/a-&#60;script&#62;alert(1)&#60;/script&#62;.json</code></td>',
    );
    // The second recorded no tools and was not judged.
    expect(section).toContain('<td class="count">0</td><td class="count">2</td><td class="count">0</td><td class="count" colspan="3">none</td>\n<td class="judge"></td>');
    expect(section).toContain('<li data-calls-changed="true">b-&#60;script&#62;alert(1)&#60;/script&#62;.test.ts &gt; b &#60;script&#62;alert(1)&#60;/script&#62; (<code>test/__recordings__/b.json</code>) <span class="badge failed">tool calls changed</span> what the agent did changed (tool names):<pre>before: 1 tool call:\n  1. &#60;script&#62;alert(1)&#60;/script&#62;  {}\nafter: no tool calls</pre></li>');
    expect(section).toContain('<ul class="stale"><li><code>test/__recordings__/old-&#60;script&#62;alert(1)&#60;/script&#62;.json</code></li></ul>');
    expect(section).toContain('<pre>rm &#39;test/__recordings__/old-&#60;script&#62;alert(1)&#60;/script&#62;.json&#39;</pre>');
    expect(formatHtml([toRow(hostile)])).not.toContain('class="recordings"');
  });

  it('with recordings but no sampled or judged assertion, writes the page all the same (and no results file)', async () => {
    const lines: string[] = [];
    const html = path.join(dir, 'report.html');
    const recordings: RecordingsReport = { text: 'tool-call-accuracy recordings: 1 step replayed, 0 recorded, 0 passed through live, in 1 recording file.', tests: [{ testFile: 'a.test.ts', test: 'a', replayed: 1, recorded: 0, live: 0, files: ['a.json'] }], rewrites: [], stale: [], notLookedFor: 'a unit test' };
    writeReport([], { html }, (line) => lines.push(line), 'vitest', recordings);
    expect(lines).toEqual([`HTML report: ${html}`]);
    expect(await readdir(dir)).toEqual(['report.html']);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('<p class="summary">No sampled or judged assertion ran.');
    expect(page).not.toContain('<tr class="assertion"');
    expect(page).toContain('<td class="count">1</td><td class="count">0</td><td class="count">0</td>');
    expect(page).toContain('<p class="summary">Stale recordings are not looked for: a unit test.</p>');
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
