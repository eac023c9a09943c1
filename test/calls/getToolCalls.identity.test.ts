/**
 * What one call is. A call id names a call only inside one message, step or response: providers
 * behind OpenAI-compatible APIs number ids per turn (`list_dir:0`, `call_0`) and reuse them later
 * with other arguments, some repeat an id inside one message for two calls, and scripted mock
 * models do both. Each such entry is a call of its own; a result pairs with the nearest earlier
 * unanswered call with its id. Runs come from the real libraries.
 */
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type OpenAI from 'openai';
import { describe, expect, test } from 'vitest';
import { getToolCalls } from '../../src/calls/getToolCalls.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';
import { call, makeTools, roundTrip, sdks, type ProviderStep } from '../fixtures/aiSdk.js';
import { passes } from '../helpers/failureOf.js';
import { mastraBuilders } from '../helpers/mastraBuilders.js';

const fetched = (url: string) => ({ status: 200, body: `content of ${url}` });

/** The matchers' verdicts that an id-merging reader got wrong: two calls, not one. */
function expectTwoCalls(run: unknown, toolName: string) {
  expect(passes(() => expect(run).toCallToolTimes(toolName, 2))).toBe(true);
  expect(passes(() => expect(run).toCallOnly(toolName))).toBe(false);
  expect(passes(() => expect(run).toCallOnly([toolName, toolName]))).toBe(true);
}

describe.each(sdks.map((sdk) => [sdk.name, sdk] as const))('%s: a mock model that numbers ids per turn', (_, sdk) => {
  const perTurn: ProviderStep[] = [
    [call('call_0', 'fetch-tool', { url: 'a' })],
    [call('call_0', 'fetch-tool', { url: 'b' })],
    [{ type: 'text', text: 'Fetched both.' }],
  ];
  const expected = [
    { toolName: 'fetch-tool', input: { url: 'a' }, toolCallId: 'call_0', output: fetched('a') },
    { toolName: 'fetch-tool', input: { url: 'b' }, toolCallId: 'call_0', output: fetched('b') },
  ];

  test('every form of the run holds two calls, each with its own result', async () => {
    const result = await sdk.ai.generateText({ model: sdk.model(perTurn), tools: makeTools(sdk), stopWhen: sdk.ai.stepCountIs(10), prompt: 'go' });
    for (const run of [result, roundTrip(result), result.steps, [{ role: 'user', content: 'go' }, ...sdk.responseMessages(result)]]) {
      expect(getToolCalls(run)).toEqual(expected);
      expectTwoCalls(run, 'fetch-tool');
    }
  });

  test('an id repeated inside one step names two calls', async () => {
    const steps: ProviderStep[] = [[call('call_0', 'fetch-tool', { url: 'a' }), call('call_0', 'fetch-tool', { url: 'b' })], [{ type: 'text', text: 'Done.' }]];
    const result = await sdk.ai.generateText({ model: sdk.model(steps), tools: makeTools(sdk), stopWhen: sdk.ai.stepCountIs(10), prompt: 'go' });
    // The SDK keys its own records by id, so the second call may carry the first one's input
    // (measured in 7's model messages): what is certain, and what is tested, is two calls.
    for (const run of [result, roundTrip(result), [{ role: 'user', content: 'go' }, ...sdk.responseMessages(result)]]) {
      expect(getToolCalls(run).map((found) => found.toolName)).toEqual(['fetch-tool', 'fetch-tool']);
      expectTwoCalls(run, 'fetch-tool');
    }
  });
});

describe('chat formats that reuse ids across turns', () => {
  test('LangChain: a model numbering its calls per turn (list_dir:0) made two calls', () => {
    const messages = [
      new HumanMessage('List src, then test'),
      new AIMessage({ content: '', tool_calls: [{ id: 'list_dir:0', name: 'list_dir', args: { path: 'src' }, type: 'tool_call' }] }),
      new ToolMessage({ tool_call_id: 'list_dir:0', content: 'index.ts' }),
      new AIMessage({ content: '', tool_calls: [{ id: 'list_dir:0', name: 'list_dir', args: { path: 'test' }, type: 'tool_call' }] }),
      new ToolMessage({ tool_call_id: 'list_dir:0', content: 'index.test.ts' }),
    ];
    expect(getToolCalls(messages)).toEqual([
      { toolName: 'list_dir', input: { path: 'src' }, toolCallId: 'list_dir:0', output: 'index.ts' },
      { toolName: 'list_dir', input: { path: 'test' }, toolCallId: 'list_dir:0', output: 'index.test.ts' },
    ]);
    expectTwoCalls(messages, 'list_dir');
  });

  test('OpenAI Chat Completions: ids repeated inside one message and across turns', () => {
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: 'user', content: 'Weather in Oslo and Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
          { id: 'call_0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_0', content: 'rain' },
      { role: 'tool', tool_call_id: 'call_0', content: 'sun' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } }] },
    ];
    expect(getToolCalls(messages).map((found) => [found.input, found.output])).toEqual([
      // Both results come after both calls: each takes the nearest earlier call still unanswered.
      [{ city: 'Oslo' }, 'sun'],
      [{ city: 'Paris' }, 'rain'],
      [{ city: 'Rome' }, undefined],
    ]);
    expect(passes(() => expect(messages).toCallToolTimes('get_weather', 3))).toBe(true);
  });
});

describe('Mastra messages: the same call in parts and in toolInvocations counts once, two calls with one id count twice', () => {
  const invocations = [
    createToolInvocation({ toolCallId: 'call_0', toolName: 'search', args: { q: 'a' }, result: { hits: 1 } }),
    createToolInvocation({ toolCallId: 'call_0', toolName: 'search', args: { q: 'b' }, result: { hits: 2 } }),
  ];

  test.each([
    ['this package’s builders (format 2)', createAgentTestRun({ inputMessages: [], output: [createTestMessage({ role: 'assistant', content: '', toolInvocations: invocations })] })],
    [
      "Mastra's own builders (AI SDK 4 UI messages)",
      mastraBuilders.createAgentTestRun({
        inputMessages: [mastraBuilders.createMessage({ role: 'user', content: 'go', id: 'u' })],
        output: [mastraBuilders.createMessage({ role: 'assistant', content: '', id: 'a', toolInvocations: invocations })],
      }),
    ],
  ])('%s', (_, run) => {
    expect(getToolCalls(run)).toEqual([
      { toolName: 'search', input: { q: 'a' }, toolCallId: 'call_0', output: { hits: 1 } },
      { toolName: 'search', input: { q: 'b' }, toolCallId: 'call_0', output: { hits: 2 } },
    ]);
    expectTwoCalls(run, 'search');
  });
});
