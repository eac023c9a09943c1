import { ToolCallAccuracyError } from '../errors.js';
import { display } from '../store/index.js';
import type { ToolCall } from '../types.js';
import { getToolCalls } from '../calls/getToolCalls.js';
import type { CacheSettings } from './cacheSettings.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, DEFAULT_VOTES, getJudgeConfig } from './config.js';
import { withHardLimit } from './deadline.js';
import { JudgeError } from './errors.js';
import { buildJudgeInput, type JudgeInput } from './input.js';
import { withConcurrencyLimit } from './limit.js';
import { askModel, describeModel, judgeLabel, modelIdentity, snippet } from './model.js';
import { resolveRequest, type JudgeRequestInput, type RequestAsker } from './request.js';
import { PROMPT_VERSION, renderPrompt, type JudgePrompt } from './prompt.js';
import { describeIssues, describeProblem, tidyVerdict, trajectoryVerdictSchema, verdictProblem, verdictSchema, type VerdictProblem, type VerdictSchema } from './schema.js';
import { scoreVerdict } from './score.js';
import { normalizeAvailableTools } from './tools.js';
import {
  decideTrajectoryByMajority,
  judgedSteps,
  scoreTrajectory,
  tidyTrajectoryVerdict,
  trajectoryInput,
  trajectoryProblem,
  type ExpectedJudgeStep,
  type JudgedStep,
  type TrajectoryInput,
  type TrajectoryVerdict,
} from './trajectory.js';
import { renderTrajectoryPrompt, TRAJECTORY_PROMPT_VERSION } from './trajectoryPrompt.js';
import type { AvailableTools, JudgeModel, JudgeUsage, JudgeVerdict } from './types.js';
import { corruptEntryError, withVerdictCache } from './verdictFile.js';
import { addUsage, decideByMajority, type Agreement, type Judgement } from './votes.js';

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
  rubric?: string;
  votes?: number;
  /** The test file, for the record command in a replay miss. */
  testPath?: string;
  /** The test's name: it names the verdict file. */
  testName?: string;
  /** Aborts the judge from outside (its test ended before it answered). */
  cancel?: AbortSignal;
}

export interface JudgeOutcome<Verdict = JudgeVerdict> {
  /** The majority verdict of the votes (the one verdict, with a single vote). */
  verdict: Verdict;
  /** Every vote's verdict, in the order asked. */
  votes: Verdict[];
  agreement: Agreement;
  /** The tokens the verdict cost when it was asked (read back from its file on a replay); absent when unknown. */
  usage?: JudgeUsage;
  /** The run's calls, read once: judged, scored and listed in messages. */
  calls: ToolCall[];
  score: number;
  model: string;
  /** `cache`: read from `cacheFile`; `model`: asked now (and stored in `cacheFile` unless the cache is off). */
  source: 'cache' | 'model';
  cacheFile?: string;
}

/** The judge's one entrance, for the matcher and the scorer alike: a valid verdict (cached or asked) and its score, or a rejection naming the cause. */
export async function judge(run: unknown, settings: JudgeSettings): Promise<JudgeOutcome> {
  const { calls, model, input } = await prepare(run, settings, run, true);
  return judgeInput(TOOL_CALLS, input, calls, model, settings);
}

/** What both judges read from a run: its calls, the model, and the input (request and reply read from `textOf`); the tool-call judge requires tools. */
async function prepare(run: unknown, settings: JudgeSettings, textOf: unknown, toolsRequired: boolean): Promise<{ calls: ToolCall[]; model: JudgeModel; input: JudgeInput }> {
  const config = getJudgeConfig();
  const calls = getToolCalls(run);
  const model = settings.model ?? config.model;
  if (model === undefined) throw new ToolCallAccuracyError("the judge needs a model: pass { model } (e.g. 'openai/gpt-5-mini'), or set one with configureJudge({ model }).");
  const request = resolveRequest(settings.request, textOf, settings.asker);
  const given = settings.availableTools ?? config.availableTools;
  const tools = given === undefined && !toolsRequired ? [] : await normalizeAvailableTools(given);
  return { calls, model, input: buildJudgeInput(request, textOf, calls, tools, settings.rubric ?? config.rubric) };
}

/** What the trajectory judge takes besides the judge's settings. `availableTools` is optional there (Mastra's scorer takes none). */
export interface TrajectorySettings extends JudgeSettings {
  /** The expected steps, resolved by the caller: a guide for the judge, and names it may call missing. */
  expectedTrajectory?: readonly ExpectedJudgeStep[];
  /** Yes/no questions about the trajectory, each answered once. */
  criteria?: readonly string[];
  /** What the request and reply are read from, when not the run itself (Mastra hands a trajectory scorer the trajectory apart from its input). */
  textOf?: unknown;
}

