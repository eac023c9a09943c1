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
 * The matcher context `check(run)` hands the matchers: Jest's `equals` (which honours any `asymmetricMatch`) with
 * its iterable tester, and jest-matcher-utils, the libraries Jest's `expect` is built on. Loaded at the first
 * `check` with a synchronous require, so importing the package never loads them.
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

// Kept after the first check: require() resolves the two paths again on every call, a sixth of a short check.
let loaded: Runnerless | undefined;

function runnerless(): Runnerless {
  if (loaded) return loaded;
  // `import.meta.url` is this file in the ES module build; the CommonJS build gets it from Rollup.
  const require = createRequire(import.meta.url);
  const { equals, iterableEquality } = require('@jest/expect-utils') as { equals: Equals; iterableEquality: Tester };
  const utils = require('jest-matcher-utils') as MatcherUtils;
  return (loaded = { equals, iterableEquality, utils: { matcherHint: utils.matcherHint, printExpected: utils.printExpected, printReceived: utils.printReceived, diff: utils.diff } });
}
