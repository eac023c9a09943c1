import { existsSync } from 'node:fs';
import { ToolCallAccuracyError } from '../errors.js';
import { escapeUnsafe } from '../printable.js';
import {
  canonical,
  cassetteScope,
  corruptFileError,
  currentTest,
  dataChanges,
  hashKey,
  liveAnswer,
  recordCommand,
  recordedAnswer,
  replayMissMessage,
  resolveStoreSettings,
  type CassetteScope,
  type DataChange,
  type StoredStep,
  type StoreUser,
} from '../store/index.js';
import { checkRecordingOptions, getRecordingsConfig, RECORDINGS_STORE, type RecordingMode } from './config.js';
import { redactor, toStored, type Redaction } from './data.js';
import { RecordingError } from './errors.js';
import { isResponseData, readRequest, readResponse, replayResponse, requestKey, type HttpRequestData, type HttpResponseData } from './httpExchange.js';
import { missNote } from './request.js';
import { reportRecordings } from './usage.js';

const WHO = 'recordedFetch(options)';

/** Recordings of HTTP exchanges: recordedModel's folder, variable, configure function and files, in words about requests. */
const FETCH_STORE: StoreUser = {
  ...RECORDINGS_STORE,
  replay: {
    ...RECORDINGS_STORE.replay,
    missing: 'No recording of this HTTP request',
    optionChose: (mode) => `recordedFetch({ mode: '${mode}' })`,
    optionSet: (mode) => `giving recordedFetch({ mode: '${mode}' })`,
    envNote: '(record sends every request of the tests it runs and writes their recordings anew.)',
  },
};

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

/** One recorded exchange in a recording file. */
interface FetchStep extends StoredStep {
  request: HttpRequestData;
  response: HttpResponseData;
}

/**
 * Statuses a provider answers when it is busy or down: passed to the client (which retries) but
 * never written, so that a replay does not play an outage back.
 */
const TRANSIENT = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

/**
 * A `fetch` that records each exchange in the current test's recording file and replays it:
 * for clients that take a `fetch` option (`openai`, `@anthropic-ai/sdk`, AI SDK providers). The
 * same modes, folder, files and errors as `recordedModel`. A request is keyed by its method, the
 * URL's path and query (without credential parameters; the origin is written, not keyed) and its
 * body as data, never its headers; a streamed answer
 * (server-sent events) is written whole and replayed as a stream.
 */
export function recordedFetch(options: RecordedFetchOptions = {}): typeof globalThis.fetch {
  const given: unknown = options;
  checkRecordingOptions(given, WHO, ['mode', 'dir', 'name', 'redact', 'fetch']);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw new ToolCallAccuracyError(`${WHO}: fetch must be a fetch function; received ${typeof options.fetch}.`);
  const clean = redactor(options.redact, WHO);
  const redact = <T>(value: T) => toStored(value, clean) as T;
  settingsFor(options, undefined); // a bad TOOL_CALL_ACCURACY_RECORDINGS is an error now, not at the first request
  reportRecordings();
  const recorded = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const { data, send } = await readRequest(input, init);
    const live = async () => readResponse(await (options.fetch ?? globalThis.fetch)(send));
    const test = currentTest();
    // Read at each request: a setup file's configureRecordings and the test's own file apply.
    const settings = settingsFor(options, test.file);
    if (settings.mode === 'off') return liveAnswer(FETCH_STORE, async () => replayResponse(await live()), { owner: options.name ?? test.name, testPath: test.file });
    const request = canonical(redact(data));
    const scope = cassetteScope(FETCH_STORE, settings, test, options.name, WHO);
    const key = hashKey(requestKey(request));
    return recordedAnswer<Response>(scope, key, {
      replay: (step) => {
        if (!isResponseData(step.response)) throw corruptFileError(FETCH_STORE, scope.file, `the response of its step with key ${step.key.slice(0, 12)}… is not a recorded response (a "status" from 100 to 599)`);
        if (send.signal.aborted) throw send.signal.reason;
        return replayResponse(step.response);
      },
      ask: async (commit) => {
        const response = await live();
        if (!TRANSIENT(response.status)) await commit({ request, response: canonical(redact(response)) } satisfies Omit<FetchStep, 'key'>);
        return replayResponse(response);
      },
      miss: (steps) => missError(scope, request, key, steps),
    });
  };
  return recorded as typeof globalThis.fetch;
}

function settingsFor(options: RecordedFetchOptions, testFile: string | undefined) {
  return resolveStoreSettings(FETCH_STORE, getRecordingsConfig(), { mode: options.mode, dir: options.dir }, process.env, testFile);
}

/** A `replay` miss: the test, the file, the nearest recorded request of the file and what differs from it, the command that records again. */
function missError(scope: CassetteScope, request: HttpRequestData, key: string, steps: readonly StoredStep[]): Error {
  const now = requestKey(request);
  const changesOf = (step: StoredStep) => {
    const old = typeof step.request === 'object' && step.request !== null ? requestKey(step.request as HttpRequestData) : {};
    return dataChanges(old, now, 50).slice(0, 8).map(describeChange);
  };
  const { lines, changes } = missNote(steps, undefined, key, existsSync(scope.file), changesOf);
  const owner = escapeUnsafe(JSON.stringify(scope.owner.length > 200 ? `${scope.owner.slice(0, 200)}…` : scope.owner));
  const message = replayMissMessage(FETCH_STORE, scope.settings, {
    file: scope.file,
    testPath: scope.testPath,
    stale: lines.join('\n'),
    missingDetail: ` (${request.method} ${escapeUnsafe(request.url)}) ${scope.owner === currentTest().name ? 'in test' : 'for the recording named'} ${owner}`,
  });
  return new RecordingError(message, { file: scope.file, test: scope.owner, testPath: scope.testPath, changes, command: recordCommand(FETCH_STORE, scope.testPath) });
}

/** `body.messages[0].content: was "Weather in Paris?", now "Weather in Lyon?"` */
function describeChange(change: DataChange): string {
  const where = change.path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text === '' ? part : `${text}.${part}`), '') || '(the whole request)';
  return `${where}: ${shown(change.before, 'absent')} then, ${shown(change.after, 'absent')} now`;
}

function shown(value: unknown, absent: string): string {
  if (value === undefined) return absent;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

