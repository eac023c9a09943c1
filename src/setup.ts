import { matchersFor } from './matchers/lazy.js';
import { loadBodies } from './matchers/load.js';

/**
 * The matchers as each runner registers them, and the judge hooks and trajectory serializer both
 * setup entries register. Internal: the build keeps it a file of its own, which imports nothing of
 * the package until a matcher runs (see tsup.config.ts).
 */

/** Every matcher, for `expect.extend(matchers)`: what the Vitest setup entry registers, and the package exports. Each also takes a sample of runs. */
export const matchers = matchersFor(loadBodies, { diffInMessage: false });

/** What the Jest setup entry registers: Jest ignores a matcher's `actual`/`expected`, so these write the same diff into the message. */
export const jestMatchers = matchersFor(loadBodies, { diffInMessage: true });

// judge/pending.ts's registry of judges, made when the first judge is tracked: until then the hooks
// have nothing to check, and need not load the matchers to find that out.
const TRACKED_JUDGES = Symbol.for('tool-call-accuracy.tracked-judges');

// refs/brand.ts marks the values the package hands out under this key; `trajectory(run)` is marked
// 'trajectory' (format/trajectory.ts). Read here by its key, so this file imports none of the package.
const KIND = Symbol.for('tool-call-accuracy.kind');

/** The snapshot serializer of `trajectory(run)`: printed as its text, one call a line; it claims nothing else. */
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
export function failOnUnawaitedJudges(...args: Parameters<ReturnType<typeof loadBodies>['failOnUnawaitedJudges']>): Promise<void> | undefined {
  return TRACKED_JUDGES in globalThis ? loadBodies().failOnUnawaitedJudges(...args) : undefined;
}

/** For afterAll: fails the file for judges no afterEach checked (judge/pending.ts). */
export function failOnLeftoverJudges(): Promise<void> | undefined {
  return TRACKED_JUDGES in globalThis ? loadBodies().failOnLeftoverJudges() : undefined;
}
