import type { SampleRun } from '../errors.js';

/**
 * The judge could not give a verdict: no credentials, network, timeout, HTTP errors, answers that
 * are not a valid verdict, a missing or corrupt cache entry. Matchers throw it, so neither the
 * assertion nor its `.not` can pass without a verdict.
 */
export class JudgeError extends Error {
  override name = 'JudgeError';
  /** What went wrong, as the judge found it: the message it was made with. */
  readonly problem: string;
  /** The hint line of the assertion that asked, and where in a sample: set by the matcher that shows the error (`shownAt`). */
  hint?: string;
  inSample?: SampleRun;

  constructor(problem: string, options?: ErrorOptions) {
    super(problem, options);
    this.problem = problem;
  }

  /**
   * Shows the error under an assertion's hint line (and the run of a sample it happened in): the
   * message is made from the parts, never from the message it had.
   */
  shownAt(hint: string, where: SampleRun | undefined, message: (parts: { hint: string; problem: string; where: SampleRun | undefined }) => string): this {
    this.hint = hint;
    if (where !== undefined) this.inSample = where;
    this.message = message({ hint, problem: this.problem, where });
    return this;
  }
}
