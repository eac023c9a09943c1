import { checkOptions, narrowed, rule, type OptionsSchema } from '../options.js';
// The store's light parts only: the main entry imports this module, and loads no file system or crypto.
import { isStoreMode, STORE_MODES, type StoreMode } from '../store/mode.js';
import type { StoreUser } from '../store/user.js';
import { RecordingError } from './errors.js';

/** `auto`: replay what is recorded, record what is missing; `record`: call the model, write over; `replay`: never call the model; `off`: pass through. */
export type RecordingMode = StoreMode;

/** What `configureRecordings` sets for every `recordedModel` that leaves it out. */
export interface RecordingsConfig {
  mode?: RecordingMode | undefined;
  /** Where recording files go (relative paths resolve against `process.cwd()`). Default: `__recordings__/` beside each test file. */
  dir?: string | undefined;
}

export const RECORDINGS_ENV = 'TOOL_CALL_ACCURACY_RECORDINGS';
export const DEFAULT_RECORDINGS_DIR = '__recordings__';

/** Recordings as a user of the store: files beside the test, their variable, configure function and words. */
export const RECORDINGS_STORE: StoreUser = {
  defaultDir: DEFAULT_RECORDINGS_DIR,
  besideTestFile: true,
  env: RECORDINGS_ENV,
  configure: 'configureRecordings',
  modeNoun: 'a recordings mode',
  entry: 'recording',
  corruptFix: `Delete the file and record the test again (${RECORDINGS_ENV}=record)`,
  error: (message, options) => new RecordingError(message, options),
  replay: {
    missing: 'No recording of this model request',
    inReplay: 'recordings are in replay mode',
    configureCall: (mode) => `configureRecordings({ mode: '${mode}' })`,
    optionChose: (mode) => `recordedModel(model, { mode: '${mode}' })`,
    optionSet: (mode) => `giving recordedModel(model, { mode: '${mode}' })`,
    recordMode: 'record',
    credentials: "the model's credentials",
    envNote: '(record calls the model for every request of the tests it runs and writes their recordings anew.)',
    commit: () => 'Then commit the recording file.',
  },
};

/** Recordings of HTTP exchanges: recordedModel's folder, variable, configure function and files, in words about requests. */
export const FETCH_STORE: StoreUser = {
  ...RECORDINGS_STORE,
  replay: {
    ...RECORDINGS_STORE.replay,
    missing: 'No recording of this HTTP request',
    optionChose: (mode) => `recordedFetch({ mode: '${mode}' })`,
    optionSet: (mode) => `giving recordedFetch({ mode: '${mode}' })`,
    envNote: '(record sends every request of the tests it runs and writes their recordings anew.)',
  },
};

/** Recorded tool executions: recordedModel's files (a tool's steps beside the model's), in words about tools, its events marked `tool`. */
export const TOOLS_STORE: StoreUser = {
  ...RECORDINGS_STORE,
  kind: 'tool',
  replay: {
    ...RECORDINGS_STORE.replay,
    missing: 'No recording of this tool call',
    notAsked: 'the tool is not run',
    optionChose: (mode) => `recordedTools(tools, { mode: '${mode}' })`,
    optionSet: (mode) => `giving recordedTools(tools, { mode: '${mode}' })`,
    credentials: "what the tools need to run live (their credentials and services), and the model's",
    envNote: '(record runs every tool call and model request of the tests it runs and writes their recordings anew.)',
  },
};

// Kept on globalThis: the ESM and CJS builds, and a setup file and the tests, share one configuration.
const STATE = Symbol.for('tool-call-accuracy.recordings-config');
type Holder = { [STATE]?: RecordingsConfig };

/**
 * Sets the mode and folder of every `recordedModel` that does not set its own (a setup file is the
 * place). A later call changes only what it names; a setting named with `undefined` is cleared.
 * The mode in force: `recordedModel`'s option, then this, then `TOOL_CALL_ACCURACY_RECORDINGS`,
 * then `replay` when `CI` is set, else `auto`.
 * @example
 * configureRecordings({ mode: 'replay' })
 */
export function configureRecordings(config: RecordingsConfig): void {
  checkRecordingOptions(config, 'configureRecordings', ['mode', 'dir']);
  (globalThis as Holder)[STATE] = Object.fromEntries(Object.entries({ ...getRecordingsConfig(), ...config }).filter(([, value]) => value !== undefined));
}

// One object while nothing is configured, so that what is resolved from it can be kept (recordedModel's settings).
const NOTHING_CONFIGURED: Readonly<RecordingsConfig> = Object.freeze({});

/** What `configureRecordings` has set. */
export function getRecordingsConfig(): Readonly<RecordingsConfig> {
  return (globalThis as Holder)[STATE] ?? NOTHING_CONFIGURED;
}

/** Forgets every `configureRecordings` setting (for tests). */
export function resetRecordingsConfig(): void {
  (globalThis as Holder)[STATE] = {};
}

/** Every recording option; `redact` and `fetch` are checked by the functions that take them. */
const RECORDING_OPTIONS: OptionsSchema = {
  shape: 'an object such as { mode: "replay" }',
  options: {
    mode: rule.that(`one of ${STORE_MODES.join(', ')}`, isStoreMode),
    dir: rule.nonEmptyString('a non-empty path'),
    name: rule.nonEmptyString('a non-empty string'),
    redact: true,
    fetch: true,
  },
};

/** A ToolCallAccuracyError naming the first bad option of `where`, which takes the options `allowed`. */
export function checkRecordingOptions(options: unknown, where: string, allowed: readonly string[]): asserts options is Record<string, unknown> {
  checkOptions(options, narrowed(RECORDING_OPTIONS, allowed, `an object such as { ${allowed.join(', ')} }`), { where });
}
