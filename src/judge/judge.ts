import path from 'node:path';
import { ToolCallAccuracyError } from '../errors.js';
import type { ToolCall } from '../types.js';
import { getToolCalls } from '../calls/getToolCalls.js';
import { cacheKey, corruptEntryError, display, holdsVerdict, replayMissMessage, writeEntry, type CacheSettings } from './cache.js';
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
import { describeStaleVerdict, findEntry, makeEntry, verdictFileName } from './verdictFile.js';

/** One run to judge, with every setting resolved. */
export interface JudgeTask {
  run: unknown;
  /** The `request` option; without it the request is read from the run. */
  request: JudgeRequestInput | undefined;
  /** Who is judging, for the wording of a missing-request error. */
  asker: RequestAsker;
  model: JudgeModel | undefined;
  availableTools: AvailableTools | undefined;
  cache: CacheSettings;
  timeoutMs: number;
  maxRetries: number;
  concurrency: number;
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

/** A valid verdict for the run (from the cache or the model) and its score, or a rejection naming the cause. */
export async function judgeRun(task: JudgeTask): Promise<JudgeOutcome> {
  const calls = getToolCalls(task.run);
  const model = task.model;
  if (model === undefined) {
    throw new ToolCallAccuracyError("the judge needs a model: pass { model } (e.g. 'openai/gpt-5-mini'), or set one with configureJudge({ model }).");
  }
  const request = resolveRequest(task.request, task.run, task.asker);
  const tools = await normalizeAvailableTools(task.availableTools);
  const input = buildJudgeInput(request, task.run, calls, tools);
  const outcome = (verdict: JudgeVerdict, source: JudgeOutcome['source'], file?: string): JudgeOutcome => ({
    verdict,
    calls,
    score: scoreVerdict(verdict, calls.length),
    model: describeModel(model),
    source,
    ...(file !== undefined && { cacheFile: display(file) }),
  });
  const { mode, dir } = task.cache;
  if (mode === 'off') return outcome(await askForVerdict(task, model, input), 'model');

  const identity = modelIdentity(model);
  const key = cacheKey(identity, input);
  const file = path.join(dir, verdictFileName(key, input, task.testName));
  if (mode === 'auto' || mode === 'replay') {
    const found = await findEntry(file, key);
    if (found) return outcome(await checkStoredVerdict(found.file, found.entry.verdict, input), 'cache', found.file);
    if (mode === 'replay') {
      const stale = await describeStaleVerdict(file, input, identity, task.testName);
      throw new JudgeError(replayMissMessage(file, task.cache, task.testPath, stale));
    }
  }
  const fresh = outcome(await askForVerdict(task, model, input), 'model', file);
  // `record` keeps a file whose verdict is unchanged, so re-recording an unchanged suite makes no diff.
  if (mode === 'auto' || !(await holdsVerdict(file, key, fresh.verdict))) {
    await writeEntry(file, makeEntry(key, identity, input, fresh.verdict, fresh.score, task.testName));
  }
  return fresh;
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
async function askForVerdict(task: JudgeTask, model: JudgeModel, input: JudgeInput): Promise<JudgeVerdict> {
  const schema = await verdictSchema();
  const { system, prompt } = renderPrompt(input);
  let problem = ''; // for the retry note, outside the fences: never names a tool
  let failure = ''; // for the error, with the names
  let answerText: string | undefined;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const retryNote = attempt === 1 ? '' : `\n\nYour previous answer was rejected: ${problem}. Answer again with the JSON object only.`;
    // The limit is hard: at timeoutMs the judge rejects and frees its slot, even if the model never settles.
    const answer = await withConcurrencyLimit(
      task.concurrency,
      () =>
        withHardLimit((signal) => askModel({ model, system, prompt: prompt + retryNote, schema, maxRetries: task.maxRetries, signal }), {
          timeoutMs: task.timeoutMs,
          ...(task.cancel !== undefined && { cancel: task.cancel }),
          timedOut: () => new JudgeError(`${judgeLabel(model)} timed out after ${task.timeoutMs} ms (the timeoutMs limit; configureJudge({ timeoutMs }) sets it).`),
        }),
      task.cancel,
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
