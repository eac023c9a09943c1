/**
 * Vitest setup file: `test: { setupFiles: ['tool-call-accuracy/vitest'] }`.
 * Registers every matcher on Vitest's `expect` (they load their bodies at their first call: every
 * test file runs this); importing it also brings the matcher types in.
 */
import { afterAll, afterEach, expect } from 'vitest';
import { failOnLeftoverJudges, failOnUnawaitedJudges, matchers, trajectorySerializer } from './setup.js';
// Re-exported so the entry's types load matchers.d.ts, which augments the runner's expect.
export type { ToolCallMatchers } from '../matchers.js';

expect.extend(matchers);
// `expect(trajectory(run)).toMatchSnapshot()` prints the trajectory's text.
expect.addSnapshotSerializer(trajectorySerializer);

// A judge assertion the test never awaited, settled or not, could not fail it: fail the test here.
afterEach((context) =>
  failOnUnawaitedJudges([context.task, expect.getState().currentTestName], { concurrent: context.task.concurrent === true }),
);
// Judges made in beforeAll/afterAll belong to no test: the file fails for them. (Runs after the file's own afterAll hooks.)
afterAll(() => failOnLeftoverJudges());
