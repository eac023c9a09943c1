/**
 * A real Mastra 1.x agent (reference/mastra1) with two tools, over the AI SDK's MockLanguageModelV3
 * (ai@6's `ai/test`, a model spec Mastra 1.x drives). The model is scripted by the request and
 * keeps no state, so one agent serves many runs, in runEvals or live: each step it counts the
 * assistant messages since the last user message and answers with the next step of the plan.
 *   - a request that mentions "book": search-flights, then book-flight, then a reply;
 *   - any other request: search-flights, then a reply (it forgets to book).
 */
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai6/test';
import { z } from 'zod';
import { Agent, createTool, noopLogger } from '../../reference/mastra1/runtime.js';

type Part = { type: 'tool-call'; toolCallId: string; toolName: string; input: string } | { type: 'text'; text: string };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

export const travelTools = {
  'search-flights': createTool({
    id: 'search-flights',
    description: 'Find flights between two airports',
    inputSchema: z.object({ from: z.string(), to: z.string() }),
    execute: async ({ from, to }) => ({ flights: [{ id: 'UA 1234', from, to }] }),
  }),
  'book-flight': createTool({
    id: 'book-flight',
    description: 'Book a seat on a flight',
    inputSchema: z.object({ flightId: z.string(), seat: z.string() }),
    execute: async ({ flightId }) => ({ confirmation: `CONF-${flightId.replace(' ', '')}` }),
  }),
};

const call = (toolCallId: string, toolName: string, input: object): Part => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) });

function planFor(request: string): Part[][] {
  const search = [call('call-1', 'search-flights', { from: 'SFO', to: 'JFK' })];
  return /book/i.test(request)
    ? [search, [call('call-2', 'book-flight', { flightId: 'UA 1234', seat: '14C' })], [{ type: 'text', text: 'Booked UA 1234, seat 14C.' }]]
    : [search, [{ type: 'text', text: 'UA 1234 flies SFO to JFK.' }]];
}

type PromptMessage = { role: string; content: unknown };

/** The next step of the plan for this prompt: the request is the last user message. */
function stepFor(prompt: PromptMessage[]): Part[] {
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  const content = prompt[lastUser]?.content;
  const request = Array.isArray(content) ? content.map((part: { text?: string }) => part.text ?? '').join('') : String(content ?? '');
  const plan = planFor(request);
  const done = prompt.slice(lastUser + 1).filter((message) => message.role === 'assistant').length;
  return plan[Math.min(done, plan.length - 1)]!;
}

function finishOf(step: Part[]) {
  const unified = step.some((part) => part.type === 'tool-call') ? 'tool-calls' : 'stop';
  return { unified, raw: unified } as const;
}

export function travelModel() {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const step = stepFor(prompt as PromptMessage[]);
      return { content: step, finishReason: finishOf(step), usage, warnings: [] };
    },
    doStream: async ({ prompt }) => {
      const step = stepFor(prompt as PromptMessage[]);
      const parts: unknown[] = [{ type: 'stream-start', warnings: [] }];
      step.forEach((part, index) => {
        if (part.type === 'text') parts.push({ type: 'text-start', id: `t${index}` }, { type: 'text-delta', id: `t${index}`, delta: part.text }, { type: 'text-end', id: `t${index}` });
        else parts.push(part);
      });
      parts.push({ type: 'finish', finishReason: finishOf(step), usage });
      return { stream: convertArrayToReadableStream(parts as never[]) };
    },
  });
}

/** The travel agent; `scorers` is an agent's live scorers config (`{ key: { scorer, sampling? } }`). */
export function travelAgent(options: { id?: string; scorers?: Record<string, { scorer: unknown }> } = {}) {
  const agent = new Agent({
    id: options.id ?? 'travel-agent',
    name: 'Travel agent',
    instructions: 'Find and book flights with the tools.',
    model: travelModel(),
    tools: travelTools,
    ...(options.scorers && { scorers: options.scorers as never }),
  });
  agent.__setLogger(noopLogger);
  return agent;
}

/** The judge's verdicts on the travel agent's two runs (scripted for `judgeModel`), and the tools it judges against. */
export const travelVerdicts = {
  /** Booked: both calls appropriate. */
  appropriate: {
    evaluations: [
      { toolCalled: 'search-flights', wasAppropriate: true, reasoning: 'The user wants a flight: searching first is right.' },
      { toolCalled: 'book-flight', wasAppropriate: true, reasoning: 'The user asked to book.' },
    ],
    missingTools: [],
    reason: 'Both calls serve the request.',
  },
  /** Asked which flights there are: searching alone is right. */
  searchedOnly: {
    evaluations: [{ toolCalled: 'search-flights', wasAppropriate: true, reasoning: 'The user asked which flights there are.' }],
    missingTools: [],
    reason: 'Searching answers the question.',
  },
};

export const travelToolList = [
  { name: 'search-flights', description: 'Find flights between two airports' },
  { name: 'book-flight', description: 'Book a seat on a flight' },
];
