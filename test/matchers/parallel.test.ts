import type Anthropic from '@anthropic-ai/sdk';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { Agent, MessageList, noopLogger } from '../../reference/mastra/index.js';
import { parallel } from '../../src/index.js';
import type { ProviderStep } from '../fixtures/aiSdk.js';
import { call, makeTools, roundTrip, sdks } from '../fixtures/aiSdk.js';
import { failureOf, matcherErrorOf, passes } from '../helpers/failureOf.js';

type Any = any;

/** Step 1 authenticates and fetches /a together; step 2 fetches /b alone. */
const steps: ProviderStep[] = [
  [call('c1', 'auth-tool', { user: 'ada' }), call('c2', 'fetch-tool', { url: '/a' })],
  [call('c3', 'fetch-tool', { url: '/b' })],
  [{ type: 'text', text: 'Done.' }],
];

/** The claims every run of `steps` must pass and fail alike, whatever its format. */
function expectSteps(run: unknown) {
  expect(run).toCallToolsInOrder([parallel('fetch-tool', 'auth-tool'), 'fetch-tool']);
  expect(run).toCallToolsInOrder([parallel('fetch-tool', 'auth-tool'), 'fetch-tool'], { strict: true });
  expect(run).toCallToolsInOrder([parallel({ toolName: 'fetch-tool', input: { url: '/a' } }, 'auth-tool')]);
  expect(run).not.toCallToolsInOrder([parallel({ toolName: 'fetch-tool', input: { url: '/b' } }, 'auth-tool')]);
  expect(run).not.toCallToolsInOrder(['auth-tool', parallel('fetch-tool', 'fetch-tool')]);
  expect(run).not.toCallToolsInOrder([parallel('auth-tool', 'fetch-tool')], { strict: true });
  expect(run).toCallToolsInOrder(['auth-tool', parallel('fetch-tool')]);
}

describe('parallel(…) on runs of every format that records steps', () => {
  it.each(sdks.map((sdk) => [sdk.name, sdk] as const))('%s generateText result, its steps and its JSON', async (_name, sdk) => {
    const result = await sdk.ai.generateText({ model: sdk.model(steps), tools: makeTools(sdk), stopWhen: sdk.ai.stepCountIs(5), prompt: 'go' });
    expectSteps(result);
    expectSteps(result.steps);
    expectSteps(roundTrip(result));
  });

  it('ai7 UI messages and model messages', async () => {
    const sdk = sdks.find((candidate) => candidate.name === 'ai7')!;
    const tools = makeTools(sdk);
    const stream = sdk.ai.streamText({ model: sdk.model(steps), tools, stopWhen: sdk.ai.stepCountIs(5), prompt: 'go' });
    let assistant: unknown;
    for await (const message of sdk.ai.readUIMessageStream({ stream: sdk.uiStream(stream, tools) })) assistant = message;
    expectSteps([{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'go' }] }, assistant]);
    const result = await sdk.ai.generateText({ model: sdk.model(steps), tools, stopWhen: sdk.ai.stepCountIs(5), prompt: 'go' });
    expectSteps([{ role: 'user', content: 'go' }, ...sdk.responseMessages(result)]);
  });

  it("refuses Mastra stored messages: a real agent's run merges its steps into one message", async () => {
    const ai5 = sdks.find((sdk) => sdk.name === 'ai5')!;
    const agent = new Agent({ name: 'steps-agent', instructions: 'Use the tools.', model: ai5.model(steps), tools: makeTools(ai5) as Any });
    agent.__setLogger(noopLogger);
    const result: Any = await agent.generate('go', { maxSteps: 5 });
    const list = new MessageList({ threadId: 't1', resourceId: 'user-1' });
    list.add({ role: 'user', content: 'go' }, 'input');
    list.add(result.response.messages, 'response');
    expect(list.get.all.v2()).toCallToolsInOrder(['auth-tool', 'fetch-tool', 'fetch-tool'], { strict: true });
    expect(matcherErrorOf(() => expect(list.get.all.v2()).toCallToolsInOrder([parallel('auth-tool', 'fetch-tool')]))).toContain(
      'parallel(…) needs to know which calls the model issued in one step, and this run does not record it',
    );
  });

  it('LangChain, OpenAI Chat, OpenAI Responses and Anthropic messages', () => {
    expectSteps([
      new HumanMessage('go'),
      new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'auth-tool', args: { user: 'ada' } }, { id: 'c2', name: 'fetch-tool', args: { url: '/a' } }] }),
      new ToolMessage({ tool_call_id: 'c1', content: 'tok' }),
      new ToolMessage({ tool_call_id: 'c2', content: 'a' }),
      new AIMessage({ content: '', tool_calls: [{ id: 'c3', name: 'fetch-tool', args: { url: '/b' } }] }),
    ]);
    const fn = (id: string, name: string, input: unknown) => ({ id, type: 'function' as const, function: { name, arguments: JSON.stringify(input) } });
    const chat: OpenAI.ChatCompletionMessageParam[] = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [fn('c1', 'auth-tool', { user: 'ada' }), fn('c2', 'fetch-tool', { url: '/a' })] },
      { role: 'tool', tool_call_id: 'c1', content: 'tok' },
      { role: 'tool', tool_call_id: 'c2', content: 'a' },
      { role: 'assistant', content: null, tool_calls: [fn('c3', 'fetch-tool', { url: '/b' })] },
    ];
    expectSteps(chat);
    const item = (id: string, name: string, input: unknown): OpenAI.Responses.ResponseInputItem => ({ type: 'function_call', call_id: id, name, arguments: JSON.stringify(input) });
    expectSteps([
      { role: 'user', content: 'go' },
      item('c1', 'auth-tool', { user: 'ada' }),
      item('c2', 'fetch-tool', { url: '/a' }),
      { type: 'function_call_output', call_id: 'c1', output: 'tok' },
      { type: 'function_call_output', call_id: 'c2', output: 'a' },
      item('c3', 'fetch-tool', { url: '/b' }),
    ] satisfies OpenAI.Responses.ResponseInputItem[]);
    const use = (id: string, name: string, input: unknown): Anthropic.ToolUseBlockParam => ({ type: 'tool_use', id, name, input });
    expectSteps([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [use('c1', 'auth-tool', { user: 'ada' }), use('c2', 'fetch-tool', { url: '/a' })] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'tok' }, { type: 'tool_result', tool_use_id: 'c2', content: 'a' }] },
      { role: 'assistant', content: [use('c3', 'fetch-tool', { url: '/b' })] },
    ] satisfies Anthropic.MessageParam[]);
  });
});

