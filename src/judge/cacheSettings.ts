// The store's light parts only: the matchers and the main entry import this module, and load no file system or crypto.
import { resolveStoreSettings, type StoreSettings } from '../store/mode.js';
import type { StoreUser } from '../store/user.js';
import { JudgeError } from './errors.js';
import type { JudgeCacheOptions } from './types.js';

export const DEFAULT_CACHE_DIR = '__judge__';
export const CACHE_ENV = 'TOOL_CALL_ACCURACY_CACHE';

/** The verdict cache as a user of the store: its folder, variable, configure function and words. */
export const VERDICT_STORE: StoreUser = {
  defaultDir: DEFAULT_CACHE_DIR,
  env: CACHE_ENV,
  configure: 'configureJudge',
  modeNoun: 'a cache mode',
  entry: 'judge cache entry',
  corruptFix: `Delete the file and record the verdict again (${CACHE_ENV}=auto)`,
  error: (message, options) => new JudgeError(message, options),
  replay: {
    missing: 'No recorded verdict for this run',
    inReplay: 'the judge cache is in replay mode',
    configureCall: (mode) => `configureJudge({ cache: { mode: '${mode}' } })`,
    optionChose: (mode) => `the scorer's option cache: { mode: '${mode}' }`,
    optionSet: (mode) => `creating the scorer with cache: { mode: '${mode}' }`,
    recordMode: 'auto',
    credentials: "the judge model's credentials",
    envNote: `(auto asks only for missing verdicts; ${CACHE_ENV}=record asks again for every one.)`,
    commit: (stale) => `Then commit the new file${stale ? ' (and delete the stale one)' : ''}.`,
  },
};

/** The cache mode in force and who chose it (the replay-miss message depends on it); `option`: the scorer's own `cache: { mode }`. */
export type CacheSettings = StoreSettings;

/** The scorer's own `cache` option wins, then `configureJudge({ cache })`, then `TOOL_CALL_ACCURACY_CACHE`, then `replay` on CI, else `auto`. */
export function resolveCacheSettings(configured: JudgeCacheOptions | undefined, env: NodeJS.ProcessEnv = process.env, option?: JudgeCacheOptions): CacheSettings {
  return resolveStoreSettings(VERDICT_STORE, configured, option, env);
}
