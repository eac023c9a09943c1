import { stripVTControlCharacters } from 'node:util';
import { ToolCallAccuracyError, type SampleRun } from '../errors.js';
import { appendDiff } from './diffInMessage.js';
import { describeAssertion, describeThrown, FAILURES_SHOWN, formatSampleMessage, printable } from '../format/sample.js';
import { judgeErrorMessage } from '../format/message.js';
import { callSite, pointStackAt, type CallSite } from '../judge/callSite.js';
import { DEFAULT_CONCURRENCY, getJudgeConfig } from '../judge/config.js';
import { JudgeError } from '../judge/errors.js';
import { trackJudge } from '../judge/pending.js';
import { recordAssertion, type RunFailure, type RunVerdict } from '../reporter/record.js';
import { costOf } from '../reporter/usage.js';
import { gate } from '../sample/gate.js';
import { mapWithConcurrency } from '../sample/limit.js';
import { isSample, type Sample, type SampledRun } from '../sample/sample.js';
import { inRunnerColours, type JudgeMatcherContext, type MatcherContext, type MatcherResult } from '../format/matcherContext.js';
import { matcherError } from './matcherError.js';
import type { ToUseAppropriateToolsOptions } from '../../matchers.js';
import type { JudgedResult } from './judgeAssertion.js';

/**
 * Samples in every matcher, in one place: given a sample, the matcher runs on each run (with the
 * same `.not`), and the assertion passes when the share of runs that passed meets the sample's
 * gate. Its message is the gate and the failing runs' own messages.
 */

type Matcher = (this: MatcherContext, received: unknown, ...args: any[]) => MatcherResult;
type JudgeMatcher = (this: JudgeMatcherContext, received: unknown, options?: ToUseAppropriateToolsOptions) => Promise<MatcherResult>;

/** Failing runs kept for the report (messages show fewer). */
const FAILURES_RECORDED = 10;
const FAILURE_CHARS = 8000;
const VERDICTS_RECORDED = 100;

interface RunOutcome {
  /** 1-based. */
  run: number;
  passed: boolean;
  /** A failed run's message, built only when asked for. */
  text?: () => string;
  verdict?: RunVerdict;
}

/**
 * A deterministic matcher that also takes a sample. Its arguments are checked once, by running it
 * on an empty run, or by `checkArguments` for a matcher that an empty run cannot answer (a budget of
 * tokens needs a run that records them).
 */
export function overSamples<M extends Matcher>(name: string, matcher: M, checkArguments?: (this: MatcherContext, ...args: any[]) => void): M {
  const wrapped = function (this: MatcherContext, received: unknown, ...args: unknown[]): MatcherResult {
    if (!isSample(received)) return matcher.call(this, received, ...args);
    const runCtx = perRunContext(this);
    // Arguments are checked once on an empty run, so a bad one is reported as such, not as run 1's problem.
    try {
      if (checkArguments) checkArguments.call(runCtx.ctx, ...args);
      else matcher.call(runCtx.ctx, [], ...args);
    } catch (error) {
      throw inSample(error, runCtx.hint(name), undefined);
    }
    const outcomes = received.runs.map((run): RunOutcome => {
      if (run.threw) return thrownOutcome(run);
      try {
        return outcomeOf(this, runCtx.ctx, matcher.call(runCtx.ctx, run.run, ...args), run.index + 1);
      } catch (error) {
        throw inSample(error, runCtx.hint(name), { run: run.index + 1, n: received.n });
      }
    });
    return sampleResult(this, name, args, runCtx.hint(name), received, outcomes);
  };
  Object.defineProperty(wrapped, 'name', { value: name });
  return wrapped as M;
}

/** The judge matcher that also takes a sample: each run judged (at most the judge's concurrency at once), then gated. */
export function judgeOverSamples(name: string, matcher: JudgeMatcher): JudgeMatcher {
  const wrapped = function (this: JudgeMatcherContext, received: unknown, options?: ToUseAppropriateToolsOptions): Promise<MatcherResult> {
    if (!isSample(received)) return matcher.call(this, received, options);
    const site = callSite();
    const testName = this.currentTestName || undefined;
    // Tracked as one judge: the test awaits the sample's assertion, not each run's; cancelling it cancels every run's judge.
    return trackJudge((cancel) => judgeSample(this, name, received, options, site, cancel), this.task ?? testName, testName, site);
  };
  Object.defineProperty(wrapped, 'name', { value: name });
  return wrapped;
}

