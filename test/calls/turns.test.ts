import type Anthropic from '@anthropic-ai/sdk';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { Agent, MessageList, noopLogger } from '../../reference/mastra/index.js';
import { getRunText } from '../../src/calls/getRunText.js';
import { getToolCalls, turn, within } from '../../src/index.js';
import type { ProviderStep } from '../fixtures/aiSdk.js';
import { call, makeTools, sdks } from '../fixtures/aiSdk.js';
import { matcherErrorOf } from '../helpers/failureOf.js';

type Any = any;
const ai7 = sdks.find((sdk) => sdk.name === 'ai7')!;
const ai5 = sdks.find((sdk) => sdk.name === 'ai5')!;

/** Turn 1 authenticates and fetches; turn 2 only answers; turn 3 fetches again. */
const turns: ProviderStep[][] = [
  [[call('c1', 'auth-tool', { user: 'ada' }), call('c2', 'fetch-tool', { url: '/a' })], [{ type: 'text', text: 'Fetched /a.' }]],
  [[{ type: 'text', text: 'You are welcome.' }]],
  // Some providers number call ids per turn: c1 again is another call.
  [[call('c1', 'fetch-tool', { url: '/b' })], [{ type: 'text', text: 'Fetched /b.' }]],
];
const prompts = ['Fetch /a for ada', 'Thanks!', 'Now /b'];

function expectThreeTurns(run: unknown) {
  expect(turn(run, 1)).toCallToolsInOrder(['auth-tool', { toolName: 'fetch-tool', input: { url: '/a' } }], { strict: true });
  expect(turn(run, 2)).toCallNoTools();
  expect(turn(run, 3)).toCallOnly({ toolName: 'fetch-tool', input: { url: '/b' } });
  expect(turn(run, -1)).toCallOnly({ toolName: 'fetch-tool', input: { url: '/b' } });
  expect(turn(run, -3)).toCallToolTimes('fetch-tool', 1);
  expect(run).toCallToolTimes('fetch-tool', 2);
  expect(matcherErrorOf(() => expect(turn(run, 4)).toCallNoTools())).toMatch(/turn\(run, 4\): the [\w-]+ run has 3 turns \(one per user message\); use 1 to 3, or -1 for the last\./);
}

