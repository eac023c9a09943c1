import { ToolCallAccuracyError } from '../errors.js';
import type { ToolCall } from '../types.js';
import { getToolCalls } from '../calls/getToolCalls.js';
import { withVerdictCache } from './cache.js';
import type { CacheSettings } from './cacheSettings.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, getJudgeConfig } from './config.js';
import { withHardLimit } from './deadline.js';
import { JudgeError } from './errors.js';
import { buildJudgeInput, type JudgeInput } from './input.js';
import { withConcurrencyLimit } from './limit.js';
import { askModel, describeModel, judgeLabel, modelIdentity, snippet } from './model.js';
import { resolveRequest, type JudgeRequestInput, type RequestAsker } from './request.js';
import { renderPrompt } from './prompt.js';
import { describeIssues, describeProblem, tidyVerdict, verdictProblem, verdictSchema } from './schema.js';
import { scoreVerdict } from './score.js';
import { normalizeAvailableTools } from './tools.js';
import type { AvailableTools, JudgeModel, JudgeVerdict } from './types.js';
import { corruptEntryError, display } from './verdictFile.js';

/** What a caller (the matcher or the scorer) gives the judge; what it leaves out comes from `configureJudge`. */
export interface JudgeSettings {
  /** The `request` option; without it the request is read from the run. */
  request: JudgeRequestInput | undefined;
  /** Who is judging, for the wording of a missing-request error. */
  asker: RequestAsker;
  model?: JudgeModel;
  availableTools?: AvailableTools;
  cache: CacheSettings;
  timeoutMs?: number;
  maxRetries?: number;
  concurrency?: number;
  /** The test file, for the record command in a replay miss. */
  testPath?: string;
  /** The test's name: it names the verdict file. */
  testName?: string;
  /** Aborts the judge from outside (its test ended before it answered). */
  cancel?: AbortSignal;
}

export interface JudgeOutcome {
  verdict: JudgeVerdict;
  /** The run's calls, read once: judged, scored and listed in messages. */
  calls: ToolCall[];
  score: number;
  model: string;
  /** `cache`: read from `cacheFile`; `model`: asked now (and stored in `cacheFile` unless the cache is off). */
  source: 'cache' | 'model';
  cacheFile?: string;
}

/** The limits of one model call. */
interface AskLimits {
  timeoutMs: number;
  maxRetries: number;
  concurrency: number;
  cancel: AbortSignal | undefined;
}

/**
 * The judge's one entrance, for the matcher and the scorer alike: a run and settings in, a valid
 * verdict (from the cache or the model) and its score out, or a rejection naming the cause.
 */
export async function judge(run: unknown, settings: JudgeSettings): Promise<JudgeOutcome> {
  const config = getJudgeConfig();
  const calls = getToolCalls(run);
  const model = settings.model ?? config.model;
  if (model === undefined) {
    throw new ToolCallAccuracyError("the judge needs a model: pass { model } (e.g. 'openai/gpt-5-mini'), or set one with configureJudge({ model }).");
  }
  const request = resolveRequest(settings.request, run, settings.asker);
  const tools = await normalizeAvailableTools(settings.availableTools ?? config.availableTools);
  const input = buildJudgeInput(request, run, calls, tools);
  const limits: AskLimits = {
    timeoutMs: settings.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: settings.maxRetries ?? config.maxRetries ?? DEFAULT_MAX_RETRIES,
    concurrency: settings.concurrency ?? config.concurrency ?? DEFAULT_CONCURRENCY,
    cancel: settings.cancel,
  };
  const score = (verdict: JudgeVerdict) => scoreVerdict(verdict, calls.length);
  const { verdict, source, file } = await withVerdictCache(
    { settings: settings.cache, model: modelIdentity(model), input, ...(settings.testName !== undefined && { testName: settings.testName }), ...(settings.testPath !== undefined && { testPath: settings.testPath }) },
    () => askForVerdict(limits, model, input),
    (stored, verdict) => checkStoredVerdict(stored, verdict, input),
    score,
  );
  return { verdict, calls, score: score(verdict), model: describeModel(model), source, ...(file !== undefined && { cacheFile: display(file) }) };
}

/** A stored verdict gets the checks a fresh answer gets (an edited or stale file must not replay). */
async function checkStoredVerdict(file: string, stored: unknown, input: JudgeInput): Promise<JudgeVerdict> {
  const parsed = (await verdictSchema()).safeParse(stored);
  if (!parsed.success) throw corruptEntryError(file, `"verdict" does not match the verdict schema (${describeIssues(parsed.error.issues)})`);
  const verdict = tidyVerdict(parsed.data);
  const problem = verdictProblem(verdict, calledTools(input), toolNames(input));
  if (problem) throw corruptEntryError(file, describeProblem(problem));
  return verdict;
}

const calledTools = (input: JudgeInput) => input.calls.map((call) => call.toolName);
const toolNames = (input: JudgeInput) => input.availableTools.map((tool) => tool.name);

/** One model call; an answer that is not a valid verdict for these calls gets one more try, then is an error. */
async function askForVerdict(limits: AskLimits, model: JudgeModel, input: JudgeInput): Promise<JudgeVerdict> {
  const schema = await verdictSchema();
  const { system, prompt } = renderPrompt(input);
  let problem = ''; // for the retry note, outside the fences: never names a tool
  let failure = ''; // for the error, with the names
  let answerText: string | undefined;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const retryNote = attempt === 1 ? '' : `\n\nYour previous answer was rejected: ${problem}. Answer again with the JSON object only.`;
    // The limit is hard: at timeoutMs the judge rejects and frees its slot, even if the model never settles.
    const answer = await withConcurrencyLimit(
      limits.concurrency,
      () =>
        withHardLimit((signal) => askModel({ model, system, prompt: prompt + retryNote, schema, maxRetries: limits.maxRetries, signal }), {
          timeoutMs: limits.timeoutMs,
          ...(limits.cancel !== undefined && { cancel: limits.cancel }),
          timedOut: () => new JudgeError(`${judgeLabel(model)} timed out after ${limits.timeoutMs} ms (the timeoutMs limit; configureJudge({ timeoutMs }) sets it).`),
        }),
      limits.cancel,
    );
    if (!answer.valid) {
      problem = failure = answer.problem;
      answerText = answer.text;
      continue;
    }
    const verdict = tidyVerdict(answer.verdict);
    const mismatch = verdictProblem(verdict, calledTools(input), toolNames(input));
    if (mismatch === undefined) return verdict;
    problem = mismatch.problem;
    failure = describeProblem(mismatch);
    answerText = JSON.stringify(answer.verdict);
  }
  throw new JudgeError(`The LLM judge (${describeModel(model)}) gave no valid verdict in 2 attempts: ${failure}. Its last answer: ${snippet(answerText)}`);
}
