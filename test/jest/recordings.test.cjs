// recordedModel under real Jest (CommonJS, the built package), over ai@6's generateText and its
// MockLanguageModelV3 (Jest in CommonJS mode cannot load ESM-only ai@7): recordings belong to the
// Jest test that made them, replay calls no model, and a miss gives Jest's record command.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { generateText, stepCountIs, tool } = require('ai6');
const { MockLanguageModelV3 } = require('ai6/test');
const { z } = require('zod');
const { recordedModel, RecordingError } = require('tool-call-accuracy');

const usage = { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 20, text: 20 } };

/** Answers a weather question with a get-weather call, and a prompt holding its result with text; counts its calls. */
function weatherModel() {
  let calls = 0;
  const model = new MockLanguageModelV3({
    provider: 'weather-provider',
    modelId: 'weather-1',
    doGenerate: async ({ prompt }) => {
      calls += 1;
      const answered = prompt.some((message) => message.role === 'tool');
      const content = answered
        ? [{ type: 'text', text: `Sunny, answer ${calls}` }]
        : [{ type: 'tool-call', toolCallId: `call-${calls}-${Math.random().toString(36).slice(2)}`, toolName: 'get-weather', input: '{"city":"Tokyo"}' }];
      const unified = answered ? 'stop' : 'tool-calls';
      return { content, finishReason: { unified, raw: unified }, usage, warnings: [] };
    },
  });
  return Object.assign(model, { calls: () => calls });
}

const tools = {
  'get-weather': tool({ description: 'The weather in a city', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, forecast: 'sunny' }) }),
};
const run = (model, prompt = 'Weather in Tokyo?') => generateText({ model, tools, prompt, stopWhen: stepCountIs(5), headers: { Authorization: 'Bearer sk-jest-credential' } });

let dir;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recordings-jest-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Two tests of one name share a recording: the first records it, the second replays it.
describe('weather agent', () => {
  test('answers from the tool', async () => {
    const model = weatherModel();
    const result = await run(recordedModel(model, { mode: 'record', dir }));
    expect(model.calls()).toBe(2);
    expect(result).toCallToolsInOrder(['get-weather']);
    const files = fs.readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(/^recordings-test-cjs--weather-agent-answers-from-the-tool-[0-9a-f]{12}\.json$/)]);
    const stored = JSON.parse(fs.readFileSync(path.join(dir, files[0]), 'utf8'));
    expect(stored.test).toBe('weather agent answers from the tool');
    expect(JSON.stringify(stored)).not.toContain('sk-jest-credential');
  });

  test('answers from the tool', async () => {
    const model = weatherModel();
    const result = await run(recordedModel(model, { mode: 'replay', dir }));
    expect(model.calls()).toBe(0);
    expect(result.text).toBe('Sunny, answer 2');
    expect(result).toCallToolsInOrder([{ toolName: 'get-weather', input: { city: 'Tokyo' } }]);
  });
});

test('a replay miss names the Jest test and gives the record command for Jest', async () => {
  const model = weatherModel();
  const error = await run(recordedModel(model, { mode: 'replay', dir })).catch((e) => e);
  expect(error).toBeInstanceOf(RecordingError);
  expect(error.message).toContain('No recording of this model request in test "a replay miss names the Jest test and gives the record command for Jest"');
  expect(error.command).toBe('TOOL_CALL_ACCURACY_RECORDINGS=record npx jest test/jest/recordings.test.cjs');
  expect(model.calls()).toBe(0);
});
