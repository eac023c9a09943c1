import type { ToolCallMatchers } from '../../matchers.js';
import type { Implementations, MatcherContext } from '../matcherContext.js';
import type * as Bodies from './bodies.js';
import { MATCHER_NAMES } from './names.js';

type Matchers = Implementations<ToolCallMatchers<void>>;

/**
 * The matchers a runner registers: each hands its call to `runMatcher` of the bodies `load` gives (at the first
 * call). Imports nothing but types and the names, so the build keeps src/setup.ts one small file (tsup.config.ts).
 */
export function matchersFor(load: () => typeof Bodies, options: { diffInMessage: boolean }): Matchers {
  return Object.fromEntries(
    MATCHER_NAMES.map((name) => {
      const matcher = function (this: MatcherContext, ...args: unknown[]) {
        return load().runMatcher(name, options.diffInMessage, matcher, this, args);
      };
      Object.defineProperty(matcher, 'name', { value: name });
      return [name, matcher];
    }),
  ) as unknown as Matchers;
}