/** The trajectory judge's entrance: the same machinery as `judge`, with a verdict on each step, the missing steps and the criteria. */
export async function judgeTrajectory(run: unknown, settings: TrajectorySettings): Promise<TrajectoryOutcome> {
  const { calls, model, input: base } = await prepare(run, settings, settings.textOf ?? run, false);
  const input = trajectoryInput(base, judgedSteps(calls), settings.expectedTrajectory, settings.criteria);
  return { ...(await judgeInput(TRAJECTORY, input, calls, model, settings)), steps: input.calls };
}

/** A trajectory verdict, with the steps as the judge saw them (numbered, sub-agents' steps under their call). */
export interface TrajectoryOutcome extends JudgeOutcome<TrajectoryVerdict> {
  steps: JudgedStep[];
}

/** One kind of verdict: how it is asked for, checked against the run, decided by majority and scored; the rest is the same for every kind. */
interface VerdictKind<Input extends JudgeInput, Verdict> {
  promptVersion: number;
  output: { name: string; description: string };
  schema(): Promise<VerdictSchema<Verdict>>;
  render(input: Input): JudgePrompt;
  tidy(verdict: Verdict, input: Input): Verdict;
  problem(verdict: Verdict, input: Input): VerdictProblem | undefined;
  decide(votes: readonly Verdict[], input: Input): Pick<Judgement<Verdict>, 'verdict' | 'agreement'>;
  score(verdict: Verdict, input: Input): number;
}

const TOOL_CALLS: VerdictKind<JudgeInput, JudgeVerdict> = {
  promptVersion: PROMPT_VERSION,
  output: { name: 'tool_call_verdict', description: 'The verdict on the agent’s tool calls' },
  schema: verdictSchema,
  render: renderPrompt,
  tidy: tidyVerdict,
  problem: (verdict, input) => verdictProblem(verdict, input.calls.map((call) => call.toolName), input.availableTools.map((tool) => tool.name)),
  decide: decideByMajority,
  score: (verdict, input) => scoreVerdict(verdict, input.calls.length),
};

const TRAJECTORY: VerdictKind<TrajectoryInput, TrajectoryVerdict> = {
  promptVersion: TRAJECTORY_PROMPT_VERSION,
  output: { name: 'trajectory_verdict', description: 'The verdict on the agent’s trajectory' },
  schema: trajectoryVerdictSchema,
  render: renderTrajectoryPrompt,
  tidy: tidyTrajectoryVerdict,
  problem: trajectoryProblem,
  decide: decideTrajectoryByMajority,
  score: scoreTrajectory,
};

/** Any kind of verdict on one input: from the cache or the model, checked, voted on and scored. */
async function judgeInput<Input extends JudgeInput, Verdict>(
  kind: VerdictKind<Input, Verdict>,
  input: Input,
  calls: ToolCall[],
  model: JudgeModel,
  settings: JudgeSettings,
): Promise<JudgeOutcome<Verdict>> {
  const config = getJudgeConfig();
  const votes = settings.votes ?? config.votes ?? DEFAULT_VOTES;
  const limits: AskLimits = {
    timeoutMs: settings.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: settings.maxRetries ?? config.maxRetries ?? DEFAULT_MAX_RETRIES,
    concurrency: settings.concurrency ?? config.concurrency ?? DEFAULT_CONCURRENCY,
    cancel: settings.cancel,
  };
  const score = (verdict: Verdict) => kind.score(verdict, input);
  const { judgement, source, file } = await withVerdictCache<Verdict>(
    {
      settings: settings.cache,
      model: modelIdentity(model),
      input,
      votes,
      promptVersion: kind.promptVersion,
      ...(settings.testName !== undefined && { testName: settings.testName }),
      ...(settings.testPath !== undefined && { testPath: settings.testPath }),
    },
    () => askForVotes(kind, limits, model, input, votes),
    (stored, entry) => checkStoredJudgement(kind, stored, entry, input, votes),
    score,
  );
  return {
    verdict: judgement.verdict,
    votes: judgement.votes,
    agreement: judgement.agreement,
    ...(judgement.usage !== undefined && { usage: judgement.usage }),
    calls,
    score: score(judgement.verdict),
    model: describeModel(model),
    source,
    ...(file !== undefined && { cacheFile: display(file) }),
  };
}

interface AskLimits {
  timeoutMs: number;
  maxRetries: number;
  concurrency: number;
  cancel: AbortSignal | undefined;
}

/** `votes` requests at the judge's concurrency; the majority decides. One failed vote fails the judgement: no verdict is never a pass. */
async function askForVotes<Input extends JudgeInput, Verdict>(kind: VerdictKind<Input, Verdict>, limits: AskLimits, model: JudgeModel, input: Input, votes: number): Promise<Judgement<Verdict>> {
  const answers = await Promise.all(Array.from({ length: votes }, () => askForVerdict(kind, limits, model, input)));
  const verdicts = answers.map((answer) => answer.verdict);
  return { ...kind.decide(verdicts, input), votes: verdicts, usage: addUsage(answers.map((answer) => answer.usage)) };
}

