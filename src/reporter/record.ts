import { appendReportLine, REPORT_DIR_ENV } from '../recordings/usage.js';
import { matcherTest } from '../store/test.js';
import type { Gate } from '../sample/gate.js';
import type { CriterionAnswer, JudgeUsage, ToolEvaluation } from '../judge/types.js';

/**
 * What the reporters show of one assertion, written by the matchers in the worker: Vitest carries it in
 * the test's metadata (through blob reports of shards too); Jest in a directory its reporter names.
 */
export interface AssertionRecord {
  /** The assertion with its arguments, on one printable line: `expect(runs).not.toCallTool("cancel-booking")`. */
  assertion: string;
  matcher: string;
  isNot: boolean;
  /** `sample`: over several runs, with a gate. `run`: one judged run. */
  kind: 'sample' | 'run';
  gate?: Gate;
  /** The failing runs' messages (call list, divergence), the first few. */
  failures: RunFailure[];
  /** Failing runs not kept in `failures`. */
  failuresLeftOut: number;
  /** The judge's verdict on each judged run. */
  verdicts: RunVerdict[];
  /** What the judge's verdicts cost, over every judged run of the assertion (also those not kept in `verdicts`). */
  judgeUsage?: JudgeCost;
}

/** Token usage of the verdicts behind one assertion (see reporter/usage.ts). */
export interface JudgeCost extends JudgeUsage {
  /** Judged runs. */
  verdicts: number;
  /** Of those, verdicts replayed from verdict files: their tokens were spent when they were recorded. */
  replayed: number;
  /** Verdicts whose usage is unknown (the provider reported none, or a file recorded before usage was kept). */
  unknown: number;
}

export interface RunFailure {
  /** 1-based, as messages number runs. */
  run: number;
  text: string;
}

export interface RunVerdict {
  run: number;
  /** `'trajectory'`: each evaluation is a step ("2.1 refund-order"), appropriate when necessary and in order; the missing tools are missing steps. */
  kind?: 'trajectory';
  /** A trajectory verdict's answers to the matcher's `criteria`, when it had any. */
  criteria?: CriterionAnswer[];
  score: number;
  threshold: number;
  passed: boolean;
  model: string;
  reason: string;
  evaluations: ToolEvaluation[];
  missingTools: string[];
  /** With several votes: how many, and the smallest share of them behind any decision. */
  votes?: number;
  agreement?: number;
  /** The verdict's tokens (from its file when replayed). */
  usage?: JudgeUsage;
  replayed?: boolean;
  /** The directory of its verdict file (absolute), where the reporters look for labels to calibrate against. */
  verdictDir?: string;
}

/** A record with the test it belongs to, as the reporters collect it. */
export interface ReportedAssertion extends AssertionRecord {
  file: string;
  test: string;
}

export const META_KEY = 'toolCallAccuracy';

/** Files the record with the running test, where the configured reporter will find it; without a reporter it costs nothing. */
export function recordAssertion(ctx: { task?: unknown; testPath?: string; currentTestName?: string }, record: AssertionRecord): void {
  const own = matcherTest(ctx);
  const meta = (own.task as { meta?: Record<string, unknown> } | undefined)?.meta;
  if (typeof meta === 'object' && meta !== null) {
    ((meta[META_KEY] ??= []) as AssertionRecord[]).push(record);
    return;
  }
  const dir = process.env[REPORT_DIR_ENV];
  if (!dir) return;
  appendReportLine(dir, { file: ctx.testPath ?? '', test: own.name ?? '', ...record } satisfies ReportedAssertion);
}
