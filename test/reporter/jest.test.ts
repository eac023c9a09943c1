/**
 * The Jest reporter in a real Jest process with two workers, on a fixture suite
 * (test/reporter/fixtures/jest): the records cross from the workers to the reporter.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

let out: string;
let child: { code: number; output: string };
let reportDirsBefore: string[];
beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'tca-jest-reporter-'));
  reportDirsBefore = (await readdir(tmpdir())).filter((name) => name.startsWith('tool-call-accuracy-report-'));
  const env = { ...process.env, CI: '', TOOL_CALL_ACCURACY_CACHE: '', NO_COLOR: '1', REPORT_HTML: path.join(out, 'report.html'), GITHUB_STEP_SUMMARY: path.join(out, 'summary.md') };
  child = await new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'node_modules/jest/bin/jest.js'), '--config', 'test/reporter/fixtures/jest/jest.config.cjs'], { cwd: root, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}, 120_000);
afterAll(() => rm(out, { recursive: true, force: true }));

describe('tool-call-accuracy/jest-reporter', () => {
  it('prints the table of every sampled or judged assertion from both workers', () => {
    expect(child.code).toBe(1);
    expect(child.output).toContain('tool-call-accuracy: 5 sampled or judged assertions, 3 failing, 3 flaky');
    const rows = child.output.split('\n').filter((line) => / under Jest /.test(line) && line.includes('expect(run'));
    expect(rows.map((line) => line.replace(/\s{2,}/g, ' | ')).sort()).toEqual([
      'judged under Jest always calls the weather tool | expect(runs).toCallTool("weather-tool") | 0/2 | 0% | 0%–65.8% | failing',
      'judged under Jest uses appropriate tools in one run | expect(run).toUseAppropriateTools() | 0/1 | 0% | — | judged, failed',
      'judged under Jest uses appropriate tools over a sample | expect(runs).toUseAppropriateTools() | 2/3 | 66.7% | 20.8%–93.9% | flaky',
      'sampled under Jest never cancels | expect(runs).not.toCallTool("cancel-booking") | 6/8 | 75% | 40.9%–92.9% | flaky, below gate',
      'sampled under Jest searches then books (one run in ten does… | expect(runs).toCallToolsInOrder(["search-restaurants","book… | 9/10 | 90% | 59.6%–98.2% | flaky',
    ]);
    // Jest's own report still shows the sample's message, with the diff Jest is given.
    expect(child.output).toContain('Passed in 6 of 8 runs (flaky); all 8 required (minPassRate 0.9).');
  });

  it('writes the Markdown summary and the HTML page, with the judge\'s reasons', async () => {
    const markdown = await readFile(path.join(out, 'summary.md'), 'utf8');
    expect(markdown).toContain('| sampled under Jest never cancels | expect(runs).not.toCallTool("cancel-booking") | 6/8 | 75% | 40.9%–92.9% | flaky, below gate |');
    const html = await readFile(path.join(out, 'report.html'), 'utf8');
    expect(html.match(/<tr class="assertion"/g)).toHaveLength(5);
    expect(html).toContain('<div class="file">sampled.fixture.cjs</div>');
    expect(html).toContain('The agent used search-tool when weather-tool would have been more appropriate');
  });

  it('removes the directory the workers wrote their records to', async () => {
    const after = (await readdir(tmpdir())).filter((name) => name.startsWith('tool-call-accuracy-report-'));
    expect(after.filter((name) => !reportDirsBefore.includes(name))).toEqual([]);
  });
});
