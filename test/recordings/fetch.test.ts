/**
 * recordedFetch with the real clients that take a `fetch` option: `openai`, `@anthropic-ai/sdk`
 * and an AI SDK provider (`@ai-sdk/openai`, Responses and Chat Completions), against loopback
 * servers speaking each protocol. Each records with the server up, then replays with the server
 * stopped: the same answers, streams included, and no credential in any file.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { Agent, OpenAIProvider, Runner, tool as agentTool } from '@openai/agents';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getToolCalls } from '../../src/calls/getToolCalls.js';
import { RecordingError } from '../../src/recordings/errors.js';
import { recordedFetch, type RecordedFetchOptions } from '../../src/recordings/fetch.js';
import { resetStoreActivity as forgetOpenFiles } from '../../src/store/index.js';
import { answer, callTools, startLoopback, type Loopback } from '../helpers/loopback.js';

const SECRET_KEY = 'sk-live-0123456789abcdef';
const weatherCall = callTools({ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } });
const weatherAnswer = answer('It is sunny in Paris.');

let dir: string;
let server: Loopback | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tca-fetch-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** Every file the recordings wrote, as text. */
async function writtenFiles(): Promise<string[]> {
  const names = await readdir(dir, { recursive: true });
  return Promise.all(names.filter((name) => name.endsWith('.json')).map((name) => readFile(path.join(dir, name), 'utf8')));
}

/**
 * The messages of an error and its causes: the openai and Anthropic clients report an error thrown
 * by `fetch` as a connection error whose cause it is.
 */
function messagesOf(error: unknown): string {
  const messages: string[] = [];
  for (let at = error; at instanceof Error; at = at.cause) messages.push(at.message);
  return messages.join('\n');
}

/** Starts the server, runs `work` recording, stops the server, runs `work` replaying; returns both results. */
async function recordThenReplay<T>(
  script: Parameters<typeof startLoopback>,
  work: (fetch: typeof globalThis.fetch, baseURL: string) => Promise<T>,
  options: RecordedFetchOptions = {},
): Promise<{ recorded: T; replayed: T; requests: number }> {
  server = await startLoopback(...script);
  const baseURL = server.url;
  const recorded = await work(recordedFetch({ mode: 'record', dir, name: 'the exchange', ...options }), baseURL);
  const requests = server.requests.length;
  await server.close();
  server = undefined;
  forgetOpenFiles(); // as a new process would: the replay counts its requests from the start
  const replayed = await work(recordedFetch({ mode: 'replay', dir, name: 'the exchange', ...options }), baseURL);
  return { recorded, replayed, requests };
}

const openaiTools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
  { type: 'function', function: { name: 'get_weather', description: 'The weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
];

describe('recordedFetch with the openai client', () => {
  it('records a tool-calling completion and replays it with the server stopped', async () => {
    const { recorded, replayed, requests } = await recordThenReplay([weatherCall], async (fetch, baseURL) => {
      const client = new OpenAI({ apiKey: SECRET_KEY, baseURL, fetch, maxRetries: 0 });
      return client.chat.completions.create({ model: 'gpt-5-mini', messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: openaiTools });
    });
    expect(requests).toBe(1);
    expect(replayed).toEqual(recorded);
    expect(getToolCalls(replayed)).toEqual([{ toolName: 'get_weather', input: { city: 'Paris' }, toolCallId: 'call_1' }]);
  });

  it('replays a streamed completion as a stream, chunk for chunk', async () => {
    const { recorded, replayed } = await recordThenReplay([weatherCall], async (fetch, baseURL) => {
      const client = new OpenAI({ apiKey: SECRET_KEY, baseURL, fetch, maxRetries: 0 });
      const stream = await client.chat.completions.create({ model: 'gpt-5-mini', messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: openaiTools, stream: true });
      const chunks: unknown[] = [];
      for await (const chunk of stream) chunks.push(chunk);
      return chunks;
    });
    expect(recorded.length).toBeGreaterThan(3);
    expect(replayed).toEqual(recorded);
  });

  it('never writes the API key, a credential in the URL, or a redacted secret', async () => {
    const { recorded, replayed } = await recordThenReplay(
      [weatherAnswer],
      async (fetch, baseURL) => {
        const client = new OpenAI({ apiKey: SECRET_KEY, baseURL, fetch, maxRetries: 0, defaultQuery: { key: SECRET_KEY, 'api-version': '2025-01-01' } });
        return client.chat.completions.create({ model: 'gpt-5-mini', messages: [{ role: 'user', content: 'Pay with card 4111 1111 1111 1111' }] });
      },
      { redact: ['4111 1111 1111 1111'] },
    );
    expect(replayed).toEqual(recorded);
    const files = await writtenFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const text of files) {
      expect(text).not.toContain(SECRET_KEY);
      expect(text).not.toContain('4111 1111 1111 1111');
      expect(text).not.toMatch(/authorization|bearer/i);
    }
    expect(files.join('\n')).toContain('api-version=2025-01-01');
  });
});

