/**
 * The review of a recording written over: the calls a recording file's answers make, read through
 * getToolCalls from files recordedModel (generate and stream, ai 5, 6, 7) and recordedFetch
 * (JSON and server-sent events) really wrote, and what changed between two of them.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordedFetch } from '../../src/recordings/fetch.js';
import { recordedModel } from '../../src/recordings/recordedModel.js';
import { callChanges, recordingCalls, type RecordedCalls } from '../../src/recordings/review.js';
import { resetStoreActivity } from '../../src/store/index.js';
import { answer, callTools, startLoopback } from '../helpers/loopback.js';
import { majors, weatherTools } from '../helpers/recordingModels.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tca-review-'));
  resetStoreActivity();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function onlyFile(): Promise<string> {
  const [name] = await readdir(dir);
  return readFile(path.join(dir, name!), 'utf8');
}

describe.each(majors)('the calls of a recordedModel recording ($name)', (major) => {
  it.each(['generateText', 'streamText'] as const)('%s: each call with its input and the output the next request carried', async (how) => {
    const model = recordedModel(major.model(), { mode: 'record', dir, name: 'weather' });
    const options = { model, tools: weatherTools(major), ...major.stopAfter(3), prompt: 'Weather in Paris?' };
    if (how === 'generateText') await major.ai.generateText(options);
    else await major.ai.streamText(options).consumeStream();
    const { calls, unread } = recordingCalls(await onlyFile());
    expect(unread).toBeUndefined();
    expect(calls).toEqual([{ toolName: 'get-weather', input: { city: 'Paris' }, outcome: { output: expect.anything() } }]);
  });
});

describe('the calls of a recordedFetch recording', () => {
  it.each([false, true])('Chat Completions (streamed: %s): the answers\' calls with the tool results sent back', async (stream) => {
    const server = await startLoopback(callTools({ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }), answer('Sunny.'));
    try {
      const client = new OpenAI({ apiKey: 'sk-test', baseURL: server.url, fetch: recordedFetch({ mode: 'record', dir, name: 'chat' }), maxRetries: 0 });
      const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
      const ask = async () => {
        if (!stream) return (await client.chat.completions.create({ model: 'gpt-5-mini', messages })).choices[0]!.message;
        const chunks = await client.chat.completions.create({ model: 'gpt-5-mini', messages, stream: true });
        const toolCalls: OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall[] = [];
        for await (const chunk of chunks) {
          for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
            const call = (toolCalls[delta.index] ??= { id: delta.id!, type: 'function', function: { name: '', arguments: '' } });
            call.function.name += delta.function?.name ?? '';
            call.function.arguments += delta.function?.arguments ?? '';
          }
        }
        return { role: 'assistant' as const, content: null, tool_calls: toolCalls };
      };
      const first = await ask();
      messages.push(first, { role: 'tool', tool_call_id: 'call_1', content: '{"forecast":"sunny"}' });
      await ask();
    } finally {
      await server.close();
    }
    expect(recordingCalls(await onlyFile())).toEqual({ calls: [{ toolName: 'get_weather', input: { city: 'Paris' }, outcome: { output: '{"forecast":"sunny"}' } }], text: expect.any(String) });
  });
});

describe('callChanges', () => {
  const calls = (...list: RecordedCalls['calls']): RecordedCalls => ({ calls: list, text: JSON.stringify(list) });
  const search = { toolName: 'search', input: { q: 'Paris' }, outcome: { output: ['AF1'] } };
  const book = { toolName: 'book', input: { flight: 'AF1' }, outcome: { output: 'CONF' } };

  it('names what the agent did differently: tool names, order, inputs, outcomes', () => {
    expect(callChanges(calls(search, book), calls(book))).toEqual(['tool names']);
    expect(callChanges(calls(search, book), calls(book, search))).toEqual(['order']);
    expect(callChanges(calls(search, book), calls(search, { ...book, input: { flight: 'AF2' } }))).toEqual(['inputs']);
    expect(callChanges(calls(search, book), calls(search, { ...book, outcome: { error: 'sold out' } }))).toEqual(['outcomes']);
    expect(callChanges(calls(search, book), calls({ ...search, input: { q: 'Lyon' } }, { ...book, outcome: { error: 'sold out' } }))).toEqual(['inputs', 'outcomes']);
  });

  it('finds nothing when only the text changed, and says so when the calls could not be read', () => {
    expect(callChanges(calls(search), { ...calls(search), text: 'other' })).toEqual([]);
    expect(callChanges({ calls: [], text: 'a', unread: 'no "steps" list' }, calls(search))).toEqual(['the answers (their calls could not be read)']);
  });
});
