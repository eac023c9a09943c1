import { inRunnerColours, type MatcherContext, type MatcherResult } from '../format/matcherContext.js';
import { userFacing } from './userFacing.js';

type Matcher = (this: MatcherContext, received: unknown, ...expected: any[]) => MatcherResult | Promise<MatcherResult>;

/**
 * Jest ignores a matcher's `actual`/`expected`; Vitest draws a diff from them. This wraps each
 * matcher so the failure message carries the same diff under Jest.
 */
export function withDiffInMessage<T extends Record<string, Matcher>>(matchers: T): T {
  const wrapped: Record<string, Matcher> = {};
  for (const [name, matcher] of Object.entries(matchers)) {
    // userFacing again: this wrapper is now the outermost frame of the package.
    wrapped[name] = userFacing(
      Object.defineProperty(
        function (this: MatcherContext, received: unknown, ...expected: unknown[]) {
          const result = matcher.call(this, received, ...expected);
          return isPromise(result) ? result.then((settled) => appendDiff(this, settled)) : appendDiff(this, result);
        },
        'name',
        { value: name },
      ),
    );
  }
  return wrapped as T;
}

/** The result with the diff of its `actual`/`expected` written at the end of its message (a positive failure only). */
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

function isPromise(value: unknown): value is Promise<MatcherResult> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
