import { existsSync } from 'node:fs';
import { escapeUnsafe } from '../printable.js';
import {
  canonical,
  cassetteScope,
  corruptFileError,
  sha256,
  liveAnswer,
  recordCommand,
  recordedAnswer,
  replayMissMessage,
  type CassetteScope,
  type CurrentTest,
  type StoreSettings,
  type StoredStep,
  type StoreUser,
} from '../store/index.js';
import { RECORDINGS_STORE } from './config.js';
import { fromStored } from './data.js';
import { RecordingError } from './errors.js';
import { missNote, requestData, requestKeyText, sameRequest, type CallKind, type RequestIdentity } from './request.js';

/** Stores the step of an answer once it is whole (`recordedAnswer`'s commit, with the request added). */
export type Commit = (fields: Omit<StoredStep, 'key'>) => Promise<void>;

/** One model call as `recordedModel` hands it over: the mode in force, the test, the call's options. */
export interface RecordedCall {
  settings: StoreSettings;
  test: CurrentTest;
  name: string | undefined;
  who: string;
  call: CallKind;
  model: { provider: string; modelId: string };
  callOptions: unknown;
  redact: (text: string) => string;
}

/**
 * One model call through the current test's recording: keyed by its request's data, replayed from
 * the step the store finds (a generate answer, or a stream of the recorded parts), else asked by
 * `ask` (which commits the step once its answer is whole), else, in `replay`, a RecordingError.
 */
export function answerThroughRecording<A>(recorded: RecordedCall, ask: (commit: Commit) => Promise<A>): Promise<A> {
  const { settings, test, call } = recorded;
  if (settings.mode === 'off') return liveAnswer(RECORDINGS_STORE, () => ask(async () => undefined), { owner: recorded.name ?? test.name, testPath: test.file, test });
  const model = { modelId: recorded.model.modelId, provider: recorded.model.provider };
  // A test replays its steps in the order it recorded them: a request that is the next step's
  // (its method, model and request data, `sameRequest`) takes that step's key, with no copy made and
  // nothing hashed. Any other is keyed by the sha256 of its data's text; the data (a copy, keys
  // sorted at every level) is made once, for the key, the step recorded or a miss's words.
  let data: Record<string, unknown> | undefined;
  const dataOf = () => (data ??= requestData(recorded.callOptions, recorded.redact));
  let key = '';
  const keyOf = (next: StoredStep | undefined): string => {
    const sameStep = next !== undefined && next.call === call && sameModel(next.model, model) && sameRequest(recorded.callOptions, next.request, recorded.redact);
    return (key = sameStep ? next.key : sha256(requestKeyText(call, model, dataOf())));
  };
  const request = (): RequestIdentity => ({ call, model, request: dataOf() });
  const scope = cassetteScope(RECORDINGS_STORE, settings, test, recorded.name, recorded.who);
  return recordedAnswer<A>(scope, keyOf, {
    replay: (step) => (call === 'generate' ? replayGenerate(step, scope.file) : replayStream(step, scope.file)) as A,
    ask: (commit) => {
      // Made before the model is asked (it may change the options it was given).
      const asked = dataOf();
      // Keys sorted in the answer too, so that recording the same answer again changes no line of the file.
      return ask((fields) => commit({ call, model, request: asked, ...canonical(fields) }));
    },
    miss: (stored) => {
      const error = replayMiss(scope, stored, request(), key, recorded.name !== undefined);
      return call === 'stream' ? asNoOutput(error) : error;
    },
  });
}

function sameModel(stored: unknown, model: { provider: string; modelId: string }): boolean {
  return typeof stored === 'object' && stored !== null && (stored as { provider?: unknown }).provider === model.provider && (stored as { modelId?: unknown }).modelId === model.modelId;
}

/**
 * A `streamText` miss, marked as the AI SDK marks "no output generated": `streamText` (ai 6 and 7)
 * then rejects its results (`text`, `steps`, `consumeStream`) with this very error rather than a
 * generic one of its own that points at the stream, so the test fails with the RecordingError as a
 * `generateText` miss does. The marks are the ones the SDK's `isInstance` checks read (its
 * `Symbol.for` keys); the error stays a RecordingError.
 */
export function asNoOutput(error: RecordingError): RecordingError {
  for (const marker of ['vercel.ai.error', 'vercel.ai.error.AI_NoOutputGeneratedError']) Object.defineProperty(error, Symbol.for(marker), { value: true });
  return error;
}

function replayGenerate(step: StoredStep, file: string): Record<string, unknown> {
  const response = fromStored(step.response) as Record<string, unknown> | undefined;
  if (typeof response !== 'object' || response === null || !Array.isArray(response.content)) {
    throw corruptFileError(RECORDINGS_STORE, file, 'a doGenerate step has no "response" with a "content" list');
  }
  return response;
}

function replayStream(step: StoredStep, file: string): { stream: ReadableStream<unknown> } {
  if (!Array.isArray(step.stream)) throw corruptFileError(RECORDINGS_STORE, file, 'a doStream step has no "stream" list of parts');
  if (step.result !== undefined && (typeof step.result !== 'object' || step.result === null || Array.isArray(step.result))) throw corruptFileError(RECORDINGS_STORE, file, 'a doStream step\'s "result" is not an object');
  const parts = fromStored(step.stream) as unknown[];
  return {
    ...(fromStored(step.result ?? {}) as Record<string, unknown>),
    stream: new ReadableStream({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    }),
  };
}

function replayMiss(scope: CassetteScope, stored: readonly StoredStep[], request: RequestIdentity, key: string, named: boolean): RecordingError {
  return recordingMiss(RECORDINGS_STORE, scope, missNote(stored, request, key, existsSync(scope.file)), named ? 'for the recording named' : 'in test');
}

/**
 * A `replay` miss of recordedModel or recordedFetch as a RecordingError: the test (or name), the
 * file, the nearest recorded request and what differs from it (`note`), the command that records again.
 */
export function recordingMiss(user: StoreUser, scope: CassetteScope, note: { lines: string[]; changes: string[] }, whose: string, what = ''): RecordingError {
  const owner = escapeUnsafe(JSON.stringify(scope.owner.length > 200 ? `${scope.owner.slice(0, 200)}…` : scope.owner));
  const message = replayMissMessage(user, scope.settings, { file: scope.file, testPath: scope.testPath, stale: note.lines.join('\n'), missingDetail: `${what} ${whose} ${owner}` });
  return new RecordingError(message, { file: scope.file, test: scope.owner, testPath: scope.testPath, changes: note.changes, command: recordCommand(user, scope.testPath) });
}
