/**
 * What the docs' blocks are given. A block of README.md or docs/*.md marked `<!-- given: <scene> -->`
 * shows checks of "your" run, model, tools or agent; the snippet harness (docSnippets.ts) gives it
 * those names from one of these scenes, built here from real runs, offline:
 * - AI SDK 7 `generateText` tool loops driven by `MockLanguageModelV4` (`ai/test`), each model
 *   scripted by the request (it answers the next step of a plan, by the assistant messages since the
 *   last user message), so one model serves every run of a block, as a real one would;
 * - an OpenAI Agents SDK run with handoffs (test/helpers/openaiAgents.ts), a traced run
 *   (test/fixtures/otel.ts), the sampling example's restaurant agent (examples/sampling) and the Mastra
 *   1.x travel agent (test/helpers/mastra1.ts, reference/mastra1);
 * - judged blocks get a judge that answers only the verdicts recorded below, by the request and the
 *   calls in its prompt, and fails for any other (a judge error, never a pass).
 * Each scene's names are listed in docGivenNames.ts (the harness compiles blocks from that list);
 * docGivens.test.ts checks that each scene builds exactly those. Heavy packages load with their scene.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import type { JudgeVerdict } from '../../src/judge/types.js';
import { GIVEN_SCENES, type SceneName } from './docGivenNames.js';

type Any = any;
type Part = { type: 'tool-call'; toolCallId: string; toolName: string; input: string } | { type: 'text'; text: string };
type PromptMessage = { role: string; content: unknown };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

const call = (toolCallId: string, toolName: string, input: object): Part => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) });
const text = (value: string): Part => ({ type: 'text', text: value });

function textOf(content: unknown): string {
  return Array.isArray(content) ? content.map((part: { text?: string }) => part.text ?? '').join('') : String(content ?? '');
}

/**
 * An AI SDK 7 mock model that answers the plan of each request: the request is the last user
 * message, and each step answers the next turn of the plan (the last one repeats).
 */
export function plannedModel(planFor: (request: string) => Part[][]) {
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      const messages = prompt as PromptMessage[];
      const lastUser = messages.findLastIndex((message) => message.role === 'user');
      const plan = planFor(textOf(messages[lastUser]?.content));
      const done = messages.slice(lastUser + 1).filter((message) => message.role === 'assistant').length;
      const step = plan[Math.min(done, plan.length - 1)]!;
      const unified = step.some((part) => part.type === 'tool-call') ? 'tool-calls' : 'stop';
      return { content: [...step], finishReason: { unified, raw: unified }, usage, warnings: [] };
    },
  });
}

/** A verdict recorded for a request (a part of the request the judge sees) and the run's calls, in order. */
interface RecordedVerdict {
  request: string;
  calls: string[];
  verdict: JudgeVerdict;
}

/** The tool names of the calls the judge's prompt lists, in order. */
function callsInPrompt(prompt: string): string[] {
  const section = prompt.split('## The agent’s tool calls')[1]?.split('## The available tools')[0] ?? '';
  return [...section.matchAll(/"toolName": "((?:[^"\\]|\\.)*)"/g)].map((match) => JSON.parse(`"${match[1]}"`) as string);
}

