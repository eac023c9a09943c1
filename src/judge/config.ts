import { describeValue } from '../describe.js';
import { ToolCallAccuracyError } from '../errors.js';
import { isStoreMode, STORE_MODES } from '../store/mode.js';
import { checkGate } from './calibrationSettings.js';
import type { JudgeCacheOptions, JudgeConfig } from './types.js';

export const DEFAULT_THRESHOLD = 1;
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_CONCURRENCY = 4;

// Kept on globalThis: the ESM and CJS builds, and the index and setup entries, must share one configuration.
const STATE = Symbol.for('tool-call-accuracy.judge-config');
type Holder = { [STATE]?: JudgeConfig };

function current(): JudgeConfig {
  const holder = globalThis as Holder;
  return (holder[STATE] ??= {});
}

/**
 * Sets the judge's defaults for `toUseAppropriateTools` (and any scorer that leaves them out).
 * A later call changes only the settings it names; `cache` merges key by key. A setting named with
 * `undefined` is cleared: `configureJudge({ model: undefined })` forgets the model set earlier.
 * @example
 * configureJudge({ model: 'openai/gpt-5-mini', availableTools: tools, cache: { dir: '__judge__' } })
 */
export function configureJudge(config: JudgeConfig): void {
  checkConfig(config, 'configureJudge');
  const previous = current();
  const next: JudgeConfig = { ...previous };
  for (const [key, value] of Object.entries(config) as Array<[keyof JudgeConfig, unknown]>) {
    if (value === undefined) delete next[key];
    else if (key === 'cache') next.cache = mergeCache(previous.cache, value as JudgeCacheOptions);
    else (next as Record<string, unknown>)[key] = value;
  }
  (globalThis as Holder)[STATE] = next;
}

function mergeCache(previous: JudgeCacheOptions | undefined, changes: JudgeCacheOptions): JudgeCacheOptions {
  const merged: JudgeCacheOptions = { ...previous };
  for (const [key, value] of Object.entries(changes) as Array<[keyof JudgeCacheOptions, unknown]>) {
    if (value === undefined) delete merged[key];
    else (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** The settings `configureJudge` has stored. */
export function getJudgeConfig(): Readonly<JudgeConfig> {
  return current();
}

/** Forgets every `configureJudge` setting (for tests). */
export function resetJudgeConfig(): void {
  (globalThis as Holder)[STATE] = {};
}

const ALL_KEYS: ReadonlyArray<keyof JudgeConfig> = ['model', 'availableTools', 'threshold', 'cache', 'timeoutMs', 'maxRetries', 'concurrency', 'rubric', 'votes', 'calibration'];
export const DEFAULT_VOTES = 1;

/** Throws a ToolCallAccuracyError naming the first bad setting. `allowed` narrows the keys `where` takes. */
export function checkConfig(config: unknown, where: string, allowed: ReadonlyArray<keyof JudgeConfig> = ALL_KEYS): asserts config is JudgeConfig {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new ToolCallAccuracyError(`${where} takes an options object, e.g. { model: 'openai/gpt-5-mini' }.`);
  }
  const options = config as Record<string, unknown>;
  const extra = Object.keys(options).filter((key) => !(allowed as readonly string[]).includes(key));
  if (extra.length > 0) {
    const names = extra.map((key) => JSON.stringify(key)).join(', ');
    // A setting `configureJudge` takes, passed where it does not belong: say where it goes.
    if (extra.every((key) => (ALL_KEYS as readonly string[]).includes(key))) {
      throw new ToolCallAccuracyError(`${where} takes only { ${allowed.join(', ')} }; set ${extra.join(', ')} with configureJudge().`);
    }
    throw new ToolCallAccuracyError(`${where}: unknown option ${names}. Known: ${allowed.join(', ')}.`);
  }
  const { threshold, timeoutMs, maxRetries, concurrency, cache, model, rubric, votes, calibration } = options;
  if (calibration !== undefined) checkGate(calibration, `${where}: calibration`);
  if (model !== undefined && !isModel(model)) {
    throw new ToolCallAccuracyError(`${where}: model must be an AI SDK language model or a model id string such as 'openai/gpt-5'.`);
  }
  if (threshold !== undefined && !(typeof threshold === 'number' && threshold >= 0 && threshold <= 1)) {
    throw new ToolCallAccuracyError(`${where}: threshold must be a number from 0 to 1; received ${String(threshold)}.`);
  }
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && Number.isFinite(timeoutMs))) {
    throw new ToolCallAccuracyError(`${where}: timeoutMs must be a positive number of milliseconds; received ${String(timeoutMs)}.`);
  }
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && (maxRetries as number) >= 0)) {
    throw new ToolCallAccuracyError(`${where}: maxRetries must be a whole number ≥ 0; received ${String(maxRetries)}.`);
  }
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && (concurrency as number) >= 1)) {
    throw new ToolCallAccuracyError(`${where}: concurrency must be a whole number ≥ 1; received ${String(concurrency)}.`);
  }
  if (rubric !== undefined && !(typeof rubric === 'string' && rubric.trim() !== '')) {
    throw new ToolCallAccuracyError(`${where}: rubric must be a non-empty string, your criteria of appropriateness (e.g. "never call delete-account without a prior confirm"); received ${describeValue(rubric)}.`);
  }
  // Even counts can tie; a majority of an odd number never does.
  if (votes !== undefined && !(Number.isInteger(votes) && (votes as number) >= 1 && (votes as number) % 2 === 1)) {
    throw new ToolCallAccuracyError(`${where}: votes must be an odd whole number ≥ 1 (1, 3, 5…), so a majority always decides; received ${describeValue(votes)}.`);
  }
  if (cache !== undefined) {
    if (typeof cache !== 'object' || cache === null) throw new ToolCallAccuracyError(`${where}: cache must be { mode?, dir? }.`);
    const { mode, dir } = cache as { mode?: unknown; dir?: unknown };
    if (mode !== undefined && !isStoreMode(mode)) {
      throw new ToolCallAccuracyError(`${where}: cache.mode must be one of ${STORE_MODES.join(', ')}; received ${typeof mode === 'string' ? JSON.stringify(mode) : describeValue(mode)}.`);
    }
    if (dir !== undefined && (typeof dir !== 'string' || dir === '')) {
      throw new ToolCallAccuracyError(`${where}: cache.dir must be a non-empty path.`);
    }
  }
}

function isModel(value: unknown): boolean {
  if (typeof value === 'string') return value.length > 0;
  return typeof value === 'object' && value !== null && typeof (value as { modelId?: unknown }).modelId === 'string';
}
