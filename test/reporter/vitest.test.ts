/**
 * The Vitest reporter in real Vitest processes on a fixture suite (test/reporter/fixtures/vitest):
 * one whole run, and the same suite as two shards whose blob reports `vitest --merge-reports`
 * joins. Then the HTML page in headless Chromium.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInChromium } from './helpers/chromium.js';
import { tableRows, vitest, type Child } from './helpers/children.js';

const config = 'test/reporter/fixtures/vitest/vitest.config.ts';

const EXPECTED_ROWS = {
  'booking agent > never cancels the booking': 'booking agent > never cancels the booking | expect(runs).not.toCallTool("cancel-booking") | 8/10 | 80% | 49%–94.3% | flaky, below gate',
  'judged > always sends a confirmation': 'judged > always sends a confirmation | expect(runs).toCallTool("send-confirmation") | 0/5 | 0% | 0%–43.4% | failing',
  'judged > uses appropriate tools in one run': 'judged > uses appropriate tools in one run | expect(run).toUseAppropriateTools() | 0/1 | 0% | — | judged, failed',
  'booking agent > books a table (one run in ten skips the sea…':
    'booking agent > books a table (one run in ten skips the sea… | expect(runs).toCallToolsInOrder(["search-restaurants","book… | 9/10 | 90% | 59.6%–98.2% | flaky',
  'booking agent > hostile \\u001b[31mname ⏎ with a newline <b>…': 'booking agent > hostile \\u001b[31mname ⏎ with a newline <b>… | expect(runs).toCallTool("book-table") | 3/4 | 75% | 30.1%–95.4% | flaky',
  'judged > uses appropriate tools over a sample': 'judged > uses appropriate tools over a sample | expect(runs).toUseAppropriateTools() | 2/3 | 66.7% | 20.8%–93.9% | flaky',
};

let out: string;
let whole: Child;
beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'tca-vitest-reporter-'));
  whole = await vitest(['run', '--config', config], { REPORT_HTML: path.join(out, 'report.html'), GITHUB_STEP_SUMMARY: path.join(out, 'summary.md') });
}, 120_000);
afterAll(() => rm(out, { recursive: true, force: true }));

describe('tool-call-accuracy/reporter in Vitest', () => {
  it('prints one row per sampled or judged assertion: passes/n, rate, interval, status; failing first, then flaky', () => {
    expect(whole.code).toBe(1); // the fixture's failing tests fail the run; the reporter does not change that
    expect(whole.output).toContain('tool-call-accuracy: 6 sampled or judged assertions, 3 failing, 4 flaky');
    expect(tableRows(whole.output)).toEqual(EXPECTED_ROWS);
    const order = Object.keys(tableRows(whole.output));
    expect(order.slice(0, 3).sort()).toEqual(['booking agent > never cancels the booking', 'judged > always sends a confirmation', 'judged > uses appropriate tools in one run']);
    // The default reporter still prints the failures, with the sample's message.
    expect(whole.output).toContain('Passed in 8 of 10 runs (flaky); at least 9 required (minPassRate 0.9).');
  });

  it('appends the table as Markdown to $GITHUB_STEP_SUMMARY', async () => {
    const markdown = await readFile(path.join(out, 'summary.md'), 'utf8');
    expect(markdown.split('\n').slice(0, 5)).toEqual([
      '### tool-call-accuracy',
      '',
      '| Test | Assertion | Passed | Rate | 95% interval | Status |',
      '| --- | --- | --- | --- | --- | --- |',
      '| booking agent \\> never cancels the booking | expect(runs).not.toCallTool("cancel-booking") | 8/10 | 80% | 49%–94.3% | flaky, below gate |',
    ]);
    // Markup and escape codes from a test name are escaped, never live.
    expect(markdown).toContain('| booking agent \\> hostile \\\\u001b\\[31mname ⏎ with a newline \\<b\\>and markup\\</b\\> |');
  });

  it('writes one self-contained HTML page that Chromium shows with its rows, bars and expandable runs', async () => {
    const html = await readFile(path.join(out, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<(script|link|img|iframe)\b|\bsrc=|\bhref=|url\(|@import/i);
    const page = await checkInChromium(html, path.join(out, 'probe.html'));
    expect(page.resources).toBe(0);
    expect(page.scripts).toBe(0);
    expect(page.injectedElements).toBe(0);
    expect(page.rows.map((row) => [row.test, row.status, row.passed])).toEqual([
      ['booking agent > never cancels the booking', 'flaky', 'false'],
      ['judged > always sends a confirmation', 'failing', 'false'],
      ['judged > uses appropriate tools in one run', 'failed', 'false'],
      ['booking agent > books a table (one run in ten skips the search)', 'flaky', 'true'],
      ['booking agent > hostile \\u001b[31mname ⏎ with a newline <b>and markup</b>', 'flaky', 'true'],
      ['judged > uses appropriate tools over a sample', 'flaky', 'true'],
    ]);
    // Each bar is drawn at its rate, its interval across it (none for one judged run), and the gate marked.
    const rates = [0.8, 0, 0, 0.9, 0.75, 2 / 3];
    const intervals = [[0.49, 0.943], [0, 0.434], undefined, [0.596, 0.982], [0.301, 0.954], [0.208, 0.939]];
    page.rows.forEach((row, index) => {
      expect(row.fillWidth / row.barWidth).toBeCloseTo(rates[index]!, 2);
      const interval = intervals[index];
      if (interval === undefined) {
        expect(row.ciWidth).toBeNull();
        expect(row.hasGate).toBe(false);
      } else {
        expect(row.ciLeft! / row.barWidth).toBeCloseTo(interval[0]!, 2);
        expect((row.ciLeft! + row.ciWidth!) / row.barWidth).toBeCloseTo(interval[1]!, 2);
        expect(row.hasGate).toBe(true);
      }
    });
    // The failing runs are folded; a click unfolds the first one's call list.
    expect(page.details).toBe(8);
    expect(page.foldedVisible).toBe(false);
    expect(page.unfoldedVisible).toBe(true);
    expect(page.unfoldedHeight).toBeGreaterThan(50);
    expect(page.unfoldedText).toContain('Expected no call to "cancel-booking"');
    expect(page.unfoldedText).toContain('3. cancel-booking');
    // The judge's reasons are on the page too, for the sample and the single judged run.
    expect(html).toContain('The agent used search-tool when weather-tool would have been more appropriate for a direct weather query.');
    expect(html).toContain("judge's reasons (3 runs)");
    expect(html).toContain("judge's reasons (1 run)");
  }, 60_000);

  it('gives one report of all shards: two shards with the blob reporter, then vitest --merge-reports', async () => {
    const blobs = path.join(out, 'blobs');
    const shards = [];
    for (const shard of ['1/2', '2/2']) {
      shards.push(await vitest(['run', '--config', config, `--shard=${shard}`, '--reporter=blob', `--outputFile=${path.join(blobs, `blob-${shard.replace('/', '-')}.json`)}`], {}));
    }
    // Each shard ran part of the suite, and printed no report of its own.
    expect(shards.map((shard) => shard.output.includes('tool-call-accuracy:'))).toEqual([false, false]);
    const merged = await vitest(['run', '--config', config, `--merge-reports=${blobs}`], { REPORT_HTML: path.join(out, 'merged.html') });
    expect(merged.code).toBe(1);
    expect(tableRows(merged.output)).toEqual(EXPECTED_ROWS);
    const html = await readFile(path.join(out, 'merged.html'), 'utf8');
    expect(html.match(/<tr class="assertion"/g)).toHaveLength(6);
    // The results file beside the page is whole too: every assertion of both shards.
    const results = JSON.parse(await readFile(path.join(out, 'tool-call-accuracy-results.json'), 'utf8'));
    expect(results.summary).toEqual({ assertions: 6, failing: 3, flaky: 4 });
    expect(results.assertions.map((entry: { key: { file: string; test: string }; passes: number; n: number }) => `${entry.key.file} | ${entry.key.test} | ${entry.passes}/${entry.n}`)).toEqual([
      'test/reporter/fixtures/vitest/booking.fixture.ts | booking agent > books a table (one run in ten skips the search) | 9/10',
      'test/reporter/fixtures/vitest/booking.fixture.ts | booking agent > never cancels the booking | 8/10',
      'test/reporter/fixtures/vitest/booking.fixture.ts | booking agent > hostile \u001b[31mname\nwith a newline <b>and markup</b> | 3/4',
      'test/reporter/fixtures/vitest/judged.fixture.ts | judged > always sends a confirmation | 0/5',
      'test/reporter/fixtures/vitest/judged.fixture.ts | judged > uses appropriate tools over a sample | 2/3',
      'test/reporter/fixtures/vitest/judged.fixture.ts | judged > uses appropriate tools in one run | 0/1',
    ]);
  }, 120_000);
});
