import path from 'node:path';
import { replayMissMessage, storedAnswer } from '../store/index.js';
import { cacheKey, type ModelIdentity } from './cacheKey.js';
import { VERDICT_STORE, type CacheSettings } from './cacheSettings.js';
import type { JudgeInput } from './input.js';
import type { JudgeVerdict } from './types.js';
import type { Judgement } from './votes.js';
import { describeStaleVerdict, findEntry, holdsVerdict, makeEntry, verdictFileName, writeEntry } from './verdictFile.js';

/** Where a run's verdict is looked up and stored. */
export interface VerdictLookup {
  settings: CacheSettings;
  model: ModelIdentity;
  input: JudgeInput;
  /** How many times the judge is asked: more than 1 is part of the key. */
  votes: number;
  /** The version of the prompt the verdict is asked with (each kind of verdict has its own). */
  promptVersion: number;
  /** The test's name: it names the verdict file. */
  testName?: string;
  /** The test file, for the record command in a replay miss. */
  testPath?: string;
}

export interface CachedVerdict<Verdict = JudgeVerdict> {
  judgement: Judgement<Verdict>;
  /** `cache`: read from `file`; `model`: asked now (and stored in `file` unless the cache is off). */
  source: 'cache' | 'model';
  file?: string;
}

/**
 * The verdict cache, wrapped around one model call (`ask`), as a user of the store's one rule of
 * modes (`storedAnswer`): a stored verdict is used once `check` accepts it; what `ask` answers is
 * stored unless the cache is off. `score` is written into the file for reviewers.
 */
export async function withVerdictCache<Verdict = JudgeVerdict>(
  lookup: VerdictLookup,
  ask: () => Promise<Judgement<Verdict>>,
  check: (file: string, stored: { verdict?: unknown; votes?: unknown; usage?: unknown }) => Promise<Judgement<Verdict>>,
  score: (verdict: Verdict) => number,
): Promise<CachedVerdict<Verdict>> {
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
        await writeEntry(file, makeEntry(key, model, input, judgement, score(judgement.verdict), testName, promptVersion));
      }
    },
  });
  return source === 'stored' ? { judgement: answer, source: 'cache', file: foundIn } : { judgement: answer, source: 'model', file };
}
