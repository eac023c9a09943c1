import { ToolCallAccuracyError } from '../errors.js';
import { checkOptions, rule, type OptionsSchema } from '../options.js';
import { mapWithConcurrency } from './limit.js';
import { isSample, sample, type Sample, type SampleSource } from './sample.js';

/** Anything with Mastra's scorer shape: `run(run)` resolving to `{ score }` (both scorers of this package). */
export interface RunScorer<Result extends { score: number }> {
  run(run: unknown): Promise<Result>;
}

export type ScoredRun<Result> =
  | { index: number; score: number; result: Result }
  /** The run could not be scored: its function threw, or the scorer rejected (a judge with no verdict). */
  | { index: number; error: unknown };

export interface ScoreRunsResult<Result> {
  /** One entry per run, in order. */
  runs: Array<ScoredRun<Result>>;
  /** Over the runs that were scored; undefined when none was. */
  mean: number | undefined;
  min: number | undefined;
  max: number | undefined;
  scored: number;
  /** Runs with an `error` instead of a score: never counted as any score. */
  errors: number;
}

const SCORE_RUNS_OPTIONS: OptionsSchema = { shape: 'an object such as { concurrency: 4 }', options: { concurrency: rule.wholeNumber(1, 'a whole number, at least 1') } };

/**
 * Scores many runs with the code or LLM scorer, at most `concurrency` at once (default 4), and
 * sums them up: the batch form of `scorer.run` for a nightly evaluation. A run the scorer cannot
 * score keeps its error and is left out of the mean, min and max (and counted in `errors`); a
 * value that is not a run rejects the whole call, since no score of it could be trusted.
 * @example
 * const { mean, min, runs } = await scoreRuns(createToolCallAccuracyScorerCode({ expectedTool: 'book-table' }), loadRuns('runs.jsonl'))
 */
export async function scoreRuns<Result extends { score: number }>(
  scorer: RunScorer<Result>,
  runs: SampleSource | Sample | PromiseLike<Sample>,
  options: { concurrency?: number } = {},
): Promise<ScoreRunsResult<Result>> {
  if (typeof scorer !== 'object' || scorer === null || typeof scorer.run !== 'function') {
    throw new ToolCallAccuracyError('scoreRuns(scorer, runs) takes a scorer with a run(run) method, e.g. createToolCallAccuracyScorerCode({ expectedTool: "search" }).');
  }
  if (typeof runs === 'function') {
    throw new ToolCallAccuracyError('scoreRuns(scorer, runs) takes runs already made (an array, iterable, async iterable or a sample); to make them, pass sample(fn, { n }).');
  }
  checkOptions(options ?? {}, SCORE_RUNS_OPTIONS, { where: 'scoreRuns' });
  const { concurrency = 4 } = options ?? {};
  const resolved = await runs;
  const taken = isSample(resolved) ? resolved : await sample(resolved as Exclude<SampleSource, (index: number) => unknown>);
  const scoredRuns = await mapWithConcurrency(taken.runs, concurrency, async (run): Promise<ScoredRun<Result>> => {
    if (run.threw) return { index: run.index, error: run.error };
    try {
      const result = await scorer.run(run.run);
      return { index: run.index, score: result.score, result };
    } catch (error) {
      if (error instanceof ToolCallAccuracyError) {
        // A new error with where it was found as a field (the scorer's own error is its cause), not an edited message.
        const where = { run: run.index + 1, n: taken.n };
        throw new ToolCallAccuracyError(`scoreRuns: run ${where.run} of ${where.n}: ${error.message}`, { problem: error.problem, inSample: where, cause: error });
      }
      return { index: run.index, error };
    }
  });
  const scores = scoredRuns.flatMap((run) => ('score' in run ? [run.score] : []));
  return {
    runs: scoredRuns,
    mean: scores.length > 0 ? scores.reduce((sum, score) => sum + score, 0) / scores.length : undefined,
    // reduce, not Math.min(...scores): spreading a very large batch overflows the stack.
    min: scores.length > 0 ? scores.reduce((low, score) => Math.min(low, score)) : undefined,
    max: scores.length > 0 ? scores.reduce((high, score) => Math.max(high, score)) : undefined,
    scored: scores.length,
    errors: scoredRuns.length - scores.length,
  };
}
