import path from 'node:path';
import vm from 'node:vm';
import { attempt } from '../describe.js';

/** The test running now, as far as the runner tells: its full name, its file, and which try of it this is. */
export interface CurrentTest {
  /** The full name (describe blocks and the test, as the runner joins them); undefined outside a test. */
  name: string | undefined;
  /** The test file (absolute); undefined when the runner does not say. */
  file: string | undefined;
  /** Which try of the test this is (Vitest's retries and repeats, Jest's retries): a retry starts its counts again. */
  attempt: number;
  /**
   * The runner's own object for this test (Vitest's task, Jest's test entry), when it can be read:
   * two tests of the same name are two tests. Undefined elsewhere: the name stands for the test.
   */
  handle: object | undefined;
  runner: 'vitest' | 'jest' | undefined;
}

interface ExpectState {
  currentTestName?: unknown;
  testPath?: unknown;
  // Jest 30's, in the test's own async context:
  currentTestIdentity?: () => unknown;
  currentConcurrentTestName?: () => unknown;
}

/**
 * The current test. First from the test's own async context, so that tests running concurrently
 * in one file (`describe.concurrent`, `test.concurrent`) each get their own: the task the Vitest
 * setup entry enters for each test (`enterTest`, from an `aroundEach` hook), or the test jest-circus
 * runs in its own async context (Jest 30: `expect.getState().currentTestIdentity()`). Else from the
 * runner's global state: Vitest's global expect (under `Symbol.for('expect-global')`, set whether or
 * not globals are on) and its worker's current task (for retries), or Jest's matcher state
 * (`Symbol.for('$$jest-matchers-object')`, there in CommonJS and ESM, with or without injected
 * globals). That state is the last started test's: `concurrentWithoutContext` says when a Vitest
 * test runs concurrently with no context entered (the setup entry not loaded).
 */
export function currentTest(): CurrentTest {
  const holder = globalThis as Record<string | symbol, unknown>;
  const entered = enteredTask();
  if (entered !== undefined) return vitestTest(entered.task);
  const vitestExpect = holder[Symbol.for('expect-global')] as { getState?: () => ExpectState } | undefined;
  if (typeof vitestExpect?.getState === 'function') {
    const state = vitestExpect.getState();
    const task = (holder.__vitest_worker__ as { current?: TaskNode } | undefined)?.current;
    return { name: text(state.currentTestName), file: file(state.testPath), attempt: attemptOf(task), handle: objectOr(task), runner: 'vitest' };
  }
  const jest = holder[Symbol.for('$$jest-matchers-object')] as { state?: ExpectState } | undefined;
  if (jest?.state) {
    const own = jestContextTest(jest.state);
    const running = own ?? jestRunningTest(holder);
    const attempt = Number(running?.invocations ?? 1) - 1;
    const name = own === undefined ? text(jest.state.currentTestName) : (text(safeCall(jest.state.currentConcurrentTestName)) ?? text(jest.state.currentTestName));
    return { name, file: file(jest.state.testPath), attempt: Number.isFinite(attempt) && attempt > 0 ? attempt : 0, handle: running, runner: 'jest' };
  }
  return { name: undefined, file: undefined, attempt: 0, handle: undefined, runner: undefined };
}

/**
 * Whether the test Vitest runs now is concurrent while no test context was entered for it (the
 * setup entry `tool-call-accuracy/vitest` not loaded): the global state then names the last started
 * test, not necessarily the one asking.
 */
export function concurrentWithoutContext(): boolean {
  if (enteredTask() !== undefined) return false;
  const task = ((globalThis as Record<string, unknown>).__vitest_worker__ as { current?: { concurrent?: unknown } } | undefined)?.current;
  return task?.concurrent === true;
}

interface TaskNode {
  name?: unknown;
  fullTestName?: unknown;
  suite?: TaskNode;
  file?: TaskNode & { filepath?: unknown };
  result?: { retryCount?: unknown; repeatCount?: unknown };
}

// The async context the Vitest setup entry enters for each test: on globalThis under a
// `Symbol.for` key, so that the ESM and CJS builds (and the setup file and the tests) share it.
// src/vitest.ts makes it under the same key without importing this module (its entry stays one file).
const CONTEXT = Symbol.for('tool-call-accuracy.test-context');

