/**
 * LangChain agents recorded once and replayed offline through `recordedFetch()`: the chat model's
 * own HTTP client takes it as its `fetch`, so every request is answered from ./__recordings__/
 * (committed, one file per test) with no model, no key and no network. CI=true: replay only, a
 * request with no recording fails and says why. `ChatOpenAI` runs in a LangGraph
 * `createReactAgent`; `ChatAnthropic` with `bindTools` and a loop of your own. The matchers read
 * LangChain's messages as they are.
 *
 * In your project the models are OpenAI's and Anthropic's; these recordings were made against a
 * loopback server that speaks their protocols in their place (test/helpers/loopback.ts), started
 * only when recording. To record them again (your own: with the API keys set and no base URL):
 *
 *   npm run build && TOOL_CALL_ACCURACY_RECORDINGS=record npx vitest run --config examples/vitest.config.ts examples/recorded-langchain-agent.test.ts
 */
import { ChatAnthropic } from '@langchain/anthropic';
import { HumanMessage, type AIMessage, type BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { ChatOpenAI } from '@langchain/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordedFetch, trajectory } from 'tool-call-accuracy';

const recording = process.env.TOOL_CALL_ACCURACY_RECORDINGS === 'record';

const searchFlights = tool(async ({ from, to }) => JSON.stringify({ flights: [{ id: 'UA 1234', from, to }] }), {
  name: 'search_flights',
  description: 'Find flights between two airports on a date',
  schema: z.object({ from: z.string(), to: z.string(), date: z.string() }),
});
const bookFlight = tool(async ({ flightId }) => JSON.stringify({ confirmation: `CONF-${flightId.replace(' ', '')}` }), {
  name: 'book_flight',
  description: 'Book a seat on a flight',
  schema: z.object({ flightId: z.string(), seat: z.string() }),
});
const prompt = 'Book me the SFO to JFK flight on July 1st, seat 14C.';

// Only when recording: the stand-in for the providers' APIs. Replaying, the clients point at a port
// where nothing listens, so a request that was not recorded could never reach a model.
let standIn: { url: string; close(): Promise<void> } | undefined;
beforeAll(async () => {
  if (recording) standIn = await startStandIn();
});
afterAll(() => standIn?.close());
const baseURL = () => standIn?.url ?? 'http://127.0.0.1:9/v1';

describe('a booking agent on LangChain, recorded once', () => {
  it('ChatOpenAI in a LangGraph createReactAgent', async () => {
    const llm = new ChatOpenAI({
      model: 'gpt-5-mini',
      apiKey: process.env.OPENAI_API_KEY ?? 'not-needed-to-replay',
      maxRetries: 0, // a replay miss fails at once, with its RecordingError as the cause, instead of being retried
      configuration: { baseURL: baseURL(), fetch: recordedFetch() },
    });
    const agent = createReactAgent({ llm, tools: [searchFlights, bookFlight] });
    const { messages } = await agent.invoke({ messages: [new HumanMessage(prompt)] });

    expect(messages.at(-1)?.content).toBe('Booked UA 1234, seat 14C. Your confirmation is CONF-UA1234.');
    expect(messages).toCallToolsInOrder(['search_flights', 'book_flight'], { strict: true });
    expect(messages).toCallTool('book_flight', { flightId: 'UA 1234', seat: '14C' });
    expect(messages).toCallToolsWithoutErrors();
    expect(trajectory(messages)).toMatchInlineSnapshot(`
      search_flights  {"date":"2026-07-01","from":"SFO","to":"JFK"}  → {"flights":[{"from":"SFO","id":"UA 1234","to":"JFK"}]}
      book_flight  {"flightId":"UA 1234","seat":"14C"}  → {"confirmation":"CONF-UA1234"}
    `);
  });

  it('ChatAnthropic with bindTools and a tool loop', async () => {
    const model = new ChatAnthropic({
      model: 'claude-sonnet-4-5',
      apiKey: process.env.ANTHROPIC_API_KEY ?? 'not-needed-to-replay',
      maxRetries: 0,
      anthropicApiUrl: baseURL().replace(/\/v1$/, ''),
      clientOptions: { fetch: recordedFetch() },
    }).bindTools([searchFlights, bookFlight]);

    const messages: BaseMessage[] = [new HumanMessage(prompt)];
    for (let step = 0; step < 5; step++) {
      const reply: AIMessage = await model.invoke(messages);
      messages.push(reply);
      if (!reply.tool_calls?.length) break;
      for (const call of reply.tool_calls) messages.push(call.name === 'book_flight' ? await bookFlight.invoke(call) : await searchFlights.invoke(call));
    }

    expect(messages).toCallToolsInOrder(['search_flights', 'book_flight'], { strict: true });
    expect(messages).toCallTool('search_flights', { from: 'SFO', to: 'JFK', date: expect.any(String) });
    expect(messages).toCallToolsWithoutErrors();
    expect(messages).not.toCallTool('cancel_flight');
  });
});

/** A loopback server playing both providers' models for this agent: search, then book, then answer. */
async function startStandIn() {
  // Imported only when recording: a fresh machine replaying needs none of it.
  const { answer, callTools, startLoopback } = await import('../test/helpers/loopback.js');
  return startLoopback((body) => {
    // Tool results sent back so far: OpenAI's tool messages, or Anthropic's tool_result blocks.
    const messages = body.messages as Array<{ role?: string; content?: unknown }>;
    const results = messages.filter((message) => message.role === 'tool' || (Array.isArray(message.content) && message.content.some((block: { type?: string }) => block.type === 'tool_result'))).length;
    if (results === 0) return callTools({ id: 'call_search', name: 'search_flights', arguments: { from: 'SFO', to: 'JFK', date: '2026-07-01' } });
    if (results === 1) return callTools({ id: 'call_book', name: 'book_flight', arguments: { flightId: 'UA 1234', seat: '14C' } });
    return answer('Booked UA 1234, seat 14C. Your confirmation is CONF-UA1234.');
  });
}
