/**
 * An agent on a real provider package (`@ai-sdk/openai`), recorded once and replayed offline: the
 * way to test your own agent. `recordedModel(openai('gpt-5-mini'))` records the model's answers
 * per test into ./__recordings__/ (committed), and every later run replays them: no model, no key,
 * no network (CI=true: replay only, a request with no recording fails and says why).
 * `recordedFetch()` does the same one level down, for any client that takes a `fetch` option.
 *
 * In your project the model is OpenAI's; these recordings were made against a loopback server that
 * speaks OpenAI's protocol in its place (test/helpers/loopback.ts), started only when recording.
 * To record them again (your own: with OPENAI_API_KEY set and no baseURL):
 *
 *   npm run build && TOOL_CALL_ACCURACY_RECORDINGS=record npx vitest run --config examples/vitest.config.ts examples/recorded-agent.test.ts
 */
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parallel, recordedFetch, recordedModel, trajectory } from 'tool-call-accuracy';

const recording = process.env.TOOL_CALL_ACCURACY_RECORDINGS === 'record';

const tools = {
  'search-flights': tool({
    description: 'Find flights between two airports on a date',
    inputSchema: z.object({ from: z.string(), to: z.string(), date: z.string() }),
    execute: async ({ from, to }) => ({ flights: [{ id: 'UA 1234', from, to }] }),
  }),
  'book-flight': tool({
    description: 'Book a seat on a flight',
    inputSchema: z.object({ flightId: z.string(), seat: z.string() }),
    execute: async ({ flightId }) => ({ confirmation: `CONF-${flightId.replace(' ', '')}` }),
  }),
  'send-confirmation': tool({
    description: 'Email the booking confirmation',
    inputSchema: z.object({ to: z.string() }),
    execute: async () => ({ sent: true }),
  }),
};
const prompt = 'Book me the morning flight from SFO to JFK on July 1st, seat 14C, and email ada@example.com.';

// Only when recording: the stand-in for api.openai.com. Replaying, the client points at a port
// where nothing listens, so a request that was not recorded could never reach a model.
let standIn: { url: string; close(): Promise<void> } | undefined;
beforeAll(async () => {
  if (recording) standIn = await startStandIn();
});
afterAll(() => standIn?.close());

const provider = (options: { fetch?: typeof fetch } = {}) =>
  createOpenAI({ baseURL: standIn?.url ?? 'http://127.0.0.1:9/v1', apiKey: process.env.OPENAI_API_KEY ?? 'not-needed-to-replay', ...options });

describe('a booking agent on @ai-sdk/openai, recorded once', () => {
  it('books and confirms: generateText over recordedModel', async () => {
    const result = await generateText({ model: recordedModel(provider()('gpt-5-mini')), tools, stopWhen: stepCountIs(5), prompt });

    expect(result).toCallToolsInOrder(['search-flights', 'book-flight', 'send-confirmation'], { strict: true });
    expect(result).toCallTool('book-flight', { flightId: 'UA 1234', seat: '14C' }, { output: { confirmation: 'CONF-UA1234' } });
    expect(result).toCallToolsWithoutErrors();
    expect(result.text).toBe('Booked UA 1234, seat 14C. The confirmation is on its way to ada@example.com.');
    // The model booked and emailed in one step; what the agent did, one line per call.
    expect(result).toCallToolsInOrder(['search-flights', parallel('book-flight', 'send-confirmation')], { strict: true });
    expect(trajectory(result)).toMatchInlineSnapshot(`
      search-flights  {"date":"2026-07-01","from":"SFO","to":"JFK"}  → {"flights":[{"from":"SFO","id":"UA 1234","to":"JFK"}]}
      book-flight  {"flightId":"UA 1234","seat":"14C"}  → {"confirmation":"CONF-UA1234"}
      send-confirmation  {"to":"ada@example.com"}  → {"sent":true}
    `);
  });

  it('the same agent streamed, through recordedFetch (the provider\'s HTTP, server-sent events and all)', async () => {
    const openai = provider({ fetch: recordedFetch() });
    const result = streamText({ model: openai.chat('gpt-5-mini'), tools, stopWhen: stepCountIs(5), prompt });

    expect(await result.steps).toCallToolsInOrder(['search-flights', 'book-flight', 'send-confirmation'], { strict: true });
    expect(await result.steps).not.toCallTool('cancel-flight');
  });
});

/** A loopback server playing OpenAI's model for this agent: search, then book and confirm, then answer. */
async function startStandIn() {
  // Imported only when recording: a fresh machine replaying needs none of it.
  const { answer, callTools, startLoopback } = await import('../test/helpers/loopback.js');
  return startLoopback((body) => {
    // Tool results sent back so far: Responses' function_call_output items, or Chat Completions' tool messages.
    const items = (Array.isArray(body.input) ? body.input : body.messages) as Array<{ type?: string; role?: string }>;
    const results = items.filter((item) => item.type === 'function_call_output' || item.role === 'tool').length;
    if (results === 0) return callTools({ id: 'call_search', name: 'search-flights', arguments: { from: 'SFO', to: 'JFK', date: '2026-07-01' } });
    if (results === 1) {
      return callTools(
        { id: 'call_book', name: 'book-flight', arguments: { flightId: 'UA 1234', seat: '14C' } },
        { id: 'call_email', name: 'send-confirmation', arguments: { to: 'ada@example.com' } },
      );
    }
    return answer('Booked UA 1234, seat 14C. The confirmation is on its way to ada@example.com.');
  });
}
