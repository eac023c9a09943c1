import { isThenable } from '../value.js';
import { stripVTControlCharacters } from 'node:util';
import type { ToolCallMatchers } from '../../matchers.js';
import { ToolCallCheckError } from '../errors.js';
import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import { MATCHER_NAMES, runMatcher } from './bodies.js';
import { standaloneContext } from './standalone.js';

/**
 * Every matcher of the package, bound to one run: each returns quietly when its claim holds and
 * throws a `ToolCallCheckError` with the matcher's failure message when it does not. Derived from
 * the declarations in matchers.d.ts, so a matcher declared there is a method here.
 */
export type Check = ToolCallMatchers<void> & {
  /** The same matchers, negated, as `expect(run).not`. */
  readonly not: ToolCallMatchers<void>;
};

/**
 * The matchers without a test runner: for scripts, production guards and Mastra gates
 * (`mastraGate`). Each method is a matcher of `matchers`, bound to `run`: it throws the message a
 * test would print (with the diff Jest writes into it), or a `ToolCallAccuracyError` for a bad
 * argument or a value that is not a run, which `.not` never turns into a pass. The judge,
 * `toUseAppropriateTools`, returns a promise: it rejects with the failure (or the `JudgeError` of a
 * judge that gave no verdict) and resolves when the verdict passes; await it.
 *
 * @example
 * check(result).toCallToolsInOrder(['search', 'book'])
 * check(result).not.toCallTool('delete-account')
 * await check(result).toUseAppropriateTools({ request: 'Book SFO to JFK' })
 */
export function check(run: unknown): Check {
  return Object.assign(bind(run, false), { not: bind(run, true) }) as Check;
}

function bind(run: unknown, isNot: boolean): ToolCallMatchers<void> {
  const bound: Record<string, (...args: unknown[]) => void | Promise<void>> = {};
  // Plain closures, left unnamed: naming each is a large share of a check of a short run.
  for (const name of MATCHER_NAMES) {
    const method = function (...args: unknown[]): void | Promise<void> {
      const ctx = standaloneContext(isNot);
      // With the diff Jest writes into the message; as in a test, an error points at the caller's line.
      const result = runMatcher(name, true, method, ctx, [run, ...args]);
      if (isThenable(result)) return result.then((settled) => settle(ctx, name, settled));
      return settle(ctx, name, result, method);
    };
    bound[name] = method;
  }
  return bound as unknown as ToolCallMatchers<void>;
}

/** Throws when the claim (negated by `.not`) does not hold, as a runner fails the assertion. */
function settle(ctx: MatcherContext, matcherName: string, result: MatcherResult, caller?: (...args: never[]) => unknown): void {
  if (result.pass !== ctx.isNot) return;
  // A thrown message is read in logs, so plain; the run's text was made printable already, so only our colours go.
  const error = new ToolCallCheckError(stripVTControlCharacters(result.message()), {
    matcherName,
    ...('actual' in result && !ctx.isNot && { actual: result.actual, expected: result.expected }),
  });
  if (caller) Error.captureStackTrace(error, caller);
  throw error;
}

