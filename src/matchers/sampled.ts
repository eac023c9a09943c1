import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ToolCallAccuracyError, type SampleRun } from '../errors.js';
import { appendDiff } from './diffInMessage.js';
import { describeAssertion, describeThrown, FAILURES_SHOWN, formatSampleMessage, printable } from '../format/sample.js';
import { hint, judgeErrorMessage } from '../format/message.js';
import { pointStackAt, type CallSite } from '../judge/callSite.js';
import { DEFAULT_CONCURRENCY, getJudgeConfig } from '../judge/config.js';
import { JudgeError, shownJudgeError } from '../judge/errors.js';
import { recordAssertion, type RunFailure, type RunVerdict } from '../reporter/record.js';
import { costOf } from '../reporter/usage.js';
import { gate } from '../sample/gate.js';
import { mapWithConcurrency } from '../sample/limit.js';
import type { Sample, SampledRun } from '../sample/sample.js';
import type { JudgeMatcherContext, MatcherContext, MatcherResult } from '../matcherContext.js';
import { matcherError } from './matcherError.js';
import { judgeHint, type HintArguments } from './hints.js';
import type { ToFollowASensibleTrajectoryOptions, ToUseAppropriateToolsOptions } from '../../matchers.js';
import type { JudgedResult, JudgeMatcherName } from './judgeAssertion.js';

type JudgeOptions = ToUseAppropriateToolsOptions | ToFollowASensibleTrajectoryOptions;

// Samples in every matcher: the matcher runs on each run (with the same `.not`), and the sample's gate decides.
type Matcher = (this: MatcherContext, received: unknown, ...args: any[]) => MatcherResult;

/** Failing runs kept for the report (messages show fewer). */
const FAILURES_RECORDED = 10;
const FAILURE_CHARS = 8000;
const VERDICTS_RECORDED = 100;

interface RunOutcome {
  run: number;
  passed: boolean;
  /** A failed run's message, built only when asked for. */
  text?: () => string;
  verdict?: RunVerdict;
}

/** A deterministic matcher over a sample; its arguments are checked once, on an empty run or by `checkArguments`. */
export function sampleAssertion(
  ctx: MatcherContext,
  name: string,
  matcher: Matcher,
  sample: Sample,
  args: readonly unknown[],
  hintArguments: HintArguments,
  checkArguments?: (this: MatcherContext, ...args: any[]) => void,
): MatcherResult {
  const runCtx = perRunContext(ctx);
  const hintLine = hint(ctx, name, hintArguments.expected, hintArguments.secondArgument, 'runs');
  // Arguments are checked once on an empty run, so a bad one is reported as such, not as run 1's problem.
  try {
    if (checkArguments) checkArguments.call(runCtx, ...args);
    else matcher.call(runCtx, [], ...args);
  } catch (error) {
    throw shownInSample(error, hintLine, undefined);
  }
  const outcomes = sample.runs.map((run): RunOutcome => {
    if (run.threw) return thrownOutcome(run);
    try {
      return outcomeOf(ctx, runCtx, matcher.call(runCtx, run.run, ...args), run.index + 1);
    } catch (error) {
      throw shownInSample(error, hintLine, { run: run.index + 1, n: sample.n });
    }
  });
  return sampleResult(ctx, name, args, hintLine, sample, outcomes);
}

/** The judge over a sample: each run judged (at most the judge's concurrency at once), then gated. */
export async function judgeSample(
  ctx: JudgeMatcherContext,
  name: JudgeMatcherName,
  sample: Sample,
  options: JudgeOptions | undefined,
  site: CallSite | undefined,
  cancel: AbortSignal,
): Promise<MatcherResult> {
  const judgeAssertion = (await import('./judgeAssertion.js')).judgeAssertionOf(name);
  const runCtx: JudgeMatcherContext = perRunContext(ctx);
  const hintLine = hint(ctx, name, judgeHint(options).expected, undefined, 'runs');
  const concurrency = getJudgeConfig().concurrency ?? DEFAULT_CONCURRENCY;
  const outcomes = await mapWithConcurrency(sample.runs, concurrency, async (run): Promise<RunOutcome> => {
    if (run.threw) return thrownOutcome(run);
    const number = run.index + 1;
    try {
      const result = await judgeAssertion(runCtx, run.run, options, site, cancel);
      return { ...outcomeOf(ctx, runCtx, result, number), ...(result.judged && { verdict: runVerdict(ctx, result, number) }) };
    } catch (error) {
      const shown = shownInSample(error, hintLine, { run: number, n: sample.n });
      throw shown instanceof Error ? pointStackAt(shown, [site]) : shown;
    }
  });
  return sampleResult(ctx, name, judgeArguments(options), hintLine, sample, outcomes);
}

/** Files a single judged run's verdict for the reporters. */
export function recordJudgedRun(ctx: JudgeMatcherContext, name: JudgeMatcherName, options: JudgeOptions | undefined, result: JudgedResult): MatcherResult {
  if (result.judged) {
    const verdict = runVerdict(ctx, result, 1);
    recordRun(ctx, name, options, 'run', verdict.passed ? undefined : result.message(), [verdict]);
  }
  return result;
}

/** Files a judged assertion that threw (no verdict, or bad input) as failing: a judge error never counts as a pass, nor goes uncounted. */
export function recordJudgeFailure(ctx: JudgeMatcherContext, name: JudgeMatcherName, options: JudgeOptions | undefined, over: 'run' | 'runs', error: unknown): never {
  recordRun(ctx, name, options, over, error instanceof Error ? error.message : String(error), []);
  throw error;
}

