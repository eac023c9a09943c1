import { readFileSync } from 'node:fs';
import { differenceInterval, rateChange } from '../sample/difference.js';
import type { JudgeCost } from './record.js';
import { keyId, summarize, type BaselineSummary, type RunSummary, type RemovedAssertion, type ReportRow, type RowComparison } from './rows.js';

/**
 * The results file (docs/sampling.md), for machines: a reader refuses a version it does not know, and
 * `RESULTS_VERSION` goes up whenever a field changes meaning or goes away (added fields do not).
 */
export const RESULTS_VERSION = 1;

export interface ResultsFile {
  tool: 'tool-call-accuracy';
  version: typeof RESULTS_VERSION;
  runner: 'vitest' | 'jest';
  generatedAt: string;
  /** The baseline this run was compared with, or null. */
  baseline: { file: string; generatedAt: string } | null;
  summary: RunSummary;
  assertions: ResultEntry[];
  /** The baseline's assertions this run did not make (empty without a baseline). */
  removed: RemovedAssertion[];
}

/** One assertion as the results file keeps it: the row's own fields, with its gate, judge and comparison as plain data. */
export interface ResultEntry extends Pick<ReportRow, 'key' | 'matcher' | 'isNot' | 'kind' | 'passes' | 'n' | 'rate' | 'interval' | 'status' | 'passed'> {
  /** The sample's gate; null for one judged run. */
  gate: { minPassRate: number; confidence: number | null; required: number; passed: boolean } | null;
  /**
   * For judged assertions: the judge's scores, one per judged run in run order; null otherwise.
   * `usage`: the judge's token usage summed over those runs (null when nothing recorded it).
   */
  judge: { model: string; threshold: number; scores: number[]; meanScore: number; usage: JudgeCost | null } | null;
  /** Against the baseline's assertion of the same key; null without a baseline. */
  comparison: RowComparison | null;
}

export function toResultsFile(rows: readonly ReportRow[], runner: ResultsFile['runner'], baseline: BaselineSummary | undefined, generatedAt: Date): ResultsFile {
  return {
    tool: 'tool-call-accuracy',
    version: RESULTS_VERSION,
    runner,
    generatedAt: generatedAt.toISOString(),
    baseline: baseline ? { file: baseline.file, generatedAt: baseline.generatedAt } : null,
    summary: summarize(rows, baseline),
    // By file (the order the runner finished them in varies with the workers), then as the runner reported them.
    assertions: rows
      .map((row, index) => ({ row, index }))
      .sort((a, b) => (a.row.key.file < b.row.key.file ? -1 : a.row.key.file > b.row.key.file ? 1 : a.index - b.index))
      .map(({ row }) => toEntry(row)),
    removed: baseline?.removed ?? [],
  };
}

function toEntry(row: ReportRow): ResultEntry {
  const scores = row.verdicts.map((verdict) => verdict.score);
  const first = row.verdicts[0];
  return {
    key: row.key,
    matcher: row.matcher,
    isNot: row.isNot,
    kind: row.kind,
    passes: row.passes,
    n: row.n,
    rate: row.rate,
    interval: row.interval,
    gate: row.gate ? { minPassRate: row.gate.minPassRate, confidence: row.gate.confidence ?? null, required: row.gate.required, passed: row.gate.passed } : null,
    status: row.status,
    passed: row.passed,
    judge: first ? { model: first.model, threshold: first.threshold, scores, meanScore: scores.reduce((sum, score) => sum + score, 0) / scores.length, usage: row.judgeUsage ?? null } : null,
    comparison: row.comparison ?? null,
  };
}

export interface Baseline {
  file: string;
  generatedAt: string;
  /** What comparing needs of each of the baseline's assertions. */
  entries: Array<Pick<RemovedAssertion, 'key' | 'passes' | 'n'>>;
}

/** Reads a baseline results file, or says in a sentence why it cannot be used. */
export function readBaseline(file: string): { baseline: Baseline } | { problem: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? `the baseline ${file} does not exist` : `the baseline ${file} could not be read (${code ?? (error as Error).message})` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { problem: `the baseline ${file} is not JSON (${(error as Error).message})` };
  }
  const results = data as Partial<ResultsFile> | null;
  if (typeof results !== 'object' || results === null || results.tool !== 'tool-call-accuracy') {
    return { problem: `the baseline ${file} is not a tool-call-accuracy results file (it has no "tool": "tool-call-accuracy")` };
  }
  if (results.version !== RESULTS_VERSION) {
    return {
      problem: `the baseline ${file} is a version ${JSON.stringify(results.version)} results file, and this tool-call-accuracy reads version ${RESULTS_VERSION}: make a new baseline with this version`,
    };
  }
  if (!Array.isArray(results.assertions)) return { problem: `the baseline ${file} has no "assertions" list` };
  const entries: Baseline['entries'] = [];
  for (const [index, entry] of (results.assertions as unknown[]).entries()) {
    const problem = entryProblem(entry);
    if (problem) return { problem: `the baseline ${file} is damaged: assertions[${index}] ${problem}` };
    const { key, passes, n } = entry as ResultEntry;
    entries.push({ key: { file: key.file, test: key.test, assertion: key.assertion, occurrence: key.occurrence }, passes, n });
  }
  return { baseline: { file, generatedAt: typeof results.generatedAt === 'string' ? results.generatedAt : 'unknown time', entries } };
}

function entryProblem(entry: unknown): string | undefined {
  const { key, passes, n } = (entry ?? {}) as Partial<ResultEntry>;
  if (typeof key !== 'object' || key === null) return 'has no key';
  if (typeof key.file !== 'string' || typeof key.test !== 'string' || typeof key.assertion !== 'string' || !Number.isInteger(key.occurrence) || key.occurrence < 1) {
    return 'has a key without file, test, assertion and occurrence';
  }
  if (!Number.isInteger(n) || n! < 1 || !Number.isInteger(passes) || passes! < 0 || passes! > n!) return `has passes ${JSON.stringify(passes)} of n ${JSON.stringify(n)}, not whole runs`;
  return undefined;
}

/** Each row against the baseline's assertion of the same key; the baseline's assertions no row has are removed. */
export function compareWithBaseline(rows: readonly ReportRow[], baseline: Baseline): { rows: ReportRow[]; summary: BaselineSummary } {
  const byKey = new Map(baseline.entries.map((entry) => [keyId(entry.key), entry]));
  const compared = rows.map((row): ReportRow => {
    const before = byKey.get(keyId(row.key));
    if (!before) return { ...row, comparison: { change: 'new' } };
    byKey.delete(keyId(row.key));
    const difference = differenceInterval(row.passes, row.n, before.passes, before.n);
    return { ...row, comparison: { change: rateChange(difference), baseline: { passes: before.passes, n: before.n, rate: before.passes / before.n }, difference } };
  });
  const removed = [...byKey.values()].map(({ key, passes, n }) => ({ key, passes, n, rate: passes / n }));
  return { rows: compared, summary: { file: baseline.file, generatedAt: baseline.generatedAt, removed } };
}
