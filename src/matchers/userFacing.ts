import { ToolCallAccuracyError } from '../errors.js';

/**
 * Wraps a matcher so that a matcher error it throws (a value that is not a run, a bad argument)
 * has a stack that starts at the caller: the runner then points at the test's own line, not at
 * this package's insides. Only errors this package raised on purpose are touched; a bug's stack
 * is left whole.
 */
export function userFacing<Matcher extends (this: never, ...args: never[]) => unknown>(matcher: Matcher): Matcher {
  const wrapped = function (this: unknown, ...args: unknown[]) {
    try {
      return (matcher as unknown as (...inner: unknown[]) => unknown).apply(this, args);
    } catch (error) {
      if (error instanceof ToolCallAccuracyError) Error.captureStackTrace(error, wrapped);
      throw error;
    }
  };
  Object.defineProperty(wrapped, 'name', { value: matcher.name });
  return wrapped as unknown as Matcher;
}
