import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { ToolCallAccuracyError } from '../errors.js';
import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import { describeScore, describeVerdict } from '../format/verdict.js';
import { resolveCacheSettings } from '../judge/cache.js';
import { checkConfig, DEFAULT_THRESHOLD, getJudgeConfig } from '../judge/config.js';
import { JudgeError } from '../judge/errors.js';
import type { JudgeOutcome } from '../judge/judge.js';
import { judgeWithSettings, scoreVerdict } from '../scoring/llmScorer.js';
import type { MatcherResult } from './context.js';
import { matcherError, readCalls } from './shared.js';
import type { JudgeMatcherContext, ToUseAppropriateToolsOptions } from './toUseAppropriateTools.js';

const OPTION_KEYS = ['model', 'availableTools', 'threshold'];

/**
 * The work of `toUseAppropriateTools`, loaded on its first use so that registering the matchers
 * loads neither the judge nor the modules it needs (crypto, fs, the cache).
 */
export async function judgeAssertion(ctx: JudgeMatcherContext, received: unknown, options: ToUseAppropriateToolsOptions | undefined): Promise<MatcherResult> {
  // A macrotask first: even a cached verdict cannot settle before a test that forgot `await` has ended.
  // From node:timers, which the runners' fake timers leave alone.
  await nextMacrotask();
  const hintLine = hint(ctx, 'toUseAppropriateTools', options === undefined ? '' : 'options');
  const calls = readCalls(received, hintLine);
  if (options !== undefined) {
    const extra = typeof options === 'object' && options !== null ? Object.keys(options).filter((key) => !OPTION_KEYS.includes(key)) : [];
    if (extra.length > 0) throw matcherError(hintLine, `options take only { model, availableTools, threshold }; set ${extra.join(', ')} with configureJudge().`);
    try {
      checkConfig(options, 'options');
    } catch (error) {
      throw matcherError(hintLine, (error as Error).message);
    }
  }
  const config = getJudgeConfig();
  const threshold = options?.threshold ?? config.threshold ?? DEFAULT_THRESHOLD;

  let outcome: JudgeOutcome;
  try {
    outcome = await judgeWithSettings(received, {
      model: options?.model ?? config.model,
      availableTools: options?.availableTools ?? config.availableTools,
      cache: resolveCacheSettings(config.cache),
      ...(ctx.testPath !== undefined && { testPath: ctx.testPath }),
    });
  } catch (error) {
    if (error instanceof ToolCallAccuracyError) throw matcherError(hintLine, error.message);
    if (error instanceof JudgeError) throw new JudgeError(`${hintLine}\n\n${error.message}`, { cause: error });
    throw error;
  }

  const score = scoreVerdict(outcome.verdict, calls.length);
  const pass = score >= threshold;
  return { pass, message: () => compose(hintLine, describeScore(pass, score, threshold), describeVerdict(outcome), formatCallList(calls)) };
}
