import path from 'node:path';
import vm from 'node:vm';
import { cacheKey, type ModelIdentity } from './cacheKey.js';
import { CACHE_ENV, type CacheSettings } from './cacheSettings.js';
import { JudgeError } from './errors.js';
import type { JudgeInput } from './input.js';
import type { JudgeVerdict } from './types.js';
import type { Judgement } from './votes.js';
import { describeStaleVerdict, display, findEntry, holdsVerdict, makeEntry, verdictFileName, writeEntry } from './verdictFile.js';

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
  const runner = process.env.VITEST ? 'npx vitest run' : process.env.JEST_WORKER_ID ? jestCommand() : 'npx vitest run';
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

/**
 * Jest as this process runs it: its ESM mode needs `--experimental-vm-modules` (only then has
 * `node:vm` its `SourceTextModule`), and a command without it fails to load the tests it records.
 */
function jestCommand(): string {
  return typeof (vm as { SourceTextModule?: unknown }).SourceTextModule === 'function' ? 'NODE_OPTIONS=--experimental-vm-modules npx jest' : 'npx jest';
}

/** Where a run's verdict is looked up and stored. */
export interface VerdictLookup {
  settings: CacheSettings;
  model: ModelIdentity;
  input: JudgeInput;
  /** How many times the judge is asked: more than 1 is part of the key. */
  votes: number;
  /** The test's name: it names the verdict file. */
  testName?: string;
  /** The test file, for the record command in a replay miss. */
  testPath?: string;
}

export interface CachedVerdict {
  judgement: Judgement;
  /** `cache`: read from `file`; `model`: asked now (and stored in `file` unless the cache is off). */
  source: 'cache' | 'model';
  file?: string;
}

/**
 * The verdict cache, wrapped around one model call (`ask`). `auto` and `replay` use a stored verdict
 * once `check` accepts it; `replay` never asks; what `ask` answers is stored unless the cache is off.
 * `score` is written into the file for reviewers.
 */
export async function withVerdictCache(
  lookup: VerdictLookup,
  ask: () => Promise<Judgement>,
  check: (file: string, stored: { verdict?: unknown; votes?: unknown; usage?: unknown }) => Promise<Judgement>,
  score: (verdict: JudgeVerdict) => number,
): Promise<CachedVerdict> {
  const { settings, model, input, votes, testName } = lookup;
  if (settings.mode === 'off') return { judgement: await ask(), source: 'model' };

  const key = cacheKey(model, input, votes);
  const file = path.join(settings.dir, verdictFileName(key, input, testName));
  if (settings.mode === 'auto' || settings.mode === 'replay') {
    const found = await findEntry(file, key);
    if (found) return { judgement: await check(found.file, found.entry), source: 'cache', file: found.file };
    if (settings.mode === 'replay') {
      const stale = await describeStaleVerdict(file, input, model, testName, votes);
      throw new JudgeError(replayMissMessage(file, settings, lookup.testPath, stale));
    }
  }
  const judgement = await ask();
  // `record` keeps a file whose votes are unchanged, so re-recording an unchanged suite makes no diff.
  if (settings.mode === 'auto' || !(await holdsVerdict(file, key, judgement))) {
    await writeEntry(file, makeEntry(key, model, input, judgement, score(judgement.verdict), testName));
  }
  return { judgement, source: 'model', file };
}
