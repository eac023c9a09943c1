import path from 'node:path';
import { ToolCallAccuracyError } from '../errors.js';
import type { StoreUser } from './user.js';

/** `auto`: replay what is stored, ask for what is missing; `record`: ask again, write over; `replay`: never ask; `off`: no store. */
export type StoreMode = 'auto' | 'replay' | 'record' | 'off';
export const STORE_MODES: readonly StoreMode[] = ['auto', 'replay', 'record', 'off'];

/** The mode in force for one user of the store, where its files go, and who chose the mode. */
export interface StoreSettings {
  mode: StoreMode;
  /** Absolute. */
  dir: string;
  /**
   * Who chose the mode, for the replay-miss message: `option` (the caller's own option: the scorer's
   * `cache`, `recordedModel`'s `mode`), the user's configure function by name, the user's
   * environment variable, `CI`, or the default.
   */
  source: 'option' | StoreUser['configure'] | 'env' | 'CI' | 'default';
}

/** What a caller and the configure function may set: both optional. */
export interface StoreOptions {
  mode?: StoreMode | undefined;
  dir?: string | undefined;
}

/**
 * The mode in force, in the one order every user follows: the caller's `option`, then what the
 * user's configure function set (`configured`), then the user's environment variable, then `replay`
 * when `CI` is set, else `auto`. `dir` comes from the option, else the configured one (relative
 * paths resolve against the working directory), else the user's default folder: beside `testFile`
 * when the user keeps its files beside the test (`besideTestFile`), else in the working directory.
 * A bad value in the environment variable is a ToolCallAccuracyError naming it; callers check their
 * own options (`isStoreMode`).
 */
export function resolveStoreSettings(
  user: StoreUser,
  configured: StoreOptions | undefined,
  option: StoreOptions | undefined = undefined,
  env: NodeJS.ProcessEnv = process.env,
  testFile?: string,
): StoreSettings {
  const chosen = option?.dir ?? configured?.dir;
  const dir = chosen !== undefined ? path.resolve(chosen) : user.besideTestFile && testFile ? path.join(path.dirname(path.resolve(testFile)), user.defaultDir) : path.resolve(user.defaultDir);
  if (option?.mode) return { mode: option.mode, dir, source: 'option' };
  if (configured?.mode) return { mode: configured.mode, dir, source: user.configure };
  const fromEnv = env[user.env]?.trim();
  if (fromEnv) {
    if (!STORE_MODES.includes(fromEnv as StoreMode)) {
      throw new ToolCallAccuracyError(`${user.env}=${JSON.stringify(fromEnv)} is not ${user.modeNoun}; use one of ${STORE_MODES.join(', ')}.`);
    }
    return { mode: fromEnv as StoreMode, dir, source: 'env' };
  }
  const ci = env.CI?.trim().toLowerCase();
  return ci && ci !== 'false' && ci !== '0' ? { mode: 'replay', dir, source: 'CI' } : { mode: 'auto', dir, source: 'default' };
}

/** Whether `mode` is one of the four; for callers checking their options (their own error wording). */
export function isStoreMode(mode: unknown): mode is StoreMode {
  return STORE_MODES.includes(mode as StoreMode);
}
