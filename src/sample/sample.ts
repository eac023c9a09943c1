import { isThenable } from '../value.js';
import { ToolCallAccuracyError } from '../errors.js';
import { describeArgument as describe } from '../describe.js';
import { checkOptions, rule, type OptionsSchema } from '../options.js';
import { mapWithConcurrency } from './limit.js';
import { normalQuantile, requiredPasses, requiredPassesWithConfidence, wilsonInterval } from './wilson.js';

export interface SampleOptions {
  /** How many times to call a function source. With runs already made it is their count (and may be left out). */
  n?: number;
  /** How many calls of a function source may be in flight at once. Default 4. */
  concurrency?: number;
  /** The share of runs that must pass, from 0 (exclusive) to 1. Default 1: every run. */
  minPassRate?: number;
  /** Gate on the lower bound of the Wilson interval at this confidence (e.g. 0.95) instead of the observed rate. */
  confidence?: number;
}

/** One run of a sample: the agent's result, or the error its function threw. */
export type SampledRun = { index: number; threw: false; run: unknown } | { index: number; threw: true; error: unknown };

/** Where a sample's runs come from: a function called `n` times, or runs already made. */
export type SampleSource =
  | ((index: number) => unknown)
  | Iterable<unknown>
  | AsyncIterable<unknown>
  | PromiseLike<Iterable<unknown> | AsyncIterable<unknown>>;

// Symbol.for: a sample made by the ESM build must be recognized by matchers from the CJS build.
const SAMPLE = Symbol.for('tool-call-accuracy.sample');
const DEFAULT_CONCURRENCY = 4;
const SAMPLE_OPTIONS: OptionsSchema = {
  shape: 'an object such as { n: 10, minPassRate: 0.9 }',
  options: {
    n: rule.wholeNumber(1, 'a whole number of runs, at least 1'),
    concurrency: rule.wholeNumber(1, 'a whole number, at least 1'),
    minPassRate: rule.that('a number above 0 and at most 1 (0.9 means 9 runs in 10)', (value) => typeof value === 'number' && value > 0 && value <= 1),
    confidence: rule.that('a number between 0 and 1 (exclusive), e.g. 0.95', (value) => typeof value === 'number' && value > 0 && value < 1),
  },
};

/** Runs of one agent task and the pass-rate rule every matcher applies to them. */
export interface Sample {
  readonly [SAMPLE]: true;
  readonly runs: readonly SampledRun[];
  readonly n: number;
  readonly minPassRate: number;
  readonly confidence: number | undefined;
}

export function isSample(value: unknown): value is Sample {
  return typeof value === 'object' && value !== null && (value as { [SAMPLE]?: unknown })[SAMPLE] === true;
}

/**
 * Samples an agent: calls `source` `n` times (at most `concurrency` at once) or takes runs already
 * made, and returns runs that every matcher accepts, gated by `minPassRate` (and `confidence`).
 * A call that throws is kept as a failed run with its error.
 * @example
 * const runs = await sample(() => agent.generate('Book a table for two at 8'), { n: 10, minPassRate: 0.9 })
 * expect(runs).toCallToolsInOrder(['search-restaurants', 'book-table'])
 */
export async function sample(source: SampleSource, options: SampleOptions = {}): Promise<Sample> {
  const checked = readSampleOptions(options, typeof source === 'function');
  let runs: SampledRun[];
  if (typeof source === 'function') {
    const indexes = Array.from({ length: checked.n! }, (_, index) => index);
    runs = await mapWithConcurrency(indexes, checked.concurrency, (index) => callSource(source, index));
  } else {
    runs = await readRuns(source);
    if (runs.length === 0) {
      throw new ToolCallAccuracyError('sample() received no runs: a pass rate of an empty sample means nothing. Check the file or list the runs come from.');
    }
    if (checked.n !== undefined && checked.n !== runs.length) {
      throw new ToolCallAccuracyError(`sample(): n is ${checked.n} but the source holds ${runs.length} runs. With runs already made, n is their count; leave it out.`);
    }
  }
  checkReachable(checked.minPassRate, runs.length, checked.confidence);
  return Object.freeze({ [SAMPLE]: true as const, runs: Object.freeze(runs), n: runs.length, minPassRate: checked.minPassRate, confidence: checked.confidence });
}

/** One call of the run-making function: a throw is a failed run, not the sample's error. */
async function callSource(source: (index: number) => unknown, index: number): Promise<SampledRun> {
  try {
    return { index, threw: false, run: await source(index) };
  } catch (error) {
    return { index, threw: true, error };
  }
}

async function readRuns(source: Exclude<SampleSource, (index: number) => unknown>): Promise<SampledRun[]> {
  const resolved = isThenable(source) ? await source : source;
  if (typeof resolved === 'string') {
    throw new ToolCallAccuracyError(`sample() received a string; to gate runs recorded in a file, pass sample(loadRuns(path), options).`);
  }
  if (!(isIterable(resolved) || isAsyncIterable(resolved))) {
    throw new ToolCallAccuracyError(
      `sample() takes a function that makes one run (called n times), or an array, iterable or async iterable of runs; received ${describe(resolved)}.`,
    );
  }
  const values: unknown[] = [];
  if (isIterable(resolved)) for (const value of resolved) values.push(value);
  else for await (const value of resolved) values.push(value);
  // A list may hold promises of runs (runs started elsewhere): a rejected one is a failed run, like a throwing function.
  const settled = await Promise.allSettled(values);
  return settled.map((outcome, index) =>
    outcome.status === 'fulfilled' ? { index, threw: false, run: outcome.value } : { index, threw: true, error: outcome.reason },
  );
}

function readSampleOptions(options: unknown, fromFunction: boolean) {
  checkOptions<SampleOptions>(options, SAMPLE_OPTIONS, { where: 'sample()' });
  const { n, concurrency = DEFAULT_CONCURRENCY, minPassRate = 1, confidence } = options;
  if (n === undefined && fromFunction) {
    throw new ToolCallAccuracyError('sample(fn, { n }) needs n: how many times to call the function, e.g. { n: 10 }.');
  }
  return { n, concurrency, minPassRate, confidence };
}

/** A confidence gate that not even a perfect sample could pass is a setup error, not a test that always fails. */
function checkReachable(minPassRate: number, n: number, confidence: number | undefined): void {
  if (confidence === undefined || requiredPassesWithConfidence(minPassRate, n, confidence) !== undefined) return;
  const best = wilsonInterval(n, n, confidence).low;
  // n of n passing has the lower bound n / (n + z²): it reaches minPassRate from n ≥ minPassRate·z² / (1 − minPassRate) on.
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const fewest = minPassRate < 1 ? Math.ceil((minPassRate * z * z) / (1 - minPassRate) - 1e-9) : undefined;
  const more = fewest === undefined ? 'a minPassRate of 1 is never reached by a lower bound; lower minPassRate' : `take at least ${fewest} runs, lower minPassRate,`;
  throw new ToolCallAccuracyError(
    `sample(): with confidence ${confidence}, ${n} runs cannot reach minPassRate ${minPassRate}: even ${n} of ${n} passing gives a lower bound of ${best.toFixed(3)}. ` +
      `To gate on confidence, ${more} or leave confidence out (then ${requiredPasses(minPassRate, n)} of ${n} must pass).`,
  );
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}
