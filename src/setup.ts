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

// refs/brand.ts marks the values the package hands out under this key; `trajectory(run)` is marked
// 'trajectory' (format/trajectory.ts). Read here by its key, so this file imports none of the package.
const KIND = Symbol.for('tool-call-accuracy.kind');

/**
 * The snapshot serializer both setup entries register: a value made by `trajectory(run)` is
 * printed as its text, one call a line. It claims nothing else, so other snapshots stay as they were.
 */
export const trajectorySerializer = {
  test(value: unknown): boolean {
    try {
      return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[KIND] === 'trajectory';
    } catch {
      return false;
    }
  },
  serialize(value: { text: string }): string {
    return value.text;
  },
};

/** For afterEach: fails the test for the judge assertions it did not await (judge/pending.ts). */
export function failOnUnawaitedJudges(...args: Parameters<Bodies['failOnUnawaitedJudges']>): Promise<void> | undefined {
  return TRACKED_JUDGES in globalThis ? loadBodies().failOnUnawaitedJudges(...args) : undefined;
}

/** For afterAll: fails the file for judges no afterEach checked (judge/pending.ts). */
export function failOnLeftoverJudges(): Promise<void> | undefined {
  return TRACKED_JUDGES in globalThis ? loadBodies().failOnLeftoverJudges() : undefined;
}
