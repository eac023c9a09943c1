/**
 * `trajectory(run)`: one line per call, the same text whatever format the run came in, printed
 * by the setup file's snapshot serializer. Runs from the real packages: AI SDK tool loops with
 * the mock model, LangChain messages, the OpenAI client over a loopback server, Mastra's builders.
 */
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getToolCalls, own, trajectory, within } from '../../src/index.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';
import { trajectorySerializer } from '../../src/setup.js';
import { printableName } from '../../src/value.js';
import { call, sdks } from '../fixtures/aiSdk.js';
import type { ProviderStep } from '../fixtures/aiSdk.js';
import { otlpJson, traceOf } from '../fixtures/otel.js';
import { callTools, answer, startLoopback } from '../helpers/loopback.js';

type Any = any;
const ai7 = sdks.find((sdk) => sdk.name === 'ai7')!;

// The same three calls in every format: a search (its result an object, keys in another order than
// the text shows them), a weather lookup, and a booking whose result never arrived.
const searchInput = { to: 'JFK', from: 'SFO' };
const searchOutput = { flights: ['UA 1234'], count: 1 };
const weatherInput = { city: 'New York' };
const weatherOutput = { sunny: true };
const bookInput = { seat: '14C', flightId: 'UA 1234' };

/** ai@7 generateText: search and weather in one step, then book, a tool with no execute (its result never comes). */
async function aiSdkRun(): Promise<unknown> {
  const { tool, generateText, stepCountIs } = ai7.ai;
  const steps: ProviderStep[] = [
    [call('c1', 'search_flights', searchInput), call('c2', 'get_weather', weatherInput)],
    [call('c3', 'book_flight', bookInput)],
    [{ type: 'text', text: 'Booking.' }],
  ];
  return generateText({
    model: ai7.model(steps),
    tools: {
      search_flights: tool({ inputSchema: z.object({ from: z.string(), to: z.string() }), execute: async () => searchOutput }),
      get_weather: tool({ inputSchema: z.object({ city: z.string() }), execute: async () => weatherOutput }),
      book_flight: tool({ inputSchema: z.object({ flightId: z.string(), seat: z.string() }) }),
    },
    stopWhen: stepCountIs(5),
    prompt: 'Book SFO to JFK',
  });
}

function langchainRun(): unknown {
  return [
    new HumanMessage('Book SFO to JFK'),
    new AIMessage({
      content: '',
      tool_calls: [
        { id: 'c1', name: 'search_flights', args: searchInput, type: 'tool_call' },
        { id: 'c2', name: 'get_weather', args: weatherInput, type: 'tool_call' },
      ],
    }),
    new ToolMessage({ tool_call_id: 'c1', content: JSON.stringify(searchOutput) }),
    new ToolMessage({ tool_call_id: 'c2', content: JSON.stringify(weatherOutput) }),
    new AIMessage({ content: '', tool_calls: [{ id: 'c3', name: 'book_flight', args: bookInput, type: 'tool_call' }] }),
  ];
}

/** The OpenAI client's tool loop against a loopback chat-completions server: the messages it keeps. */
async function openaiChatRun(): Promise<unknown> {
  const server = await startLoopback(
    callTools({ id: 'c1', name: 'search_flights', arguments: searchInput }, { id: 'c2', name: 'get_weather', arguments: weatherInput }),
    callTools({ id: 'c3', name: 'book_flight', arguments: bookInput }),
    answer('Booking.'),
  );
  try {
    const client = new OpenAI({ baseURL: server.url, apiKey: 'loopback-key' });
    const results: Record<string, unknown> = { search_flights: searchOutput, get_weather: weatherOutput };
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Book SFO to JFK' }];
    for (let turn = 0; turn < 2; turn++) {
      const { message } = (await client.chat.completions.create({ model: 'agent-model', messages })).choices[0]!;
      messages.push(message);
      for (const toolCall of message.tool_calls ?? []) {
        // book_flight's result never arrives.
        if (toolCall.type === 'function' && toolCall.function.name in results) {
          messages.push({ role: 'tool', tool_call_id: toolCall.id, content: JSON.stringify(results[toolCall.function.name]) });
        }
      }
    }
    return messages;
  } finally {
    await server.close();
  }
}

function mastraRun(): unknown {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'Book SFO to JFK', role: 'user', id: 'u1' })],
    output: [
      createTestMessage({
        content: 'Booking.',
        role: 'assistant',
        id: 'a1',
        toolInvocations: [
          createToolInvocation({ toolCallId: 'c1', toolName: 'search_flights', args: searchInput, result: searchOutput }),
          createToolInvocation({ toolCallId: 'c2', toolName: 'get_weather', args: weatherInput, result: weatherOutput }),
          createToolInvocation({ toolCallId: 'c3', toolName: 'book_flight', args: bookInput, result: {}, state: 'call' }),
        ],
      }),
    ],
  });
}

