import { matcherTest } from '../store/test.js';
import { ToolCallAccuracyError } from '../errors.js';
import { formatCallList } from '../format/callList.js';
import { compose, hint, judgeErrorMessage } from '../format/message.js';
import { describeScore, describeVerdict } from '../format/verdict.js';
import { resolveCacheSettings } from '../judge/cacheSettings.js';
import { checkConfig, DEFAULT_THRESHOLD, getJudgeConfig } from '../judge/config.js';
import { pointStackAt, type CallSite } from '../judge/callSite.js';
import { JudgeError, shownJudgeError } from '../judge/errors.js';
import { judgeHint } from './hints.js';
import { judge, type JudgeSettings, judgeTrajectory, type JudgeOutcome, type TrajectoryOutcome } from '../judge/judge.js';
import type { ToFollowASensibleTrajectoryOptions, ToUseAppropriateToolsOptions } from '../../matchers.js';
import type { JudgeMatcherContext, MatcherResult } from '../matcherContext.js';
import { describeTrajectoryFinding, describeTrajectoryReview } from '../format/trajectoryVerdict.js';
import { describeValue } from '../describe.js';
import { resolveExpectedTrajectory } from '../scoring/trajectoryScorers.js';
import type { CriterionAnswer, ToolEvaluation } from '../judge/types.js';
import { matcherError } from './matcherError.js';
import { requireCalibratedJudge } from './calibrationGate.js';

/** What the reporters show of a verdict, whichever judge gave it. */
export interface ShownVerdict {
  /** `'trajectory'` for the trajectory judge: each step's evaluation is "necessary and in order". */
  kind?: 'trajectory';
  /** The trajectory judge's answers to the criteria, when any were given. */
  criteria?: CriterionAnswer[];
  reason: string;
  evaluations: ToolEvaluation[];
  missingTools: string[];
}

/** A judged assertion's result, with its verdict for the reporters (runners ignore it). */
export interface JudgedResult extends MatcherResult {
  judged?: { outcome: JudgeOutcome<unknown>; threshold: number; shown: ShownVerdict };
}

/** The judge matchers: each judges one run (judgeSample runs it on each run of a sample). */
export type JudgeMatcherName = 'toUseAppropriateTools' | 'toFollowASensibleTrajectory';

/** The work of `toUseAppropriateTools`, loaded on its first use: registering the matchers loads no judge, crypto, fs or cache. */
export async function judgeAssertion(
  ctx: JudgeMatcherContext,
  received: unknown,
  options: ToUseAppropriateToolsOptions | undefined,
  site: CallSite | undefined,
  cancel: AbortSignal,
): Promise<JudgedResult> {
  const hintLine = hint(ctx, 'toUseAppropriateTools', judgeHint(options).expected);
  const config = getJudgeConfig();
  let outcome: JudgeOutcome;
  try {
    // `request` is checked where it is read (request.ts); the rest like configureJudge's settings.
    if (options !== undefined) checkConfig(withoutRequest(options), 'options', [...JUDGE_OPTIONS]);
    outcome = await judge(received, await assertionSettings(ctx, options ?? {}, options?.request, cancel));
  } catch (error) {
    throw shownError(ctx, error, hintLine, site);
  }

  const threshold = options?.threshold ?? config.threshold ?? DEFAULT_THRESHOLD;
  const pass = outcome.score >= threshold;
  const { verdict } = outcome;
  return {
    pass,
    message: () => compose(hintLine, describeScore(pass, outcome.score, threshold), describeVerdict(outcome), formatCallList(outcome.calls)),
    judged: { outcome, threshold, shown: { reason: verdict.reason, evaluations: verdict.evaluations, missingTools: verdict.missingTools } },
  };
}

/** The settings a judged assertion takes for itself; the rest come from `configureJudge`. */
const JUDGE_OPTIONS = ['model', 'availableTools', 'threshold', 'rubric', 'votes', 'cache', 'timeoutMs', 'maxRetries'] as const;

/**
 * What both judged assertions hand the judge: their own settings (`cache` over configureJudge's, key by key), the
 * test and the request. Checks the calibration gate first: a judge that disagrees with the team's labels gates nothing.
 */
async function assertionSettings(ctx: JudgeMatcherContext, options: Pick<ToUseAppropriateToolsOptions, 'model' | 'availableTools' | 'rubric' | 'votes' | 'cache' | 'timeoutMs' | 'maxRetries'>, request: JudgeSettings['request'], cancel: AbortSignal): Promise<JudgeSettings> {
  const config = getJudgeConfig();
  const cache = resolveCacheSettings(options.cache === undefined ? config.cache : { ...config.cache, ...options.cache });
  await requireCalibratedJudge(config.calibration, cache.dir, config.threshold ?? DEFAULT_THRESHOLD);
  const testName = matcherTest(ctx).name;
  // Only the judge's settings, and only those given: a key set to undefined would hide a default.
  return {
    model: options.model,
    availableTools: options.availableTools,
    cache,
    request,
    ...(options.rubric !== undefined && { rubric: options.rubric }),
    ...(options.votes !== undefined && { votes: options.votes }),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }),
    asker: 'matcher',
    cancel,
    ...(ctx.testPath !== undefined && { testPath: ctx.testPath }),
    ...(testName !== undefined && { testName }),
  };
}

