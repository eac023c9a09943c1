// recordedModel under real Jest in ESM mode (--experimental-vm-modules), the built ES module, over
// ai@7's generateText and streamText and its MockLanguageModelV4: recorded in one test, replayed in
// another of the same name with no model call, streams included.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import { recordedModel, RecordingError } from 'tool-call-accuracy';

const usage = { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 20, text: 20 } };

function weatherModel() {
  let calls = 0;
  const answer = (prompt) => {
    calls += 1;
    const answered = prompt.some((message) => message.role === 'tool');
    return answered
      ? { parts: [{ type: 'text', text: `Sunny, answer ${calls}` }], unified: 'stop' }
      : { parts: [{ type: 'tool-call', toolCallId: `call-${calls}-${Math.random().toString(36).slice(2)}`, toolName: 'get-weather', input: '{"city":"Tokyo"}' }], unified: 'tool-calls' };
  };
  const model = new MockLanguageModelV4({
    provider: 'weather-provider',
    modelId: 'weather-1',
    doGenerate: async ({ prompt }) => {
      const { parts, unified } = answer(prompt);
      return { content: parts, finishReason: { unified, raw: unified }, usage, warnings: [] };
    },
    doStream: async ({ prompt }) => {
      const { parts, unified } = answer(prompt);
      const stream = [{ type: 'stream-start', warnings: [] }];
      for (const part of parts) {
        if (part.type === 'text') stream.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: part.text }, { type: 'text-end', id: 't' });
        else stream.push(part);
      }
      stream.push({ type: 'finish', finishReason: { unified, raw: unified }, usage });
      return { stream: convertArrayToReadableStream(stream) };
    },
  });
  return Object.assign(model, { calls: () => calls });
}

const tools = {
  'get-weather': tool({ description: 'The weather in a city', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, forecast: 'sunny' }) }),
};

let dir;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recordings-jest-esm-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('weather agent', () => {
  test('generates and streams', async () => {
    const model = weatherModel();
    const generated = await generateText({ model: recordedModel(model, { mode: 'record', dir }), tools, prompt: 'Weather in Tokyo?', stopWhen: stepCountIs(5) });
    const streamed = streamText({ model: recordedModel(model, { mode: 'record', dir }), tools, prompt: 'Weather in Tokyo?', stopWhen: stepCountIs(5) });
    expect(await streamed.text).toBe('Sunny, answer 4');
    expect(generated.text).toBe('Sunny, answer 2');
    expect(model.calls()).toBe(4);
    expect(fs.readdirSync(dir)).toEqual([expect.stringMatching(/^recordings-test-mjs--weather-agent-generates-and-streams-[0-9a-f]{12}\.json$/)]);
  });

  test('generates and streams', async () => {
    const model = weatherModel();
    const generated = await generateText({ model: recordedModel(model, { mode: 'replay', dir }), tools, prompt: 'Weather in Tokyo?', stopWhen: stepCountIs(5) });
    const streamed = streamText({ model: recordedModel(model, { mode: 'replay', dir }), tools, prompt: 'Weather in Tokyo?', stopWhen: stepCountIs(5) });
    expect(await streamed.text).toBe('Sunny, answer 4');
    expect(generated.text).toBe('Sunny, answer 2');
    expect(await streamed.steps).toCallToolsInOrder(['get-weather']);
    expect(model.calls()).toBe(0);
  });
});

test('a replay miss under Jest ESM is a RecordingError with the command for Jest', async () => {
  const model = weatherModel();
  const error = await generateText({ model: recordedModel(model, { mode: 'replay', dir }), tools, prompt: 'Weather in Paris?' }).catch((e) => e);
  expect(error).toBeInstanceOf(RecordingError);
  expect(error.command).toBe('TOOL_CALL_ACCURACY_RECORDINGS=record npx jest test/jest/esm/recordings.test.mjs');
  expect(model.calls()).toBe(0);
});
