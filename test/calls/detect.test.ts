/**
 * Read it or refuse it: a value is never read as fewer calls than it holds. Each message is read by
 * what it holds, and a value this package cannot read with certainty is an error that says what it
 * looked like and which shapes are accepted.
 */
import { describe, expect, test } from 'vitest';
import { detectFormat } from '../../src/calls/detect.js';
import { getToolCalls } from '../../src/calls/getToolCalls.js';
import { loopExpected, loopSteps, sdks, uiMessages } from '../fixtures/aiSdk.js';
import { passes, refusalOf } from '../helpers/failureOf.js';
import { mastraBuilders } from '../helpers/mastraBuilders.js';
import { createToolInvocation } from '../../src/testing.js';

describe.each(sdks.map((sdk) => [sdk.name, sdk] as const))('%s UI messages that keep a content string (a store migrated from v4)', (_, sdk) => {
  test('are read by their parts: every tool part counts', async () => {
    const messages = (await uiMessages(sdk, loopSteps)) as Array<Record<string, unknown>>;
    const migrated = messages.map((message) => ({ ...message, content: '' }));
    expect(getToolCalls(migrated)).toEqual(loopExpected);
    expect(passes(() => expect(migrated).not.toCallTool('auth-tool'))).toBe(false);
    // A store holding both generations: a v4 message (toolInvocations) beside v5 ones.
    const v4 = { id: 'old', role: 'assistant', content: 'Earlier.', toolInvocations: [{ state: 'result', toolCallId: 'old-1', toolName: 'legacy-tool', args: {}, result: 1 }] };
    expect(getToolCalls([v4, ...migrated]).map((call) => call.toolName)).toEqual(['legacy-tool', ...loopExpected.map((call) => call.toolName)]);
  });
});

describe('a flat Mastra run (as Mastra 0.x hands its scorers)', () => {
  const invocation = createToolInvocation({ toolCallId: 'c1', toolName: 'weather-tool', args: { city: 'Oslo' }, result: { temp: 3 } });
  const inputMessages = [mastraBuilders.createMessage({ role: 'user', content: 'Weather in Oslo?', id: 'u' })];

  test('whose output mixes invocation messages with a text-only one is read whole', () => {
    const run = mastraBuilders.createAgentTestRun({
      inputMessages,
      output: [mastraBuilders.createMessage({ role: 'assistant', content: '', id: 'a1', toolInvocations: [invocation] }), { role: 'assistant', content: 'It is 3°C.' }],
    });
    expect(detectFormat(run)?.format).toBe('mastra-run');
    expect(getToolCalls(run)).toEqual([{ toolName: 'weather-tool', input: { city: 'Oslo' }, toolCallId: 'c1', output: { temp: 3 } }]);
  });

  test("whose output holds another format's calls is refused, not read without them", () => {
    const run = { inputMessages, output: [{ role: 'assistant', content: '', tool_calls: [{ id: 'x', type: 'function', function: { name: 'a', arguments: '{}' } }] }] };
    expect(refusalOf(run)).toContain('is not an agent run this package can read');
  });
});

describe('AI SDK steps and parts are read whole', () => {
  test("a hand-built step whose calls are only in toolCalls, beside an empty content, is read from toolCalls", () => {
    const step = { content: [], toolCalls: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: {} }], finishReason: 'tool-calls' };
    expect(getToolCalls({ steps: [step] }).map((call) => call.toolName)).toEqual(['search']);
  });

  test('content parts that start with a source or a file are still parts', () => {
    const parts = [
      { type: 'source', sourceType: 'url', id: 's', url: 'https://x.test' },
      { type: 'file', file: {} },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: {} },
    ];
    expect(detectFormat(parts)?.format).toBe('ai-sdk-parts');
    expect(getToolCalls(parts).map((call) => call.toolName)).toEqual(['search']);
  });
});

describe('values that cannot be read with certainty are refused', () => {
  test('messages of two formats in one array: the error names both and where they are', () => {
    const mixed = [
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{}' } }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'book', input: {} }] },
    ];
    const message = refusalOf(mixed);
    expect(message).toContain('message 1 is an OpenAI Chat Completions message and message 2 is an Anthropic message');
    expect(message).toContain('Accepted shapes:');
    expect(passes(() => expect(mixed).not.toCallTool('book'))).toBe(false);
  });

  test('a Mastra stored message beside messages of another format', () => {
    const mastra = { id: 'm', role: 'assistant', content: { format: 2, parts: [{ type: 'tool-invocation', toolInvocation: { state: 'result', toolCallId: 'c1', toolName: 'a', args: {}, result: 1 } }] } };
    const model = { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c2', toolName: 'b', input: {} }] };
    expect(refusalOf([model, mastra])).toContain('message 1 is an AI SDK model message and message 2 is a Mastra stored message');
  });

  test("the error shows the value's keys as data: escaped and cut", () => {
    const message = refusalOf({ ['\u001b[31mred\nline']: 1, ['k'.repeat(500)]: 2 });
    expect(message).toContain('keys { \\u001b[31mred\\u000aline, kkkk');
    expect(message).not.toMatch(/\u001b|k{41}/);
  });

  test('a streamText result whose steps are not awaited is refused (not read as no calls)', () => {
    expect(refusalOf({ steps: Promise.resolve([]) })).toContain('await result.steps');
  });
});

describe('detection is made afresh for each value', () => {
  // The message classifier's memo lives for one detection only, so an array changed in place
  // between two reads is classified again.
  test('an array changed in place between two reads is read as what it now holds', () => {
    const messages: Array<Record<string, unknown>> = [
      { role: 'user', content: 'Book a flight' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search', arguments: '{"q":"LHR"}' } }] },
    ];
    expect(detectFormat(messages)?.format).toBe('openai-chat');
    expect(getToolCalls(messages).map((call) => call.toolName)).toEqual(['search']);
    messages[1] = { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'book', input: { flight: 'BA1' } }] };
    expect(detectFormat(messages)?.format).toBe('anthropic');
    expect(getToolCalls(messages)).toMatchObject([{ toolName: 'book', input: { flight: 'BA1' } }]);
  });
});
