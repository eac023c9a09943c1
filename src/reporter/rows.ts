import { describeRule, percent, printable } from '../format/sample.js';
import { wilsonInterval, type Interval } from '../sample/wilson.js';
import type { JudgeCost, ReportedAssertion, RunFailure, RunVerdict } from './record.js';
import { describeCost, totalCost } from './usage.js';

/** One line of the report, whatever the runner: a sampled assertion, or one judged run. */
export interface ReportRow {
  file: string;
  test: string;
  assertion: string;
  passes: number;
  n: number;
  rate: number;
  interval: Interval;
  /** Sampled: stable, flaky or failing. A single judged run: passed or failed. */
  status: 'stable' | 'flaky' | 'failing' | 'passed' | 'failed';
  /** Did the assertion pass (the gate, or the single verdict)? */
  passed: boolean;
  /** "9 of 10 (minPassRate 0.9)", for sampled rows. */
  rule: string | undefined;
  /** The rate the gate asks for, for the bar's marker. */
  minPassRate: number | undefined;
  failures: RunFailure[];
  failuresLeftOut: number;
  verdicts: RunVerdict[];
  judgeUsage?: JudgeCost;
}

export function toRow(record: ReportedAssertion): ReportRow {
  const common = {
    file: record.file,
    test: record.test,
    assertion: record.assertion,
    failures: record.failures,
    failuresLeftOut: record.failuresLeftOut,
    verdicts: record.verdicts,
    ...(record.judgeUsage !== undefined && { judgeUsage: record.judgeUsage }),
  };
  if (record.gate) {
    const { gate } = record;
    const required = gate.required > gate.n ? 'unreachable' : `${gate.required} of ${gate.n}`;
    return {
      ...common,
      passes: gate.passes,
      n: gate.n,
      rate: gate.rate,
      interval: gate.interval,
      status: gate.status,
      passed: gate.passed,
      rule: `${required} (${describeRule(gate)})`,
      minPassRate: gate.minPassRate,
    };
  }
  const passed = record.verdicts[0]?.passed ?? record.failures.length === 0;
  const passes = passed ? 1 : 0;
  return { ...common, passes, n: 1, rate: passes, interval: wilsonInterval(passes, 1), status: passed ? 'passed' : 'failed', passed, rule: undefined, minPassRate: undefined };
}

/** Failing assertions first, then flaky ones, then the rest; in each group, the order the runner reported them. */
export function sortRows(rows: readonly ReportRow[]): ReportRow[] {
  const rank = (row: ReportRow) => (!row.passed ? 0 : row.status === 'flaky' ? 1 : 2);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index)
    .map(({ row }) => row);
}

export const COLUMNS = ['Test', 'Assertion', 'Passed', 'Rate', '95% interval', 'Status'] as const;

/** The cells of a row as text (names from the user's suite made printable on one line). */
export function cells(row: ReportRow): string[] {
  return [
    oneLine(row.test),
    oneLine(row.assertion),
    `${row.passes}/${row.n}`,
    percent(row.rate),
    // One judged run has a verdict, not a rate to estimate.
    row.n === 1 && row.rule === undefined ? '—' : `${percent(row.interval.low)}–${percent(row.interval.high)}`,
    row.status === 'passed' || row.status === 'failed' ? `judged, ${row.status}` : row.status === 'flaky' && !row.passed ? 'flaky, below gate' : row.status,
  ];
}

/** A test name may hold newlines or terminal escape codes: one printable line. */
export function oneLine(text: string): string {
  return printable(text.replace(/\r?\n/g, ' ⏎ '));
}

/** The aligned text table the reporters print at the end of the run. */
export function formatTable(rows: readonly ReportRow[], maxWidth = 60): string {
  const body = sortRows(rows).map((row) => cells(row).map((cell) => (cell.length > maxWidth ? `${cell.slice(0, maxWidth - 1)}…` : cell)));
  const widths = COLUMNS.map((title, column) => Math.max(title.length, ...body.map((line) => line[column]!.length)));
  const render = (line: readonly string[]) => line.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  const failing = rows.filter((row) => !row.passed).length;
  const flaky = rows.filter((row) => row.status === 'flaky').length;
  return [
    `tool-call-accuracy: ${rows.length} sampled or judged assertion${rows.length === 1 ? '' : 's'}, ${failing} failing, ${flaky} flaky`,
    '',
    render(COLUMNS),
    render(widths.map((width) => '─'.repeat(width))),
    ...body.map(render),
    ...costLine(rows),
  ].join('\n');
}

/** The same table in GitHub-flavoured Markdown, for `$GITHUB_STEP_SUMMARY`. */
export function formatMarkdown(rows: readonly ReportRow[]): string {
  const escape = (cell: string) => cell.replace(/[\\|`*_[\]<>]/g, (char) => `\\${char}`);
  const line = (values: readonly string[]) => `| ${values.join(' | ')} |`;
  return [
    '### tool-call-accuracy',
    '',
    line(COLUMNS),
    line(COLUMNS.map(() => '---')),
    ...sortRows(rows).map((row) => line(cells(row).map(escape))),
    '',
    ...costLine(rows).slice(1).flatMap((text) => [text, '']),
  ].join('\n');
}

/** The judge's token usage over the run, under the table: what the judged tests cost. */
function costLine(rows: readonly ReportRow[]): string[] {
  const cost = totalCost(rows);
  return cost === undefined ? [] : ['', describeCost(cost)];
}