describe('trajectory(run)', () => {
  it('is the same text from an AI SDK loop, LangChain messages, the OpenAI client and Mastra builders', async () => {
    const runs = { 'ai-sdk': await aiSdkRun(), langchain: langchainRun(), 'openai-chat': await openaiChatRun(), mastra: mastraRun() };
    const texts = Object.entries(runs).map(([format, run]) => [format, String(trajectory(run))]);
    for (const [, text] of texts) expect(text).toBe(texts[0]![1]);
    expect(trajectory(runs['openai-chat'])).toMatchInlineSnapshot(`
      search_flights  {"from":"SFO","to":"JFK"}  → {"count":1,"flights":["UA 1234"]}
      get_weather  {"city":"New York"}  → {"sunny":true}
      book_flight  {"flightId":"UA 1234","seat":"14C"}  → no result
    `);
  });

  it('shows failures and approvals, and is pinned by a snapshot file', async () => {
    const sdk = sdks.find((each) => each.name === 'ai7')!;
    const { tool, generateText, stepCountIs } = sdk.ai;
    const result = await generateText({
      model: sdk.model([
        [call('c1', 'lookup', { url: 'https://x.test/bad' })],
        [call('c2', 'lookup', { url: 'https://x.test/good' }), call('c3', 'delete', { id: 'draft' })],
        [{ type: 'text', text: 'Waiting for approval.' }],
      ]),
      tools: {
        lookup: tool({
          inputSchema: z.object({ url: z.string() }),
          execute: async ({ url }: { url: string }) => {
            if (url.includes('bad')) throw new Error(`502 bad gateway for ${url}`);
            return { status: 200 };
          },
        }),
        delete: tool({ inputSchema: z.object({ id: z.string() }), needsApproval: true, execute: async () => ({ deleted: true }) }),
      },
      stopWhen: stepCountIs(5),
      prompt: 'go',
    });
    expect(String(trajectory(result))).toBe(
      [
        'lookup  {"url":"https://x.test/bad"}  → failed: "502 bad gateway for https://x.test/bad"',
        'lookup  {"url":"https://x.test/good"}  → {"status":200}',
        'delete  {"id":"draft"} (awaiting approval)  → no result',
      ].join('\n'),
    );
    expect(trajectory(result)).toMatchSnapshot();
  });

  it('indents the calls of a sub-agent under the agent above it and names it, from a trace and from a tool that returns the run', async () => {
    const spans = await traceOf('genai', [
      {
        steps: [[call('c1', 'weather', { city: 'Paris' })], [call('c2', 'research-agent', { topic: 'cats' })], [{ type: 'text', text: 'Done.' }]],
        subAgentSteps: [[call('s1', 'web-search', { q: 'cats' })], [call('s2', 'web-search', { q: 'more cats' })], [{ type: 'text', text: 'found' }]],
      },
    ]);
    const traced = String(trajectory(spans));
    expect(traced).toBe(
      [
        'weather  {"city":"Paris"}  → {"celsius":21,"city":"Paris"}',
        'research-agent  {"topic":"cats"}  → "found"',
        '  web-search  {"q":"cats"} (research-agent, run by call 2)  → ["result for cats"]',
        '  web-search  {"q":"more cats"} (research-agent, run by call 2)  → ["result for more cats"]',
      ].join('\n'),
    );
    expect(String(trajectory(otlpJson(spans)))).toBe(traced);
    // Inside the sub-agent, as within() reads it: it is the top agent there.
    expect(String(trajectory(within(spans, 'research-agent')))).toBe(['web-search  {"q":"cats"}  → ["result for cats"]', 'web-search  {"q":"more cats"}  → ["result for more cats"]'].join('\n'));
    expect(String(trajectory(own(spans)))).toBe(traced.split('\n').slice(0, 2).join('\n'));

    const { tool, generateText, stepCountIs } = ai7.ai;
    const searchTools = { 'web-search': tool({ inputSchema: z.object({ q: z.string() }), execute: async ({ q }: { q: string }) => [`result for ${q}`] }) };
    const research = tool({
      inputSchema: z.object({ topic: z.string() }),
      execute: async ({ topic }: { topic: string }) =>
        generateText({ model: ai7.model([[call('s1', 'web-search', { q: 'cats' })], [{ type: 'text', text: 'found' }]]), tools: searchTools, stopWhen: stepCountIs(5), prompt: topic }),
      toModelOutput: ({ output }: Any) => ({ type: 'text', value: output.text }),
    });
    const parent = await generateText({
      model: ai7.model([[call('c1', 'research-agent', { topic: 'cats' })], [{ type: 'text', text: 'Done.' }]]),
      tools: { 'research-agent': research },
      stopWhen: stepCountIs(5),
      prompt: 'Research cats',
    });
    expect(trajectory(parent)).toMatchInlineSnapshot(`
      research-agent  {"topic":"cats"}  → sub-agent run:
        web-search  {"q":"cats"} (research-agent, run by call 1)  → ["result for cats"]
    `);
  });

  it('keeps the text when the agent reorders an object, and shortens long values as the failure messages do', () => {
    const long = 'x'.repeat(500);
    const a = trajectory([{ toolName: 'search', input: { b: 1, a: { d: 2, c: 3 } }, output: { z: long, y: 1 } }]);
    const b = trajectory([{ toolName: 'search', input: { a: { c: 3, d: 2 }, b: 1 }, output: { y: 1, z: long } }]);
    expect(String(a)).toBe(String(b));
    expect(String(a)).toBe(`search  {"a":{"c":3,"d":2},"b":1}  → {"y":1,"z":"${'x'.repeat(59)}…`);
    expect(a).toEqual(b);
    expect(a).not.toEqual(trajectory([{ toolName: 'search', input: { a: 1 } }]));
  });

  it('escapes what a model wrote, cuts a long name, and says when there were no calls', () => {
    const text = String(trajectory([{ toolName: 'search\nFAKE: ok', input: { q: '\u001b[31mred' } }, { toolName: 'y'.repeat(100), input: {} }]));
    expect(text.split('\n')).toEqual(['search\\nFAKE: ok  {"q":"\\u001b[31mred"}  → no result', `${'y'.repeat(64)}… (100 characters)  {}  → no result`]);
    expect(String(trajectory([]))).toBe('(no tool calls)');
    // A cycle, a getter that throws, an error without a message: the text says so, and nothing throws.
    const cyclic: Record<string, unknown> = { b: 1 };
    cyclic.self = cyclic;
    const trap = Object.defineProperty({}, 'x', { enumerable: true, get: () => { throw new Error('no'); } });
    expect(String(trajectory([{ toolName: 'a', input: cyclic, output: trap }, { toolName: 'b', input: {}, error: { code: 7 } }])).split('\n')).toEqual([
      'a  {"b":1,"self":"[Circular]"}  → [object Object]',
      'b  {}  → failed: {"code":7} (no message)',
    ]);
    expect(() => trajectory({ nope: true })).toThrow('which is not an agent run');
  });

  it('reads JSON text results as their value, and other text as text', () => {
    const run = [
      { toolName: 'a', input: {}, output: '{"b":2,"a":1}' },
      { toolName: 'b', input: {}, output: 'sunny' },
      { toolName: 'c', input: {}, output: '{not json' },
    ];
    expect(String(trajectory(run))).toBe(['a  {}  → {"a":1,"b":2}', 'b  {}  → "sunny"', 'c  {}  → "{not json"'].join('\n'));
  });
});

