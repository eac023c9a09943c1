import path from 'node:path';
import { ToolCallAccuracyError } from '../errors.js';
import type { ToolCall } from '../types.js';
import { getToolCalls } from '../calls/getToolCalls.js';
import { cacheFileName, cacheKey, display, makeEntry, readEntry, replayMissMessage, writeEntry, type CacheSettings } from './cache.js';
import { JudgeError } from './errors.js';
import { buildJudgeInput, type JudgeInput } from './input.js';
import { withConcurrencyLimit } from './limit.js';
import { askModel, describeModel, InvalidAnswer, modelIdentity, snippet } from './model.js';
import { renderPrompt } from './prompt.js';
import { tidyVerdict, verdictProblem, verdictSchema } from './schema.js';
import { normalizeAvailableTools } from './tools.js';
import type { AvailableTools, JudgeModel, JudgeVerdict } from './types.js';

export interface JudgeRequest {
  run: unknown;
  model: JudgeModel | undefined;
  availableTools: AvailableTools | undefined;
  cache: CacheSettings;
  timeoutMs: number;
  maxRetries: number;
  concurrency: number;
  /** The test file, for the record command in a replay miss. */
  testPath?: string;
}

export interface JudgeOutcome {
  verdict: JudgeVerdict;
  calls: ToolCall[];
  model: string;
  /** `cache`: read from `cacheFile`; `model`: asked now (and stored in `cacheFile` unless the cache is off). */
  source: 'cache' | 'model';
  cacheFile?: string;
}

/** Scores are computed by the caller; this gets a valid verdict (from the cache or the model) or throws. */
export async function judgeRun(request: JudgeRequest, score: (verdict: JudgeVerdict, callCount: number) => number): Promise<JudgeOutcome> {
  const calls = getToolCalls(request.run);
  const model = request.model;
  if (model === undefined) {
    throw new ToolCallAccuracyError("the judge needs a model: pass { model } (e.g. 'openai/gpt-5-mini'), or set one with configureJudge({ model }).");
  }
  const tools = await normalizeAvailableTools(request.availableTools);
  const input = buildJudgeInput(request.run, tools);
  const label = describeModel(model);
  const { mode, dir } = request.cache;
  if (mode === 'off') {
    return { verdict: await askForVerdict(request, model, input), calls, model: label, source: 'model' };
  }

  const identity = modelIdentity(model);
  const key = cacheKey(identity, input);
  const file = path.join(dir, cacheFileName(key, input));
  if (mode === 'auto' || mode === 'replay') {
    const entry = await readEntry(file, key);
    if (entry) return { verdict: entry.verdict, calls, model: label, source: 'cache', cacheFile: display(file) };
    if (mode === 'replay') throw new JudgeError(replayMissMessage(file, request.cache, request.testPath));
  }
  const verdict = await askForVerdict(request, model, input);
  await writeEntry(file, makeEntry(key, identity, input, verdict, score(verdict, calls.length)));
  return { verdict, calls, model: label, source: 'model', cacheFile: display(file) };
}

/** One model call; an answer that is not a valid verdict for these calls gets one more try, then is an error. */
async function askForVerdict(request: JudgeRequest, model: JudgeModel, input: JudgeInput): Promise<JudgeVerdict> {
  const schema = await verdictSchema();
  const { system, prompt } = renderPrompt(input);
  const calledTools = input.calls.map((call) => call.toolName);
  const toolNames = input.availableTools.map((tool) => tool.name);
  let problem = '';
  let answerText: string | undefined;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const retryNote = attempt === 1 ? '' : `\n\nYour previous answer was rejected: ${problem}. Answer again with the JSON object only.`;
    const answer = await withConcurrencyLimit(request.concurrency, () =>
      askModel({ model, system, prompt: prompt + retryNote, schema, timeoutMs: request.timeoutMs, maxRetries: request.maxRetries }),
    );
    if (answer instanceof InvalidAnswer) {
      problem = answer.problem;
      answerText = answer.text;
      continue;
    }
    const verdict = tidyVerdict(answer as JudgeVerdict);
    const mismatch = verdictProblem(verdict, calledTools, toolNames);
    if (mismatch === undefined) return verdict;
    problem = mismatch;
    answerText = JSON.stringify(answer);
  }
  throw new JudgeError(
    `The LLM judge (${describeModel(model)}) gave no valid verdict in 2 attempts: ${problem}. Its last answer: ${snippet(answerText)}`,
  );
}
