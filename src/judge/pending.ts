/**
 * Judge assertions still running when their test ended: a test that forgot to `await`
 * `toUseAppropriateTools`. The setup entries check this after each test and fail it.
 */
interface PendingJudge {
  /** The test that made it: Vitest's task object, or Jest's test name. */
  owner: unknown;
  settled: boolean;
  abandoned: boolean;
}

const STATE = Symbol.for('tool-call-accuracy.pending-judges');

function pending(): Set<PendingJudge> {
  const holder = globalThis as { [STATE]?: Set<PendingJudge> };
  return (holder[STATE] ??= new Set());
}

/**
 * Returns a promise that settles like `work`, tracked until it settles. Once a check has found it
 * un-awaited it never settles: its late outcome must neither pass nor leak into another test.
 */
export function trackJudge<T>(work: Promise<T>, owner: unknown): Promise<T> {
  const entry: PendingJudge = { owner, settled: false, abandoned: false };
  pending().add(entry);
  return new Promise<T>((resolve, reject) => {
    const settle = () => {
      entry.settled = true;
      pending().delete(entry);
      return !entry.abandoned;
    };
    work.then(
      (value) => settle() && resolve(value),
      (error: unknown) => settle() && reject(error),
    );
  });
}

/** Removes and counts the judges of the test `owner` (or of any test, when unknown) that have not settled. */
export function takeUnawaitedJudges(owner: unknown): number {
  let count = 0;
  for (const entry of pending()) {
    if (entry.settled) continue;
    if (owner !== undefined && entry.owner !== undefined && entry.owner !== owner) continue;
    entry.abandoned = true;
    pending().delete(entry);
    count++;
  }
  return count;
}

/** The error the setup entries' afterEach hook throws for un-awaited judge assertions. */
export function unawaitedJudgeError(count: number): Error {
  const error = new Error(
    `${count === 1 ? 'A toUseAppropriateTools() assertion was' : `${count} toUseAppropriateTools() assertions were`} not awaited, ` +
      'so the test ended before the judge gave a verdict and the assertion could not fail it. ' +
      'Write `await expect(run).toUseAppropriateTools(…)`. (If the test timed out instead, raise its timeout: a live judge call takes seconds.)',
  );
  error.name = 'UnawaitedJudgeError';
  return error;
}

/** For the setup entries: throws when the test that just ended left judge assertions un-awaited. */
export function failOnUnawaitedJudges(owner: unknown): void {
  const count = takeUnawaitedJudges(owner);
  if (count > 0) throw unawaitedJudgeError(count);
}
