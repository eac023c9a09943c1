import path from 'node:path';
import { canonicalJson, corruptFileError, hashKey, listJsonFiles, nearest, readStoredObject, replayMissMessage, sameData as same, slug, staleNote, storedAnswer, writeStoredFile } from '../store/index.js';
import { VERDICT_STORE, type CacheSettings } from './cacheSettings.js';
import type { JudgeError } from './errors.js';
import type { JudgedCall, JudgeInput } from './input.js';
import { snippet, type modelIdentity } from './model.js';
import type { JudgeTool } from './tools.js';
import type { TrajectoryInput } from './trajectory.js';
import type { JudgeUsage, JudgeVerdict } from './types.js';
import type { Judgement } from './votes.js';
import { quotedNames } from '../value.js';

/** Where a run's verdict is looked up and stored. */
export interface VerdictLookup {
  settings: CacheSettings;
  model: ModelIdentity;
  input: JudgeInput;
  votes: number;
  promptVersion: number;
  testName?: string;
  testPath?: string;
}

/** The verdict cache around one model call (`ask`): a stored verdict is used once `check` accepts it; what `ask` answers is stored unless the cache is off. */
export async function withVerdictCache<Verdict = JudgeVerdict>(
  lookup: VerdictLookup,
  ask: () => Promise<Judgement<Verdict>>,
  check: (file: string, stored: { verdict?: unknown; votes?: unknown; usage?: unknown }) => Promise<Judgement<Verdict>>,
  score: (verdict: Verdict) => number,
): Promise<{ judgement: Judgement<Verdict>; source: 'cache' | 'model'; file?: string }> {
  const { settings, model, input, votes, testName, promptVersion } = lookup;
  if (settings.mode === 'off') return { judgement: await ask(), source: 'model' };

  const key = cacheKey(model, input, votes, promptVersion);
  const file = path.join(settings.dir, verdictFileName(key, input, testName));
  let foundIn = file;
  const { answer, source } = await storedAnswer<Judgement<Verdict>>(settings.mode, {
    find: async () => {
      const found = await findEntry(file, key);
      if (found === undefined) return undefined;
      foundIn = found.file;
      return check(found.file, found.entry);
    },
    miss: async () => VERDICT_STORE.error(replayMissMessage(VERDICT_STORE, settings, { file, testPath: lookup.testPath, stale: await describeStaleVerdict(file, input, model, testName, votes, promptVersion) })),
    ask,
    // `record` keeps a file whose votes are unchanged, so re-recording an unchanged suite makes no diff.
    store: async (judgement, mode) => {
      if (mode === 'auto' || !(await holdsVerdict(file, key, judgement))) {
        await writeStoredFile(VERDICT_STORE, file, makeEntry(key, model, input, judgement, score(judgement.verdict), testName, promptVersion));
      }
    },
  });
  return source === 'stored' ? { judgement: answer, source: 'cache', file: foundIn } : { judgement: answer, source: 'model', file };
}

type ModelIdentity = ReturnType<typeof modelIdentity>;

/**
 * sha256 of everything that decides a verdict: prompt version, model identity, the judge's whole input, and the votes
 * when above 1. A single vote and no rubric add nothing to the key, so verdicts recorded without them still replay.
 */
function cacheKey(model: ModelIdentity, input: JudgeInput, votes: number, promptVersion: number): string {
  return hashKey({ promptVersion, model, input, ...(votes > 1 && { votes }) });
}

/** What either judge saw: a trajectory's input adds its `kind`, expected trajectory and criteria (absent for tool calls, so older files stay as they were). */
type StoredInput = JudgeInput & Partial<Pick<TrajectoryInput, 'kind' | 'expectedTrajectory' | 'criteria'>>;

/**
 * One recorded verdict, to be reviewed in a pull request. Keys are written in this order and the data inside has
 * sorted keys, so re-recording the same verdict changes nothing.
 */
export interface CacheEntry<Verdict = JudgeVerdict> extends StoredInput {
  /** The test that recorded it, when it was recorded by a matcher. */
  test?: string;
  /** The verdict; with several votes, their majority, for reviewers (a replay decides it again from `votes`). */
  verdict: Verdict;
  /** Each vote's verdict, in the order asked: only when the judge was asked more than once. */
  votes?: Verdict[];
  /** With several votes: the smallest share of votes behind any decision of the majority verdict. */
  agreement?: number;
  /** Informational, for reviewers: a replay scores the stored verdict again and never reads this. */
  score: number;
  /** The tokens the provider counted for the requests behind this verdict (not part of the key). */
  usage?: JudgeUsage;
  model: ModelIdentity;
  promptVersion: number;
  /** sha256 of everything that decides the verdict (see cacheKey). */
  key: string;
}