describe('turn(run, n) on real multi-turn conversations', () => {
  it('AI SDK model messages (three generateText calls, each continuing the conversation)', async () => {
    const messages: Any[] = [];
    for (const [index, steps] of turns.entries()) {
      messages.push({ role: 'user', content: prompts[index] });
      const result = await ai7.ai.generateText({ model: ai7.model(steps), tools: makeTools(ai7), stopWhen: ai7.ai.stepCountIs(5), instructions: 'Be brief.', messages });
      messages.push(...result.responseMessages);
    }
    expectThreeTurns(messages);
  });

  it('AI SDK UI messages (streamText read with readUIMessageStream, turn by turn)', async () => {
    const messages: Any[] = [];
    for (const [index, steps] of turns.entries()) {
      messages.push({ id: `u${index}`, role: 'user', parts: [{ type: 'text', text: prompts[index] }] });
      const tools = makeTools(ai7);
      const result = ai7.ai.streamText({ model: ai7.model(steps), tools, stopWhen: ai7.ai.stepCountIs(5), messages: await ai7.ai.convertToModelMessages(messages) });
      let assistant: unknown;
      for await (const message of ai7.ai.readUIMessageStream({ stream: ai7.uiStream(result, tools) })) assistant = message;
      messages.push(assistant);
    }
    expectThreeTurns(messages);
  });

  it("Mastra stored messages (a real agent's three exchanges in one MessageList)", async () => {
    const list = new MessageList({ threadId: 't1', resourceId: 'user-1' });
    for (const [index, steps] of turns.entries()) {
      const agent = new Agent({ name: 'turns-agent', instructions: 'Use the tools.', model: ai5.model(steps), tools: makeTools(ai5) as Any });
      agent.__setLogger(noopLogger);
      list.add({ role: 'user', content: prompts[index]! }, 'input');
      const result: Any = await agent.generate(prompts[index]!, { maxSteps: 5 });
      list.add(result.response.messages, 'response');
    }
    expectThreeTurns(list.get.all.v2());
  });

  it('LangChain messages', () => {
    const messages = [
      new SystemMessage('Be brief.'),
      new HumanMessage(prompts[0]!),
      new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'auth-tool', args: { user: 'ada' } }, { id: 'c2', name: 'fetch-tool', args: { url: '/a' } }] }),
      new ToolMessage({ tool_call_id: 'c1', content: 'tok' }),
      new ToolMessage({ tool_call_id: 'c2', content: 'page a' }),
      new AIMessage('Fetched /a.'),
      new HumanMessage(prompts[1]!),
      new AIMessage('You are welcome.'),
      new HumanMessage(prompts[2]!),
      new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'fetch-tool', args: { url: '/b' } }] }),
      new ToolMessage({ tool_call_id: 'c1', content: 'page b' }),
      new AIMessage('Fetched /b.'),
    ];
    expectThreeTurns(messages);
    expectThreeTurns({ messages });
    expectThreeTurns(JSON.parse(JSON.stringify(messages)));
  });

  it('OpenAI Chat Completions messages', () => {
    const fn = (id: string, name: string, input: unknown) => ({ id, type: 'function' as const, function: { name, arguments: JSON.stringify(input) } });
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: prompts[0]! },
      { role: 'assistant', content: null, tool_calls: [fn('c1', 'auth-tool', { user: 'ada' }), fn('c2', 'fetch-tool', { url: '/a' })] },
      { role: 'tool', tool_call_id: 'c1', content: 'tok' },
      { role: 'tool', tool_call_id: 'c2', content: 'page a' },
      { role: 'assistant', content: 'Fetched /a.' },
      { role: 'user', content: prompts[1]! },
      { role: 'assistant', content: 'You are welcome.' },
      { role: 'user', content: prompts[2]! },
      { role: 'assistant', content: null, tool_calls: [fn('c1', 'fetch-tool', { url: '/b' })] },
      { role: 'tool', tool_call_id: 'c1', content: 'page b' },
      { role: 'assistant', content: 'Fetched /b.' },
    ];
    expectThreeTurns(messages);
    // The judge sees a turn's own request and reply.
    expect(getRunText(turn(messages, 3))).toEqual({ request: prompts[2], reply: 'Fetched /b.' });
    expect(getRunText(turn(messages, 2))).toEqual({ request: prompts[1], reply: 'You are welcome.' });
    expect(() => getRunText(within(messages, 'fetch-tool'))).toThrow('the judge reads a whole run or one turn');
  });

  it('OpenAI Responses input items', () => {
    const fn = (id: string, name: string, input: unknown): OpenAI.Responses.ResponseInputItem => ({ type: 'function_call', call_id: id, name, arguments: JSON.stringify(input) });
    const items: OpenAI.Responses.ResponseInputItem[] = [
      { role: 'user', content: prompts[0]! },
      fn('c1', 'auth-tool', { user: 'ada' }),
      fn('c2', 'fetch-tool', { url: '/a' }),
      { type: 'function_call_output', call_id: 'c1', output: 'tok' },
      { type: 'function_call_output', call_id: 'c2', output: 'page a' },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: prompts[1]! }] },
      { role: 'user', content: prompts[2]! },
      fn('c1', 'fetch-tool', { url: '/b' }),
    ];
    expectThreeTurns(items);
  });

  it('Anthropic messages: a user message carrying tool results continues the turn', () => {
    const use = (id: string, name: string, input: unknown): Anthropic.ToolUseBlockParam => ({ type: 'tool_use', id, name, input });
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: prompts[0]! },
      { role: 'assistant', content: [use('c1', 'auth-tool', { user: 'ada' })] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'tok' }] },
      { role: 'assistant', content: [use('c2', 'fetch-tool', { url: '/a' })] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c2', content: 'page a' }] },
      { role: 'assistant', content: 'Fetched /a.' },
      { role: 'user', content: [{ type: 'text', text: prompts[1]! }] },
      { role: 'assistant', content: 'You are welcome.' },
      { role: 'user', content: prompts[2]! },
      { role: 'assistant', content: [use('c1', 'fetch-tool', { url: '/b' })] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'page b' }] },
    ];
    expectThreeTurns(messages);
    expect(getToolCalls(turn(messages, 1))[1]).toMatchObject({ toolName: 'fetch-tool', output: 'page a' });
  });
});

describe('turn(run, n) refuses what it cannot know', () => {
  it('a generateText result is one turn', async () => {
    const result = await ai7.ai.generateText({ model: ai7.model(turns[0]!), tools: makeTools(ai7), stopWhen: ai7.ai.stepCountIs(5), prompt: 'go' });
    expect(turn(result, 1)).toCallTool('auth-tool');
    expect(turn(result, -1)).toCallTool('auth-tool');
    expect(matcherErrorOf(() => expect(turn(result, 2)).toCallNoTools())).toMatchInlineSnapshot(`
      "expect(run).toCallNoTools()

      Matcher error: turn(run, 2): this run (ai-sdk-result) holds one turn, the agent's answer to one request; use 1 or -1. To look at other turns, pass the conversation's messages."
    `);
  });

  it('one response (an Anthropic Message) is one turn', () => {
    const message: Anthropic.Message = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'fetch-tool', input: { url: '/a' }, caller: { type: 'direct' } } as Anthropic.ToolUseBlock],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 } as Anthropic.Usage,
    } as Anthropic.Message;
    expect(turn(message, 1)).toCallOnly('fetch-tool');
    expect(matcherErrorOf(() => expect(turn(message, 2)).toCallNoTools())).toContain('turn(run, 2): this run (anthropic) holds one turn');
  });

  it('a plain list of calls says nothing about turns', () => {
    expect(matcherErrorOf(() => expect(turn(['search', 'book'], 1)).toCallTool('search'))).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName)

      Matcher error: turn(run, n): a plain list of calls does not say which user message each call answered. Pass the conversation's messages instead."
    `);
  });

  it('a bad turn number, or a turn of a turn', () => {
    expect(() => turn([], 0)).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: turn(run, n): n counts user messages from 1 (or from the end: -1 is the last turn); received number 0.]`);
    expect(() => turn([], 1.5)).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: turn(run, n): n counts user messages from 1 (or from the end: -1 is the last turn); received number 1.5.]`);
    expect(() => turn(turn([], 1), 1)).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: turn(run, n) takes the whole conversation; received turn(run, 1). Write own(turn(run, n)) or within(turn(run, n), name) to look at one agent of one turn.]`);
  });
});
