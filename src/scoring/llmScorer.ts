import { ToolCallAccuracyError } from '../errors.js';
import { checkOptions, type OptionsSchema } from '../options.js';
import { resolveCacheSettings } from '../judge/cacheSettings.js';
import { checkConfig, getJudgeConfig } from '../judge/config.js';
import type { JudgeOutcome, JudgeSettings } from '../judge/judge.js';
import type { JudgeRequestInput } from '../judge/request.js';
import { mastraScorerMembers, type MastraScorerMembers } from './mastraScorer.js';
import { runIds } from './runId.js';
import type { AvailableTools, JudgeCacheOptions, JudgeModel, ToolEvaluation } from '../judge/types.js';

/** What `scorer.run(run, options)` takes (Mastra passes the request; its value is read by the judge). */
const RUN_OPTIONS: OptionsSchema = { shape: '{ request }', options: { request: true } };

/** The options both LLM scorers take (the tool-call and the trajectory scorer). */
export interface LlmScorerOptions {
  /** An AI SDK language model or a model id string (`'openai/gpt-5-mini'`). Defaults to `configureJudge({ model })`. */
  model?: JudgeModel;
  /**
   * Off by default for the scorer. `true` uses the verdict cache as the matcher does
   * (`configureJudge`, `TOOL_CALL_ACCURACY_CACHE`, `CI`); `{ mode, dir }` chooses explicitly.
   */
  cache?: boolean | JudgeCacheOptions;
  /**
   * The user's request: their text, or the messages the agent was given (any message format this
   * package reads). Without it the request is read from each run; a run that records none is an error.
   */
  request?: JudgeRequestInput;
  /** A hard limit for one judge request, in ms. Default: `configureJudge({ timeoutMs })`, else 60 000. */
  timeoutMs?: number;
  maxRetries?: number;
  /** Judge requests in flight at once, per process. Default: `configureJudge({ concurrency })`, else 4. */
  concurrency?: number;
  /** Your criteria, given to the judge beside its instructions. Default: `configureJudge({ rubric })`. */
  rubric?: string;
  /** How many times the judge is asked per run (odd); the majority decides. Default: `configureJudge({ votes })`, else 1. */
  votes?: number;
}

export interface ToolCallAccuracyScorerLLMOptions extends LlmScorerOptions {
  /** The tools the agent could call. Defaults to `configureJudge({ availableTools })`. */
  availableTools?: AvailableTools;
}

/** Per-run options of `scorer.run(run, options)`. */
export interface ToolCallAccuracyScorerLLMRunOptions {
  /** The user's request for this run (overrides the scorer's `request`). */
  request?: JudgeRequestInput;
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
  /** The smallest share of votes behind any decision of the majority verdict (1 with a single vote). */
  agreement: number;
}

export interface ToolCallAccuracyScorerLLM extends MastraScorerMembers {
  /** Mastra's id for this scorer, so code that looks scorers up by id finds it. */
  id: 'llm-tool-call-accuracy-scorer';
  name: 'Tool Call Accuracy (LLM)';
  description: string;
  run(run: unknown, options?: ToolCallAccuracyScorerLLMRunOptions): Promise<ToolCallAccuracyScorerLLMResult>;
}

const SCORER = 'createToolCallAccuracyScorerLLM';

/**
 * Mastra's LLM tool-call-accuracy scorer: a judge model decides whether each call suited the
 * user's request and which available tools were missing. One model call per run; any failure to
 * get a valid verdict rejects (it never yields a score).
 * @example
 * const scorer = createToolCallAccuracyScorerLLM({ model: 'openai/gpt-5-mini', availableTools: [{ name: 'weather-tool', description: 'Current weather' }] })
 * const { score, reason } = await scorer.run(run)
 */
export function createToolCallAccuracyScorerLLM(options: ToolCallAccuracyScorerLLMOptions): ToolCallAccuracyScorerLLM {
  checkScorerOptions(options);
  const runIdOf = runIds();
  return {
    ...mastraScorerMembers(),
    id: 'llm-tool-call-accuracy-scorer',
    name: 'Tool Call Accuracy (LLM)',
    description: "Evaluates whether an agent selected appropriate tools for the user's request, with an LLM judge",
    async run(run, runOptions) {
      const settings = scorerSettings(options, runOptions);
      // Loaded at the first run: the judge needs node:crypto and the file system, which importing
      // the package must not load (the code scorer and the matchers need neither).
      const { judge } = await import('../judge/judge.js');
      const outcome = await judge(run, { ...settings, availableTools: options.availableTools });
      return toScorerResult(runIdOf(run), outcome);
    },
  };
}

/** The scorer's options are checked when it is made, as configureJudge checks its own. */
function checkScorerOptions(options: unknown): asserts options is ToolCallAccuracyScorerLLMOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new ToolCallAccuracyError(`${SCORER} takes { model, availableTools }.`);
  const { cache, request: _request, threshold, ...rest } = options as Record<string, unknown>;
  // A threshold decides a pass; the scorer gives the score and leaves the decision to its caller.
  if (threshold !== undefined) {
    throw new ToolCallAccuracyError(`${SCORER}: the scorer has no threshold; it returns the score for you to compare. toUseAppropriateTools({ threshold }) and configureJudge({ threshold }) take one.`);
  }
  checkConfig(rest, SCORER, ['model', 'availableTools', 'timeoutMs', 'maxRetries', 'concurrency', 'rubric', 'votes']);
  if (cache !== undefined && typeof cache !== 'boolean') checkConfig({ cache }, SCORER, ['cache']);
}

/** What both LLM scorers hand the judge for one run: their options (the run's own `request` first), the cache off unless asked for. */
export function scorerSettings(options: LlmScorerOptions, runOptions: unknown): JudgeSettings {
  if (runOptions !== undefined) checkOptions(runOptions, RUN_OPTIONS, { where: 'scorer.run(run, options)' });
  const { cache } = options;
  return {
    model: options.model,
    // The scorer's own `{ mode, dir }` is the caller's option: a replay miss then names it.
    cache: cache === undefined || cache === false ? { mode: 'off', dir: '', source: 'default' } : resolveCacheSettings(getJudgeConfig().cache, process.env, cache === true ? undefined : cache),
    request: (runOptions as ToolCallAccuracyScorerLLMRunOptions | undefined)?.request ?? options.request,
    asker: 'scorer',
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    concurrency: options.concurrency,
    ...(options.rubric !== undefined && { rubric: options.rubric }),
    ...(options.votes !== undefined && { votes: options.votes }),
  };
}

function toScorerResult(runId: string, outcome: JudgeOutcome): ToolCallAccuracyScorerLLMResult {
  return {
    runId,
    score: outcome.score,
    reason: outcome.verdict.reason,
    analyzeStepResult: { evaluations: outcome.verdict.evaluations, missingTools: outcome.verdict.missingTools },
    agreement: outcome.agreement.share,
  };
}
