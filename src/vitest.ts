/**
 * Vitest setup file: `test: { setupFiles: ['tool-call-accuracy/vitest'] }`. Registers every matcher
 * on Vitest's `expect`; importing it also brings the matcher types in.
 */
import * as vitest from 'vitest';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { failOnLeftoverJudges, failOnUnawaitedJudges, matchers, trajectorySerializer } from './setup.js';
// Re-exported so the entry's types load matchers.d.ts, which augments the runner's expect.
export type { ToolCallMatchers } from '../matchers.js';

expect.extend(matchers);
// `expect(trajectory(run)).toMatchSnapshot()` prints the trajectory's text.
expect.addSnapshotSerializer(trajectorySerializer);

// Each test runs in an async context of its own that names it: a recording, a judge's verdict and
// a report made in it belong to that test even when tests run concurrently (`describe.concurrent`),
// where Vitest's global state names the last started one (`beforeEach` before Vitest 4.1's `aroundEach`).
// It is store/test.ts's context, written here, not imported, so this entry stays one file with setup.ts.
const CONTEXT = Symbol.for('tool-call-accuracy.test-context');
type TestContextStorage = { run<R>(store: { task: object }, fn: () => R): R; enterWith(store: { task: object }): void };
const storage = (): TestContextStorage =>
  ((globalThis as { [CONTEXT]?: TestContextStorage })[CONTEXT] ??= new (process.getBuiltinModule('node:async_hooks').AsyncLocalStorage)());
const aroundEach = (vitest as { aroundEach?: (fn: (runTest: () => Promise<void>, context: { task: object }) => Promise<void>) => void }).aroundEach;
if (typeof aroundEach === 'function') aroundEach((runTest, context) => storage().run({ task: context.task }, runTest));
else beforeEach((context) => storage().enterWith({ task: context.task }));

// A judge assertion the test never awaited, settled or not, could not fail it: fail the test here.
afterEach((context) =>
  failOnUnawaitedJudges([context.task, expect.getState().currentTestName], { concurrent: context.task.concurrent === true }),
);
// Judges made in beforeAll/afterAll belong to no test: the file fails for them. (Runs after the file's own afterAll hooks.)
afterAll(() => failOnLeftoverJudges());
// Recording steps left unwritten (a long recording writes at growing intervals) are written when
// their test ends (the store hooks each test itself); this writes those made outside a test.
afterAll(() => (globalThis as { [key: symbol]: (() => Promise<void>) | undefined })[Symbol.for('tool-call-accuracy.flush-recordings')]?.());
