/**
 * LlamaIndex.TS runs as the packages hand them over (not their JSON): the real `@llamaindex/openai`
 * LLM and `@llamaindex/workflow` agent against a loopback OpenAI server, in this process; and the
 * rules of the reader over the fixtures (test/fixtures/sdks/llamaindex.json) that its JSON forms
 * cannot show: turns, budgets, steps and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAI } from '@llamaindex/openai';
import { tool } from '@llamaindex/core/tools';
import type { ChatMessage } from '@llamaindex/core/llms';
import { agent, agentToolCallEvent, agentToolCallResultEvent } from '@llamaindex/workflow';
import { z } from 'zod';
import { getToolCalls, parallel, turn } from '../../../src/index.js';
import { getRunText } from '../../../src/calls/getRunText.js';
import { getRunUsage } from '../../../src/calls/getRunUsage.js';
import { ToolCallAccuracyError } from '../../../src/errors.js';
import { answer, callTools, startLoopback, type Loopback } from '../../helpers/loopback.js';
import { llamaindexRuns } from '../../fixtures/sdks.js';

const PROMPT = 'Refund order A1, then tell me the weather in Paris.';
const REPLY = 'Order A1 is refunded. The weather service is down.';

const tools = () => [
  tool({ name: 'refund', description: 'Refund an order', parameters: z.object({ order: z.string() }), execute: ({ order }) => ({ refunded: true, order }) }),
  tool({
    name: 'get_weather',
    description: 'Weather in a city',
    parameters: z.object({ city: z.string() }),
    execute: () => {
      throw new Error('weather service down');
    },
  }),
];

let server: Loopback;
let llm: OpenAI;
beforeAll(async () => {
  // Two calls in one response until the results come back, then the answer.
  server = await startLoopback((body) =>
    (body.messages as Array<{ role: string }>).some((message) => message.role === 'tool')
      ? answer(REPLY)
      : callTools({ id: 'call_r', name: 'refund', arguments: { order: 'A1' } }, { id: 'call_w', name: 'get_weather', arguments: { city: 'Paris' } }),
  );
  llm = new OpenAI({ model: 'gpt-4o-mini', apiKey: 'loopback-key', baseURL: server.url, maxRetries: 0 });
});
afterAll(() => server.close());

describe('LlamaIndex.TS, as the packages return it', () => {
  it("reads the agent's run() result (a workflow event whose state holds a Memory), its data, memory and events", async () => {
    const result = await agent({ llm, tools: tools() }).run(PROMPT);
    const calls = getToolCalls(result);
    expect(calls.map(({ toolName, input, toolCallId }) => ({ toolName, input, toolCallId }))).toEqual([
      { toolName: 'refund', input: { order: 'A1' }, toolCallId: 'call_r' },
      { toolName: 'get_weather', input: { city: 'Paris' }, toolCallId: 'call_w' },
    ]);
    expect(calls[0]!.output).toContain('refunded');
    expect(calls[1]!.error).toContain('weather service down');
    expect(getToolCalls(result.data)).toEqual(calls);
    expect(getToolCalls(result.data.state!.memory)).toEqual(calls);
    expect(getToolCalls(await result.data.state!.memory.get())).toEqual(calls);
    // A saved memory (memory.snapshot(), which loadMemory() reads back): its messages with their ids and dates.
    expect(getToolCalls(JSON.parse(result.data.state!.memory.snapshot()))).toEqual(calls);
    expect(result).toCallToolsInOrder([parallel('refund', 'get_weather')]);
    expect(() => expect(result).toCallNoTools()).toThrow();
    expect(getRunText(result)).toEqual({ request: PROMPT, reply: REPLY });

    const events = await agent({ llm, tools: tools() }).runStream(PROMPT).toArray();
    expect(getToolCalls(events)).toEqual(calls);
    const kept = events.filter((event) => agentToolCallEvent.include(event) || agentToolCallResultEvent.include(event));
    expect(getToolCalls(kept)).toEqual(calls);
  });

  it("reads an exec() loop's messages and its result, a chat() response and its usage", async () => {
    const messages: ChatMessage[] = [{ role: 'user', content: PROMPT }];
    const step = await llm.exec({ messages, tools: tools() });
    expect(getToolCalls(step).map((call) => [call.toolName, call.output, call.error])).toEqual([
      ['refund', { refunded: true, order: 'A1' }, undefined],
      ['get_weather', undefined, expect.stringContaining('weather service down')],
    ]);
    messages.push(...step.newMessages);
    messages.push(...(await llm.exec({ messages, tools: tools() })).newMessages);
    expect(getToolCalls(messages)).toEqual(getToolCalls(step));
    expect(getRunText(messages)).toEqual({ request: PROMPT, reply: REPLY });

    // Streamed: its chunks split the calls; refused, naming what to pass.
    const chunks: unknown[] = [];
    for await (const chunk of await llm.chat({ messages: [{ role: 'user', content: PROMPT }], tools: tools(), stream: true })) chunks.push(chunk);
    expect(() => getToolCalls(chunks)).toThrow(/the chunks of a streamed LlamaIndex chat\(\).*Pass the messages of the loop/);

    const response = await llm.chat({ messages: [{ role: 'user', content: PROMPT }], tools: tools() });
    expect(getToolCalls(response).map((call) => call.input)).toEqual([{ order: 'A1' }, { city: 'Paris' }]);
    expect(getRunUsage(response).usage).toMatchObject({ steps: 1, tokens: { input: 100, output: 50, modelCalls: 1 } });
  });
});

describe('LlamaIndex.TS: the rules the fixtures show', () => {
  it('a result sent back as a user message neither starts a turn nor is the request', () => {
    const { messages } = llamaindexRuns;
    const later = [...messages, { role: 'user', content: 'And order B2?' }, { role: 'assistant', content: '', options: { toolCall: [{ id: 'call_b', name: 'refund', input: '{"order":"B2"}' }] } }];
    expect(turn(later, 1)).toCallToolsInOrder(['refund', 'get_weather'], { strict: true });
    expect(turn(later, -1)).toCallToolsInOrder([{ toolName: 'refund', input: { order: 'B2' } }], { strict: true });
    expect(turn(llamaindexRuns.agentRun, -1)).toCallToolsInOrder(['refund', 'get_weather'], { strict: true });
    expect(getRunText(later).request).toBe('And order B2?');
  });

  it('budgets: a chat() response records its tokens (raw.usage), messages and the agent their steps only', () => {
    expect(getRunUsage(llamaindexRuns.first).usage).toMatchObject({ steps: 1, tokens: { input: 88, output: 46, modelCalls: 1 } });
    expect(getRunUsage(llamaindexRuns.messages).usage).toMatchObject({ steps: 2, lacking: { tokens: expect.stringContaining('raw.usage') } });
    expect(getRunUsage(llamaindexRuns.agentRun).usage).toMatchObject({ steps: 2, lacking: { tokens: expect.stringContaining('agent workflow keeps no token usage') } });
    expect(getRunUsage(llamaindexRuns.streamedCalls).usage).toMatchObject({ steps: 2 });
    expect(() => expect(llamaindexRuns.agentRun).toStayWithinBudget({ tokens: 10_000 })).toThrow(/agent workflow keeps no token usage/);
  });

  it('refuses an agent result without its state, and events that name a call their list does not hold', () => {
    const { state: _state, ...withoutState } = llamaindexRuns.agentRun.data;
    expect(() => getToolCalls(withoutState)).toThrow(ToolCallAccuracyError);
    expect(() => getToolCalls(withoutState)).toThrow(/has no state, whose memory holds the run's calls/);
    expect(() => expect(withoutState).toCallNoTools()).toThrow(/has no state/);
    // Only the step events, the agentToolCallEvents left out.
    const steps = (llamaindexRuns.streamedCalls as Array<{ data: Record<string, unknown> }>).filter(({ data }) => !('toolKwargs' in data && !('toolOutput' in data)));
    expect(() => getToolCalls(steps)).toThrow(/lists the call "call_Rf9kQ2mZ", which no agentToolCallEvent of the list holds/);
    expect(() => expect(steps).not.toCallTool('refund')).toThrow(ToolCallAccuracyError);
  });

  it('refuses a final message that carries calls, which the agent never writes there', () => {
    const { data } = llamaindexRuns.agentRun;
    const forged = { ...data, message: { role: 'assistant', content: '', options: { toolCall: [{ id: 'x', name: 'refund', input: {} }] } } };
    expect(() => getToolCalls(forged)).toThrow(/the agent result's message .* carries calls/);
  });
});
