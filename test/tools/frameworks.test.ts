/**
 * stubbedTools in each framework's own loop: a Mastra 1.x `Agent` (reference/mastra1), an OpenAI
 * Agents SDK `run` over its `ScriptedModel`, a LangGraph ReAct agent over a scripted chat model.
 * Each run is read by the matchers: the stubbed outputs and failures are what the framework
 * recorded for the calls.
 */
import { Agent as OpenAIAgent, run, tool as openaiTool, Usage } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { tool as langchainTool } from '@langchain/core/tools';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordedTools, stubbedTools } from '../../src/index.js';
import { resetStoreActivity } from '../../src/store/index.js';
import { Agent, createTool, noopLogger } from '../../reference/mastra1/runtime.js';
import { travelModel, travelTools } from '../helpers/mastra1.js';
import { ScriptedChunkModel, splitCall } from '../helpers/langgraph.js';
import '../helpers/openaiAgents.js'; // tracing off

type Any = any;

describe('a Mastra 1.x Agent', () => {
  const agentWith = (tools: unknown) => {
    const agent = new Agent({ id: 'travel-agent', name: 'Travel agent', instructions: 'Find and book flights with the tools.', model: travelModel(), tools: tools as never });
    agent.__setLogger(noopLogger);
    return agent;
  };

  it('runs the stubs of its createTool tools, typed by their schemas', async () => {
    const tools = stubbedTools(travelTools, {
      'search-flights': (input) => ({ flights: [{ id: 'AF 9', from: input.from, to: input.to }] }),
      'book-flight': [{ input: { flightId: 'UA 1234', seat: expect.any(String) }, output: { confirmation: 'STUB-1' } }],
    });
    const result = await agentWith(tools).generate('Book a flight from SFO to JFK');
    expect(result).toCallToolsInOrder(['search-flights', 'book-flight']);
    expect(result).toCallToolsWithoutErrors();
    expect(result.toolResults.map((part: Any) => part.payload.result)).toEqual([{ flights: [{ id: 'AF 9', from: 'SFO', to: 'JFK' }] }, { confirmation: 'STUB-1' }]);
    expect(tools['search-flights'].id).toBe('search-flights');
    expect(tools['search-flights']).toBeInstanceOf(travelTools['search-flights'].constructor);
  });

  it('an error stub fails the tool as Mastra reports a failing tool', async () => {
    const tools = stubbedTools(travelTools, { 'search-flights': [{ error: 'flight search is down' }], 'book-flight': { confirmation: 'X' } });
    const result = await agentWith(tools).generate('Book a flight from SFO to JFK');
    expect(() => expect(result).toCallToolsWithoutErrors()).toThrow(/search-flights[\s\S]*flight search is down/);
  });
});

describe('an OpenAI Agents SDK run', () => {
  const lookupOrder = openaiTool({ name: 'lookup_order', description: 'An order by id', parameters: z.object({ order: z.string() }), execute: async ({ order }) => ({ order, total: 42 }) });
  const refund = openaiTool({ name: 'refund', description: 'Refunds an order', parameters: z.object({ order: z.string() }), execute: async ({ order }) => `refunded ${order}` });

  const agentWith = (tools: Any[]) =>
    new OpenAIAgent({
      name: 'Billing',
      instructions: 'Handle billing.',
      model: new ScriptedModel([
        { output: [functionCall('lookup_order', { order: 'A1' }, { callId: 'c1' })], usage: new Usage() },
        { output: [functionCall('refund', { order: 'A1' }, { callId: 'c2' })], usage: new Usage() },
        { output: [assistantMessage('Done.')], usage: new Usage() },
      ]),
      tools,
    });

  it('answers its tool()s from the stubs, typed by their parameters', async () => {
    const tools = stubbedTools([lookupOrder, refund], {
      lookup_order: [{ input: { order: 'A1' }, output: { order: 'A1', total: 7 } }],
      refund: (input) => `stub-refunded ${input.order}`,
    });
    const result = await run(agentWith(tools), 'Refund A1');
    expect(result).toCallToolsInOrder(['lookup_order', 'refund']);
    expect(result).toCallTool('refund', { order: 'A1' });
    const outputs = result.newItems.filter((item: Any) => item.type === 'tool_call_output_item').map((item: Any) => item.output);
    expect(outputs).toEqual([{ order: 'A1', total: 7 }, 'stub-refunded A1']);
  });

  it('an error stub reaches the model as the SDK reports a failing tool (its default error text), read as the call error', async () => {
    const tools = stubbedTools([lookupOrder, refund], { lookup_order: { order: 'A1', total: 7 }, refund: [{ error: 'payments down' }] });
    const result = await run(agentWith(tools), 'Refund A1');
    expect(() => expect(result).toCallToolsWithoutErrors()).toThrow(/refund/);
  });

  it('a tool without a stub is the test error, thrown out of the run, not hidden behind the SDK error text', async () => {
    const tools = stubbedTools([lookupOrder, refund], { lookup_order: { order: 'A1', total: 7 } });
    await expect(run(agentWith(tools), 'Refund A1')).rejects.toThrow(/tool "refund" has no stub/);
  });
});

