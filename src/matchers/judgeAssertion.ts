import { matcherTest } from '../store/test.js';
import { ToolCallAccuracyError } from '../errors.js';
import { formatCallList } from '../format/callList.js';
import { compose, hint, judgeErrorMessage } from '../format/message.js';
import { describeScore, describeVerdict } from '../format/verdict.js';
import { resolveCacheSettings } from '../judge/cacheSettings.js';
import { checkConfig, DEFAULT_THRESHOLD, getJudgeConfig } from '../judge/config.js';
import { pointStackAt, type CallSite } from '../judge/callSite.js';
import { JudgeError } from '../judge/errors.js';
import { judge, type JudgeOutcome } from '../judge/judge.js';
import type { ToUseAppropriateToolsOptions } from '../../matchers.js';
import type { JudgeMatcherContext, MatcherResult } from '../format/matcherContext.js';
import { matcherError } from './matcherError.js';

/** A judged assertion's result, with its verdict for the reporters (runners ignore it). */
export interface JudgedResult extends MatcherResult {
  judged?: { outcome: JudgeOutcome; threshold: number };
}

/**
 * The work of `toUseAppropriateTools`, loaded on its first use so that registering the matchers
 * loads neither the judge nor the modules it needs (crypto, fs, the cache).
 */
export async function judgeAssertion(
  ctx: JudgeMatcherContext,
  received: unknown,
  options: ToUseAppropriateToolsOptions | undefined,
  site: CallSite | undefined,
  cancel: AbortSignal,
): Promise<JudgedResult> {
  const hintLine = hint(ctx, 'toUseAppropriateTools', options === undefined ? '' : 'options');
  const config = getJudgeConfig();
  let outcome: JudgeOutcome;
  try {
    // `request` is checked where it is read (request.ts); the rest like configureJudge's settings.
    if (options !== undefined) checkConfig(withoutRequest(options), 'options', ['model', 'availableTools', 'threshold', 'rubric', 'votes']);
    outcome = await judge(received, {
      model: options?.model,
      availableTools: options?.availableTools,
      cache: resolveCacheSettings(config.cache),
      request: options?.request,
      ...(options?.rubric !== undefined && { rubric: options.rubric }),
      ...(options?.votes !== undefined && { votes: options.votes }),
      asker: 'matcher',
      cancel,
      ...(ctx.testPath !== undefined && { testPath: ctx.testPath }),
      ...(matcherTest(ctx).name !== undefined && { testName: matcherTest(ctx).name }),
    });
  } catch (error) {
    // In a sample's run, the sample shows the error, under its own hint line and naming the run (sampled.ts).
    if (ctx.sampleRun) throw error;
    // Bad input (a value that is not a run, bad options, no model) is a matcher error; no verdict is a
    // JudgeError, kept with its own cause and given the hint line. Both point at the user's line.
    if (error instanceof ToolCallAccuracyError) throw pointStackAt(matcherError(hintLine, error.problem), [site]);
    if (error instanceof JudgeError) throw pointStackAt(error.shownAt(hintLine, undefined, judgeErrorMessage), [site]);
    throw error;
  }

  const threshold = options?.threshold ?? config.threshold ?? DEFAULT_THRESHOLD;
  const pass = outcome.score >= threshold;
  return {
    pass,
    message: () => compose(hintLine, describeScore(pass, outcome.score, threshold), describeVerdict(outcome), formatCallList(outcome.calls)),
    judged: { outcome, threshold },
  };
}

function withoutRequest(options: unknown): unknown {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return options;
  const { request: _request, ...settings } = options as Record<string, unknown>;
  return settings;
}
