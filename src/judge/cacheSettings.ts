import path from 'node:path';
import { ToolCallAccuracyError } from '../errors.js';
import { CACHE_MODES } from './config.js';
import type { JudgeCacheMode, JudgeCacheOptions } from './types.js';

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
