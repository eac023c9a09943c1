import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { ToolCallAccuracyError } from '../errors.js';
import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import { describeScore, describeVerdict } from '../format/verdict.js';
import { resolveCacheSettings } from '../judge/cache.js';
import { checkConfig, DEFAULT_THRESHOLD, getJudgeConfig } from '../judge/config.js';
import { JudgeError } from '../judge/errors.js';
import type { JudgeOutcome } from '../judge/judge.js';
import { trackJudge } from '../judge/pending.js';
import type { AvailableTools, JudgeModel } from '../judge/types.js';
import { judgeWithSettings, scoreVerdict } from '../scoring/llmScorer.js';
import type { MatcherContext, MatcherResult } from './context.js';
import { matcherError, readCalls } from './shared.js';

export interface ToUseAppropriateToolsOptions {
  model?: JudgeModel;
  availableTools?: AvailableTools;
  /** The score needed to pass, 0–1. Default: `configureJudge({ threshold })`, else 1. */
  threshold?: number;
}

const OPTION_KEYS = ['model', 'availableTools', 'threshold'];

/** Both runners also give the test's name and file to a matcher. */
type JudgeMatcherContext = MatcherContext & { currentTestName?: string; testPath?: string; task?: unknown };

/**
 * `await expect(run).toUseAppropriateTools(options?)`: an LLM judge scores the run's tool calls
 * and the assertion passes when the score reaches the threshold. A judge that gives no verdict
 * throws, so `.not` cannot pass either. Un-awaited uses are caught by the setup entries.
 */
export function toUseAppropriateTools(this: JudgeMatcherContext, received: unknown, options?: ToUseAppropriateToolsOptions): Promise<MatcherResult> {
  // Vitest gives the test object (right even for concurrent tests); Jest, the test's name.
  return trackJudge(judgeAssertion(this, received, options), this.task ?? this.currentTestName);
}

async function judgeAssertion(ctx: JudgeMatcherContext, received: unknown, options: ToUseAppropriateToolsOptions | undefined): Promise<MatcherResult> {
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
