import { existsSync } from 'node:fs';
import { ToolCallAccuracyError } from '../errors.js';
import { describeValue } from '../describe.js';
import { escapeUnsafe } from '../printable.js';
import {
  cassetteScope,
  corruptFileError,
  currentTest,
  hashKey,
  liveAnswer,
  recordCommand,
  recordedAnswer,
  replayMissMessage,
  resolveStoreSettings,
  type CassetteScope,
  type StoredStep,
} from '../store/index.js';
import { checkRecordingOptions, getRecordingsConfig, RECORDINGS_STORE, type RecordingMode } from './config.js';
import { fromStored, redactor, toStored, type Redaction } from './data.js';
import { RecordingError } from './errors.js';
import { reportRecordings } from './usage.js';
import { missNote, requestData, type CallKind, type RequestIdentity } from './request.js';

/** The options of `recordedModel`. */
export interface RecordedModelOptions {
  /** Default: `configureRecordings({ mode })`, else `TOOL_CALL_ACCURACY_RECORDINGS`, else `replay` under CI, else `auto`. */
  mode?: RecordingMode;
  /** Where recording files go (relative to `process.cwd()`). Default: `__recordings__/` beside the test file. */
  dir?: string;
  /** The recording's name, instead of the current test's: one test can replay what another recorded, and code outside a test can record. */
  name?: string;
  /** Secrets to remove from prompts and answers before anything is written or keyed. */
  redact?: Redaction;
}

/**
 * An AI SDK language model of specification v2, v3 or v4 (`ai` 5, 6 or 7), as far as recording
 * needs it: `recordedModel` returns the same type it is given.
 */
export interface RecordableModel {
  readonly specificationVersion: 'v2' | 'v3' | 'v4';
  readonly provider: string;
  readonly modelId: string;
  doGenerate(options: never): PromiseLike<unknown>;
  doStream(options: never): PromiseLike<unknown>;
}

const WHO = 'recordedModel(model, options)';
const SPECIFICATIONS = ['v2', 'v3', 'v4'];

/**
 * The model, recording its answers per test and replaying them: in `replay` (the default under
 * CI) the model is never called, and a request with no recording is a RecordingError naming the
 * test, the file, what changed and the command that records it again. Works wherever the model
 * does: `generateText` and `streamText` loops, `Agent` / `ToolLoopAgent`, a Mastra `Agent`.
 * @example
 * const model = recordedModel(openai('gpt-5-mini'))
 * const result = await generateText({ model, tools, prompt: 'Weather in Tokyo?', stopWhen: stepCountIs(5) })
 * expect(result).toCallToolsInOrder(['get-weather'])
 */
