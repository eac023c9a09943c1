/**
 * A replay is the live run: what a result holds live (the request body the provider was sent, the
 * response's messages, usage, provider metadata) is there in replay, so the judge finds the user's
 * request in a replayed result as it did live. Recorded once from a loopback server playing both the
 * agent's model and the judge (the real OpenAI-compatible provider over HTTP), then replayed with
 * CI=true and nothing listening: `toUseAppropriateTools` over an AI SDK `generateText` result and a
 * Mastra `Agent` result, without a `request` option.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createOpenAICompatible as createOpenAICompatible6 } from 'openai-compatible6';
import { generateText, stepCountIs, tool } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureJudge, recordedModel } from '../../src/index.js';
import { resetJudgeConfig } from '../../src/judge/config.js';
import { resetStoreActivity } from '../../src/store/index.js';
import { Agent, createTool, noopLogger } from '../../reference/mastra1/runtime.js';
import { answer, callTools, startLoopback, type Loopback } from '../helpers/loopback.js';

const verdict = {
  evaluations: [{ toolCalled: 'get-weather', wasAppropriate: true, reasoning: 'The user asked for the weather in Tokyo and get-weather gives it.' }],
  missingTools: [],
  reason: 'The agent looked the weather up, as asked.',
};

/** The agent's model asks for the weather, then answers; the judge (asked with no tools) gives its verdict. */
function script(body: Record<string, unknown>) {
  if (!Array.isArray(body.tools)) return answer(verdict);
  const messages = body.messages as Array<{ role: string }>;
  return messages.some((message) => message.role === 'tool') ? answer('Sunny in Tokyo.') : callTools({ id: 'call_1', name: 'get-weather', arguments: { city: 'Tokyo' } });
}

let work: string;
let server: Loopback | undefined;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'tca-replay-is-live-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));
afterEach(async () => {
  await server?.close();
  server = undefined;
  resetJudgeConfig();
  delete process.env.CI;
});

/** Recorded with the server up, then replayed as CI would (CI=true) with the server closed. */
async function recordThenReplay<R>(run: (url: string) => Promise<R>, check: (result: R, phase: 'live' | 'replay') => Promise<void>): Promise<void> {
  server = await startLoopback(script);
  const url = server.url;
  const judge = () => createOpenAICompatible({ baseURL: url, name: 'loopback', apiKey: 'loopback-key' })('judge-model');
  configureJudge({ model: judge(), cache: { dir: path.join(work, '__judge__') } });
  await check(await run(url), 'live');
  const asked = server.requests.length;
  expect(asked).toBe(3); // two model steps, one verdict
  await server.close();
  server = undefined;

  resetStoreActivity(); // as a new process would
  process.env.CI = 'true';
  configureJudge({ model: judge(), cache: { dir: path.join(work, '__judge__') } });
  await check(await run(url), 'replay');
}

describe('the judge reads a replayed result as it read the live one', () => {
  it('an AI SDK generateText result', async () => {
    const tools = { 'get-weather': tool({ description: 'The weather in a city', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, sky: 'sunny' }) }) };
    const live: Record<string, unknown> = {};
    await recordThenReplay(
      (url) =>
        generateText({
          model: recordedModel(createOpenAICompatible({ baseURL: url, name: 'loopback', apiKey: 'loopback-key' })('agent-model'), { dir: path.join(work, 'ai-sdk') }),
          tools,
          prompt: 'What is the weather in Tokyo?',
          stopWhen: stepCountIs(3),
          // AI SDK 7 keeps the provider's request body when asked (5 and 6 by default): the judge reads the request there.
          include: { requestBody: true },
        }),
      async (result, phase) => {
        expect(result.text).toBe('Sunny in Tokyo.');
        await expect(result).toUseAppropriateTools({ availableTools: tools });
        const seen = { requestBody: result.steps[0]!.request.body, messages: result.response.messages, usage: result.usage, totalUsage: result.totalUsage, providerMetadata: result.providerMetadata, responseId: result.response.id, modelId: result.response.modelId };
        expect(seen.requestBody).toBeDefined();
        if (phase === 'live') Object.assign(live, seen);
        else expect(JSON.parse(JSON.stringify(seen))).toEqual(JSON.parse(JSON.stringify(live)));
      },
    );
  }, 60_000);

  it('a Mastra Agent result', async () => {
    const tools = { 'get-weather': createTool({ id: 'get-weather', description: 'The weather in a city', inputSchema: z.object({ city: z.string() }), execute: async ({ city }: { city: string }) => ({ city, sky: 'sunny' }) }) };
    let liveRequest: unknown;
    await recordThenReplay(
      (url) => {
        const agent = new Agent({
          id: 'weather-agent',
          name: 'Weather agent',
          instructions: 'Answer weather questions with the get-weather tool.',
          model: recordedModel(createOpenAICompatible6({ baseURL: url, name: 'loopback', apiKey: 'loopback-key' })('agent-model'), { dir: path.join(work, 'mastra') }) as never,
          tools,
        });
        agent.__setLogger(noopLogger);
        return agent.generate('What is the weather in Tokyo?');
      },
      async (result, phase) => {
        expect(result.text).toBe('Sunny in Tokyo.');
        expect(result).toCallToolsInOrder([{ toolName: 'get-weather', input: { city: 'Tokyo' } }]);
        await expect(result).toUseAppropriateTools({ availableTools: [{ name: 'get-weather', description: 'The weather in a city' }] });
        const request = (result as { request?: unknown }).request;
        if (phase === 'live') liveRequest = JSON.parse(JSON.stringify(request ?? null));
        else expect(JSON.parse(JSON.stringify(request ?? null))).toEqual(liveRequest);
      },
    );
  }, 60_000);
});