describe('a LangGraph ReAct agent', () => {
  const search = langchainTool(async ({ q }: { q: string }) => `live results for ${q}`, { name: 'search', description: 'Searches the web.', schema: z.object({ q: z.string() }) });

  const agentWith = (tools: Any[]) =>
    createReactAgent({ llm: new ScriptedChunkModel([splitCall(0, 'call_1', 'search', { q: 'flights' }, [5]), [{ content: 'Found them.' }]]), tools });

  it('answers its tool()s from the stubs', async () => {
    const tools = stubbedTools([search], { search: [{ input: { q: 'flights' }, output: 'stubbed results' }] });
    const state = await agentWith(tools).invoke({ messages: [{ role: 'user', content: 'Find flights' }] });
    expect(state).toCallTool('search', { q: 'flights' });
    expect(state.messages.find((message: Any) => message.getType() === 'tool')!.content).toBe('stubbed results');
  });

  it('an error stub fails the tool as LangGraph reports it (a ToolMessage with status error)', async () => {
    const tools = stubbedTools([search], { search: [{ error: 'search is down' }] });
    const state = await agentWith(tools).invoke({ messages: [{ role: 'user', content: 'Find flights' }] });
    expect(() => expect(state).toCallToolsWithoutErrors()).toThrow(/search is down/);
  });

  it("an input no case fits fails the tool with the ToolStubError's message", async () => {
    const tools = stubbedTools([search], { search: [{ input: { q: 'hotels' }, output: 'x' }] });
    const state = await agentWith(tools).invoke({ messages: [{ role: 'user', content: 'Find flights' }] });
    const message: Any = state.messages.find((item: Any) => item.getType() === 'tool');
    expect(message.status).toBe('error');
    expect(message.content).toContain('no case of tool "search" fits its input {"q":"flights"}');
  });
});

describe('recordedTools in each framework: recorded once, replayed with no tool run', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'recorded-tools-frameworks-'));
    resetStoreActivity();
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('a Mastra 1.x Agent', async () => {
    let runs = 0;
    const live = {
      ...travelTools,
      'search-flights': createTool({
        id: 'search-flights',
        description: 'Find flights between two airports',
        inputSchema: z.object({ from: z.string(), to: z.string() }),
        execute: async ({ from, to }) => ({ flights: [{ id: `UA ${++runs}`, from, to }] }),
      }),
    };
    const agentWith = (tools: unknown) => {
      const agent = new Agent({ id: 'travel-agent', name: 'Travel agent', instructions: 'Book.', model: travelModel(), tools: tools as never });
      agent.__setLogger(noopLogger);
      return agent;
    };
    const recorded = await agentWith(recordedTools(live, { mode: 'record', dir })).generate('Book a flight from SFO to JFK');
    resetStoreActivity();
    const replayed = await agentWith(recordedTools(live, { mode: 'replay', dir })).generate('Book a flight from SFO to JFK');
    expect(runs).toBe(1);
    expect(replayed).toCallToolsInOrder(['search-flights', 'book-flight']);
    expect(replayed.toolResults.map((part: Any) => part.payload.result)).toEqual(recorded.toolResults.map((part: Any) => part.payload.result));
  });

  it('an OpenAI Agents SDK run', async () => {
    let runs = 0;
    const lookup = openaiTool({ name: 'lookup_order', description: 'An order by id', parameters: z.object({ order: z.string() }), execute: async ({ order }) => ({ order, total: 40 + ++runs }) });
    const agent = (tools: Any[]) =>
      new OpenAIAgent({
        name: 'Billing',
        instructions: 'Handle billing.',
        model: new ScriptedModel([{ output: [functionCall('lookup_order', { order: 'A1' }, { callId: 'c1' })], usage: new Usage() }, { output: [assistantMessage('Done.')], usage: new Usage() }]),
        tools,
      });
    await run(agent(recordedTools([lookup], { mode: 'record', dir })), 'Order A1?');
    resetStoreActivity();
    const replayed = await run(agent(recordedTools([lookup], { mode: 'replay', dir })), 'Order A1?');
    expect(runs).toBe(1);
    expect(replayed).toCallTool('lookup_order', { order: 'A1' });
    expect((replayed.newItems.find((item: Any) => item.type === 'tool_call_output_item') as Any).output).toEqual({ order: 'A1', total: 41 });
  });

  it('a LangGraph ReAct agent', async () => {
    let runs = 0;
    const search = langchainTool(async ({ q }: { q: string }) => `results for ${q} #${++runs}`, { name: 'search', description: 'Searches the web.', schema: z.object({ q: z.string() }) });
    const agent = (tools: Any[]) => createReactAgent({ llm: new ScriptedChunkModel([splitCall(0, 'call_1', 'search', { q: 'flights' }, [5]), [{ content: 'Found them.' }]]), tools });
    await agent(recordedTools([search], { mode: 'record', dir })).invoke({ messages: [{ role: 'user', content: 'Find flights' }] });
    resetStoreActivity();
    const state = await agent(recordedTools([search], { mode: 'replay', dir })).invoke({ messages: [{ role: 'user', content: 'Find flights' }] });
    expect(runs).toBe(1);
    expect(state).toCallTool('search', { q: 'flights' });
    expect(state.messages.find((message: Any) => message.getType() === 'tool')!.content).toBe('results for flights #1');
  });
});