describe('the snapshot serializer', () => {
  it('claims only what trajectory() made: a run, its calls and strings keep their snapshots', async () => {
    const run = await aiSdkRun();
    expect(trajectorySerializer.test(trajectory(run))).toBe(true);
    for (const other of [run, getToolCalls(run), String(trajectory(run)), { text: 'x' }, null, 7]) expect(trajectorySerializer.test(other)).toBe(false);
    const hostile = new Proxy({}, { get: () => { throw new Error('no'); } });
    expect(trajectorySerializer.test(hostile)).toBe(false);
    expect(getToolCalls(run)).toMatchSnapshot();
  });
});

describe('every format', () => {
  it("gives each call of every fixture a line of its own, in order: the top agent's at the top level, another agent's indented", async () => {
    const { allFixtures } = await import('../fixtures/index.js');
    for (const fixture of await allFixtures()) {
      const calls = getToolCalls(fixture.run);
      const text = String(trajectory(fixture.run));
      const lines = text === '(no tool calls)' ? [] : text.split('\n');
      expect(lines.map((line) => line.trimStart().split('  ')[0]), fixture.name).toEqual(calls.map((each) => printableName(each.toolName)));
      expect(lines.map((line) => line.startsWith(' ')), fixture.name).toEqual(calls.map((each) => each.agent !== undefined));
    }
  }, 60_000);
});