async function judgeSample(
  ctx: JudgeMatcherContext,
  name: string,
  sample: Sample,
  options: ToUseAppropriateToolsOptions | undefined,
  site: CallSite | undefined,
  cancel: AbortSignal,
): Promise<MatcherResult> {
  const { judgeAssertion } = await import('./judgeAssertion.js');
  const runCtx = perRunContext(ctx);
  const concurrency = getJudgeConfig().concurrency ?? DEFAULT_CONCURRENCY;
  const outcomes = await mapWithConcurrency(sample.runs, concurrency, async (run): Promise<RunOutcome> => {
    if (run.threw) return thrownOutcome(run);
    const number = run.index + 1;
    try {
      const result = await judgeAssertion(runCtx.ctx as JudgeMatcherContext, run.run, options, site, cancel);
      return { ...outcomeOf(ctx, runCtx.ctx, result, number), ...(result.judged && { verdict: runVerdict(ctx, result, number) }) };
    } catch (error) {
      const problem = inSample(error, runCtx.hint(name), { run: number, n: sample.n });
      throw problem instanceof Error ? pointStackAt(problem, [site]) : problem;
    }
  });
  return sampleResult(ctx, name, judgeArguments(options), runCtx.hint(name), sample, outcomes);
}

/** Files a single judged run's verdict for the reporters. */
export function recordJudgedRun(ctx: JudgeMatcherContext, options: ToUseAppropriateToolsOptions | undefined, result: JudgedResult): MatcherResult {
  if (result.judged) {
    const verdict = runVerdict(ctx, result, 1);
    recordAssertion(ctx, {
      assertion: describeAssertion('toUseAppropriateTools', 'run', isNegated(ctx), judgeArguments(options)),
      matcher: 'toUseAppropriateTools',
      isNot: isNegated(ctx),
      kind: 'run',
      failures: verdict.passed ? [] : [{ run: 1, text: cut(colourless(result.message())) }],
      failuresLeftOut: 0,
      verdicts: [verdict],
      judgeUsage: costOf([verdict]),
    });
  }
  return result;
}

/** A judge's options for the report: the threshold and votes, not the model object, the tool set or the rubric's text. */
function judgeArguments(options: ToUseAppropriateToolsOptions | undefined): unknown[] {
  const shown = { ...(options?.threshold !== undefined && { threshold: options.threshold }), ...(options?.votes !== undefined && { votes: options.votes }) };
  return Object.keys(shown).length === 0 ? [] : [shown];
}

/**
 * The runner's context for one run: the same equality and `.not`, but an empty hint line (the
 * sample's message has its own), whose arguments are kept to draw that line with `runs`.
 */
function perRunContext(ctx: MatcherContext): { ctx: MatcherContext; hint(name: string): string } {
  let hintArguments: [string | undefined, Record<string, unknown> | undefined] | undefined;
  const utils = {
    ...ctx.utils,
    matcherHint(_name: string, _received?: string, expected?: string, options?: Record<string, unknown>) {
      hintArguments ??= [expected, options];
      return '';
    },
  };
  const runCtx = Object.create(ctx, { utils: { value: utils } }) as MatcherContext;
  return {
    ctx: runCtx,
    hint: (name) =>
      inRunnerColours(
        ctx.utils,
        ctx.utils.matcherHint(name, 'runs', hintArguments?.[0] ?? '', hintArguments?.[1] ?? { isNot: isNegated(ctx), promise: ctx.promise ?? '' }),
      ),
  };
}

function outcomeOf(ctx: MatcherContext, runCtx: MatcherContext, result: MatcherResult, run: number): RunOutcome {
  const passed = result.pass !== isNegated(ctx);
  return passed ? { run, passed } : { run, passed, text: () => appendDiff(runCtx, result).message() };
}

function thrownOutcome(run: Extract<SampledRun, { threw: true }>): RunOutcome {
  return { run: run.index + 1, passed: false, text: () => describeThrown(run.error) };
}

function runVerdict(ctx: MatcherContext, result: JudgedResult, run: number): RunVerdict {
  const { outcome, threshold } = result.judged!;
  return {
    run,
    score: outcome.score,
    threshold,
    passed: result.pass !== isNegated(ctx),
    model: outcome.model,
    reason: outcome.verdict.reason,
    evaluations: outcome.verdict.evaluations,
    missingTools: outcome.verdict.missingTools,
    ...(outcome.votes.length > 1 && { votes: outcome.votes.length, agreement: outcome.agreement.share }),
    ...(outcome.usage !== undefined && { usage: outcome.usage }),
    replayed: outcome.source === 'cache',
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

/** Bad input in a sample (a value that is not a run, a bad argument) stays a matcher error, now naming the run. */
function inSample(error: unknown, hintLine: string, where: SampleRun | undefined): unknown {
  if (error instanceof ToolCallAccuracyError) return matcherError(hintLine, error.problem, where);
  if (error instanceof JudgeError) return error.shownAt(hintLine, where, judgeErrorMessage);
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
