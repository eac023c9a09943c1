import { callSite, describeCallSite, pointStackAt, type CallSite } from './callSite.js';
import { JudgeCancelledError } from './deadline.js';
import { describeCancelledJudges, describeUnawaitedJudges } from './pendingMessages.js';

/**
 * Judge assertions, from the matcher call to the end of their test. A test must observe each one (await,
 * return, `.then`); the setup entries' afterEach fails a test for every judge it did not observe, their
 * afterAll for those made outside a test. A judge still running when its test ends is cancelled and awaited.
 */
interface TrackedJudge {
  /** The test that made it: Vitest's task object, or Jest's test name; undefined in hooks. */
  owner: unknown;
  testName: string | undefined;
  matcher: string;
  callSite: CallSite | undefined;
  observed: boolean;
  settled: boolean;
  /** Stops the judge: it rejects at once and abandons its model request. */
  cancel: AbortController;
  /** Resolves when the judge has settled, however. */
  done: Promise<void>;
}

// On globalThis: the ESM and CJS builds, and the matcher and setup entries, must share one registry.
// src/setup.ts looks for this key too: its hooks have nothing to check before the first judge.
const STATE = Symbol.for('tool-call-accuracy.tracked-judges');

function tracked(): Set<TrackedJudge> {
  const holder = globalThis as { [STATE]?: { judges: Set<TrackedJudge> } };
  return (holder[STATE] ??= { judges: new Set() }).judges;
}

/** `.then` calls the runner itself makes on the matcher's promise (Vitest's expect, Jest's and `check(run)` one each). */
const RUNNER_LAYERS = 1;

const ignore = () => {};

/** A promise that settles like its inner one and records whether the test observed it: any `.then` after the runner's is the test's. */
class ObservedPromise<T> implements Promise<T> {
  readonly [Symbol.toStringTag] = 'Promise';

  constructor(
    private readonly inner: Promise<T>,
    private readonly judge: TrackedJudge,
    /** `.then` calls between the matcher's promise and this one. */
    private readonly depth: number,
  ) {
    // Unobserved, a failure is the afterEach check's to report, not an unhandled rejection.
    if (!judge.observed) inner.catch(ignore);
  }

  then<A = T, B = never>(onFulfilled?: ((value: T) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    if (this.depth >= RUNNER_LAYERS) observe(this.judge);
    return new ObservedPromise(this.inner.then(onFulfilled, onRejected), this.judge, this.depth + 1);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return new ObservedPromise(this.inner.catch(onRejected), this.judge, this.depth);
  }

  finally(onFinally?: (() => void) | null): Promise<T> {
    return new ObservedPromise(this.inner.finally(onFinally), this.judge, this.depth);
  }
}

// An observed judge that has settled can never fail a check: forget it early.
function observe(judge: TrackedJudge): void {
  judge.observed = true;
  if (judge.settled) tracked().delete(judge);
}

/** Tracks a judge assertion until its test's afterEach (or the file's afterAll) checks it; `start` gets the signal that cancels it. */
export function trackJudge<T>(
  start: (cancel: AbortSignal) => Promise<T>,
  owner: unknown,
  testName: string | undefined,
  site: CallSite | undefined = callSite(),
  matcher = 'toUseAppropriateTools',
): Promise<T> {
  const cancel = new AbortController();
  const work = start(cancel.signal);
  const settle = () => {
    judge.settled = true;
    if (judge.observed) tracked().delete(judge);
  };
  const judge: TrackedJudge = { owner, testName, matcher, callSite: site, observed: false, settled: false, cancel, done: work.then(settle, settle) };
  tracked().add(judge);
  return new ObservedPromise(work, judge, 0);
}

/**
 * Forgets the judges `belongs` picks, cancelling and awaiting those still running: a stderr line per test that
 * left one running (the runner failed it already), then an error for those never observed.
 */
async function settleJudges(belongs: (judge: TrackedJudge) => boolean, where: { inTest: boolean; concurrent: boolean }): Promise<void> {
  const unobserved: TrackedJudge[] = [];
  const cancelled: TrackedJudge[] = [];
  const judges = tracked();
  for (const judge of judges) {
    if (!belongs(judge)) continue;
    if (judge.observed && !judge.settled && where.concurrent) continue;
    judges.delete(judge);
    if (!judge.observed) unobserved.push(judge);
    else if (!judge.settled) cancelled.push(judge);
    if (!judge.settled) judge.cancel.abort(new JudgeCancelledError('The test ended before the LLM judge answered, so the judge was cancelled.'));
  }
  // A cancelled judge rejects at once; waiting for it keeps it from running on after the test environment is gone.
  await Promise.all([...unobserved, ...cancelled].map((judge) => judge.done));
  if (cancelled.length > 0) {
    process.stderr.write(`${describeCancelledJudges(cancelled.map((judge) => ({ testName: judge.testName, matcher: judge.matcher, callSite: judge.callSite && describeCallSite(judge.callSite) })))}\n`);
  }
  if (unobserved.length > 0) throw unawaitedJudgeError(unobserved, where);
}

// The stack is the forgotten calls, so the runner shows the user's line rather than this file's.
function unawaitedJudgeError(judges: readonly TrackedJudge[], where: { inTest: boolean; concurrent: boolean }): Error {
  const sites = judges.map((judge) => judge.callSite);
  const error = new Error(describeUnawaitedJudges(sites.map((site) => site && describeCallSite(site)), where, judges.map((judge) => judge.matcher)));
  error.name = 'UnawaitedJudgeError';
  return pointStackAt(error, sites);
}

/** For the setup entries' afterEach. A test may have several owners (Vitest 4 gives matchers the task, Vitest 3 the test's name). */
export async function failOnUnawaitedJudges(owners: readonly unknown[], options: { concurrent?: boolean } = {}): Promise<void> {
  // In concurrent tests an awaited judge still running may be a sibling's (the global expect): the file's afterAll cancels it.
  await settleJudges((judge) => judge.owner !== undefined && owners.includes(judge.owner), { inTest: true, concurrent: options.concurrent === true });
}

/** For the setup entries' afterAll: throws for judges no afterEach checked (made in hooks, or after their test ended). */
export async function failOnLeftoverJudges(): Promise<void> {
  await settleJudges(() => true, { inTest: false, concurrent: false });
}
