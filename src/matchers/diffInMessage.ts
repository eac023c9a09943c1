import { inRunnerColours, type MatcherContext, type MatcherResult } from '../matcherContext.js';

/**
 * The result with the diff of its `actual`/`expected` written at the end of its message (a positive
 * failure only): Jest ignores a matcher's `actual`/`expected`, where Vitest draws a diff from them.
 */
export function appendDiff(ctx: MatcherContext, result: MatcherResult): MatcherResult {
  if (!('expected' in result) || ctx.isNot) return result;
  const { message, expected, actual } = result;
  return {
    ...result,
    message: () => {
      const diff = ctx.utils.diff(expected, actual);
      return diff && !diff.includes('Compared values have no visual difference') ? `${message()}\n\n${inRunnerColours(ctx.utils, diff)}` : message();
    },
  };
}
