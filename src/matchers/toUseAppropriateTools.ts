import { callSite } from '../judge/callSite.js';
import { matcherTest } from '../store/test.js';
import { isSample } from '../sample/sample.js';
import { judgeSample, recordJudgedRun, recordJudgeFailure } from './sampled.js';
import { trackJudge } from '../judge/pending.js';
import type { ToFollowASensibleTrajectoryOptions, ToUseAppropriateToolsOptions } from '../../matchers.js';
import type { JudgeMatcherContext, MatcherResult } from '../matcherContext.js';
import type { JudgeMatcherName } from './judgeAssertion.js';

/**
 * `await expect(run).toUseAppropriateTools(options?)`: an LLM judge scores the run's tool calls
 * and the assertion passes when the score reaches the threshold. A judge that gives no verdict
 * throws, so `.not` cannot pass either. Un-awaited uses are caught by the setup entries. Over a
 * sample, the runs are judged (`judgeSample`) and tracked as one judge: the test awaits the sample's
 * assertion, not each run's, and cancelling it cancels every run's judge.
 */
export function toUseAppropriateTools(this: JudgeMatcherContext, received: unknown, options?: ToUseAppropriateToolsOptions): Promise<MatcherResult> {
  return judgeMatcher(this, 'toUseAppropriateTools', received, options);
}

/**
 * `await expect(run).toFollowASensibleTrajectory(options?)`: the trajectory judge reviews the run's
 * steps, the missing ones and the criteria; the same tracking, samples and reports as
 * `toUseAppropriateTools`.
 */
export function toFollowASensibleTrajectory(this: JudgeMatcherContext, received: unknown, options?: ToFollowASensibleTrajectoryOptions): Promise<MatcherResult> {
  return judgeMatcher(this, 'toFollowASensibleTrajectory', received, options);
}

function judgeMatcher(ctx: JudgeMatcherContext, name: JudgeMatcherName, received: unknown, options: ToUseAppropriateToolsOptions | ToFollowASensibleTrajectoryOptions | undefined): Promise<MatcherResult> {
  const site = callSite();
  // The test's own, under concurrent tests too (the matcher context of a global `expect` names the last started one).
  const test = matcherTest(ctx);
  const testName = test.name;
  const over = isSample(received) ? 'runs' : 'run';
  const assertion = (cancel: AbortSignal) =>
    (isSample(received)
      ? judgeSample(ctx, name, received, options, site, cancel)
      : import('./judgeAssertion.js')
          .then((module) => module.judgeAssertionOf(name)(ctx, received, options, site, cancel))
          .then((result) => recordJudgedRun(ctx, name, options, result))
    ).catch((error: unknown) => recordJudgeFailure(ctx, name, options, over, error));
  // Vitest gives the test object (the running test for the test context's `expect`, but the last
  // started one for the global `expect` in concurrent tests); Jest, the test's name. In hooks, neither.
  return trackJudge(assertion, test.task ?? testName, testName, site, name);
}