/** A stored judgement gets the checks a fresh answer gets (an edited or stale file must not replay), and its majority is decided again. */
async function checkStoredJudgement<Input extends JudgeInput, Verdict>(
  kind: VerdictKind<Input, Verdict>,
  file: string,
  entry: { verdict?: unknown; votes?: unknown; usage?: unknown },
  input: Input,
  votes: number,
): Promise<Judgement<Verdict>> {
  const stored = votes === 1 ? [entry.verdict] : entry.votes;
  if (!Array.isArray(stored) || stored.length !== votes) {
    throw corruptEntryError(file, `it holds ${Array.isArray(stored) ? stored.length : 'no'} votes, but its key asks for ${votes}`);
  }
  const schema = await kind.schema();
  const verdicts = stored.map((vote, index) => {
    const where = votes === 1 ? '"verdict"' : `vote ${index + 1} of "votes"`;
    const parsed = schema.safeParse(vote);
    if (!parsed.success) throw corruptEntryError(file, `${where} does not match the verdict schema (${describeIssues(parsed.error.issues)})`);
    const verdict = kind.tidy(parsed.data, input);
    const problem = kind.problem(verdict, input);
    if (problem) throw corruptEntryError(file, votes === 1 ? describeProblem(problem) : `${where}: ${describeProblem(problem)}`);
    return verdict;
  });
  return { ...kind.decide(verdicts, input), votes: verdicts, usage: storedUsage(entry.usage) };
}

/** The usage a file recorded; files written before usage was kept have none. */
function storedUsage(usage: unknown): JudgeUsage | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  const { inputTokens, outputTokens, totalTokens, requests } = usage as Record<string, unknown>;
  if (![inputTokens, outputTokens, totalTokens, requests].every((value) => typeof value === 'number' && Number.isFinite(value) && value >= 0)) return undefined;
  return { inputTokens, outputTokens, totalTokens, requests } as JudgeUsage;
}

/** One model call; an answer that is not a valid verdict for this run gets one more try, told what was wrong, then is an error. */
async function askForVerdict<Input extends JudgeInput, Verdict>(
  kind: VerdictKind<Input, Verdict>,
  limits: AskLimits,
  model: JudgeModel,
  input: Input,
): Promise<{ verdict: Verdict; usage?: JudgeUsage }> {
  const schema = await kind.schema();
  const { system, prompt } = kind.render(input);
  let problem = ''; // for the retry note, outside the fences: never names a tool
  let failure = ''; // for the error, with the names
  let answerText: string | undefined;
  const usages: Array<JudgeUsage | undefined> = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    const retryNote = attempt === 1 ? '' : `\n\nYour previous answer was rejected: ${problem}. Answer again with the JSON object only.`;
    // The limit is hard: at timeoutMs the judge rejects and frees its slot, even if the model never settles.
    const answer = await withConcurrencyLimit(
      limits.concurrency,
      () =>
        withHardLimit((signal) => askModel<Verdict>({ model, system, prompt: prompt + retryNote, schema, output: kind.output, maxRetries: limits.maxRetries, signal }), {
          timeoutMs: limits.timeoutMs,
          ...(limits.cancel !== undefined && { cancel: limits.cancel }),
          timedOut: () => new JudgeError(`${judgeLabel(model)} timed out after ${limits.timeoutMs} ms (the timeoutMs limit; configureJudge({ timeoutMs }) sets it).`),
        }),
      limits.cancel,
    );
    usages.push(answer.usage);
    if (!answer.valid) {
      problem = failure = answer.problem;
      answerText = answer.text;
      continue;
    }
    const verdict = kind.tidy(answer.verdict, input);
    const mismatch = kind.problem(verdict, input);
    if (mismatch === undefined) return { verdict, usage: addUsage(usages) };
    problem = mismatch.problem;
    failure = describeProblem(mismatch);
    answerText = JSON.stringify(answer.verdict);
  }
  throw new JudgeError(`The LLM judge (${describeModel(model)}) gave no valid verdict in 2 attempts: ${failure}. Its last answer: ${snippet(answerText)}`);
}

/** The judge over a recorded verdict's input, for `calibrate --model/--rubric-file/--votes`: the same machinery as `judge`. */
export async function judgeRecordedInput(input: JudgeInput | TrajectoryInput, settings: { model: JudgeModel; cache: CacheSettings; votes: number }): Promise<JudgeOutcome<JudgeVerdict | TrajectoryVerdict>> {
  const judgeSettings: JudgeSettings = { request: undefined, asker: 'scorer', cache: settings.cache, votes: settings.votes };
  return (input as { kind?: unknown }).kind === 'trajectory'
    ? judgeInput(TRAJECTORY, input as TrajectoryInput, [], settings.model, judgeSettings)
    : judgeInput(TOOL_CALLS, input, [], settings.model, judgeSettings);
}
