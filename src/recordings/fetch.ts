import { ToolCallAccuracyError } from '../errors.js';
import {
  canonical,
  cassetteScope,
  corruptFileError,
  currentTest,
  dataChanges,
  display,
  sameData,
  hashKey,
  isStoreMode,
  nearest,
  recordedAnswer,
  replayMissMessage,
  resolveStoreSettings,
  staleNote,
  STORE_MODES,
  type CassetteScope,
  type DataChange,
  type StoredStep,
  type StoreMode,
  type StoreUser,
} from '../store/index.js';
import { reportRecordings } from './usage.js';
import { isResponseData, readRequest, readResponse, replayResponse, requestKey, type HttpRequestData, type HttpResponseData } from './httpExchange.js';

// ---------------------------------------------------------------------------------------------
// Shared with recordedModel: replaced by its module's exports when both branches meet.
const RECORDINGS_ENV = 'TOOL_CALL_ACCURACY_RECORDINGS';
const RECORDINGS: StoreUser = {
  defaultDir: '__recordings__',
  besideTestFile: true,
  env: RECORDINGS_ENV,
  configure: 'configureRecordings',
  modeNoun: 'a recordings mode',
  entry: 'recording',
  corruptFix: `Delete the file and record it again (${RECORDINGS_ENV}=record)`,
  error: (message, options) => new ToolCallAccuracyError(message, options),
  replay: {
    missing: 'No recorded answer for this request',
    inReplay: 'recordings are in replay mode',
    configureCall: (mode) => `configureRecordings({ mode: '${mode}' })`,
    optionChose: (mode) => `the option mode: '${mode}'`,
    optionSet: (mode) => `setting the option mode: '${mode}'`,
    recordMode: 'record',
    credentials: "the model's credentials",
    envNote: '',
    commit: (stale) => `Then commit the new file${stale ? ' (it replaces the stale one)' : ''}.`,
  },
};
type Redact = ReadonlyArray<string | RegExp> | ((text: string) => string);
function redactor(redact: Redact | undefined): (value: unknown) => unknown {
  if (redact === undefined) return (value) => value;
  const text = typeof redact === 'function' ? redact : (input: string) => redact.reduce<string>((out, secret) => (typeof secret === 'string' ? out.split(secret).join('[REDACTED]') : out.replace(new RegExp(secret.source, secret.flags.includes('g') ? secret.flags : `${secret.flags}g`), '[REDACTED]')), input);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    return value;
  };
  return walk;
}
// ---------------------------------------------------------------------------------------------

/** The options of `recordedFetch`: those of `recordedModel`, and the `fetch` it wraps. */
export interface RecordedFetchOptions {
  mode?: StoreMode;
  dir?: string;
  name?: string;
  redact?: Redact;
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
  checkOptions(options);
  reportRecordings();
  const redact = redactor(options.redact);
  const recorded = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const { data, send } = await readRequest(input, init);
    const request = canonical(redact(data) as HttpRequestData);
    const test = currentTest();
    // Read at each request: a setup file's configureRecordings and the test's own file apply.
    const settings = resolveStoreSettings(RECORDINGS, undefined, { mode: options.mode, dir: options.dir }, process.env, test.file);
    const scope = cassetteScope(RECORDINGS, settings, test, options.name, 'recordedFetch(…)');
    const key = hashKey(requestKey(request));
    return recordedAnswer<Response>(scope, key, {
      replay: (step) => {
        if (!isResponseData(step.response)) throw corruptFileError(RECORDINGS, scope.file, `the response of its step with key ${step.key.slice(0, 12)}… is not a recorded response (a "status" from 100 to 599)`);
        if (send.signal.aborted) throw send.signal.reason;
        return replayResponse(step.response);
      },
      ask: async (commit) => {
        const live = await (options.fetch ?? globalThis.fetch)(send);
        const response = await readResponse(live);
        if (!TRANSIENT(response.status)) await commit({ request, response: canonical(redact(response) as HttpResponseData) } satisfies Omit<FetchStep, 'key'>);
        return replayResponse(response);
      },
      miss: (steps) => missError(scope, request, steps),
    });
  };
  return recorded as typeof globalThis.fetch;
}

function checkOptions(options: RecordedFetchOptions): void {
  if (typeof options !== 'object' || options === null) throw new TypeError('recordedFetch(options): options must be an object such as { mode: "replay" }.');
  if (options.mode !== undefined && !isStoreMode(options.mode)) throw new TypeError(`recordedFetch: mode ${JSON.stringify(options.mode)} is not a recordings mode; use one of ${STORE_MODES.join(', ')}.`);
  if (options.dir !== undefined && (typeof options.dir !== 'string' || options.dir === '')) throw new TypeError('recordedFetch: dir must be a folder path, such as "test/__recordings__".');
  if (options.name !== undefined && (typeof options.name !== 'string' || options.name === '')) throw new TypeError('recordedFetch: name must be a non-empty string naming the recording.');
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw new TypeError('recordedFetch: fetch must be a fetch function.');
}

/** A `replay` miss: the test, the file, the nearest recorded request of the file and what differs from it, the command that records again. */
function missError(scope: CassetteScope, request: HttpRequestData, steps: readonly StoredStep[]): Error {
  const recordedRequests = steps.flatMap((step) => (isObject(step.request) ? [step.request as unknown as HttpRequestData] : []));
  const closest = nearest(recordedRequests, (old) => dataChanges(requestKey(old), requestKey(request)).map(describeChange));
  const owner = scope.owner === currentTest().name ? 'by this test' : `under the name ${JSON.stringify(scope.owner)}`;
  let stale: string | undefined;
  if (closest !== undefined && closest.changes.length === 0) {
    const times = recordedRequests.filter((old) => sameData(requestKey(old), requestKey(request))).length;
    stale = `${display(scope.file)} holds ${times === 1 ? 'one answer' : `${times} answers`} to this same request: the test now makes it more often than when it was recorded.`;
  } else if (closest !== undefined) stale = staleNote(scope.file, owner, closest.changes);
  const detail = ` (${request.method} ${request.url}) in ${JSON.stringify(scope.owner)}`;
  return RECORDINGS.error(replayMissMessage(RECORDINGS, scope.settings, { file: scope.file, testPath: scope.testPath, stale, missingDetail: detail }));
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
