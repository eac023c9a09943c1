/**
 * The clients people use, replayed offline from recordings committed under
 * test/recordings/committed/ (made once against the loopback model server of
 * test/helpers/loopback.ts): the `openai` client, the OpenAI Agents SDK's `run` over that client,
 * a Mastra `Agent` whose model is `recordedModel(...)`, and LangChain's `ChatOpenAI` (in a LangGraph
 * `createReactAgent`) and `ChatAnthropic` (`bindTools` and a tool loop) over `recordedFetch`. Each test replays (mode `replay`, a base
 * URL where nothing listens), and our matchers assert the tool call. To record them again:
 * RECORD_COMMITTED=1 npx vitest run test/recordings/committed.test.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChatAnthropic } from '@langchain/anthropic';
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { tool as langchainTool } from '@langchain/core/tools';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { ChatOpenAI } from '@langchain/openai';
import { Agent as OpenAIAgent, OpenAIProvider, Runner, tool as agentTool } from '@openai/agents';
import OpenAI from 'openai';
import { createOpenAICompatible as createOpenAICompatible6 } from 'openai-compatible6';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordedFetch, recordedModel } from '../../src/index.js';
import { Agent, createTool, noopLogger } from '../../reference/mastra1/runtime.js';
import { answer, callTools, startLoopback, type Loopback } from '../helpers/loopback.js';

// Not __recordings__/: recordedModel.test.ts records into (and removes) that folder beside it.
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'committed');
const recording = process.env.RECORD_COMMITTED === '1';
const mode = recording ? 'record' : 'replay';

// Asks for the weather in Paris, then answers with what the tool said.
const script = (body: Record<string, unknown>) => {
  const messages = (body.messages ?? body.input) as Array<{ role?: string; type?: string; content?: unknown }>;
  // A tool's result: Chat Completions' tool message, Responses' function_call_output item, or Anthropic's tool_result block.
  const anthropicResult = (content: unknown) => Array.isArray(content) && content.some((block: { type?: string }) => block?.type === 'tool_result');
  const answered = messages.some((message) => message.role === 'tool' || message.type === 'function_call_output' || anthropicResult(message.content));
  return answered ? answer('It is sunny in Paris.') : callTools({ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } });
};

let server: Loopback | undefined;
// Recording: the loopback model. Replaying: a port where nothing listens, so a live call fails.
let baseURL = 'http://127.0.0.1:9/v1';
beforeAll(async () => {
  if (!recording) return;
  server = await startLoopback(script);
  baseURL = server.url;
});
afterAll(() => server?.close());

describe('committed recordings, replayed offline', () => {
  it('the openai client: a chat completion that calls a tool', async () => {
    const client = new OpenAI({ apiKey: 'sk-committed-fixture', baseURL, fetch: recordedFetch({ mode, dir }), maxRetries: 0 });
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const completion = await client.chat.completions.create({
      model: 'gpt-5-mini',
      messages,
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'The weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
    });
    const run = [...messages, completion.choices[0]!.message];
    expect(run).toCallTool('get_weather', { city: 'Paris' });
    expect(run).toCallToolsInOrder(['get_weather']);
  });

  it("the OpenAI Agents SDK's run over that client", async () => {
    const client = new OpenAI({ apiKey: 'sk-committed-fixture', baseURL, fetch: recordedFetch({ mode, dir }), maxRetries: 0 });
    const runner = new Runner({ modelProvider: new OpenAIProvider({ openAIClient: client }), tracingDisabled: true });
    const getWeather = agentTool({ name: 'get_weather', description: 'The weather in a city', parameters: z.object({ city: z.string() }), execute: async ({ city }) => `sunny in ${city}` });
    const agent = new OpenAIAgent({ name: 'weather', instructions: 'Answer questions about the weather.', model: 'gpt-5-mini', tools: [getWeather] });
    const result = await runner.run(agent, 'Weather in Paris?');
    expect(result.finalOutput).toBe('It is sunny in Paris.');
    expect(result.history).toCallTool('get_weather', { city: 'Paris' });
    expect(result.history).toCallToolsWithoutErrors();
  });

  it('a Mastra Agent whose model is recordedModel(...)', async () => {
    const getWeather = createTool({ id: 'get_weather', description: 'The weather in a city', inputSchema: z.object({ city: z.string() }), execute: async ({ city }: { city: string }) => ({ city, sky: 'sunny' }) });
    const agent = new Agent({
      id: 'weather-agent',
      name: 'Weather agent',
      instructions: 'Answer questions about the weather.',
      model: recordedModel(createOpenAICompatible6({ baseURL, name: 'loopback', apiKey: 'sk-committed-fixture' })('gpt-5-mini'), { mode, dir }) as never,
      tools: { get_weather: getWeather },
    });
    agent.__setLogger(noopLogger);
    const result = await agent.generate('Weather in Paris?');
    expect(result.text).toBe('It is sunny in Paris.');
    expect(result).toCallTool('get_weather', { city: 'Paris' });
  });

  it("LangChain's ChatOpenAI over recordedFetch, in a LangGraph createReactAgent", async () => {
    const model = new ChatOpenAI({ model: 'gpt-5-mini', apiKey: 'sk-committed-fixture', maxRetries: 0, configuration: { baseURL, fetch: recordedFetch({ mode, dir }) } });
    const agent = createReactAgent({ llm: model, tools: [weatherTool()] });
    const result = await agent.invoke({ messages: [new HumanMessage('Weather in Paris?')] });
    expect(result.messages.at(-1)?.content).toBe('It is sunny in Paris.');
    expect(result.messages).toCallTool('get_weather', { city: 'Paris' }, { output: 'sunny in Paris' });
    expect(result.messages).toCallToolsInOrder(['get_weather'], { strict: true });
    expect(result.messages).toCallToolsWithoutErrors();
  });

  it("LangChain's ChatAnthropic over recordedFetch: bindTools and a tool loop", async () => {
    const model = new ChatAnthropic({ model: 'claude-sonnet-4-5', apiKey: 'sk-ant-committed-fixture', maxRetries: 0, anthropicApiUrl: baseURL.replace(/\/v1$/, ''), clientOptions: { fetch: recordedFetch({ mode, dir }) } });
    const getWeather = weatherTool();
    const withTools = model.bindTools([getWeather]);
    const messages: BaseMessage[] = [new HumanMessage('Weather in Paris?')];
    for (let turn = 0; turn < 3; turn++) {
      const reply: AIMessage = await withTools.invoke(messages);
      messages.push(reply);
      if (!reply.tool_calls?.length) break;
      for (const call of reply.tool_calls) messages.push(await getWeather.invoke(call));
    }
    expect(messages.at(-1)?.content).toBe('It is sunny in Paris.');
    expect(messages).toCallTool('get_weather', { city: 'Paris' }, { output: 'sunny in Paris' });
    expect(messages).toCallToolsInOrder(['get_weather'], { strict: true });
    expect(messages).toCallToolsWithoutErrors();
  });
});

function weatherTool() {
  return langchainTool(async ({ city }: { city: string }) => `sunny in ${city}`, { name: 'get_weather', description: 'The weather in a city', schema: z.object({ city: z.string() }) });
}
