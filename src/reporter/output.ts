import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReportedAssertion } from './record.js';
import { formatHtml } from './html.js';
import { formatMarkdown, formatTable, toRow } from './rows.js';

export interface ReporterOptions {
  /** Where the HTML page goes, relative to the working directory; `false` writes none. Default `tool-call-accuracy-report.html`. */
  html?: string | false;
  /** Append the Markdown table to `$GITHUB_STEP_SUMMARY` when it is set. Default true. */
  githubSummary?: boolean;
}

export const DEFAULT_HTML = 'tool-call-accuracy-report.html';

/** What both reporters do at the end of a run: print the table, write the step summary and the HTML page. */
export function writeReport(records: readonly ReportedAssertion[], options: ReporterOptions, log: (text: string) => void): void {

  if (records.length === 0) {
    log('tool-call-accuracy: no sampled or judged assertions ran, so there is no report.');
    return;
  }
  const rows = records.map(toRow);
  log(formatTable(rows));
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (summary && options.githubSummary !== false) appendFileSync(summary, formatMarkdown(rows));
  const html = options.html ?? DEFAULT_HTML;
  if (html !== false) {
    const file = path.resolve(html);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, formatHtml(rows));
    const relative = path.relative(process.cwd(), file);
    log(`HTML report: ${relative.startsWith('..') || path.isAbsolute(relative) ? file : relative}`);
  }
}

/** Reporter options are checked when the runner creates the reporter, before any test runs. */
export function checkReporterOptions(options: unknown): asserts options is ReporterOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError('tool-call-accuracy reporter options must be an object such as { html: "report.html" }.');
  const { html, githubSummary, ...rest } = options as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new TypeError(`tool-call-accuracy reporter: unknown option ${unknown.map((key) => JSON.stringify(key)).join(', ')}. Known: html, githubSummary.`);
  if (html !== undefined && html !== false && (typeof html !== 'string' || html === '')) {
    throw new TypeError('tool-call-accuracy reporter: html must be a file path, or false to write no page.');
  }
  if (githubSummary !== undefined && typeof githubSummary !== 'boolean') throw new TypeError('tool-call-accuracy reporter: githubSummary must be true or false.');
}
