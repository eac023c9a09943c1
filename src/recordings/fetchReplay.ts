import { existsSync } from 'node:fs';
import { isRecord } from '../calls/adapter.js';
import { escapeUnsafe } from '../printable.js';
import {
  canonical,
  cassetteScope,
  corruptFileError,
  dataChanges,
  hashKey,
  liveAnswer,
  recordedAnswer,
  type CurrentTest,
  type DataChange,
  type StoreSettings,
  type StoredStep,
} from '../store/index.js';
import { FETCH_STORE } from './config.js';
import { isResponseData, replayResponse, requestKey, type HttpRequestData, type HttpResponseData } from './httpExchange.js';
import { describeValueChange, missNote } from './request.js';
import { asNoOutput, recordingMiss } from './replay.js';

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

/** One request as `recordedFetch` hands it over: the mode in force, the test, the request (redacted), how to clean an answer. */
export interface RecordedExchange {
  settings: StoreSettings;
  test: CurrentTest;
  name: string | undefined;
  who: string;
  request: HttpRequestData;
  signal: AbortSignal;
  redact: <T>(value: T) => T;
}

/**
 * One request through the current test's recording: keyed by its method, path and query, and body;
 * replayed from the step the store finds, else sent (`live`) and written once whole, else, in
 * `replay`, a RecordingError naming what changed. `off` sends it and writes nothing.
 */
export function exchangeThroughRecording(exchange: RecordedExchange, live: () => Promise<HttpResponseData>): Promise<Response> {
  const { settings, test, name, who, signal, redact } = exchange;
  if (settings.mode === 'off') return liveAnswer(FETCH_STORE, async () => replayResponse(await live()), { owner: name ?? test.name, testPath: test.file, test });
  const request = canonical(exchange.request);
  const scope = cassetteScope(FETCH_STORE, settings, test, name, who);
  const key = hashKey(requestKey(request));
  return recordedAnswer<Response>(scope, key, {
    replay: (step) => {
      if (!isResponseData(step.response)) throw corruptFileError(FETCH_STORE, scope.file, `the response of its step with key ${step.key.slice(0, 12)}… is not a recorded response (a "status" from 100 to 599)`);
      if (signal.aborted) throw signal.reason;
      return replayResponse(step.response);
    },
    ask: async (commit) => {
      const response = await live();
      if (!TRANSIENT(response.status)) await commit({ request, response: canonical(redact(response)) } satisfies Omit<FetchStep, 'key'>);
      return replayResponse(response);
    },
    // A miss of a streamed request (`"stream": true`: an AI SDK provider under streamText) is the error streamText rejects with.
    miss: (steps) => {
      const now = requestKey(request);
      const changesOf = (step: StoredStep) => {
        const old = typeof step.request === 'object' && step.request !== null ? requestKey(step.request as HttpRequestData) : {};
        return dataChanges(old, now, 50).slice(0, 8).map((change) => describeChange(change));
      };
      const note = missNote(steps, undefined, key, existsSync(scope.file), changesOf);
      const error = recordingMiss(FETCH_STORE, scope, note, name !== undefined ? 'for the recording named' : 'in test', ` (${request.method} ${escapeUnsafe(request.url)})`);
      return isRecord(request.body) && request.body.stream === true ? asNoOutput(error) : error;
    },
  });
}

/** `body.messages[0].content: was "Weather in Paris?", now "Weather in Lyon?"`; from `root` (a tool's `input.city: …`) when given. */
export function describeChange(change: DataChange, root = ''): string {
  const where = change.path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text === '' ? part : `${text}.${part}`), root) || '(the whole request)';
  return `${escapeUnsafe(where)}: ${describeValueChange(change.before, change.after)}`;
}

