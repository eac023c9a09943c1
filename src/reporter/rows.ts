import path from 'node:path';
import { describeRule, percent, printable } from '../format/sample.js';
import type { RateChange, RateDifference } from '../sample/difference.js';
import type { Gate } from '../sample/gate.js';
import { wilsonInterval, type Interval } from '../sample/wilson.js';
import type { ReportedAssertion } from './record.js';
import { describeCost, totalCost } from './usage.js';

/** What names an assertion from one run to the next; `occurrence` counts identical assertions in its test from 1. */
export interface AssertionKey {
  file: string;
  test: string;
  assertion: string;
  occurrence: number;
}

type PassRate = { passes: number; n: number; rate: number };

/** The assertion against the baseline's: `new` when the baseline has no assertion of that key. */
export interface RowComparison {
  change: RateChange | 'new';
  baseline?: PassRate;
  /** This run's rate minus the baseline's, with its 95% interval (Newcombe's hybrid score). */
  difference?: RateDifference;
}

/** An assertion of the baseline that this run did not make. */
export interface RemovedAssertion extends PassRate {
  key: AssertionKey;
}

/** The baseline a run was compared with. */
export interface BaselineSummary {
  /** As the user named it. */
  file: string;
  generatedAt: string;
  removed: RemovedAssertion[];
}

/** One line of the report, whatever the runner: a sampled assertion, or one judged run. */
export interface ReportRow extends Omit<ReportedAssertion, 'gate'> {
  key: AssertionKey;
  /** The sample's gate; none for one judged run. */
  gate: Gate | undefined;
  passes: number;
  n: number;
  rate: number;
  /** The rate's 95% Wilson interval. */
  interval: Interval;
  /** Sampled: stable, flaky or failing. A single judged run: passed or failed. */
  status: 'stable' | 'flaky' | 'failing' | 'passed' | 'failed';
  /** Did the assertion pass (the gate, or the single verdict)? */
  passed: boolean;
  /** "9 of 10 (minPassRate 0.9)", for sampled rows. */
  rule: string | undefined;
  /** The rate the gate asks for, for the bar's marker. */
  minPassRate: number | undefined;
  /** Set when the run is compared with a baseline. */
  comparison?: RowComparison;
}

/** The rows of a run's records, each keyed (identical assertions in one test counted in order). */
export function toRows(records: readonly ReportedAssertion[]): ReportRow[] {
  const seen = new Map<string, number>();
  return records.map((record) => {
    const file = record.file.split(path.sep).join('/');
    const id = JSON.stringify([file, record.test, record.assertion]);
    const occurrence = (seen.get(id) ?? 0) + 1;
    seen.set(id, occurrence);
    return toRow(record, { file, test: record.test, assertion: record.assertion, occurrence });
  });
}

/** One key as text, for maps: the same for the same assertion in this run and the baseline. */
export function keyId(key: AssertionKey): string {
  return JSON.stringify([key.file, key.test, key.assertion, key.occurrence]);
}

export function toRow(record: ReportedAssertion, key: AssertionKey = { file: record.file, test: record.test, assertion: record.assertion, occurrence: 1 }): ReportRow {
  const { gate } = record;
  if (gate) {
    const { passes, n, rate, interval, status, passed, minPassRate } = gate;
    const required = gate.required > n ? 'unreachable' : `${gate.required} of ${n}`;
    return { key, ...record, gate, passes, n, rate, interval, status, passed, rule: `${required} (${describeRule(gate)})`, minPassRate };
  }
  const passed = record.verdicts[0]?.passed ?? record.failures.length === 0;
  const passes = passed ? 1 : 0;
  return { key, ...record, gate: undefined, passes, n: 1, rate: passes, interval: wilsonInterval(passes, 1), status: passed ? 'passed' : 'failed', passed, rule: undefined, minPassRate: undefined };
}

/** Regressions first, then failing assertions, then flaky ones, then the rest; in each group, the order the runner reported them. */
export function sortRows(rows: readonly ReportRow[]): ReportRow[] {
  const rank = (row: ReportRow) => (row.comparison?.change === 'regressed' ? 0 : !row.passed ? 1 : row.status === 'flaky' ? 2 : 3);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index)
    .map(({ row }) => row);
}

export const COLUMNS = ['Test', 'Assertion', 'Passed', 'Rate', '95% interval', 'Status'] as const;
/** Added when the run is compared with a baseline. */
export const BASELINE_COLUMNS = ['Baseline', 'Change (points, 95% interval)'] as const;

/** A difference of rates in percentage points, signed: `-18`, `+4.5`, `0`. */
export function points(difference: number): string {
  const value = (difference * 100).toFixed(1).replace(/\.0$/, '');
  return value === '0' || value === '-0' ? '0' : difference > 0 ? `+${value}` : value;
}

/** The baseline's cells: its rate, and the change with the interval of the difference. */
export function comparisonCells(comparison: RowComparison | undefined): [string, string] {
  if (!comparison?.baseline || !comparison.difference) return ['—', 'new'];
  const { baseline, difference } = comparison;
  return [`${percent(baseline.rate)} (${baseline.passes}/${baseline.n})`, `${comparison.change}: ${points(difference.estimate)} (${points(difference.low)} to ${points(difference.high)})`];
}

