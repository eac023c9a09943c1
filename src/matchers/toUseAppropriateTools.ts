import { callSite } from '../judge/callSite.js';
import { matcherTest } from '../store/test.js';
import { isSample } from '../sample/sample.js';
import { judgeSample, recordJudgedRun, recordJudgeFailure } from './sampled.js';
import { trackJudge } from '../judge/pending.js';
import type { ToFollowASensibleTrajectoryOptions, ToUseAppropriateToolsOptions } from '../../matchers.js';
import type { JudgeMatcherContext, MatcherResult } from '../matcherContext.js';
import type { JudgeMatcherName } from './judgeAssertion.js';

/**
 * `await expect(run).toUseAppropriateTools(options?)`: an LLM judge scores the run's tool calls. A judge that gives
 * no verdict throws, so `.not` cannot pass either. A sample's runs are tracked as one judge.
 */
export function toUseAppropriateTools(this: JudgeMatcherContext, received: unknown, options?: ToUseAppropriateToolsOptions): Promise<MatcherResult> {
  return judgeMatcher(this, 'toUseAppropriateTools', received, options);
}

/** `await expect(run).toFollowASensibleTrajectory(options?)`: the trajectory judge, tracked and reported like `toUseAppropriateTools`. */
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
  // The owner: Vitest's test object, or Jest's test name; in hooks, neither.
  return trackJudge(assertion, test.task ?? testName, testName, site, name);
}
