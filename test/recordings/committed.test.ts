/**
 * The clients people use, replayed offline from recordings committed under
 * test/recordings/committed/ (made once against the loopback model server of
 * test/helpers/loopback.ts): the `openai` client, the OpenAI Agents SDK's `run` over that client,
 * and a Mastra `Agent` whose model is `recordedModel(...)`. Each test replays (mode `replay`, a base
 * URL where nothing listens), and our matchers assert the tool call. To record them again:
 * RECORD_COMMITTED=1 npx vitest run test/recordings/committed.test.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const messages = (body.messages ?? body.input) as Array<{ role?: string; type?: string }>;
  const answered = messages.some((message) => message.role === 'tool' || message.type === 'function_call_output');
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
});
