/**
 * A real Mastra `Agent` whose model is `recordedModel(...)`: recorded once, then replayed offline
 * on every run (no model, no key, no network; CI=true: replay only, a request with no recording
 * fails and says why). The recordings are per test, in ./__recordings__/ beside this file
 * (committed). The agent's tools still run, as they would in your test; `recordedTools` or
 * `stubbedTools` replays them too (docs/tools.md).
 *
 * In your project the model is `openai('gpt-5-mini')` from `@ai-sdk/openai`; Mastra 0.x drives the
 * model spec of ai@5, so this repository uses the OpenAI-compatible provider of that line
 * (installed as `openai-compatible5`). These recordings were made against a loopback server that
 * speaks OpenAI's protocol in its place (test/helpers/loopback.ts), started only when recording.
 * To record them again:
 *
 *   npm run build && TOOL_CALL_ACCURACY_RECORDINGS=record npx vitest run --config examples/vitest.config.ts examples/recorded-mastra-agent.test.ts
 */
import { Agent } from '@mastra/core/agent';
import { noopLogger } from '@mastra/core/logger';
import { createTool } from '@mastra/core/tools';
import { createOpenAICompatible } from 'openai-compatible5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordedModel, trajectory } from 'tool-call-accuracy';

const recording = process.env.TOOL_CALL_ACCURACY_RECORDINGS === 'record';

const tools = {
  'search-flights': createTool({
    id: 'search-flights',
    description: 'Find flights between two airports on a date',
    inputSchema: z.object({ from: z.string(), to: z.string(), date: z.string() }),
    execute: async ({ context }) => ({ flights: [{ id: 'UA 1234', from: context.from, to: context.to }] }),
  }),
  'book-flight': createTool({
    id: 'book-flight',
    description: 'Book a seat on a flight',
    inputSchema: z.object({ flightId: z.string(), seat: z.string() }),
    execute: async ({ context }) => ({ confirmation: `CONF-${context.flightId.replace(' ', '')}` }),
  }),
};

// Only when recording: the stand-in for the model's API. Replaying, the provider points at a port
// where nothing listens, so a request that was not recorded could never reach a model.
let standIn: { url: string; close(): Promise<void> } | undefined;
beforeAll(async () => {
  if (recording) standIn = await startStandIn();
});
afterAll(() => standIn?.close());

function travelAgent() {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: standIn?.url ?? 'http://127.0.0.1:9/v1', apiKey: process.env.OPENAI_API_KEY ?? 'not-needed-to-replay' });
  const agent = new Agent({ name: 'travel-agent', instructions: 'Book flights with the tools.', model: recordedModel(provider('gpt-5-mini')), tools });
  agent.__setLogger(noopLogger); // keeps the example's output quiet
  return agent;
}

describe('a Mastra agent over recordedModel, recorded once', () => {
  it('searches, then books: agent.generate() replayed offline', async () => {
    const result = await travelAgent().generate('Book me the SFO to JFK flight on July 1st, seat 14C.', { maxSteps: 5 });

    expect(result.text).toBe('Booked UA 1234, seat 14C. Your confirmation is CONF-UA1234.');
    expect(result).toCallToolsInOrder(['search-flights', 'book-flight'], { strict: true });
    expect(result).toCallTool('book-flight', { flightId: 'UA 1234', seat: '14C' }, { output: { confirmation: 'CONF-UA1234' } });
    expect(result).toCallToolsWithoutErrors();
    expect(result).not.toCallTool('cancel-flight');
    expect(trajectory(result)).toMatchInlineSnapshot(`
      search-flights  {"date":"2026-07-01","from":"SFO","to":"JFK"}  → {"flights":[{"from":"SFO","id":"UA 1234","to":"JFK"}]}
      book-flight  {"flightId":"UA 1234","seat":"14C"}  → {"confirmation":"CONF-UA1234"}
    `);
  });
});

/** A loopback server playing OpenAI's model for this agent: search, then book, then answer. */
async function startStandIn() {
  // Imported only when recording: a fresh machine replaying needs none of it.
  const { answer, callTools, startLoopback } = await import('../test/helpers/loopback.js');
  return startLoopback((body) => {
    const results = (body.messages as Array<{ role?: string }>).filter((message) => message.role === 'tool').length;
    if (results === 0) return callTools({ id: 'call_search', name: 'search-flights', arguments: { from: 'SFO', to: 'JFK', date: '2026-07-01' } });
    if (results === 1) return callTools({ id: 'call_book', name: 'book-flight', arguments: { flightId: 'UA 1234', seat: '14C' } });
    return answer('Booked UA 1234, seat 14C. Your confirmation is CONF-UA1234.');
  });
}
