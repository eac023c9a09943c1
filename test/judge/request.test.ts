import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOpenAICompatible as createOpenAICompatibleV5 } from '@ai-sdk/openai-compatible-v5';
import { AIMessage, HumanMessage, SystemMessage } from '@langchain/core/messages';
import * as ai7 from 'ai';
import * as ai5 from 'ai5';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureJudge, resetJudgeConfig } from '../../src/judge/config.js';
import { resolveRequest } from '../../src/judge/request.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import { createAgentTestRun, createTestMessage } from '../../src/testing.js';
import { loopSteps, makeTools, sdks } from '../fixtures/aiSdk.js';
import { judgeModel, promptOf, textResult } from '../helpers/judgeModels.js';
import { answer, callTools, startLoopback, type Loopback } from '../helpers/loopback.js';
import { rejectionOf } from '../helpers/failureOf.js';

const sdk7 = sdks.find((sdk) => sdk.name === 'ai7')!;
const tools = makeTools(sdk7);

/** The verdict on loopSteps' three calls. */
const verdict = {
  evaluations: [
    { toolCalled: 'auth-tool', wasAppropriate: true, reasoning: 'The user must be signed in first.' },
    { toolCalled: 'fetch-tool', wasAppropriate: true, reasoning: 'Fetches the first page asked for.' },
    { toolCalled: 'fetch-tool', wasAppropriate: true, reasoning: 'Fetches the second page asked for.' },
  ],
  missingTools: [],
  reason: 'Every call served the request.',
};

/** A real generateText tool loop on AI SDK 7's mock model: three calls over three steps. */
function agentRun(prompt: string, include?: { requestMessages?: boolean; requestBody?: boolean }) {
  return ai7.generateText({ model: sdk7.model(loopSteps), tools, prompt, stopWhen: ai7.stepCountIs(5), ...(include && { include }) } as never);
}

/** The text in the judge prompt's request block. */
function requestInPrompt(model: MockLanguageModelV4, call = 0): string {
  return /## The user’s request\n+(`{3,})text\n([\s\S]*?)\n\1\n/.exec(promptOf(model, call).user)![2]!;
}


let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'judge-request-'));
  configureJudge({ availableTools: tools, cache: { mode: 'off' } });
});
afterEach(async () => {
  resetJudgeConfig();
  await rm(dir, { recursive: true, force: true });
});

