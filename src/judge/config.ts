import { checkOptions, narrowed, rule, type OptionsSchema } from '../options.js';
import { ToolCallAccuracyError } from '../errors.js';
import { isStoreMode, STORE_MODES } from '../store/mode.js';
import { checkGate } from './calibrationSettings.js';
import type { JudgeConfig } from './types.js';

export const DEFAULT_THRESHOLD = 1;
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_CONCURRENCY = 4;

// Kept on globalThis: the ESM and CJS builds, and the index and setup entries, must share one configuration.
const STATE = Symbol.for('tool-call-accuracy.judge-config');
type Holder = { [STATE]?: JudgeConfig };

/**
 * Sets the judge's defaults for `toUseAppropriateTools` (and any scorer that leaves them out).
 * A later call changes only the settings it names; `cache` merges key by key. A setting named with
 * `undefined` is cleared: `configureJudge({ model: undefined })` forgets the model set earlier.
 * @example
 * configureJudge({ model: 'openai/gpt-5-mini', availableTools: tools, cache: { dir: '__judge__' } })
 */
export function configureJudge(config: JudgeConfig): void {
  checkConfig(config, 'configureJudge');
  const previous = getJudgeConfig();
  (globalThis as Holder)[STATE] = merge(previous, { ...config, ...(config.cache !== undefined && { cache: merge(previous.cache ?? {}, config.cache) }) });
}

/** `changes` over `settings`: a setting named with `undefined` is cleared. */
function merge<Settings extends object>(settings: Settings, changes: Settings): Settings {
  const next = { ...settings } as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as Settings;
}

/** The settings `configureJudge` has stored. */
export function getJudgeConfig(): Readonly<JudgeConfig> {
  return ((globalThis as Holder)[STATE] ??= {});
}

/** Forgets every `configureJudge` setting (for tests). */
export function resetJudgeConfig(): void {
  (globalThis as Holder)[STATE] = {};
}

const ALL_KEYS: ReadonlyArray<keyof JudgeConfig> = ['model', 'availableTools', 'threshold', 'cache', 'timeoutMs', 'maxRetries', 'concurrency', 'rubric', 'votes', 'calibration'];
export const DEFAULT_VOTES = 1;

const JUDGE_OPTIONS: OptionsSchema = {
  shape: "an object such as { model: 'openai/gpt-5-mini' }",
  options: {
    model: rule.that("an AI SDK language model or a model id string such as 'openai/gpt-5'", isModel),
    availableTools: true,
    threshold: rule.that('a number from 0 to 1', (value) => typeof value === 'number' && value >= 0 && value <= 1),
    cache: rule.that('{ mode?, dir? }', (value) => typeof value === 'object' && value !== null && !Array.isArray(value)),
    timeoutMs: rule.that('a positive number of milliseconds', (value) => typeof value === 'number' && value > 0 && Number.isFinite(value)),
    maxRetries: rule.wholeNumber(0, 'a whole number ≥ 0'),
    concurrency: rule.wholeNumber(1, 'a whole number ≥ 1'),
    rubric: rule.nonEmptyString('a non-empty string, your criteria of appropriateness (e.g. "never call delete-account without a prior confirm")'),
    // Even counts can tie; a majority of an odd number never does.
    votes: rule.that('an odd whole number ≥ 1 (1, 3, 5…), so a majority always decides', (value) => Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) % 2 === 1),
    calibration: true,
  },
};

const CACHE_OPTIONS: OptionsSchema = {
  shape: '{ mode?, dir? }',
  options: { mode: rule.that(`one of ${STORE_MODES.join(', ')}`, isStoreMode), dir: rule.nonEmptyString('a non-empty path') },
};

/** Throws a ToolCallAccuracyError naming the first bad setting. `allowed` narrows the keys `where` takes. */
export function checkConfig(config: unknown, where: string, allowed: ReadonlyArray<keyof JudgeConfig> = ALL_KEYS): asserts config is JudgeConfig {
  if (typeof config === 'object' && config !== null && !Array.isArray(config)) {
    const extra = Object.keys(config).filter((key) => !(allowed as readonly string[]).includes(key));
    // A setting `configureJudge` takes, passed where it does not belong: say where it goes.
    if (extra.length > 0 && extra.every((key) => (ALL_KEYS as readonly string[]).includes(key))) {
      throw new ToolCallAccuracyError(`${where} takes only { ${allowed.join(', ')} }; set ${extra.join(', ')} with configureJudge().`);
    }
  }
  checkOptions(config, allowed === ALL_KEYS ? JUDGE_OPTIONS : narrowed(JUDGE_OPTIONS, allowed, JUDGE_OPTIONS.shape), { where });
  const { cache, calibration } = config;
  if (calibration !== undefined) checkGate(calibration, `${where}: calibration`);
  if (cache !== undefined) checkOptions(cache, CACHE_OPTIONS, { where, name: `${where}: cache`, within: 'cache' });
}

function isModel(value: unknown): boolean {
  if (typeof value === 'string') return value.length > 0;
  return typeof value === 'object' && value !== null && typeof (value as { modelId?: unknown }).modelId === 'string';
}
