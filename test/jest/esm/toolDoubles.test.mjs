// stubbedTools and recordedTools under real Jest in ESM mode (the built ES module), over ai@7's
// generateText and MockLanguageModelV4: stubs answer with asymmetric matchers from Jest's expect,
// a failing stub is retried, and recorded tools replay in a Jest test with no tool run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import { recordedTools, stubbedTools, ToolStubError } from 'tool-call-accuracy';

const usage = { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 20, text: 20 } };

/** Calls getWeather (Paris) twice, then answers. */
function model() {
  const steps = [
    [{ type: 'tool-call', toolCallId: 'c1', toolName: 'getWeather', input: '{"city":"Paris"}' }],
    [{ type: 'tool-call', toolCallId: 'c2', toolName: 'getWeather', input: '{"city":"Paris"}' }],
    [{ type: 'text', text: 'Mild.' }],
  ];
  return new MockLanguageModelV4({ doGenerate: async () => ({ content: steps.shift(), finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }) });
}

function weatherTools() {
  const runs = { count: 0 };
  const tools = { getWeather: tool({ description: 'The weather', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, tempC: 10 + runs.count++ }) }) };
  return { tools, runs };
}

const run = (tools) => generateText({ model: model(), tools, prompt: 'Weather in Paris?', stopWhen: stepCountIs(5) });

test('stubbedTools: a failing first call, retried, with a Jest asymmetric matcher in the case', async () => {
  const { tools, runs } = weatherTools();
  const result = await run(stubbedTools(tools, { getWeather: [{ input: { city: expect.any(String) }, output: { city: 'Paris', tempC: 21 }, failTimes: 1, error: 'timeout' }] }));
  expect(runs.count).toBe(0);
  expect(result).toCallToolsWithoutErrors({ retries: 1 });
  expect(result).toCallTool('getWeather', { city: 'Paris' }, { output: { city: 'Paris', tempC: 21 } });
});

test('stubbedTools: a call no case fits fails with ToolStubError', async () => {
  const { tools } = weatherTools();
  const result = await run(stubbedTools(tools, { getWeather: [{ input: { city: 'Rome' }, output: 1 }] }));
  const error = result.steps[0].content.find((part) => part.type === 'tool-error').error;
  expect(error).toBeInstanceOf(ToolStubError);
  expect(error.tool).toBe('getWeather');
});

describe('recordedTools', () => {
  let dir;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recorded-tools-jest-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  // Two tests of one name share a recording: the first records it, the second replays it.
  test('weather twice', async () => {
    const { tools, runs } = weatherTools();
    await run(recordedTools(tools, { mode: 'record', dir }));
    expect(runs.count).toBe(2);
  });

  test('weather twice', async () => {
    const { tools, runs } = weatherTools();
    const result = await run(recordedTools(tools, { mode: 'replay', dir }));
    expect(runs.count).toBe(0);
    expect(result).toCallTool('getWeather', { city: 'Paris' }, { output: { city: 'Paris', tempC: 11 } });
  });
});