/** The cells of a row as text (names from the user's suite made printable on one line). */
export function cells(row: ReportRow, baseline?: BaselineSummary): string[] {
  const compared = baseline ? comparisonCells(row.comparison) : [];
  return [
    oneLine(row.test),
    oneLine(row.assertion),
    `${row.passes}/${row.n}`,
    percent(row.rate),
    // One judged run has a verdict, not a rate to estimate.
    row.n === 1 && row.rule === undefined ? '—' : `${percent(row.interval.low)}–${percent(row.interval.high)}`,
    row.status === 'passed' || row.status === 'failed' ? `judged, ${row.status}` : row.status === 'flaky' && !row.passed ? 'flaky, below gate' : row.status,
    ...compared,
  ];
}

/** The first line of the report: counts, and against the baseline, the changes. */
export function headline(rows: readonly ReportRow[], baseline: BaselineSummary | undefined): string {
  const counts = summarize(rows, baseline);
  const line = `tool-call-accuracy: ${rows.length} sampled or judged assertion${rows.length === 1 ? '' : 's'}, ${counts.failing} failing, ${counts.flaky} flaky`;
  if (!baseline) return line;
  return `${line}; against the baseline (${oneLine(baseline.file)}, ${oneLine(baseline.generatedAt)}): ${counts.regressed} regressed, ${counts.improved} improved, ${counts.unchanged} unchanged, ${counts.new} new, ${counts.removed} removed`;
}

/** The counts of a run's assertions, as the results file holds them (its format: keep its fields). */
export interface RunSummary {
  assertions: number;
  failing: number;
  flaky: number;
  /** Present when compared with a baseline. */
  regressed?: number;
  improved?: number;
  unchanged?: number;
  new?: number;
  removed?: number;
}

/** The run's counts (the results file's `summary`): against a baseline, the changes too. */
export function summarize(rows: readonly ReportRow[], baseline: BaselineSummary | undefined): RunSummary {
  const count = (change: RowComparison['change']) => rows.filter((row) => row.comparison?.change === change).length;
  return {
    assertions: rows.length,
    failing: rows.filter((row) => !row.passed).length,
    flaky: rows.filter((row) => row.status === 'flaky').length,
    ...(baseline && { regressed: count('regressed'), improved: count('improved'), unchanged: count('unchanged'), new: count('new'), removed: baseline.removed.length }),
  };
}

/** A key on one printable line: `file > test > assertion`, with `(2nd)` for a repeated assertion. */
export function describeKey(key: AssertionKey): string {
  return oneLine(`${key.file} > ${key.test} > ${key.assertion}${key.occurrence > 1 ? ` (occurrence ${key.occurrence})` : ''}`);
}

/** The baseline's assertions that this run did not make, one a line. */
function removedLines(baseline: BaselineSummary | undefined): string[] {
  if (!baseline || baseline.removed.length === 0) return [];
  return [`Removed since the baseline (${baseline.removed.length}):`, ...baseline.removed.map((entry) => `  ${describeKey(entry.key)}: was ${percent(entry.rate)} (${entry.passes}/${entry.n})`)];
}

/** A test name may hold newlines or terminal escape codes: one printable line. */
export function oneLine(text: string): string {
  return printable(text.replace(/\r?\n/g, ' ⏎ '));
}

/** The table's column titles, with the baseline's when there is one. */
const columns = (baseline: BaselineSummary | undefined): readonly string[] => (baseline ? [...COLUMNS, ...BASELINE_COLUMNS] : COLUMNS);

/** The aligned text table the reporters print at the end of the run. */
export function formatTable(rows: readonly ReportRow[], baseline?: BaselineSummary, maxWidth = 60): string {
  const titles = columns(baseline);
  const body = sortRows(rows).map((row) => cells(row, baseline).map((cell) => (cell.length > maxWidth ? `${cell.slice(0, maxWidth - 1)}…` : cell)));
  const widths = titles.map((title, column) => Math.max(title.length, ...body.map((line) => line[column]!.length)));
  const render = (line: readonly string[]) => line.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  const removed = removedLines(baseline);
  return [headline(rows, baseline), '', render(titles), render(widths.map((width) => '─'.repeat(width))), ...body.map(render), ...(removed.length > 0 ? ['', ...removed] : []), ...costLine(rows)].join('\n');
}

/** The same table in GitHub-flavoured Markdown, for `$GITHUB_STEP_SUMMARY`. */
export function formatMarkdown(rows: readonly ReportRow[], baseline?: BaselineSummary): string {
  const escape = (cell: string) => cell.replace(/[\\|`*_[\]<>]/g, (char) => `\\${char}`);
  const line = (values: readonly string[]) => `| ${values.join(' | ')} |`;
  const titles = columns(baseline);
  const removed = removedLines(baseline);
  return [
    '### tool-call-accuracy',
    '',
    ...(baseline ? [escape(headline(rows, baseline).replace(/^tool-call-accuracy: /, '')), ''] : []),
    line(titles),
    line(titles.map(() => '---')),
    ...sortRows(rows).map((row) => line(cells(row, baseline).map(escape))),
    '',
    ...(removed.length > 0 ? [escape(removed[0]!), '', ...removed.slice(1).map((entry) => `- ${escape(entry.trim())}`), ''] : []),
    ...costLine(rows).slice(1).flatMap((text) => [text, '']),
  ].join('\n');
}

/** The judge's token usage over the run, under the table: what the judged tests cost. */
function costLine(rows: readonly ReportRow[]): string[] {
  const cost = totalCost(rows);
  return cost === undefined ? [] : ['', describeCost(cost)];
}
