/**
 * Judging an AI SDK agent, as a user writes it: a real generateText tool loop (its model is the
 * SDK's mock here; yours is a real one), then `await expect(result).toUseAppropriateTools(...)`.
 * A generateText result does not hold the user's request, and the judge never grades without it:
 * pass `request`, or let the result keep it with `include: { requestMessages: true }` (AI SDK 7).
 * Verdicts replay from ./__judge__/ (committed), so with CI=true this runs offline and free.
 */
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureJudge } from 'tool-call-accuracy';
import { exampleJudge, verdictDir } from './exampleJudge.js';

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
  'get-weather': tool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, temperature: 21 }),
  }),
};

configureJudge({ model: exampleJudge, availableTools: tools, cache: { dir: verdictDir } });

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};
const toolCall = (toolCallId: string, toolName: string, input: object) =>
  ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }) as const;

/** The agent's model, scripted: search, then book and confirm, then answer. In your project: a real model. */
function agentModel() {
  const turns = [
    [toolCall('call-1', 'search-flights', { from: 'SFO', to: 'JFK', date: '2026-07-01' })],
    [toolCall('call-2', 'book-flight', { flightId: 'UA 1234', seat: '14C' }), toolCall('call-3', 'send-confirmation', { to: 'ada@example.com' })],
    [{ type: 'text' as const, text: 'Booked UA 1234, seat 14C. The confirmation is in your inbox.' }],
  ];
  let turn = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      const content = turns[Math.min(turn++, turns.length - 1)]!;
      const finish = content.some((part) => part.type === 'tool-call') ? 'tool-calls' : 'stop';
      return { content, finishReason: { unified: finish, raw: finish }, usage, warnings: [] };
    },
  });
}

const request = 'Book me a seat on a flight from SFO to JFK on July 1st and email the confirmation to ada@example.com';

describe('judging a generateText agent', () => {
  it('with the request passed to the matcher', async () => {
    const result = await generateText({ model: agentModel(), tools, prompt: request, stopWhen: stepCountIs(5) });
    expect(result).toCallToolsInOrder(['search-flights', 'book-flight', 'send-confirmation']);
    await expect(result).toUseAppropriateTools({ request });
  });

  it('with the request kept in the result (AI SDK 7: include: { requestMessages: true })', async () => {
    const result = await generateText({ model: agentModel(), tools, prompt: request, stopWhen: stepCountIs(5), include: { requestMessages: true } });
    await expect(result).toUseAppropriateTools();
  });

  it('without either, the judge refuses to grade blind, before any model call', async () => {
    const result = await generateText({ model: agentModel(), tools, prompt: request, stopWhen: stepCountIs(5) });
    await expect(expect(result).toUseAppropriateTools()).rejects.toThrow("the judge needs the user's request");
  });
});