describe('recordedFetch with the Anthropic client', () => {
  const tools: Anthropic.Tool[] = [{ name: 'get_weather', description: 'The weather in a city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }];

  it('records and replays a message and a streamed message', async () => {
    const { recorded, replayed, requests } = await recordThenReplay([weatherCall, weatherCall], async (fetch, baseURL) => {
      const client = new Anthropic({ apiKey: SECRET_KEY, baseURL: baseURL.replace(/\/v1$/, ''), fetch, maxRetries: 0 });
      const params = { model: 'claude-sonnet-4-5', max_tokens: 256, messages: [{ role: 'user' as const, content: 'Weather in Paris?' }], tools };
      const message = await client.messages.create(params);
      const streamed = await client.messages.stream(params).finalMessage();
      return { message, streamed };
    });
    expect(requests).toBe(2);
    expect(replayed).toEqual(recorded);
    expect(getToolCalls(replayed.streamed)).toEqual([{ toolName: 'get_weather', input: { city: 'Paris' }, toolCallId: 'call_1' }]);
    for (const text of await writtenFiles()) expect(text).not.toContain(SECRET_KEY);
  });
});

describe('recordedFetch under the OpenAI Agents SDK (through its openai client)', () => {
  it('replays an agent run with a tool call', async () => {
    const { recorded, replayed, requests } = await recordThenReplay([weatherCall, weatherAnswer], async (fetch, baseURL) => {
      const client = new OpenAI({ apiKey: SECRET_KEY, baseURL, fetch, maxRetries: 0 });
      const runner = new Runner({ modelProvider: new OpenAIProvider({ openAIClient: client }), tracingDisabled: true });
      const getWeather = agentTool({ name: 'get_weather', description: 'The weather in a city', parameters: z.object({ city: z.string() }), execute: async ({ city }) => `sunny in ${city}` });
      const agent = new Agent({ name: 'weather', instructions: 'Answer questions about the weather.', model: 'gpt-5-mini', tools: [getWeather] });
      const result = await runner.run(agent, 'Weather in Paris?');
      return { output: result.finalOutput, calls: getToolCalls(result.history) };
    });
    expect(requests).toBe(2);
    expect(recorded).toEqual({ output: 'It is sunny in Paris.', calls: [expect.objectContaining({ toolName: 'get_weather', input: { city: 'Paris' } })] });
    expect(replayed).toEqual(recorded);
  });
});

describe('recordedFetch with an AI SDK provider', () => {
  const tools = {
    get_weather: tool({ description: 'The weather in a city', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, forecast: 'sunny' }) }),
  };

  it('replays a generateText tool loop over the Responses API, step for step', async () => {
    const { recorded, replayed, requests } = await recordThenReplay([weatherCall, weatherAnswer], async (fetch, baseURL) => {
      const openai = createOpenAI({ apiKey: SECRET_KEY, baseURL, fetch });
      const result = await generateText({ model: openai('gpt-5-mini'), tools, stopWhen: stepCountIs(3), prompt: 'Weather in Paris?' });
      return { calls: getToolCalls(result), text: result.text, steps: result.steps.length };
    });
    expect(requests).toBe(2);
    expect(recorded).toEqual({ calls: [expect.objectContaining({ toolName: 'get_weather', input: { city: 'Paris' }, output: { city: 'Paris', forecast: 'sunny' } })], text: 'It is sunny in Paris.', steps: 2 });
    expect(replayed).toEqual(recorded);
  });

  it('replays streamText over Chat Completions as a stream', async () => {
    const { recorded, replayed } = await recordThenReplay([weatherCall, weatherAnswer], async (fetch, baseURL) => {
      const openai = createOpenAI({ apiKey: SECRET_KEY, baseURL, fetch });
      const result = streamText({ model: openai.chat('gpt-5-mini'), tools, stopWhen: stepCountIs(3), prompt: 'Weather in Paris?' });
      const parts: string[] = [];
      for await (const part of result.fullStream) parts.push(part.type);
      return { parts, calls: getToolCalls(await result.steps), text: await result.text };
    });
    expect(recorded.parts).toContain('tool-input-delta');
    expect(recorded.text).toBe('It is sunny in Paris.');
    expect(replayed).toEqual(recorded);
  });
});

