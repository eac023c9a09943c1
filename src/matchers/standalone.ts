import { createRequire } from 'node:module';
import type { MatcherContext, MatcherUtils } from '../matcherContext.js';

type Equals = (a: unknown, b: unknown, customTesters?: readonly unknown[], strictCheck?: boolean) => boolean;
type Tester = (a: unknown, b: unknown, customTesters: unknown[]) => boolean | undefined;

/** What a matcher needs from a runner, outside one: Jest's own equality and printing libraries. */
interface Runnerless {
  equals: Equals;
  iterableEquality: Tester;
  utils: MatcherUtils;
}

/**
 * The matcher context `check(run)` hands the matchers, where no runner gives one: Jest's `equals`
 * (which honours any object with `asymmetricMatch`: Vitest's and Jest's `expect.objectContaining(…)`
 * and the like) with its iterable tester, as `toEqual` uses them, and jest-matcher-utils for the
 * hint line, printed values and diffs. Those two are loaded at the first `check`, with a synchronous
 * require (both are CommonJS, and a matcher answers synchronously): importing the package, and every
 * test that runs in Vitest or Jest, never loads them, so they add nothing to the main entry's
 * start. They are the libraries Jest's `expect` is built on, so the messages read as in Jest.
 */
export function standaloneContext(isNot: boolean): MatcherContext {
  const { equals, iterableEquality, utils } = runnerless();
  return {
    isNot,
    promise: '',
    customTesters: [iterableEquality],
    equals: (a, b, customTesters, strictCheck) => equals(a, b, [...(customTesters ?? [iterableEquality])], strictCheck),
    utils,
  };
}

// Kept after the first check: createRequire() and require() resolve the two paths again on every
// call, about a sixth of a check on a run of 20 calls (as matchers/load.ts keeps its bodies).
let loaded: Runnerless | undefined;

function runnerless(): Runnerless {
  return (loaded ??= loadRunnerless());
}

function loadRunnerless(): Runnerless {
  // `import.meta.url` is this file in the ES module build; the CommonJS build gets it from Rollup.
  const require = createRequire(import.meta.url);
  const { equals, iterableEquality } = require('@jest/expect-utils') as { equals: Equals; iterableEquality: Tester };
  const utils = require('jest-matcher-utils') as MatcherUtils;
  return { equals, iterableEquality, utils: { matcherHint: utils.matcherHint, printExpected: utils.printExpected, printReceived: utils.printReceived, diff: utils.diff } };
}
