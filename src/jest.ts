/**
 * Jest setup file: `setupFilesAfterEnv: ['tool-call-accuracy/jest']`. CommonJS-loadable.
 * Registers the matchers, which load their bodies at their first call, as the Vitest entry does;
 * Jest ignores a matcher's `actual`/`expected`, so these write the same diff into the message.
 */
import { failOnLeftoverJudges, failOnUnawaitedJudges, jestMatchers, trajectorySerializer } from './setup.js';
// Re-exported so the entry's types load matchers.d.ts, which augments the runner's expect.
export type { ToolCallMatchers } from '../matchers.js';

declare const expect:
  | { extend(matchers: Record<string, unknown>): void; getState(): { currentTestName?: string }; addSnapshotSerializer?(serializer: typeof trajectorySerializer): void }
  | undefined;
declare const afterEach: ((hook: () => unknown) => void) | undefined;
declare const afterAll: ((hook: () => unknown) => void) | undefined;

if (typeof expect === 'undefined' || typeof expect.extend !== 'function') {
  throw new Error(
    "tool-call-accuracy/jest found no global `expect`. Load it with Jest's `setupFilesAfterEnv` (not `setupFiles`), " +
      "or import { matchers } from 'tool-call-accuracy' and call expect.extend(matchers) yourself.",
  );
}
expect.extend(jestMatchers);
// `expect(trajectory(run)).toMatchSnapshot()` prints the trajectory's text (Jest's expect has addSnapshotSerializer; `expect` alone may not).
if (typeof expect.addSnapshotSerializer === 'function') expect.addSnapshotSerializer(trajectorySerializer);

// A judge assertion the test never awaited, settled or not, could not fail it: fail the test here.
if (typeof afterEach === 'function') afterEach(() => failOnUnawaitedJudges([expect.getState().currentTestName || undefined]));
// Judges made in beforeAll/afterAll belong to no test: the file fails for them.
if (typeof afterAll === 'function') afterAll(() => failOnLeftoverJudges());
// Recording steps left unwritten (a long recording writes at growing intervals) are written after
// each test, and after the file's tests for `test.concurrent` ones (Jest runs no afterEach for them).
const flushRecordings = () => (globalThis as { [key: symbol]: (() => Promise<void>) | undefined })[Symbol.for('tool-call-accuracy.flush-recordings')]?.();
if (typeof afterEach === 'function') afterEach(flushRecordings);
if (typeof afterAll === 'function') afterAll(flushRecordings);