/** The work of `toFollowASensibleTrajectory`, loaded like `judgeAssertion`: passes on the score's threshold and every criterion "yes". */
export async function trajectoryAssertion(
  ctx: JudgeMatcherContext,
  received: unknown,
  options: ToFollowASensibleTrajectoryOptions | undefined,
  site: CallSite | undefined,
  cancel: AbortSignal,
): Promise<JudgedResult> {
  const hintLine = hint(ctx, 'toFollowASensibleTrajectory', judgeHint(options).expected);
  let outcome: TrajectoryOutcome;
  let expected: string[] | undefined;
  try {
    const { expectedTrajectory, criteria, request, ...settings } = checkedOptions(options);
    checkConfig(settings, 'options', [...JUDGE_OPTIONS]);
    const steps = expectedTrajectory === undefined ? undefined : resolveExpectedTrajectory(expectedTrajectory, 'options.expectedTrajectory');
    expected = steps?.map((step) => step.name);
    outcome = await judgeTrajectory(received, {
      ...(await assertionSettings(ctx, settings, request, cancel)),
      ...(steps !== undefined && { expectedTrajectory: steps }),
      ...(criteria !== undefined && { criteria: checkCriteria(criteria) }),
    });
  } catch (error) {
    throw shownError(ctx, error, hintLine, site);
  }
  // Its own threshold only: configureJudge's threshold is toUseAppropriateTools' score, not this one's.
  const threshold = options?.threshold ?? DEFAULT_THRESHOLD;
  const { verdict } = outcome;
  const pass = outcome.score >= threshold && verdict.criteria.every((answer) => answer.answer === 'yes');
  const decision = { outcome, steps: outcome.steps, threshold, thresholdGiven: options?.threshold !== undefined, ...(expected !== undefined && { expected }) };
  return {
    pass,
    message: () => compose(hintLine, describeTrajectoryFinding(pass, decision), describeTrajectoryReview(decision)),
    judged: {
      outcome,
      threshold,
      shown: {
        kind: 'trajectory',
        reason: verdict.overallAssessment,
        evaluations: verdict.stepEvaluations.map((step, index) => ({
          toolCalled: `${outcome.steps[index]!.step}. ${step.stepName}`,
          wasAppropriate: step.wasNecessary && step.wasInOrder,
          reasoning: `${step.wasNecessary ? 'necessary' : 'unnecessary'}, ${step.wasInOrder ? 'in order' : 'out of order'}: ${step.reasoning}`,
        })),
        missingTools: verdict.missingSteps,
        ...(verdict.criteria.length > 0 && { criteria: verdict.criteria }),
      },
    },
  };
}

function checkedOptions(options: unknown): Partial<ToFollowASensibleTrajectoryOptions> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ToolCallAccuracyError(`options must be an object like { criteria: ['looks the order up before it refunds'] }; received ${describeValue(options)}.`);
  }
  return options as Partial<ToFollowASensibleTrajectoryOptions>;
}

/** The criteria: a list of distinct, non-empty questions. */
function checkCriteria(criteria: unknown): string[] {
  if (!Array.isArray(criteria)) {
    throw new ToolCallAccuracyError(`options.criteria must be a list of yes/no criteria, e.g. ['looks the order up before it refunds']; received ${describeValue(criteria)}.`);
  }
  criteria.forEach((criterion, index) => {
    if (typeof criterion !== 'string' || criterion.trim() === '') {
      throw new ToolCallAccuracyError(`options.criteria[${index}] must be a non-empty string; received ${describeValue(criterion)}.`);
    }
    if (criteria.indexOf(criterion) !== index) {
      throw new ToolCallAccuracyError(`options.criteria[${index}] repeats criterion ${criteria.indexOf(criterion) + 1} (${JSON.stringify(criterion)}): give each criterion once.`);
    }
  });
  return criteria as string[];
}

/** An error of a judge matcher, shown under its hint line (a sample's run leaves it to the sample). */
function shownError(ctx: JudgeMatcherContext, error: unknown, hintLine: string, site: CallSite | undefined): unknown {
  // In a sample's run, the sample shows the error, under its own hint line and naming the run (sampled.ts).
  if (ctx.sampleRun) return error;
  // Bad input is a matcher error; no verdict is a JudgeError, kept with its own cause. Both point at the user's line.
  if (error instanceof ToolCallAccuracyError) return pointStackAt(matcherError(hintLine, error.problem), [site]);
  if (error instanceof JudgeError) return pointStackAt(shownJudgeError(error, hintLine, undefined, judgeErrorMessage), [site]);
  return error;
}

function withoutRequest(options: unknown): unknown {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return options;
  const { request: _request, ...settings } = options as Record<string, unknown>;
  return settings;
}

/** The assertion of a judge matcher, by name. */
export function judgeAssertionOf(
  name: JudgeMatcherName,
): (ctx: JudgeMatcherContext, received: unknown, options: unknown, site: CallSite | undefined, cancel: AbortSignal) => Promise<JudgedResult> {
  return (name === 'toUseAppropriateTools' ? judgeAssertion : trajectoryAssertion) as never;
}
