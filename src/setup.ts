import { lazyJestMatchers, lazyMatchers } from './matchers/lazy.js';
import { loadBodies } from './matchers/load.js';

/**
 * What both setup entries (`vitest.ts`, `jest.ts`) register: the matcher stubs, which load the
 * matchers at their first call, and the hooks that fail a test for a judge it did not await.
 * Internal: the build keeps it a file of its own that the two entries import, which imports nothing
 * of the package until a matcher runs (see tsup.config.ts).
 */
export { lazyJestMatchers, lazyMatchers };

// judge/pending.ts keeps its registry of judges on globalThis under this key, made when the first
// judge is tracked. Until then the hooks have nothing to check, and need not load the matchers to
// find that out.
const TRACKED_JUDGES = Symbol.for('tool-call-accuracy.tracked-judges');

type Bodies = ReturnType<typeof loadBodies>;

/** For afterEach: fails the test for the judge assertions it did not await (judge/pending.ts). */
export function failOnUnawaitedJudges(...args: Parameters<Bodies['failOnUnawaitedJudges']>): Promise<void> | undefined {
  return TRACKED_JUDGES in globalThis ? loadBodies().failOnUnawaitedJudges(...args) : undefined;
}

/** For afterAll: fails the file for judges no afterEach checked (judge/pending.ts). */
export function failOnLeftoverJudges(): Promise<void> | undefined {
  return TRACKED_JUDGES in globalThis ? loadBodies().failOnLeftoverJudges() : undefined;
}