function makeEntry<Verdict>(key: string, model: ModelIdentity, input: StoredInput, judgement: Judgement<Verdict>, score: number, test: string | undefined, promptVersion: number): CacheEntry<Verdict> {
  const voted = judgement.votes.length > 1;
  return {
    // The kind first: a reviewer (and a tool like a calibration script) sees at once which judge gave it.
    ...(input.kind !== undefined && { kind: input.kind }),
    ...(test !== undefined && { test }),
    request: input.request,
    reply: input.reply,
    calls: input.calls,
    availableTools: input.availableTools,
    ...(input.rubric !== undefined && { rubric: input.rubric }),
    ...(input.expectedTrajectory !== undefined && { expectedTrajectory: input.expectedTrajectory }),
    ...(input.criteria !== undefined && { criteria: input.criteria }),
    verdict: judgement.verdict,
    ...(voted && { votes: judgement.votes, agreement: judgement.agreement.share }),
    score,
    ...(judgement.usage !== undefined && { usage: judgement.usage }),
    model,
    promptVersion,
    key,
  };
}

const TEST_SLUG_CHARS = 60;
const REQUEST_SLUG_CHARS = 40;
const SEPARATOR = '--';

/** `judge-weather-agent-uses-the-weather-tool--what-is-the-weather-in-tokyo-3f2a9c1b7d4e.json`: the test, the request's first words, the key's start. */
export function verdictFileName(key: string, input: JudgeInput, test: string | undefined): string {
  const request = slug(input.request, REQUEST_SLUG_CHARS) || 'run';
  const prefix = test === undefined ? '' : `${slug(test, TEST_SLUG_CHARS) || 'test'}${SEPARATOR}`;
  return `${prefix}${request}-${key.slice(0, 12)}.json`;
}

/** The entry for `key`: in `file`, else in any file of the directory recorded under it (a renamed test, the scorer replaying a matcher's). */
async function findEntry(file: string, key: string): Promise<{ file: string; entry: CacheEntry } | undefined> {
  const entry = await readEntry(file, key);
  if (entry) return { file, entry };
  const suffix = `-${key.slice(0, 12)}.json`;
  for (const name of await listJsonFiles(path.dirname(file))) {
    if (!name.endsWith(suffix) || name === path.basename(file)) continue;
    const other = path.join(path.dirname(file), name);
    const found = await readEntry(other, key).catch(() => undefined); // same prefix, another key: not ours
    if (found) return { file: other, entry: found };
  }
  return undefined;
}

/** For a replay miss: the file this test (or, outside a test, this request) recorded before with the fewest changes, and what changed. */
async function describeStaleVerdict(file: string, input: StoredInput, model: ModelIdentity, test: string | undefined, votes: number, promptVersion: number): Promise<string | undefined> {
  const dir = path.dirname(file);
  const name = path.basename(file);
  const prefix = test === undefined ? name.slice(0, name.lastIndexOf('-') + 1) : name.slice(0, name.indexOf(SEPARATOR) + SEPARATOR.length);
  const candidates: Array<{ file: string; stored: Record<string, unknown> }> = [];
  for (const other of await listJsonFiles(dir)) {
    if (!other.startsWith(prefix) || other === name) continue;
    if (test === undefined && other.includes(SEPARATOR)) continue; // a test's file, not a scorer's
    const stored = await readStoredObject(VERDICT_STORE, path.join(dir, other)).catch(() => undefined);
    // A verdict of the other judge (tool calls or trajectory) is not an older version of this one.
    if (stored !== undefined && (stored.kind ?? null) === (input.kind ?? null)) candidates.push({ file: path.join(dir, other), stored });
  }
  const closest = nearest(candidates, ({ stored }) => changesSince(stored, input, model, votes, promptVersion));
  if (closest === undefined) return undefined;
  // The changes quote the run's text (JSON-quoted): staleNote escapes them so they cannot forge lines or colours.
  return staleNote(closest.candidate.file, test === undefined ? 'for this request' : 'by this test', closest.changes);
}

