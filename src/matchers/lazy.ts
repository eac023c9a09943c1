import type { ToolCallMatchers } from '../../matchers.js';
import type { Implementations, MatcherContext } from '../matcherContext.js';
import type * as Bodies from './bodies.js';

type Matchers = Implementations<ToolCallMatchers<void>>;

/** Every matcher's name, in the order `bodies.ts` lists them (test/matchers/lazy.test.ts checks both agree). */
const NAMES = [
  'toCallTool',
  'toCallToolTimes',
  'toCallOnly',
  'toCallToolsInOrder',
  'toCallToolsInAnyOrder',
  'toCallOnlyFrom',
  'toCallNoTools',
  'toCallToolsWithoutErrors',
  'toRepeatToolCalls',
  'toStayWithinBudget',
  'toCallToolsWithValidInputs',
  'toUseAppropriateTools',
  'toFollowASensibleTrajectory',
] as const satisfies ReadonlyArray<Bodies.MatcherName>;

/**
 * The matchers a runner registers: each hands its call, with the runner's `this`, to `runMatcher` of
 * the bodies `load` gives (`bodies.ts`, loaded at the first call by `load.ts`: a test file that calls
 * no matcher never compiles them). Imports nothing but types, so the build keeps src/setup.ts one
 * small file (see tsup.config.ts).
 */
export function matchersFor(load: () => typeof Bodies, options: { diffInMessage: boolean }): Matchers {
  return Object.fromEntries(
    NAMES.map((name) => {
      const matcher = function (this: MatcherContext, ...args: unknown[]) {
        return load().runMatcher(name, options.diffInMessage, matcher, this, args);
      };
      Object.defineProperty(matcher, 'name', { value: name });
      return [name, matcher];
    }),
  ) as unknown as Matchers;
}
