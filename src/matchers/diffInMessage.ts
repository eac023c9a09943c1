import { inRunnerColours, type MatcherContext, type MatcherResult } from '../matcherContext.js';

/** The diff of `actual`/`expected` at the end of a positive failure's message: Jest draws none from them, Vitest does. */
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
