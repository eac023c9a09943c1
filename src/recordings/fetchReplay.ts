import { existsSync } from 'node:fs';
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
  type CassetteScope,
  type CurrentTest,
  type DataChange,
  type StoreSettings,
  type StoredStep,
} from '../store/index.js';
import { RecordingError } from './errors.js';
import { FETCH_STORE } from './fetchStore.js';
import { isResponseData, replayResponse, requestKey, type HttpRequestData, type HttpResponseData } from './httpExchange.js';
import { missNote } from './request.js';

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
  if (settings.mode === 'off') return liveAnswer(FETCH_STORE, async () => replayResponse(await live()), { owner: name ?? test.name, testPath: test.file });
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
    miss: (steps) => missError(scope, request, key, steps),
  });
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