function recordRun(ctx: JudgeMatcherContext, name: JudgeMatcherName, options: JudgeOptions | undefined, over: 'run' | 'runs', failure: string | undefined, verdicts: RunVerdict[]): void {
  recordAssertion(ctx, {
    assertion: describeAssertion(name, over, isNegated(ctx), judgeArguments(options)),
    matcher: name,
    isNot: isNegated(ctx),
    kind: 'run',
    failures: failure === undefined ? [] : [{ run: 1, text: cut(colourless(failure)) }],
    failuresLeftOut: 0,
    verdicts,
    ...(verdicts.length > 0 && { judgeUsage: costOf(verdicts) }),
  });
}

/** A judge's options for the report: the threshold and votes, not the model object, the tool set or the rubric's text. */
function judgeArguments(options: JudgeOptions | undefined): unknown[] {
  const shown = { ...(options?.threshold !== undefined && { threshold: options.threshold }), ...(options?.votes !== undefined && { votes: options.votes }) };
  return Object.keys(shown).length === 0 ? [] : [shown];
}

/** The runner's context for one run of a sample, marked so the matcher draws no hint line of its own (the sample's message has one). */
function perRunContext<Context extends MatcherContext>(ctx: Context): Context {
  return Object.create(ctx, { sampleRun: { value: true } }) as Context;
}

function outcomeOf(ctx: MatcherContext, runCtx: MatcherContext, result: MatcherResult, run: number): RunOutcome {
  const passed = result.pass !== isNegated(ctx);
  return passed ? { run, passed } : { run, passed, text: () => appendDiff(runCtx, result).message() };
}

function thrownOutcome(run: Extract<SampledRun, { threw: true }>): RunOutcome {
  return { run: run.index + 1, passed: false, text: () => describeThrown(run.error) };
}

function runVerdict(ctx: MatcherContext, result: JudgedResult, run: number): RunVerdict {
  const { outcome, threshold, shown } = result.judged!;
  return {
    run,
    ...(shown.kind !== undefined && { kind: shown.kind }),
    ...(shown.criteria !== undefined && { criteria: shown.criteria }),
    score: outcome.score,
    threshold,
    passed: result.pass !== isNegated(ctx),
    model: outcome.model,
    reason: shown.reason,
    evaluations: shown.evaluations,
    missingTools: shown.missingTools,
    ...(outcome.votes.length > 1 && { votes: outcome.votes.length, agreement: outcome.agreement.share }),
    ...(outcome.usage !== undefined && { usage: outcome.usage }),
    replayed: outcome.source === 'cache',
    ...(outcome.cacheFile !== undefined && { verdictDir: path.resolve(path.dirname(outcome.cacheFile)) }),
  };
}

function sampleResult(ctx: MatcherContext, name: string, args: readonly unknown[], hintLine: string, sample: Sample, outcomes: readonly RunOutcome[]): MatcherResult {
  const result = gate(sample, outcomes.filter((outcome) => outcome.passed).length);
  const failed = outcomes.filter((outcome) => !outcome.passed);
  const failures = (limit: number): RunFailure[] => failed.slice(0, limit).map(({ run, text }) => ({ run, text: text!() }));
  const judged = outcomes.flatMap((outcome) => (outcome.verdict ? [outcome.verdict] : []));
  const verdicts = judged.slice(0, VERDICTS_RECORDED);
  recordAssertion(ctx as JudgeMatcherContext, {
    assertion: describeAssertion(name, 'runs', isNegated(ctx), args),
    matcher: name,
    isNot: isNegated(ctx),
    kind: 'sample',
    gate: result,
    failures: failures(FAILURES_RECORDED).map(({ run, text }) => ({ run, text: cut(colourless(text)) })),
    failuresLeftOut: Math.max(0, failed.length - FAILURES_RECORDED),
    verdicts,
    ...(judged.length > 0 && { judgeUsage: costOf(judged) }),
  });
  // The runner fails the assertion when `pass` differs from what `.not` asks for; the gate decides, per run `.not` was already applied.
  return {
    pass: result.passed !== isNegated(ctx),
    message: () => formatSampleMessage(hintLine, result, failures(FAILURES_SHOWN), failed.slice(FAILURES_SHOWN).map(({ run }) => run)),
  };
}

/** An error a run of a sample raised, shown under the sample's hint line and naming the run (judgeAssertion.ts leaves these to it). */
function shownInSample(error: unknown, hintLine: string, where: SampleRun | undefined): unknown {
  if (error instanceof ToolCallAccuracyError) return matcherError(hintLine, error.problem, where);
  if (error instanceof JudgeError) return shownJudgeError(error, hintLine, where, judgeErrorMessage);
  return error;
}

// Vitest leaves `isNot` undefined, not false, on a positive assertion.
function isNegated(ctx: MatcherContext): boolean {
  return ctx.isNot === true;
}

/** For the report: our colours removed, any other control characters (from the run's own data) made visible. */
function colourless(text: string): string {
  return printable(stripVTControlCharacters(text));
}

function cut(text: string): string {
  return text.length > FAILURE_CHARS ? `${text.slice(0, FAILURE_CHARS)}\n… (${text.length - FAILURE_CHARS} more characters)` : text;
}