describe('the judge never grades blind', () => {
  it('a generateText result that records no request rejects with the way to pass it, and asks no model', async () => {
    const result = await agentRun('Sign in as alice and fetch pages a and b');
    const model = judgeModel(verdict);
    const message = await rejectionOf(expect(result).toUseAppropriateTools({ model }));
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(message).toMatchInlineSnapshot(`
      "expect(run).toUseAppropriateTools(options)

      Matcher error: the judge needs the user's request to decide whether the tools suited it, and this AI SDK result does not record one.
      An AI SDK result keeps the prompt only in its first step's request: with AI SDK 7 when generateText is given
      include: { requestMessages: true }, or as a provider request body in messages this package reads.
      Pass the request, the user's text:
        await expect(result).toUseAppropriateTools({ request: "Book a flight from SFO to JFK" })
      or the messages the agent was given (any message format this package reads):
        await expect(result).toUseAppropriateTools({ request: messages })"
    `);
    // A judge error never counts as a pass: `.not` fails the same way.
    await expect(expect(result).not.toUseAppropriateTools({ model })).rejects.toThrow('the judge needs the user');
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('the same calls under two requests: two model calls and two verdict files, each with its request', async () => {
    configureJudge({ cache: { mode: 'auto', dir } });
    const model = judgeModel(verdict);
    const first = await agentRun('Sign in as alice and fetch pages a and b');
    const second = await agentRun('Fetch the weather for Paris');
    await expect(first).toUseAppropriateTools({ model, request: 'Sign in as alice and fetch pages a and b' });
    await expect(second).toUseAppropriateTools({ model, request: 'Fetch the weather for Paris' });
    expect(model.doGenerateCalls).toHaveLength(2);
    expect([requestInPrompt(model, 0), requestInPrompt(model, 1)]).toEqual(['Sign in as alice and fetch pages a and b', 'Fetch the weather for Paris']);

    const files = (await readdir(dir)).sort();
    expect(files).toEqual([
      expect.stringMatching(/^the-judge-never-grades-blind-the-same-calls-under-two-reques--fetch-the-weather-for-paris-[0-9a-f]{12}\.json$/),
      expect.stringMatching(/^the-judge-never-grades-blind-the-same-calls-under-two-reques--sign-in-as-alice-and-fetch-pages-a-and-b-[0-9a-f]{12}\.json$/),
    ]);
    const stored = await Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8'))));
    expect(stored.map((entry) => entry.request)).toEqual(['Fetch the weather for Paris', 'Sign in as alice and fetch pages a and b']);
    expect(stored[0].test).toBe('the judge never grades blind > the same calls under two requests: two model calls and two verdict files, each with its request');
    expect(stored[0].calls.map((call: { toolName: string }) => call.toolName)).toEqual(['auth-tool', 'fetch-tool', 'fetch-tool']);

    // Asked again, each replays its own verdict: no third model call.
    await expect(second).toUseAppropriateTools({ model, request: 'Fetch the weather for Paris' });
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it('AI SDK 7 with include: { requestMessages: true } records the request, and the judge reads it', async () => {
    const result = await agentRun('Sign in as alice and fetch pages a and b', { requestMessages: true });
    const model = judgeModel(verdict);
    await expect(result).toUseAppropriateTools({ model });
    expect(requestInPrompt(model)).toBe('Sign in as alice and fetch pages a and b');
  });

  describe('a provider request body, from real providers over a loopback server', () => {
    let server: Loopback | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });
    const weather = { description: 'Current weather', inputSchema: z.object({ city: z.string() }), execute: async ({ city }: { city: string }) => ({ city, temperature: 21 }) };
    const weather5 = ai5.tool(weather);
    const weather7 = ai7.tool(weather);
    const weatherVerdict = { evaluations: [{ toolCalled: 'weather', wasAppropriate: true, reasoning: 'Asked for the weather.' }], missingTools: [], reason: 'Right tool.' };

    it('AI SDK 5 keeps the OpenAI-compatible body by default: read, also after a JSON round trip', async () => {
      server = await startLoopback(callTools({ id: 'call_1', name: 'weather', arguments: { city: 'Paris' } }), answer('It is 21 °C in Paris.'));
      const result = await ai5.generateText({
        model: createOpenAICompatibleV5({ baseURL: server.url, name: 'agent', apiKey: 'loopback-key' })('agent-model'),
        system: 'You are a weather assistant.',
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello! How can I help?' },
          { role: 'user', content: 'What is the weather in Paris?' },
        ],
        tools: { weather: weather5 },
        stopWhen: ai5.stepCountIs(3),
      });
      const model = judgeModel(weatherVerdict);
      await expect(result).toUseAppropriateTools({ model, availableTools: { weather: weather7 } });
      await expect(JSON.parse(JSON.stringify(result))).toUseAppropriateTools({ model, availableTools: { weather: weather7 } });
      // The last user message of the first step, not the system prompt or an earlier turn.
      expect([requestInPrompt(model, 0), requestInPrompt(model, 1)]).toEqual(['What is the weather in Paris?', 'What is the weather in Paris?']);
    });

    it('AI SDK 7 keeps it with include: { requestBody: true }', async () => {
      server = await startLoopback(callTools({ id: 'call_1', name: 'weather', arguments: { city: 'Oslo' } }), answer('It is 21 °C in Oslo.'));
      const result = await ai7.generateText({
        model: server.model(),
        prompt: 'Weather in Oslo, please',
        tools: { weather: weather7 },
        stopWhen: ai7.stepCountIs(3),
        include: { requestBody: true },
      });
      const model = judgeModel(weatherVerdict);
      await expect(result).toUseAppropriateTools({ model, availableTools: { weather: weather7 } });
      expect(requestInPrompt(model)).toBe('Weather in Oslo, please');
    });
  });

  it('a provider body in a format this package does not read is refused, not guessed', async () => {
    // A Google-style body: `contents` with `parts`, which no reader here knows.
    const agent = new MockLanguageModelV4({
      doGenerate: async () => ({
        ...textResult('Sunny.'),
        request: { body: { contents: [{ role: 'user', parts: [{ text: 'Weather in Rome?' }] }] } },
      }),
    });
    const result = await ai7.generateText({ model: agent, prompt: 'Weather in Rome?', include: { requestBody: true } });
    expect(result.steps[0]!.request.body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Weather in Rome?' }] }] });
    const model = judgeModel({ evaluations: [], missingTools: [], reason: 'No tools needed.' });
    await expect(expect(result).toUseAppropriateTools({ model })).rejects.toThrow('this AI SDK result does not record one');
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});

describe('the request option', () => {
  const lastTurn = 'And now fetch page b';
  const messagesInEveryFormat: Array<[string, unknown]> = [
    ['AI SDK model messages', [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Fetch page a' }, { role: 'assistant', content: 'Done.' }, { role: 'user', content: lastTurn }]],
    ['AI SDK UI messages', [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: lastTurn }] }]],
    ['OpenAI Chat messages', [{ role: 'developer', content: 'Be brief.' }, { role: 'user', content: [{ type: 'text', text: lastTurn }] }]],
    ['OpenAI Responses input items', [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: lastTurn }] }]],
    ['Anthropic messages', [{ role: 'user', content: [{ type: 'text', text: lastTurn }] }, { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'fetch-tool', input: {} }] }]],
    ['LangChain messages', [new SystemMessage('Be brief.'), new HumanMessage('Fetch page a'), new AIMessage('Done.'), new HumanMessage(lastTurn)]],
    ['a LangGraph state', { messages: [new HumanMessage(lastTurn)] }],
    ['Mastra input messages', [createTestMessage({ content: lastTurn, role: 'user' })]],
  ];

  it.each(messagesInEveryFormat)('takes %s: the last user message is the request', (_format, messages) => {
    expect(resolveRequest(messages as never, undefined, 'matcher')).toBe(lastTurn);
  });

  it('takes the user text, and wins over what the run records', async () => {
    const run = createAgentTestRun({ inputMessages: [createTestMessage({ content: 'Recorded request', role: 'user' })], output: [createTestMessage({ content: 'Ok.', role: 'assistant' })] });
    const model = judgeModel({ evaluations: [], missingTools: [], reason: 'Nothing to call.' });
    await expect(run).toUseAppropriateTools({ model, request: 'Given request' });
    await expect(run).toUseAppropriateTools({ model, request: [new HumanMessage('Given as LangChain messages')] });
    expect([requestInPrompt(model, 0), requestInPrompt(model, 1)]).toEqual(['Given request', 'Given as LangChain messages']);
  });

  it('a request that is not text or messages with a user turn is a matcher error, with .not too, before any model call', async () => {
    const result = await agentRun('Sign in as alice and fetch pages a and b');
    const model = judgeModel(verdict);
    const cases: Array<[unknown, string]> = [
      ['  ', 'options.request is an empty string; pass the text the user sent the agent.'],
      [42, "options.request must be the user's text or the messages the agent was given; received number 42."],
      [[{ role: 'assistant', content: 'Hello' }], 'options.request holds no user message with text'],
    ];
    for (const [request, error] of cases) {
      await expect(expect(result).toUseAppropriateTools({ model, request } as never)).rejects.toThrow(error);
      await expect(expect(result).not.toUseAppropriateTools({ model, request } as never)).rejects.toThrow(error);
    }
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('the scorer takes it at creation or per run, and says how when it is missing', async () => {
    const result = await agentRun('Sign in as alice and fetch pages a and b');
    const model = judgeModel(verdict);
    const error = await createToolCallAccuracyScorerLLM({ model, availableTools: tools }).run(result).catch((e: Error) => e);
    expect((error as Error).message).toContain('  await scorer.run(result, { request: messages })');
    expect(model.doGenerateCalls).toHaveLength(0);

    const scorer = createToolCallAccuracyScorerLLM({ model, availableTools: tools, request: 'Sign in as alice and fetch pages a and b' });
    expect((await scorer.run(result)).score).toBe(1);
    expect((await scorer.run(result, { request: [{ role: 'user', content: 'Per run' }] })).score).toBe(1);
    expect([requestInPrompt(model, 0), requestInPrompt(model, 1)]).toEqual(['Sign in as alice and fetch pages a and b', 'Per run']);
    await expect(scorer.run(result, { threshold: 1 } as never)).rejects.toThrow('scorer.run(run, options): unknown option "threshold". Known: request.');
  });
});


