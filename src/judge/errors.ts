/**
 * The judge could not give a verdict: no credentials, network, timeout, HTTP errors, answers that
 * are not a valid verdict, a missing or corrupt cache entry. Matchers throw it, so neither the
 * assertion nor its `.not` can pass without a verdict.
 */
export class JudgeError extends Error {
  override name = 'JudgeError';
}