export function recordedModel<M extends RecordableModel>(model: M, options: RecordedModelOptions = {}): M {
  if (typeof model !== 'object' || model === null || !SPECIFICATIONS.includes((model as { specificationVersion?: string }).specificationVersion ?? '') || typeof model.doGenerate !== 'function' || typeof model.doStream !== 'function') {
    const id = typeof model === 'string' ? ` A model id string such as ${JSON.stringify(model)} is resolved by the AI SDK later: pass the provider's model object (openai('gpt-5-mini')).` : '';
    throw new ToolCallAccuracyError(`${WHO} takes an AI SDK language model of specification v2, v3 or v4 (ai 5, 6 or 7); received ${typeof model === 'string' ? JSON.stringify(model) : describeValue(model)}.${id}`);
  }
  const given: unknown = options;
  checkRecordingOptions(given, WHO, ['mode', 'dir', 'name', 'redact']);
  const redact = redactor(options.redact, WHO);
  settingsFor(options, undefined); // a bad TOOL_CALL_ACCURACY_RECORDINGS is an error now, not at the first request
  reportRecordings();
  const identity = () => ({ provider: model.provider, modelId: model.modelId });

  /** One call of the model through the current test's recording: `ask` calls it and commits the step; `replay` answers from one. */
  const answer = <A>(call: CallKind, callOptions: unknown, ask: (commit: Commit) => Promise<A>, replay: (step: StoredStep, file: string) => A): Promise<A> => {
    const test = currentTest();
    const settings = settingsFor(options, test.file);
    if (settings.mode === 'off') return liveAnswer(RECORDINGS_STORE, () => ask(async () => undefined), { owner: options.name ?? test.name, testPath: test.file });
    const request: RequestIdentity = { call, model: identity(), request: requestData(callOptions, redact) };
    const scope = cassetteScope(RECORDINGS_STORE, settings, test, options.name, WHO);
    const key = hashKey(request);
    return recordedAnswer<A>(scope, key, {
      replay: (step) => replay(step, scope.file),
      ask: (commit) => ask((fields) => commit({ call, model: request.model, request: request.request, ...fields })),
      miss: (stored) => replayMiss(scope, stored, request, key),
    });
  };

  const wrapped = {
    specificationVersion: model.specificationVersion,
    get provider() {
      return model.provider;
    },
    get modelId() {
      return model.modelId;
    },
    get supportedUrls() {
      return (model as { supportedUrls?: unknown }).supportedUrls;
    },
    doGenerate: (callOptions: unknown) =>
      answer(
        'generate',
        callOptions,
        async (commit) => {
          const result = (await model.doGenerate(callOptions as never)) as Record<string, unknown>;
          await commit({ response: toStored(answerOf(result), redact) });
          return result;
        },
        replayGenerate,
      ),
    doStream: (callOptions: unknown) =>
      answer(
        'stream',
        callOptions,
        async (commit) => {
          const result = (await model.doStream(callOptions as never)) as { stream: ReadableStream<unknown> } & Record<string, unknown>;
          return { ...result, stream: recording(result.stream, redact, commit) };
        },
        replayStream,
      ),
  };
  return wrapped as unknown as M;
}

type Commit = (fields: Omit<StoredStep, 'key'>) => Promise<void>;

/** The stream as the caller reads it, part for part; once it is whole its parts are committed (a stream cut short records nothing). */
function recording(stream: ReadableStream<unknown>, redact: (text: string) => string, commit: Commit): ReadableStream<unknown> {
  const parts: unknown[] = [];
  return stream.pipeThrough(
    new TransformStream<unknown, unknown>({
      transform(part, controller) {
        parts.push(toStored(part, redact));
        controller.enqueue(part);
      },
      // The caller's stream ends once the file is written; a failed write errors it.
      flush: () => commit({ stream: parts }),
    }),
  );
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
  const parts = fromStored(step.stream) as unknown[];
  return {
    stream: new ReadableStream({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    }),
  };
}

function settingsFor(options: RecordedModelOptions, testFile: string | undefined) {
  return resolveStoreSettings(RECORDINGS_STORE, getRecordingsConfig(), { mode: options.mode, dir: options.dir }, process.env, testFile);
}

/**
 * What a generate result replays: its content, finish reason, usage, metadata and warnings, and the
 * response's id, time and model id. The raw request and response bodies (the prompt again, and
 * whatever the provider sent) and the response headers are never written.
 */
function answerOf(result: Record<string, unknown>): Record<string, unknown> {
  const { request: _request, response, ...rest } = result;
  if (typeof response !== 'object' || response === null) return rest;
  const { headers: _headers, body: _body, ...metadata } = response as Record<string, unknown>;
  return { ...rest, response: metadata };
}

function replayMiss(scope: CassetteScope, stored: readonly StoredStep[], request: RequestIdentity, key: string): Error {
  const { lines, changes } = missNote(stored, request, key, existsSync(scope.file));
  const owner = escapeUnsafe(JSON.stringify(scope.owner.length > 200 ? `${scope.owner.slice(0, 200)}…` : scope.owner));
  const message = replayMissMessage(RECORDINGS_STORE, scope.settings, {
    file: scope.file,
    testPath: scope.testPath,
    stale: lines.join('\n'),
    missingDetail: ` ${scope.owner === currentTest().name ? 'in test' : 'for the recording named'} ${owner}`,
  });
  return new RecordingError(message, { file: scope.file, test: scope.owner, testPath: scope.testPath, changes, command: recordCommand(RECORDINGS_STORE, scope.testPath) });
}