describe('recordedFetch modes and errors', () => {
  it('in replay, a streamed request (SSE) with no recording is the RecordingError streamText rejects with, and nothing is fetched', async () => {
    server = await startLoopback(weatherAnswer);
    const tools = { get_weather: tool({ description: 'The weather in a city', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city }) }) };
    const openai = createOpenAI({ apiKey: SECRET_KEY, baseURL: server.url, fetch: recordedFetch({ mode: 'replay', dir, name: 'never streamed' }) });
    const errors: unknown[] = [];
    const result = streamText({ model: openai.chat('gpt-5-mini'), tools, prompt: 'Weather in Paris?', onError: ({ error }) => void errors.push(error) });
    const error = await Promise.resolve(result.text).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RecordingError);
    expect((error as RecordingError).message).toMatch(/^No recording of this HTTP request \(POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\) for the recording named "never streamed"/);
    expect((error as RecordingError).message).toContain('There is no such file: this test (or name) was never recorded here.');
    expect(errors).toEqual([error]);
    expect(server.requests).toHaveLength(0);
  });

  it('in replay, a request with no recording is an error naming what changed, and nothing is fetched', async () => {
    server = await startLoopback(weatherAnswer);
    const ask = (fetch: typeof globalThis.fetch, content: string) =>
      new OpenAI({ apiKey: SECRET_KEY, baseURL: server!.url, fetch, maxRetries: 0 }).chat.completions.create({ model: 'gpt-5-mini', messages: [{ role: 'user', content }] });
    await ask(recordedFetch({ mode: 'record', dir, name: 'changed prompt' }), 'Weather in Paris?');
    forgetOpenFiles();
    process.env.TOOL_CALL_ACCURACY_RECORDINGS = 'replay';
    const error = await ask(recordedFetch({ dir, name: 'changed prompt' }), 'Weather in Lyon?')
      .catch((caught: unknown) => caught as Error)
      .finally(() => delete process.env.TOOL_CALL_ACCURACY_RECORDINGS);
    expect(server.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(Error);
    expect(messagesOf(error)).toContain('TOOL_CALL_ACCURACY_RECORDINGS=record npx vitest run test/recordings/fetch.test.ts');
    expect(messagesOf(error)).toContain('body.messages[0].content: was "Weather in Paris?", now "Weather in Lyon?"');
  });

  it('counts the same request made again: a sample of 3 records 3 answers and replays them in order', async () => {
    server = await startLoopback(answer('one'), answer('two'), answer('three'));
    const url = server.url;
    const ask = async (fetch: typeof globalThis.fetch) => {
      const client = new OpenAI({ apiKey: SECRET_KEY, baseURL: url, fetch, maxRetries: 0 });
      const texts: Array<string | null> = [];
      for (let run = 0; run < 3; run++) texts.push((await client.chat.completions.create({ model: 'gpt-5-mini', messages: [{ role: 'user', content: 'Say a number' }] })).choices[0]!.message.content);
      return texts;
    };
    expect(await ask(recordedFetch({ mode: 'record', dir, name: 'sample' }))).toEqual(['one', 'two', 'three']);
    await server.close();
    server = undefined;
    forgetOpenFiles();
    expect(await ask(recordedFetch({ mode: 'replay', dir, name: 'sample' }))).toEqual(['one', 'two', 'three']);
  });

  it('refuses a mode that is not one of the four, and a corrupt recording', async () => {
    expect(() => recordedFetch({ mode: 'replay-only' as never })).toThrow(TypeError);
    expect(() => recordedFetch({ mode: 'replay-only' as never })).toThrow(/replay-only/);
    server = await startLoopback(weatherAnswer);
    const client = (fetch: typeof globalThis.fetch) => new OpenAI({ apiKey: SECRET_KEY, baseURL: server!.url, fetch, maxRetries: 0 });
    await client(recordedFetch({ mode: 'record', dir, name: 'corrupt' })).chat.completions.create({ model: 'gpt-5-mini', messages: [{ role: 'user', content: 'Hi' }] });
    const [file] = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.json'));
    await writeFile(path.join(dir, file!), '{"steps": [');
    forgetOpenFiles();
    const error = await client(recordedFetch({ mode: 'replay', dir, name: 'corrupt' }))
      .chat.completions.create({ model: 'gpt-5-mini', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((caught: unknown) => caught as Error);
    expect(messagesOf(error)).toMatch(/corrupt/);
    expect(messagesOf(error)).toContain(path.basename(file!));
  });
});
