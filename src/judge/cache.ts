import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ToolCallAccuracyError } from '../errors.js';
import { CACHE_MODES } from './config.js';
import { JudgeError } from './errors.js';
import type { JudgeInput } from './input.js';
import { PROMPT_VERSION } from './prompt.js';
import type { JudgeCacheMode, JudgeCacheOptions, JudgeVerdict } from './types.js';
import type { CacheEntry } from './verdictFile.js';

export const DEFAULT_CACHE_DIR = '__judge__';
export const CACHE_ENV = 'TOOL_CALL_ACCURACY_CACHE';

/** The cache mode in force and who chose it (the replay-miss message depends on it). */
export interface CacheSettings {
  mode: JudgeCacheMode;
  dir: string;
  /** `scorer`: the scorer's own `cache: { mode }` option. */
  source: 'scorer' | 'configureJudge' | 'env' | 'CI' | 'default';
}

/** `configureJudge({ cache })` wins, then `TOOL_CALL_ACCURACY_CACHE`, then `replay` when `CI` is set, else `auto`. */
export function resolveCacheSettings(configured: JudgeCacheOptions | undefined, env: NodeJS.ProcessEnv = process.env): CacheSettings {
  const dir = path.resolve(configured?.dir ?? DEFAULT_CACHE_DIR);
  if (configured?.mode) return { mode: configured.mode, dir, source: 'configureJudge' };
  const fromEnv = env[CACHE_ENV]?.trim();
  if (fromEnv) {
    if (!CACHE_MODES.includes(fromEnv as JudgeCacheMode)) {
      throw new ToolCallAccuracyError(`${CACHE_ENV}=${JSON.stringify(fromEnv)} is not a cache mode; use one of ${CACHE_MODES.join(', ')}.`);
    }
    return { mode: fromEnv as JudgeCacheMode, dir, source: 'env' };
  }
  return isCI(env) ? { mode: 'replay', dir, source: 'CI' } : { mode: 'auto', dir, source: 'default' };
}

function isCI(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

/** The model as stored in keys and files: identity only, never settings, headers or keys. */
export interface ModelIdentity {
  provider: string;
  modelId: string;
}

/** sha256 of everything that decides a verdict: prompt version, model identity, the judge's whole input. */
export function cacheKey(model: ModelIdentity, input: JudgeInput): string {
  return createHash('sha256').update(canonicalJson({ promptVersion: PROMPT_VERSION, model, input })).digest('hex');
}

/**
 * The stored entry for `key`, or undefined when there is none. A file that is not JSON or answers
 * another key is a JudgeError naming it; the caller checks the verdict itself against the run.
 */
export async function readEntry(file: string, key: string): Promise<CacheEntry | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw new JudgeError(`Could not read the judge cache entry ${display(file)}: ${(error as Error).message}`, { cause: error });
  }
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch (error) {
    throw corruptEntryError(file, `not valid JSON (${(error as Error).message})`, error);
  }
  if (typeof entry !== 'object' || entry === null) throw corruptEntryError(file, 'it is not a JSON object');
  const storedKey = (entry as { key?: unknown }).key;
  if (storedKey !== key) throw corruptEntryError(file, `its "key" is ${JSON.stringify(storedKey)}, not ${JSON.stringify(key)}`);
  return entry as CacheEntry;
}

/** The error for an entry that cannot be used: names the file, the problem and the fix. */
export function corruptEntryError(file: string, problem: string, cause?: unknown): JudgeError {
  return new JudgeError(
    `The judge cache entry ${display(file)} is corrupt: ${problem}. Delete the file and record the verdict again (${CACHE_ENV}=auto).`,
    cause === undefined ? undefined : { cause },
  );
}

/** Whether `file` already holds `verdict` for `key`: `record` then leaves it alone, so an unchanged verdict makes no diff. */
export async function holdsVerdict(file: string, key: string, verdict: JudgeVerdict): Promise<boolean> {
  const stored = await readEntry(file, key).catch(() => undefined); // an unreadable file is simply replaced
  return stored !== undefined && canonicalJson(stored.verdict) === canonicalJson(verdict);
}

/**
 * Writes an entry atomically: a unique temp file in the same directory, then a rename over the
 * target. Parallel workers, processes and CI shards never see a torn file; the last writer wins.
 */
export async function writeEntry(file: string, entry: CacheEntry): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(entry, null, 2)}\n`, 'utf8'); // the entry's keys are in a fixed order, its data sorted
    await renameWithRetry(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw new JudgeError(`Could not write the judge cache entry ${display(file)}: ${(error as Error).message}`, { cause: error });
  }
}

// Windows refuses to rename over a file another process has open for a moment; retry briefly.
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await rename(from, to);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 10 || (code !== 'EPERM' && code !== 'EACCES' && code !== 'EBUSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * (attempt + 1)));
    }
  }
}

/** A path relative to the working directory, for messages. */
export function display(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** What a `replay` miss says: where the verdict should be, and the exact command that records it. */
export function replayMissMessage(file: string, settings: CacheSettings, testPath: string | undefined, stale?: string): string {
  const why = {
    CI: 'the judge cache is in replay mode because CI is set',
    env: `the judge cache is in replay mode (${CACHE_ENV}=replay)`,
    configureJudge: "the judge cache is in replay mode (configureJudge({ cache: { mode: 'replay' } }))",
    scorer: "the judge cache is in replay mode (the scorer's option cache: { mode: 'replay' })",
    default: 'the judge cache is in replay mode',
  }[settings.source];
  const target = testPath ? display(testPath) : '<your test file>';
  const runner = process.env.VITEST ? 'npx vitest run' : process.env.JEST_WORKER_ID ? 'npx jest' : 'npx vitest run';
  const credentials = `with the judge model's credentials:\n  ${runner} ${target}`;
  const how =
    settings.source === 'configureJudge'
      ? `Record it by setting configureJudge({ cache: { mode: 'auto' } }) and running, ${credentials}`
      : settings.source === 'scorer'
        ? `Record it by creating the scorer with cache: { mode: 'auto' } and running, ${credentials}`
        : `Record it by running, with the judge model's credentials:\n  ${CACHE_ENV}=auto ${runner} ${target}\n(auto asks only for missing verdicts; ${CACHE_ENV}=record asks again for every one.)`;
  const staleNote = stale === undefined ? '' : `${stale}\n`;
  const replaces = stale === undefined ? '' : ' (and delete the stale one)';
  return `No recorded verdict for this run, and ${why}, so no model is called.\nExpected file: ${display(file)}\n${staleNote}${how}\nThen commit the new file${replaces}.`;
}

/** JSON with object keys sorted at every level, so equal inputs hash equally. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.keys(inner).sort().map((key) => [key, (inner as Record<string, unknown>)[key]]));
  });
}
