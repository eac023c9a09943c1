import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReportedAssertion } from './record.js';
import { checkOptions, rule, type OptionsSchema } from '../options.js';
import { formatHtml } from './html.js';
import { compareWithBaseline, readBaseline, toResultsFile, type ResultsFile } from './results.js';
import { percent } from '../format/sample.js';
import { describeCalibrationLine } from '../format/calibration.js';
import type { RunCalibration } from './calibration.js';
import type { RecordingsReport } from './recordings.js';
import { comparisonCells, describeKey, formatMarkdown, formatTable, toRows, type BaselineSummary, type ReportRow } from './rows.js';

export interface ReporterOptions {
  /** Where the HTML page goes, relative to the working directory; `false` writes none. Default `tool-call-accuracy-report.html`. */
  html?: string | false;
  /** Append the Markdown table to `$GITHUB_STEP_SUMMARY` when it is set. Default true. */
  githubSummary?: boolean;
  /** Where the results JSON goes; `false` writes none. Default `tool-call-accuracy-results.json` in the HTML page's folder. */
  outputFile?: string | false;
  /** An earlier results file to compare each assertion with. `$TOOL_CALL_ACCURACY_BASELINE`, when set, takes its place. */
  baseline?: string;
  /** Fail the run when an assertion regressed against the baseline, or the baseline cannot be used. Default false. */
  failOnRegression?: boolean;
}

export const DEFAULT_HTML = 'tool-call-accuracy-report.html';
export const DEFAULT_RESULTS = 'tool-call-accuracy-results.json';
export const BASELINE_ENV = 'TOOL_CALL_ACCURACY_BASELINE';

/**
 * What both reporters do at the end of a run: compare with the baseline, print the table, write the
 * step summary, the HTML page and the results file. `failure` set means the run must fail, and says why.
 */
export function writeReport(
  records: readonly ReportedAssertion[],
  options: ReporterOptions,
  log: (text: string) => void,
  runner: ResultsFile['runner'] = 'vitest',
  /** What the run reported of recordings (its text printed by the caller; the HTML page lays it out): then no assertions is no news, and the page is written still. */
  recordings?: RecordingsReport,
  /** The judge's agreement with the labels beside the verdicts the run used (reporter/calibration.ts). */
  calibration: RunCalibration = { reports: [], problems: [] },
): { failure?: string } {
  const reportedElse = recordings !== undefined;
  const generatedAt = new Date();
  const baselineFile = process.env[BASELINE_ENV] || options.baseline;
  // Read before anything is written: the baseline may be the file this run is about to replace.
  const read = baselineFile === undefined ? undefined : readBaseline(baselineFile);
  const problem = read && 'problem' in read ? read.problem : undefined;
  if (problem) log(`tool-call-accuracy: ${problem}. This run is not compared with a baseline.`);
  if (records.length === 0) {
    if (!reportedElse) log('tool-call-accuracy: no sampled or judged assertions ran, so there is no report.');
    // The recordings still get their page (no results file: it holds assertions, and there are none).
    else if (options.html !== false) log(`HTML report: ${write(options.html ?? DEFAULT_HTML, formatHtml([], generatedAt, undefined, recordings))}`);
    return problem && options.failOnRegression ? { failure: failureWithoutBaseline(problem) } : {};
  }
  let rows: ReportRow[] = toRows(records);
  let baseline: BaselineSummary | undefined;
  if (read && 'baseline' in read) ({ rows, summary: baseline } = compareWithBaseline(rows, read.baseline));
  log(formatTable(rows, baseline));
  for (const problem of calibration.problems) log(problem);
  for (const report of calibration.reports) {
    const line = describeCalibrationLine(report);
    if (line !== undefined) log(line);
  }
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (summary && options.githubSummary !== false) appendFileSync(summary, formatMarkdown(rows, baseline));
  const html = options.html ?? DEFAULT_HTML;
  if (html !== false) log(`HTML report: ${write(html, formatHtml(rows, generatedAt, baseline, recordings, calibration.reports))}`);
  const outputFile = options.outputFile ?? path.join(html === false ? '.' : path.dirname(html), DEFAULT_RESULTS);
  if (outputFile !== false) {
    log(`Results file: ${write(outputFile, `${JSON.stringify(toResultsFile(rows, runner, baseline, generatedAt), null, 2)}\n`)}`);
  }
  if (!options.failOnRegression) return {};
  if (problem) return { failure: failureWithoutBaseline(problem) };
  if (baseline === undefined) {
    log('tool-call-accuracy: failOnRegression is set but no baseline is given (option baseline or $TOOL_CALL_ACCURACY_BASELINE), so nothing was compared.');
    return {};
  }
  const regressed = rows.filter((row) => row.comparison?.change === 'regressed');
  if (regressed.length === 0) return {};
  return {
    failure: [
      `tool-call-accuracy: ${regressed.length} assertion${regressed.length === 1 ? '' : 's'} regressed against the baseline ${baseline.file} (failOnRegression):`,
      ...regressed.map((row) => {
        const [before, change] = comparisonCells(row.comparison);
        return `  ${describeKey(row.key)}: ${percent(row.rate)} (${row.passes}/${row.n}), was ${before}; ${change}`;
      }),
    ].join('\n'),
  };
}

function failureWithoutBaseline(problem: string): string {
  return `tool-call-accuracy: failOnRegression is set, and ${problem}, so no regression could be ruled out.`;
}

/** Writes the file; returns its path as the log shows it: relative when under the working directory. */
function write(file: string, text: string): string {
  const absolute = path.resolve(file);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, text);
  const relative = path.relative(process.cwd(), absolute);
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
}

const filePath = (value: unknown) => value === false || (typeof value === 'string' && value !== '');

const REPORTER_OPTIONS: OptionsSchema = {
  shape: 'an object such as { html: "report.html" }',
  options: {
    html: rule.that('a file path, or false to write no page', filePath),
    githubSummary: rule.boolean,
    outputFile: rule.that('a file path for the results JSON, or false to write none', filePath),
    baseline: rule.that('the path of an earlier results file, such as "baseline/tool-call-accuracy-results.json"', (value) => typeof value === 'string' && value !== ''),
    failOnRegression: rule.boolean,
  },
};

/** Reporter options are checked when the runner creates the reporter, before any test runs. */
export function checkReporterOptions(options: unknown): asserts options is ReporterOptions {
  checkOptions(options, REPORTER_OPTIONS, { where: 'tool-call-accuracy reporter' });
}
