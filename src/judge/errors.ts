import type { SampleRun } from '../errors.js';

/**
 * The judge could not give a verdict: no credentials, network, timeout, HTTP errors, answers that
 * are not a valid verdict, a missing or corrupt cache entry. Matchers throw it, so neither the
 * assertion nor its `.not` can pass without a verdict.
 */
export class JudgeError extends Error {
  override name = 'JudgeError';
  /** What went wrong, as the judge found it. */
  readonly problem: string;
  /** The hint line of the assertion that asked, and where in a sample, when a matcher shows the error (`shownJudgeError`). */
  readonly hint?: string;
  readonly inSample?: SampleRun;

  /** `shown`: the assertion it is shown under, with the message made from the parts; without it the message is the problem. */
  constructor(problem: string, options?: ErrorOptions & { shown?: { hint: string; where?: SampleRun | undefined; message: string } }) {
    super(options?.shown?.message ?? problem, options);
    this.problem = problem;
    if (options?.shown) {
      this.hint = options.shown.hint;
      if (options.shown.where !== undefined) this.inSample = options.shown.where;
    }
  }
}

/** The judge's error as an assertion shows it: a new error of the same class and cause, under the assertion's hint line. */
export function shownJudgeError(error: JudgeError, hint: string, where: SampleRun | undefined, message: (parts: { hint: string; problem: string; where: SampleRun | undefined }) => string): JudgeError {
  const Class = error.constructor as typeof JudgeError;
  return new Class(error.problem, { ...(error.cause !== undefined && { cause: error.cause }), shown: { hint, where, message: message({ hint, problem: error.problem, where }) } });
}
