import type { matchers } from './index.js';
import { loadBodies } from './load.js';

type Matchers = typeof matchers;
type Bodies = ReturnType<typeof loadBodies>;

/** Every matcher's name, in the order `matchers` lists them (test/matchers/lazy.test.ts checks both agree). */
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
] as const satisfies ReadonlyArray<keyof Matchers>;

/**
 * One stub per matcher, which loads the matchers (`load.ts`) at its first call and hands the call on
 * with the same `this` and arguments to the one `pick` chooses. A test file that uses no matcher then
 * never compiles them, most of the package. Besides `load.ts`, which the build replaces, this module
 * imports nothing the matchers import, so the build keeps the setup entries' part one small file
 * (see tsup.config.ts): what a stub needs from the matchers' modules, it gets from what it loaded.
 */
function stubs(pick: (bodies: Bodies) => Matchers): Matchers {
  return Object.fromEntries(
    NAMES.map((name) => {
      const stub = function (this: unknown, ...args: unknown[]) {
        const bodies = loadBodies();
        try {
          return (pick(bodies)[name] as (...inner: unknown[]) => unknown).apply(this, args);
        } catch (error) {
          // The stub is now the package's outermost frame: as `userFacing` does, a matcher error's
          // stack starts at the caller, so the runner points at the test's own line.
          if (error instanceof bodies.ToolCallAccuracyError) Error.captureStackTrace(error, stub);
          throw error;
        }
      };
      Object.defineProperty(stub, 'name', { value: name });
      return [name, stub];
    }),
  ) as Matchers;
}

/** What the Vitest setup entry registers. */
export const lazyMatchers = stubs((bodies) => bodies.matchers);

/**
 * What the Jest setup entry registers: the matchers that also write the diff into the message. The
 * diff wrapper's `.then` is one more layer between the matcher and the test (judge/pending.ts).
 */
export const lazyJestMatchers = stubs((bodies) => {
  bodies.setRunnerLayers(2);
  return bodies.jestMatchers;
});
