import path from 'node:path';
import vm from 'node:vm';

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
}

interface VitestTask {
  result?: { retryCount?: unknown; repeatCount?: unknown };
}

/**
 * The current test, read from the runner's global `expect` state: Vitest's global expect (under
 * `Symbol.for('expect-global')`, set whether or not globals are on) and its worker's current task
 * (for retries), or Jest's matcher state (`Symbol.for('$$jest-matchers-object')`, there in
 * CommonJS and ESM, with or without injected globals). Tests running concurrently in one file
 * share that state: give them a name of their own.
 */
export function currentTest(): CurrentTest {
  const holder = globalThis as Record<string | symbol, unknown>;
  const vitestExpect = holder[Symbol.for('expect-global')] as { getState?: () => ExpectState } | undefined;
  if (typeof vitestExpect?.getState === 'function') {
    const state = vitestExpect.getState();
    const task = (holder.__vitest_worker__ as { current?: VitestTask } | undefined)?.current;
    const attempt = Number(task?.result?.retryCount ?? 0) + Number(task?.result?.repeatCount ?? 0) * 1000;
    return { name: text(state.currentTestName), file: file(state.testPath), attempt: Number.isFinite(attempt) ? attempt : 0, handle: typeof task === 'object' && task !== null ? task : undefined, runner: 'vitest' };
  }
  const jest = holder[Symbol.for('$$jest-matchers-object')] as { state?: ExpectState } | undefined;
  if (jest?.state) {
    const running = jestRunningTest(holder);
    const attempt = Number(running?.invocations ?? 1) - 1;
    return { name: text(jest.state.currentTestName), file: file(jest.state.testPath), attempt: Number.isFinite(attempt) && attempt > 0 ? attempt : 0, handle: running, runner: 'jest' };
  }
  return { name: undefined, file: undefined, attempt: 0, handle: undefined, runner: undefined };
}

/**
 * jest-circus keeps its state on the global under a private `Symbol('JEST_STATE_SYMBOL')`, with the
 * test running now (`invocations` counts its retries). Found by the symbol's description; when a
 * Jest without it runs, the test's name stands for the test.
 */
function jestRunningTest(holder: Record<string | symbol, unknown>): { invocations?: unknown } | undefined {
  const key = Object.getOwnPropertySymbols(holder).find((symbol) => symbol.description === 'JEST_STATE_SYMBOL');
  const state = key === undefined ? undefined : (holder[key] as { currentlyRunningTest?: unknown } | undefined);
  const running = state?.currentlyRunningTest;
  return typeof running === 'object' && running !== null ? (running as { invocations?: unknown }) : undefined;
}

/** The command that runs one test file: `npx vitest run <file>` or `npx jest <file>` (`<your test file>` when unknown). */
export function runnerCommand(testPath: string | undefined, display: (file: string) => string): string {
  const runner = process.env.VITEST ? 'npx vitest run' : process.env.JEST_WORKER_ID ? jestCommand() : 'npx vitest run';
  return `${runner} ${testPath ? display(testPath) : '<your test file>'}`;
}

/**
 * Jest as this process runs it: its ESM mode needs `--experimental-vm-modules` (only then has
 * `node:vm` its `SourceTextModule`), and a command without it fails to load the tests it records.
 */
function jestCommand(): string {
  return typeof (vm as { SourceTextModule?: unknown }).SourceTextModule === 'function' ? 'NODE_OPTIONS=--experimental-vm-modules npx jest' : 'npx jest';
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const file = (value: unknown) => (typeof value === 'string' && value !== '' ? path.resolve(value) : undefined);