describe('parallel(…) messages', () => {
  it('a strict order with groups: where the calls stop fitting, and the diff by step', async () => {
    const sdk = sdks.find((candidate) => candidate.name === 'ai7')!;
    const result = await sdk.ai.generateText({ model: sdk.model(steps), tools: makeTools(sdk), stopWhen: sdk.ai.stepCountIs(5), prompt: 'go' });
    const failure = failureOf(() => expect(result).toCallToolsInOrder(['auth-tool', parallel('fetch-tool', 'fetch-tool')], { strict: true }));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected, { strict: true })

      Expected exactly these calls, in this order (each parallel group in one step, in any order):
        1. auth-tool
        2. parallel("fetch-tool", "fetch-tool")

      Received 3 tool calls:
        1. auth-tool   {"user":"ada"}
        2. fetch-tool  {"url":"/a"}
        3. fetch-tool  {"url":"/b"}

      Calls by model step: [1 "auth-tool", 2 "fetch-tool"] [3 "fetch-tool"]

      parallel("fetch-tool", "fetch-tool") (expected 2nd): no single model step after the calls matched before it issued all of these."
    `);
    expect(failure.expected).toEqual(['auth-tool', ['fetch-tool', 'fetch-tool']]);
    expect(failure.actual).toEqual([['auth-tool', 'fetch-tool'], 'fetch-tool']);
    const negated = failureOf(() => expect(result).not.toCallToolsInOrder([parallel('auth-tool', 'fetch-tool')]));
    expect(negated.message).toMatchInlineSnapshot(`
      "expect(run).not.toCallToolsInOrder(expected)

      Expected not these calls, in this order (other calls allowed; each parallel group in one step, in any order):
        1. parallel("auth-tool", "fetch-tool")

      Received 3 tool calls:
        1. auth-tool   {"user":"ada"}
        2. fetch-tool  {"url":"/a"}
        3. fetch-tool  {"url":"/b"}

      Calls by model step: [1 "auth-tool", 2 "fetch-tool"] [3 "fetch-tool"]

      They appear as calls 1, 2."
    `);
    expect(failureOf(() => expect(result).toCallToolsInOrder([parallel('auth-tool', 'fetch-tol')])).message).toContain('never called: "fetch-tol"');
  });

  it('under .not, the calls a group matched are named as in every list: the first 10, then how many more', async () => {
    const sdk = sdks.find((candidate) => candidate.name === 'ai7')!;
    const fetches = Array.from({ length: 12 }, (_, index) => call(`c${index}`, 'fetch-tool', { url: `/${index}` }));
    const result = await sdk.ai.generateText({ model: sdk.model([fetches, [{ type: 'text', text: 'Done.' }]]), tools: makeTools(sdk), stopWhen: sdk.ai.stepCountIs(3), prompt: 'go' });
    const group = parallel(...Array.from({ length: 12 }, () => 'fetch-tool'));
    expect(failureOf(() => expect(result).not.toCallToolsInOrder([group])).message).toMatch(/\n\nThey appear as calls 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … and 2 more\.$/);
  });

  it('bad groups are matcher errors, with .not too', () => {
    expect(() => parallel()).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: parallel() needs at least one tool, e.g. parallel('weather', 'news').]`);
    expect(passes(() => expect([]).not.toCallToolsInOrder([parallel(42 as never)]))).toBe(false);
    expect(failureOf(() => expect([]).not.toCallToolsInOrder([parallel(42 as never)])).message).toMatchInlineSnapshot(`
      "expect(run).not.toCallToolsInOrder(expected)

      Matcher error: expected[0] (parallel item 1) must be a tool name or { toolName, input }, e.g. 'search' or { toolName: 'search', input: { q: 'cats' } }; received number 42."
    `);
  });
});
