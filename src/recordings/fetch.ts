import { ToolCallAccuracyError } from '../errors.js';
// The store's light parts only: the main entry imports this module; files and hashes load at the first request.
import { resolveStoreSettings } from '../store/mode.js';
import { currentTest } from '../store/test.js';
import { checkRecordingOptions, FETCH_STORE, getRecordingsConfig, type RecordingMode } from './config.js';
import { redactor, toStored, type Redaction } from './data.js';
import { readRequest, readResponse } from './httpExchange.js';
import { reportRecordings } from './usage.js';

const WHO = 'recordedFetch(options)';

/** The options of `recordedFetch`: those of `recordedModel`, and the `fetch` it wraps. */
export interface RecordedFetchOptions {
  /** Default: `configureRecordings({ mode })`, else `TOOL_CALL_ACCURACY_RECORDINGS`, else `replay` under CI, else `auto`. */
  mode?: RecordingMode;
  /** Where recording files go (relative to `process.cwd()`). Default: `__recordings__/` beside the test file. */
  dir?: string;
  /** The recording's name, instead of the current test's. */
  name?: string;
  /** Secrets to remove from requests and answers (URL, body) before anything is written or keyed. */
  redact?: Redaction;
  /** The fetch that makes live requests; default the global `fetch` at the time of the request. */
  fetch?: typeof globalThis.fetch;
}

/**
 * A `fetch` that records each exchange in the current test's recording file and replays it:
 * for clients that take a `fetch` option (`openai`, `@anthropic-ai/sdk`, AI SDK providers). The
 * same modes, folder, files and errors as `recordedModel`. A request is keyed by its method, the
 * URL's path and query (without credential parameters; the origin is written, not keyed) and its
 * body as data, never its headers; a streamed answer
 * (server-sent events) is written whole and replayed as a stream.
 */
export function recordedFetch(options: RecordedFetchOptions = {}): typeof globalThis.fetch {
  checkRecordingOptions(options as unknown, WHO, ['mode', 'dir', 'name', 'redact', 'fetch']);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw new ToolCallAccuracyError(`${WHO}: fetch must be a fetch function; received ${typeof options.fetch}.`);
  const clean = redactor(options.redact, WHO);
  const redact = <T>(value: T) => toStored(value, clean) as T;
  settingsFor(options, undefined); // a bad TOOL_CALL_ACCURACY_RECORDINGS is an error now, not at the first request
  reportRecordings();
  // Imported at the first request (it reads and writes files), then kept.
  let replaying: Promise<typeof import('./fetchReplay.js')> | undefined;
  return (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const { data, send } = await readRequest(input, init);
    const test = currentTest();
    // Read at each request: a setup file's configureRecordings and the test's own file apply.
    const settings = settingsFor(options, test.file);
    const { exchangeThroughRecording } = await (replaying ??= import('./fetchReplay.js'));
    return exchangeThroughRecording({ settings, test, name: options.name, who: WHO, request: redact(data), signal: send.signal, redact }, async () =>
      readResponse(await (options.fetch ?? globalThis.fetch)(send)),
    );
  }) as typeof globalThis.fetch;
}

function settingsFor(options: RecordedFetchOptions, testFile: string | undefined) {
  return resolveStoreSettings(FETCH_STORE, getRecordingsConfig(), { mode: options.mode, dir: options.dir }, process.env, testFile);
}