/** A judge model that answers these recorded verdicts only; any other judgement is an error. */
export function recordedJudge(verdicts: RecordedVerdict[]) {
  return new MockLanguageModelV4({
    provider: 'recorded-verdicts',
    modelId: 'docs-judge',
    doGenerate: async ({ prompt }) => {
      const user = (prompt as PromptMessage[]).filter((message) => message.role === 'user').map((message) => textOf(message.content)).join('\n');
      const request = user.match(/## The user’s request\n\n(`{3,})text\n([\s\S]*?)\n\1/)?.[2] ?? '';
      const calls = callsInPrompt(user);
      const found = verdicts.find((entry) => request.includes(entry.request) && entry.calls.join('\n') === calls.join('\n'));
      if (!found) throw new Error(`no verdict recorded for the request ${JSON.stringify(request)} with the calls [${calls.join(', ')}]`);
      return { content: [{ type: 'text', text: JSON.stringify(found.verdict) }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
    },
  });
}

/** A verdict that finds every call appropriate and nothing missing. */
const allAppropriate = (request: string, calls: string[], reason: string): RecordedVerdict => ({
  request,
  calls,
  verdict: { evaluations: calls.map((toolCalled) => ({ toolCalled, wasAppropriate: true, reasoning: `${toolCalled} serves the request.` })), missingTools: [], reason },
});

/** The judge of a scene: these verdicts, its tools, no verdict files. */
async function configureRecordedJudge(verdicts: RecordedVerdict[], availableTools: unknown) {
  const { configureJudge } = await import('../../src/index.js');
  configureJudge({ model: recordedJudge(verdicts), availableTools: availableTools as never, cache: { mode: 'off' } });
}

/** What a scene leaves behind (a working directory, environment variables) is undone by `releaseGivens()`. */
const cleanups: Array<() => Promise<void> | void> = [];

export async function releaseGivens(): Promise<void> {
  while (cleanups.length > 0) await cleanups.pop()!();
}

function setEnv(name: string, value: string) {
  const before = process.env[name];
  process.env[name] = value;
  cleanups.push(() => {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  });
}

const SCENES: { [Name in SceneName]: () => Promise<Record<(typeof GIVEN_SCENES)[Name]['names'][number], unknown>> } = {
  async booking() {
    const { generateText, stepCountIs, tool } = await import('ai');
    const { trajectory } = await import('../../src/index.js');
    const tools = {
      'search-flights': tool({
        description: 'Find flights between two airports',
        inputSchema: z.object({ from: z.string(), to: z.string() }),
        execute: async ({ from, to }) => ({ flights: [{ id: 'UA 1234', from, to }] }),
      }),
      'book-flight': tool({
        description: 'Book a seat on a flight',
        inputSchema: z.object({ flightId: z.string(), seat: z.string() }),
        execute: async ({ flightId, seat }) => ({ booked: true, seat, confirmation: `CONF-${flightId.replace(' ', '')}` }),
      }),
    };
    const book = call('call-2', 'book-flight', { flightId: 'UA 1234', seat: '14C' });
    // "Book …": search, then book; "Change my seat …": book alone; anything else: an answer, no calls.
    const model = plannedModel((request) =>
      /^book/i.test(request)
        ? [[call('call-1', 'search-flights', { from: 'SFO', to: 'JFK' })], [book], [text('Booked UA 1234, seat 14C.')]]
        : /seat/i.test(request)
          ? [[book], [text('You are in seat 14C now.')]]
          : [[text('Hello! Where would you like to fly?')]],
    );
    const run = (prompt: string) => generateText({ model, tools, stopWhen: stepCountIs(5), prompt });

    // The agent of the trajectory snapshot: it searches, the weather service fails, the booking awaits approval.
    const agentTools = {
      search_flights: tool({ description: 'Find flights', inputSchema: z.object({ from: z.string(), to: z.string() }), execute: async () => ({ count: 1, flights: ['UA 1234'] }) }),
      get_weather: tool({
        description: 'The weather in a city',
        inputSchema: z.object({ city: z.string() }),
        execute: async (): Promise<{ celsius: number }> => {
          throw new Error('weather service down');
        },
      }),
      book_flight: tool({
        description: 'Book a seat, once the user approves',
        inputSchema: z.object({ flightId: z.string(), seat: z.string() }),
        needsApproval: true,
        execute: async ({ flightId }) => ({ booked: flightId }),
      }),
    };
    const agentModel = plannedModel((request) =>
      /book/i.test(request)
        ? [
            [call('a1', 'search_flights', { from: 'SFO', to: 'JFK' })],
            [call('a2', 'get_weather', { city: 'New York' })],
            [call('a3', 'book_flight', { flightId: 'UA 1234', seat: '14C' })],
          ]
        : [[text('Hello! How can I help with your trip?')]],
    );
    const agent = { generate: (prompt: string) => generateText({ model: agentModel, tools: agentTools, stopWhen: stepCountIs(5), prompt }) };

    // A checkout whose first card is declined and whose second goes through.
    const payTools = {
      pay: tool({
        description: 'Charge a card',
        inputSchema: z.object({ card: z.string() }),
        execute: async ({ card }) => {
          if (card.endsWith('0002')) throw new Error('card declined');
          return { paid: true };
        },
      }),
    };
    const payModel = plannedModel(() => [[call('p1', 'pay', { card: '4000 0000 0000 0002' })], [call('p2', 'pay', { card: '4242 4242 4242 4242' })], [text('Paid.')]]);
    const payment = await generateText({ model: payModel, tools: payTools, stopWhen: stepCountIs(5), prompt: 'Pay for the flight' });

    const { traceOf } = await import('../fixtures/otel.js');
    const { call: traceCall } = await import('../fixtures/aiSdk.js');
    const spans = await traceOf('genai', [{ steps: [[traceCall('w1', 'weather', { city: 'New York' })], [{ type: 'text', text: 'Sunny.' }]] }]);

    await configureRecordedJudge([allAppropriate('Book SFO to JFK', ['search-flights', 'book-flight'], 'A search, then the booking asked for.')], tools);
    return { generateText, stepCountIs, trajectory, model, tools, result: await run('Book SFO to JFK'), agent, rebooked: await run('Change my seat on UA 1234 to 14C'), payment, spans };
  },

  async searchAndBook() {
    const { generateText, stepCountIs, tool } = await import('ai');
    const tools = {
      search: tool({ description: 'Find flights', inputSchema: z.object({ from: z.string(), to: z.string() }), execute: async () => ({ flights: ['UA 1234'] }) }),
      book: tool({ description: 'Book a seat on a flight', inputSchema: z.object({ flightId: z.string(), seat: z.string() }), execute: async () => ({ booked: true }) }),
    };
    const request = 'Book seat 14C on a flight from SFO to JFK';
    const model = plannedModel(() => [[call('c1', 'search', { from: 'SFO', to: 'JFK' })], [call('c2', 'book', { flightId: 'UA 1234', seat: '14C' })], [text('Booked.')]]);
    await configureRecordedJudge([allAppropriate(request, ['search', 'book'], 'It found the flight, then booked the seat asked for.')], tools);
    return { result: await generateText({ model, tools, stopWhen: stepCountIs(5), prompt: request }), request };
  },

  async handoff() {
    const { handoffRun } = await import('./openaiAgents.js');
    const { own, within } = await import('../../src/index.js');
    return { result: await handoffRun(), own, within };
  },

  async weather() {
    const { generateText, stepCountIs, tool } = await import('ai');
    const tools = {
      'weather-tool': tool({
        description: 'Get current weather information for any location',
        inputSchema: z.object({ location: z.string() }),
        execute: async ({ location }) => ({ location, temperature: '21°C' }),
      }),
      'search-tool': tool({
        description: 'Search the web for general information',
        inputSchema: z.object({ query: z.string() }),
        execute: async ({ query }) => ({ results: [`${query}: …`] }),
      }),
    };
    const model = plannedModel(() => [[call('w1', 'weather-tool', { location: 'Tokyo' })], [text('It is 21°C in Tokyo.')]]);
    const prompt = 'What is the weather in Tokyo?';
    const runAgent = (request: string) => generateText({ model, tools, prompt: request, stopWhen: stepCountIs(5) });
    await configureRecordedJudge([allAppropriate(prompt, ['weather-tool'], 'The weather tool answers a weather question.')], tools);
    return { generateText, stepCountIs, model, tools, prompt, messages: [{ role: 'user', content: prompt }], runAgent };
  },

  async sampling() {
    const { generateText, stepCountIs } = await import('ai');
    const { book, restaurantTools: tools, scriptedModel, search } = await import('../../examples/sampling/restaurantAgent.js');
    const { createToolCallAccuracyScorerLLM, loadRuns, sample, scoreRuns } = await import('../../src/index.js');
    const answer = text('Booked Chez Ada for two at 8.');
    // The sampling example's agent: its 7th run of every ten books without searching.
    const agentOf = () => {
      let runs = 0;
      return {
        generate: (prompt: string) => {
          const turns = runs++ % 10 === 6 ? [[book], [answer]] : [[search], [book], [answer]];
          return generateText({ model: scriptedModel(turns as never), tools, stopWhen: stepCountIs(5), prompt, include: { requestMessages: true } });
        },
      };
    };
    const request = 'Book a table for two at 8';
    const judge = recordedJudge([
      allAppropriate(request, ['search-restaurants', 'book-table'], 'It found a free table, then booked it.'),
      {
        request,
        calls: ['book-table'],
        verdict: {
          evaluations: [{ toolCalled: 'book-table', wasAppropriate: true, reasoning: 'The user asked to book.' }],
          missingTools: ['search-restaurants'],
          reason: 'It booked without looking for a free table first.',
        },
      },
    ]);
    const { configureJudge } = await import('../../src/index.js');
    configureJudge({ model: judge, cache: { mode: 'off' } });

    // The recorded runs the blocks read, in a working directory of their own.
    const dir = await mkdtemp(path.join(tmpdir(), 'docs-sampling-'));
    const recorder = agentOf();
    const recorded = [];
    for (let index = 0; index < 10; index++) recorded.push(JSON.stringify(await recorder.generate(request)));
    await writeFile(path.join(dir, 'runs.jsonl'), recorded.join('\n'));
    await writeFile(path.join(dir, 'nightly.jsonl'), recorded.join('\n'));
    const cwd = process.cwd();
    process.chdir(dir);
    cleanups.push(async () => {
      process.chdir(cwd);
      await rm(dir, { recursive: true, force: true });
    });
    return { agent: agentOf(), tools, sample, loadRuns, scoreRuns, createToolCallAccuracyScorerLLM, model: judge, availableTools: tools };
  },

  async recordings() {
    const { recordedModel } = await import('../../src/index.js');
    // Placeholders: the blocks construct clients and never send a request.
    setEnv('CUSTOMER_TOKEN', 'cust-0000-placeholder');
    if (!process.env.OPENAI_API_KEY) setEnv('OPENAI_API_KEY', 'sk-placeholder');
    if (!process.env.ANTHROPIC_API_KEY) setEnv('ANTHROPIC_API_KEY', 'sk-ant-placeholder');
    return { model: plannedModel(() => [[text('Hello.')]]), recordedModel };
  },

  async mastra1() {
    const runtime: Any = await import('../../reference/mastra1/runtime.js');
    const { travelAgent, travelVerdicts, travelToolList } = await import('./mastra1.js');
    const { judgeModel } = await import('./judgeModels.js');
    const pkg = await import('../../src/index.js');
    return {
      travelAgent,
      data: [{ input: 'Book me the SFO to JFK flight, seat 14C.' }, { input: 'Which flights go from SFO to JFK?' }],
      items: [],
      seen: [],
      judgeModel,
      ...travelVerdicts,
      availableTools: travelToolList,
      booksInOrder: () => pkg.mastraGate('books-in-order', (run) => pkg.check(run).toCallToolsInOrder(['search-flights', 'book-flight'])),
      accuracyOptions: { expectedTrajectory: [{ name: 'search-flights' }, { name: 'book-flight' }], comparisonOptions: { ordering: 'strict' } },
      trajectoryOptions: {
        defaults: { steps: [{ name: 'search-flights' }, { name: 'book-flight' }], maxSteps: 1, blacklistedTools: ['cancel-booking'] },
        weights: { accuracy: 0.5, efficiency: 0.5 },
      },
      check: pkg.check,
      mastraGate: pkg.mastraGate,
      createToolCallAccuracyScorerCode: pkg.createToolCallAccuracyScorerCode,
      createTrajectoryAccuracyScorerCode: pkg.createTrajectoryAccuracyScorerCode,
      createTrajectoryScorerCode: pkg.createTrajectoryScorerCode,
      runEvals: runtime.runEvals,
      Mastra: runtime.Mastra,
      InMemoryStore: runtime.InMemoryStore,
    };
  },
};

/** The names of a scene, built now (each block gets its own: its runs, its judge). */
export async function given(scene: string): Promise<Record<string, unknown>> {
  if (!Object.hasOwn(SCENES, scene)) throw new Error(`<!-- given: ${scene} -->: no such scene; the scenes are ${Object.keys(SCENES).join(', ')} (test/helpers/docGivens.ts)`);
  return SCENES[scene as SceneName]();
}
