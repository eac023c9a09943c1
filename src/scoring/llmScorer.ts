import { ToolCallAccuracyError } from '../errors.js';
import { resolveCacheSettings, type CacheSettings } from '../judge/cache.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, getJudgeConfig, withoutUndefined } from '../judge/config.js';
import { judgeRun, type JudgeOutcome } from '../judge/judge.js';
import { runIdOf } from './runId.js';
import type { AvailableTools, JudgeCacheOptions, JudgeModel, ToolEvaluation } from '../judge/types.js';

export interface ToolCallAccuracyScorerLLMOptions {
  /** An AI SDK language model or a model id string (`'openai/gpt-5-mini'`). Defaults to `configureJudge({ model })`. */
  model?: JudgeModel;
  /** The tools the agent could call. Defaults to `configureJudge({ availableTools })`. */
  availableTools?: AvailableTools;
  /**
   * Off by default for the scorer. `true` uses the verdict cache as the matcher does
   * (`configureJudge`, `TOOL_CALL_ACCURACY_CACHE`, `CI`); `{ mode, dir }` chooses explicitly.
   */
  cache?: boolean | JudgeCacheOptions;
  timeoutMs?: number;
  maxRetries?: number;
}

export interface ToolCallAccuracyScorerLLMResult {
  runId: string;
  /** Appropriate calls / (calls made + missing tools), 2 decimals; 1 when there were neither. */
  score: number;
  reason: string;
  analyzeStepResult: {
    evaluations: ToolEvaluation[];
    missingTools: string[];
  };
}

export interface ToolCallAccuracyScorerLLM {
  name: 'tool-call-accuracy-llm';
  description: string;
  run(run: unknown): Promise<ToolCallAccuracyScorerLLMResult>;
}

/**
 * Mastra's LLM tool-call-accuracy scorer: a judge model decides whether each call suited the
 * user's request and which available tools were missing. One model call per run; any failure to
 * get a valid verdict rejects (it never yields a score).
 * @example
 * const scorer = createToolCallAccuracyScorerLLM({ model: 'openai/gpt-5-mini', availableTools: [{ name: 'weather-tool', description: 'Current weather' }] })
 * const { score, reason } = await scorer.run(run)
 */
export function createToolCallAccuracyScorerLLM(options: ToolCallAccuracyScorerLLMOptions): ToolCallAccuracyScorerLLM {
  if (typeof options !== 'object' || options === null) {
    throw new ToolCallAccuracyError('createToolCallAccuracyScorerLLM takes { model, availableTools }.');
  }
  return {
    name: 'tool-call-accuracy-llm',
    description: 'Judges with an LLM whether the agent called the tools its request needed',
    async run(run) {
      const config = getJudgeConfig();
      const outcome = await judgeWithSettings(run, {
        model: options.model ?? config.model,
        availableTools: options.availableTools ?? config.availableTools,
        cache: scorerCache(options.cache),
        timeoutMs: options.timeoutMs,
        maxRetries: options.maxRetries,
      });
      return toScorerResult(run, outcome);
    },
  };
}

function scorerCache(cache: ToolCallAccuracyScorerLLMOptions['cache']): CacheSettings {
  if (cache === undefined || cache === false) return { mode: 'off', dir: '', source: 'default' };
  const configured = getJudgeConfig().cache;
  if (cache === true) return resolveCacheSettings(configured);
  const settings = resolveCacheSettings({ ...configured, ...withoutUndefined(cache) });
  // A replay miss must send the user to the option that chose replay.
  return cache.mode === undefined ? settings : { ...settings, source: 'scorer' };
}

/** What the matcher and the scorer share: judge one run with settings completed from `configureJudge`. */
export function judgeWithSettings(
  run: unknown,
  settings: { model?: JudgeModel; availableTools?: AvailableTools; cache: CacheSettings; timeoutMs?: number; maxRetries?: number; testPath?: string },
): Promise<JudgeOutcome> {
  const config = getJudgeConfig();
  return judgeRun({
    run,
    model: settings.model,
    availableTools: settings.availableTools,
    cache: settings.cache,
    timeoutMs: settings.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: settings.maxRetries ?? config.maxRetries ?? DEFAULT_MAX_RETRIES,
    concurrency: config.concurrency ?? DEFAULT_CONCURRENCY,
    ...(settings.testPath !== undefined && { testPath: settings.testPath }),
  });
}

function toScorerResult(run: unknown, outcome: JudgeOutcome): ToolCallAccuracyScorerLLMResult {
  return {
    runId: runIdOf(run),
    score: outcome.score,
    reason: outcome.verdict.reason,
    analyzeStepResult: { evaluations: outcome.verdict.evaluations, missingTools: outcome.verdict.missingTools },
  };
}