function enteredTask(): { task: object } | undefined {
  return (globalThis as { [CONTEXT]?: { getStore(): { task: object } | undefined } })[CONTEXT]?.getStore();
}

/** A Vitest task as the current test: its full name as Vitest's expect states it (` > ` between the suites' names and its own). */
function vitestTest(task: object): CurrentTest {
  const node = task as TaskNode;
  let name: string | undefined = text(node.fullTestName);
  if (name === undefined) {
    const names: string[] = [];
    for (let at: TaskNode | undefined = node; at !== undefined && at !== node.file; at = at.suite) if (typeof at.name === 'string' && at.name !== '') names.unshift(at.name);
    name = text(names.join(' > '));
  }
  return { name, file: file(node.file?.filepath), attempt: attemptOf(node), handle: task, runner: 'vitest' };
}

function attemptOf(task: TaskNode | undefined): number {
  const attempt = Number(task?.result?.retryCount ?? 0) + Number(task?.result?.repeatCount ?? 0) * 1000;
  return Number.isFinite(attempt) ? attempt : 0;
}

/** The test jest-circus runs in this async context (Jest 30), or undefined. */
function jestContextTest(state: ExpectState): { invocations?: unknown } | undefined {
  return objectOr(safeCall(state.currentTestIdentity));
}

function safeCall(fn: (() => unknown) | undefined): unknown {
  return typeof fn === 'function' ? attempt(fn, undefined) : undefined;
}

/**
 * jest-circus keeps its state on the global under a private `Symbol('JEST_STATE_SYMBOL')`, with the
 * test running now (`invocations` counts its retries). Found by the symbol's description; when a
 * Jest without it runs, the test's name stands for the test.
 */
function jestRunningTest(holder: Record<string | symbol, unknown>): { invocations?: unknown } | undefined {
  const key = Object.getOwnPropertySymbols(holder).find((symbol) => symbol.description === 'JEST_STATE_SYMBOL');
  const state = key === undefined ? undefined : (holder[key] as { currentlyRunningTest?: unknown } | undefined);
  return objectOr(state?.currentlyRunningTest);
}

/** The command that runs one test file: `npx vitest run <file>` or `npx jest <file>` (`<your test file>` when unknown). */
export function runnerCommand(testPath: string | undefined, display: (file: string) => string): string {
  // Jest's ESM mode needs `--experimental-vm-modules` (then `node:vm` has `SourceTextModule`): without it the tests fail to load.
  const jestEsm = () => typeof (vm as { SourceTextModule?: unknown }).SourceTextModule === 'function';
  const runner = !process.env.VITEST && process.env.JEST_WORKER_ID ? (jestEsm() ? 'NODE_OPTIONS=--experimental-vm-modules npx jest' : 'npx jest') : 'npx vitest run';
  return `${runner} ${testPath ? display(testPath) : '<your test file>'}`;
}

const objectOr = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { invocations?: unknown }) : undefined);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const file = (value: unknown) => (typeof value === 'string' && value !== '' ? path.resolve(value) : undefined);

/**
 * The test a matcher runs for: its own (the async context's, under concurrent tests) when the
 * runner says, else the matcher context's (`this.task`, `this.currentTestName`), which a global
 * `expect` in concurrent tests takes from the last started test.
 */
export function matcherTest(ctx: { task?: unknown; currentTestName?: string | undefined }): { task: unknown; name: string | undefined } {
  const entered = enteredTask();
  if (entered !== undefined) return { task: entered.task, name: vitestTest(entered.task).name };
  const jest = (globalThis as Record<symbol, unknown>)[Symbol.for('$$jest-matchers-object')] as { state?: ExpectState } | undefined;
  if (jest?.state !== undefined && jestContextTest(jest.state) !== undefined) {
    const name = text(safeCall(jest.state.currentConcurrentTestName));
    if (name !== undefined) return { task: ctx.task, name };
  }
  return { task: ctx.task, name: text(ctx.currentTestName) };
}
