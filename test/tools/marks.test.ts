/**
 * A double's outcome is marked where reading a failure needs it: `trajectory(run)` and the call
 * lists of failure messages that show outcomes say `(stubbed)` or `(replayed)` beside the output a
 * double gave, and nothing for a tool that ran (a passed-through case, a live run, a recording).
 * Runs without doubles read as before (pinnedMessages.test.ts pins them).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HumanMessage } from '@langchain/core/messages';
import { tool as langchainTool } from '@langchain/core/tools';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { Agent as OpenAIAgent, run as runAgent, tool as openaiTool, Usage } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { generateText, stepCountIs, tool } from 'ai';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { recordedTools, stubbedTools, trajectory } from '../../src/index.js';
import { resetStoreActivity } from '../../src/store/index.js';
import { Agent, noopLogger } from '../../reference/mastra1/runtime.js';
import { ScriptedChunkModel, splitCall } from '../helpers/langgraph.js';
import { travelModel, travelTools } from '../helpers/mastra1.js';
import '../helpers/openaiAgents.js'; // tracing off
import { scriptedModel } from '../helpers/toolLoops.js';

type Any = any;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tool-marks-'));
  resetStoreActivity();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const weatherTools = (sky = 'live') => ({
  getWeather: tool({ description: 'The weather in a city', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, sky }) }),
  sendEmail: tool({ description: 'Sends an email', inputSchema: z.object({ to: z.string() }), execute: async () => ({ sent: true }) }),
});
const script = () => [[{ call: 'getWeather', input: { city: 'Paris' } }, { call: 'sendEmail', input: { to: 'ops@example.com' } }], [{ call: 'getWeather', input: { city: 'Rome' } }]];
const run = (tools: Any) => generateText({ model: scriptedModel(script()) as Any, tools, prompt: 'Weather, and tell ops', stopWhen: stepCountIs(5) });

it('marks the stubbed outputs and errors in trajectory(run), and not a passed-through call that ran the real tool', async () => {
  const tools = stubbedTools(weatherTools(), {
    getWeather: [{ input: { city: 'Paris' }, output: { city: 'Paris', sky: 'stubbed' } }, { input: { city: 'Rome' }, passThrough: true }],
    sendEmail: [{ error: 'mail server down' }],
  });
  expect(trajectory(await run(tools)).text).toBe(
    [
      'getWeather  {"city":"Paris"}  → {"city":"Paris","sky":"stubbed"} (stubbed)',
      'sendEmail  {"to":"ops@example.com"}  → failed: "mail server down" (stubbed)',
      'getWeather  {"city":"Rome"}  → {"city":"Rome","sky":"live"}',
    ].join('\n'),
  );
});

it("says (stubbed) in a failure message's call list that shows outputs", async () => {
  const result = await run(stubbedTools(weatherTools(), { getWeather: { city: 'Paris', sky: 'stubbed' }, sendEmail: { sent: false } }));
  let message = '';
  try {
    expect(result).toCallTool('sendEmail', { to: 'ops@example.com' }, { output: { sent: true } });
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toContain('sendEmail   {"to":"ops@example.com"}  → {"sent":false} (stubbed)');
  // A call list without outputs names no double: the mark goes with the output.
  expect(() => expect(result).toCallToolTimes('getWeather', 5)).toThrow(/getWeather\s+\{"city":"Paris"\}\n/);
});

it('marks a replayed output (replayed), not the recorded run, nor a run with no doubles', async () => {
  const recorded = await run(recordedTools(weatherTools(), { mode: 'record', dir }));
  expect(trajectory(recorded).text).not.toMatch(/\((replayed|stubbed)\)/);
  resetStoreActivity(); // as a new process would
  const replayed = await run(recordedTools(weatherTools(), { mode: 'replay', dir }));
  expect(trajectory(replayed).text).toBe(
    [
      'getWeather  {"city":"Paris"}  → {"city":"Paris","sky":"live"} (replayed)',
      'sendEmail  {"to":"ops@example.com"}  → {"sent":true} (replayed)',
      'getWeather  {"city":"Rome"}  → {"city":"Rome","sky":"live"} (replayed)',
    ].join('\n'),
  );
  // The same calls (the same ids) run live later in the test: a call with another output is not
  // marked; one whose output is the same as the double's cannot be told from it.
  expect(trajectory(await run(weatherTools('live again'))).text).toBe(
    [
      'getWeather  {"city":"Paris"}  → {"city":"Paris","sky":"live again"}',
      'sendEmail  {"to":"ops@example.com"}  → {"sent":true} (replayed)',
      'getWeather  {"city":"Rome"}  → {"city":"Rome","sky":"live again"}',
    ].join('\n'),
  );
});

it('marks a stubbed LangChain tool in a LangGraph agent by its tool call id', async () => {
  const search = langchainTool(async ({ q }: { q: string }) => `live results for ${q}`, { name: 'search', description: 'Searches the web.', schema: z.object({ q: z.string() }) });
  const model = new ScriptedChunkModel([splitCall(0, 'call_search', 'search', { q: 'cats' }, [5]), [{ content: 'Found cats.' }]]);
  const agent = createReactAgent({ llm: model as Any, tools: stubbedTools([search], { search: 'stubbed results' }) });
  const result = await agent.invoke({ messages: [new HumanMessage('Find cats')] });
  expect(trajectory(result.messages).text).toBe('search  {"q":"cats"}  → "stubbed results" (stubbed)');
});

it('marks the stubbed outputs of a Mastra 1.x Agent and of an OpenAI Agents SDK run (their call ids reach the double)', async () => {
  const mastraTools = stubbedTools(travelTools, { 'search-flights': [{ error: 'flight search is down' }], 'book-flight': { confirmation: 'STUB-1' } });
  const agent = new Agent({ id: 'travel-agent', name: 'Travel agent', instructions: 'Find and book flights with the tools.', model: travelModel(), tools: mastraTools as never });
  agent.__setLogger(noopLogger);
  const mastra = trajectory(await agent.generate('Book a flight from SFO to JFK')).text.split('\n');
  expect(mastra.length).toBeGreaterThan(0);
  for (const line of mastra) expect(line).toMatch(/ \(stubbed\)$/);

  const lookupOrder = openaiTool({ name: 'lookup_order', description: 'An order by id', parameters: z.object({ order: z.string() }), execute: async ({ order }) => ({ order, total: 42 }) });
  const refund = openaiTool({ name: 'refund', description: 'Refunds an order', parameters: z.object({ order: z.string() }), execute: async ({ order }) => `refunded ${order}` });
  const billing = new OpenAIAgent({
    name: 'Billing',
    instructions: 'Handle billing.',
    model: new ScriptedModel([
      { output: [functionCall('lookup_order', { order: 'A1' }, { callId: 'c1' })], usage: new Usage() },
      { output: [functionCall('refund', { order: 'A1' }, { callId: 'c2' })], usage: new Usage() },
      { output: [assistantMessage('Done.')], usage: new Usage() },
    ]),
    tools: stubbedTools([lookupOrder, refund], { lookup_order: { order: 'A1', total: 7 }, refund: [{ error: 'payments down' }] }),
  });
  const lines = trajectory(await runAgent(billing, 'Refund A1')).text.split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe('lookup_order  {"order":"A1"}  → {"order":"A1","total":7} (stubbed)');
  expect(lines[1]).toMatch(/^refund  \{"order":"A1"\}  → failed: .* \(stubbed\)$/);
});
