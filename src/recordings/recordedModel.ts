import { ToolCallAccuracyError } from '../errors.js';
import { describeValue } from '../describe.js';
// The store's light parts only: the main entry imports this module; files and hashes load at the first call.
import { resolveStoreSettings, type StoreOptions, type StoreSettings } from '../store/mode.js';
import { currentTest } from '../store/test.js';
import { checkRecordingOptions, getRecordingsConfig, RECORDINGS_ENV, RECORDINGS_STORE, type RecordingMode } from './config.js';
import { redactor, toStored, type Redaction } from './data.js';
import type { Commit } from './replay.js';
import type { CallKind } from './request.js';
import { reportRecordings } from './usage.js';

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
  resolveStoreSettings(RECORDINGS_STORE, getRecordingsConfig(), { mode: options.mode, dir: options.dir }); // a bad TOOL_CALL_ACCURACY_RECORDINGS is an error now, not at the first request
  reportRecordings();
  const identity = () => ({ provider: model.provider, modelId: model.modelId });

  // The replay module, imported at the first call (it reads and writes files) and kept: once
  // loaded, a call awaits nothing of its own before the recording answers.
  let replaying: Promise<typeof import('./replay.js')> | undefined;
  let replay: typeof import('./replay.js') | undefined;
  const settingsFor = storeSettingsCache({ mode: options.mode, dir: options.dir });
  /** One call of the model through the current test's recording; the test is read when the call is made. */
  const answer = <A>(call: CallKind, callOptions: unknown, ask: (commit: Commit) => Promise<A>): Promise<A> => {
    try {
      const test = currentTest();
      const recorded = { settings: settingsFor(test.file), test, name: options.name, who: WHO, call, model: identity(), callOptions, redact };
      if (replay !== undefined) return replay.answerThroughRecording<A>(recorded, ask);
      return (replaying ??= import('./replay.js')).then((loaded) => (replay = loaded).answerThroughRecording<A>(recorded, ask));
    } catch (error) {
      return Promise.reject(error as Error);
    }
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
      ),
    doStream: (callOptions: unknown) =>
      answer(
        'stream',
        callOptions,
        async (commit) => {
          const result = (await model.doStream(callOptions as never)) as { stream: ReadableStream<unknown> } & Record<string, unknown>;
          const rest = toStored(streamResultOf(result), redact) as Record<string, unknown>;
          return { ...result, stream: recording(result.stream, redact, (fields) => commit({ ...fields, ...(Object.keys(rest).length > 0 && { result: rest }) })) };
        },
      ),
  };
  return wrapped as unknown as M;
}

/**
 * `resolveStoreSettings` for one model's options, made again only when what it reads changed: the
 * configuration (`configureRecordings` sets a new object each call), TOOL_CALL_ACCURACY_RECORDINGS
 * and CI, the working directory (a relative folder resolves against it) and the test file. Resolving
 * per request (a path resolved, the environment read) was a part of a replayed step's cost
 * (bench/RESULTS.md, issue 45, i45f).
 */
function storeSettingsCache(option: StoreOptions): (testFile: string | undefined) => StoreSettings {
  let last: { configured: object; mode: string | undefined; ci: string | undefined; cwd: string; testFile: string | undefined; settings: StoreSettings } | undefined;
  return (testFile) => {
    const configured = getRecordingsConfig();
    const env = process.env;
    const mode = env[RECORDINGS_ENV];
    const ci = env.CI;
    const cwd = process.cwd();
    if (last !== undefined && last.configured === configured && last.mode === mode && last.ci === ci && last.cwd === cwd && last.testFile === testFile) return last.settings;
    const settings = resolveStoreSettings(RECORDINGS_STORE, configured, option, env, testFile);
    last = { configured, mode, ci, cwd, testFile, settings };
    return settings;
  };
}

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

/**
 * What a generate result replays: everything the result holds but the response's headers (they
 * carry cookies and request ids, and nothing the agent did): its content, finish reason, usage,
 * provider metadata and warnings, the request body the provider was sent (where the judge finds
 * the user's request), and the response's id, time, model id and body. A replay is the live result.
 */
function answerOf(result: Record<string, unknown>): Record<string, unknown> {
  const { response, ...rest } = result;
  if (typeof response !== 'object' || response === null) return rest;
  const { headers: _headers, ...metadata } = response as Record<string, unknown>;
  return { ...rest, response: metadata };
}

/** What a stream result holds besides its stream, as replayed: the request body; the response's metadata without headers. */
function streamResultOf(result: Record<string, unknown>): Record<string, unknown> {
  const { stream: _stream, ...rest } = result;
  return answerOf(rest);
}
