import type { matchers } from './index.js';
import { loadMatchers } from './load.js';
import { userFacing } from './userFacing.js';

type Matchers = typeof matchers;

/** Every matcher's name, in the order `matchers` lists them (test/matchers/lazy.test.ts checks both agree). */
const NAMES = ['toCallTool', 'toCallToolTimes', 'toCallOnly', 'toCallToolsInOrder', 'toCallNoTools', 'toUseAppropriateTools'] as const satisfies ReadonlyArray<keyof Matchers>;

/**
 * What the setup entries register: one stub per matcher, which loads the matchers (`load.ts`) at
 * its first call and hands the call on with the same `this` and arguments. A test file that uses
 * no matcher then never compiles them, most of the package. The stub is now the package's outermost
 * frame, so it is `userFacing` again: a matcher error's stack still starts at the test's line.
 */
export const lazyMatchers = Object.fromEntries(
  NAMES.map((name) => {
    const stub = function (this: unknown, ...args: unknown[]) {
      return (loadMatchers()[name] as (...inner: unknown[]) => unknown).apply(this, args);
    };
    Object.defineProperty(stub, 'name', { value: name });
    return [name, userFacing(stub)];
  }),
) as Matchers;