/** What differs between a stored entry and the input judged now, in words. */
function changesSince(stored: Record<string, unknown>, input: StoredInput, model: ModelIdentity, votes: number, promptVersion: number): string[] {
  const changes: string[] = [];
  if (stored.promptVersion !== promptVersion) {
    changes.push(`the judge's prompt changed (version ${JSON.stringify(stored.promptVersion)} then, ${promptVersion} now), so every verdict must be recorded again`);
  }
  if (!same(stored.model, model)) changes.push(`the judge model changed: was ${modelName(stored.model)}, now ${modelName(model)}`);
  if (stored.request !== input.request) changes.push(`the request changed: was ${shown(stored.request)}, now ${snippet(input.request, 80)}`);
  if (!same(stored.calls, input.calls)) changes.push(callChange(stored.calls, input.calls));
  if ((stored.reply ?? null) !== input.reply) changes.push(`the agent's reply changed: was ${shown(stored.reply)}, now ${input.reply === null ? 'none' : snippet(input.reply, 80)}`);
  if (!same(stored.availableTools, input.availableTools)) changes.push(toolChange(stored.availableTools, input.availableTools));
  if ((stored.rubric ?? null) !== (input.rubric ?? null)) changes.push(`the rubric changed: was ${shown(stored.rubric)}, now ${input.rubric === undefined ? 'none' : snippet(input.rubric, 80)}`);
  if (!same(stored.expectedTrajectory ?? null, input.expectedTrajectory ?? null)) changes.push('the expected trajectory changed');
  if (!same(stored.criteria ?? null, input.criteria ?? null)) changes.push(`the criteria changed: were ${shown(stored.criteria)}, now ${input.criteria === undefined ? 'none' : snippet(JSON.stringify(input.criteria), 80)}`);
  const storedVotes = Array.isArray(stored.votes) ? stored.votes.length : 1;
  if (storedVotes !== votes) changes.push(`the number of votes changed: was ${storedVotes}, now ${votes}`);
  return changes;
}

function callChange(stored: unknown, calls: readonly JudgedCall[]): string {
  const before = Array.isArray(stored) ? stored.map((call) => String((call as { toolName?: unknown })?.toolName)) : [];
  const now = calls.map((call) => call.toolName);
  if (canonicalJson(before) !== canonicalJson(now)) return `the calls changed: were ${names(before)}, now ${names(now)}`;
  const index = calls.findIndex((call, at) => !same((stored as unknown[])[at], call));
  return `the input or result of call ${index + 1} (${JSON.stringify(now[index])}) changed`;
}

function toolChange(stored: unknown, tools: readonly JudgeTool[]): string {
  const before = Array.isArray(stored) ? stored.map((tool) => String((tool as { name?: unknown })?.name)) : [];
  const now = tools.map((tool) => tool.name);
  const added = now.filter((name) => !before.includes(name));
  const removed = before.filter((name) => !now.includes(name));
  if (added.length === 0 && removed.length === 0) return 'the available tools changed: a description or input schema differs';
  const parts = [added.length > 0 && `added ${names(added)}`, removed.length > 0 && `removed ${names(removed)}`].filter(Boolean);
  return `the available tools changed: ${parts.join('; ')}`;
}

const names = (list: readonly string[]) => (list.length === 0 ? 'none' : quotedNames(list));
const shown = (value: unknown) => (typeof value === 'string' ? snippet(value, 80) : value === null || value === undefined ? 'none' : snippet(JSON.stringify(value), 80));

function modelName(model: unknown): string {
  const { provider, modelId } = (model ?? {}) as { provider?: unknown; modelId?: unknown };
  return `${String(modelId)} (${String(provider)})`;
}

/** The stored entry for `key`, or undefined; a file that is not JSON or answers another key is a JudgeError naming it. */
async function readEntry(file: string, key: string): Promise<CacheEntry | undefined> {
  const entry = await readStoredObject(VERDICT_STORE, file);
  if (entry === undefined) return undefined;
  if (entry.key !== key) throw corruptEntryError(file, `its "key" is ${JSON.stringify(entry.key)}, not ${JSON.stringify(key)}`);
  return entry as unknown as CacheEntry;
}

/** The error for an entry that cannot be used: names the file, the problem and the fix. */
export function corruptEntryError(file: string, problem: string, cause?: unknown): JudgeError {
  return corruptFileError(VERDICT_STORE, file, problem, cause) as JudgeError;
}

/** Whether `file` already holds this judgement for `key` (the same verdict and votes; its recorded usage may differ). */
async function holdsVerdict<Verdict>(file: string, key: string, judgement: Judgement<Verdict>): Promise<boolean> {
  const stored = await readEntry(file, key).catch(() => undefined); // an unreadable file is simply replaced
  if (stored === undefined || canonicalJson(stored.verdict) !== canonicalJson(judgement.verdict)) return false;
  return judgement.votes.length === 1 || canonicalJson(stored.votes) === canonicalJson(judgement.votes);
}
