/**
 * Mastra-compatible trajectory scores on an AI SDK agent loop (generateText with tools, driven by
 * the SDK's own mock model so it runs offline): partial credit for the expected steps, budgets of
 * calls and tokens the run records, redundant calls, retries and forbidden calls, each score with a
 * reason. The same scorers run in Mastra's `runEvals` (docs/scorers.md).
 */
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTrajectoryAccuracyScorerCode, createTrajectoryScorerCode } from 'tool-call-accuracy';

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

const tools = {
  'search-flights': tool({
    description: 'Find flights between two airports',
    inputSchema: z.object({ from: z.string(), to: z.string() }),
    execute: async ({ from, to }) => ({ flights: [{ id: 'UA 1234', from, to }] }),
  }),
  'book-flight': tool({
    description: 'Book a seat on a flight',
    inputSchema: z.object({ flightId: z.string(), seat: z.string() }),
    execute: async ({ seat }) => {
      if (seat === '1A') throw new Error('seat 1A is taken');
      return { confirmation: 'CONF-UA1234' };
    },
  }),
};

const call = (toolCallId: string, toolName: string, input: object) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }) as const;

/** An agent that searched twice, tried a taken seat, then booked another: each model turn in order. */
async function bookingRun() {
  const turns = [
    [call('c1', 'search-flights', { from: 'SFO', to: 'JFK' })],
    [call('c2', 'search-flights', { from: 'SFO', to: 'JFK' })],
    [call('c3', 'book-flight', { flightId: 'UA 1234', seat: '1A' })],
    [call('c4', 'book-flight', { flightId: 'UA 1234', seat: '14C' })],
    [{ type: 'text', text: 'Booked UA 1234, seat 14C.' } as const],
  ];
  const model = new MockLanguageModelV4({
    doGenerate: turns.map((content, index) => ({ content: [...content], finishReason: { unified: index < 4 ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] })),
  });
  return generateText({ model, tools, stopWhen: stepCountIs(10), prompt: 'Book me the SFO to JFK flight.' });
}

describe('trajectory scores of an AI SDK run', () => {
  it('accuracy: the share of expected steps the calls match, and why not all', async () => {
    const scorer = createTrajectoryAccuracyScorerCode({
      expectedTrajectory: ['search-flights', { name: 'book-flight', stepType: 'tool_call', toolArgs: { flightId: 'UA 1234', seat: '14C' } }, 'send-confirmation'],
    });
    const { score, reason } = await scorer.run(await bookingRun());
    expect(score).toBe(0.67);
    expect(reason).toContain('Never called: "send-confirmation" (expected 3rd).');
  });

  it('the weighted score: a budget of calls and tokens, a redundant search, a retried booking', async () => {
    const scorer = createTrajectoryScorerCode({
      defaults: { steps: ['search-flights', 'book-flight'], maxSteps: 3, maxTotalTokens: 1_000, blacklistedTools: ['cancel-booking'] },
    });
    const { score, reason, preprocessStepResult } = await scorer.run(await bookingRun());
    // Accuracy 1 (weight 0.4); efficiency 0.82 (0.3): 4 calls over 3 (0.67), 600 tokens within 1,000 (1), a
    // redundant search (0.8); tool failures 1 (0.2): the booking retried once, within 2 retries; blacklist 1 (0.1).
    expect(preprocessStepResult.efficiency).toMatchObject({ totalSteps: 4, totalTokens: 600, redundantCalls: [{ name: 'search-flights', index: 1 }] });
    expect(score).toBe(0.95);
    expect(reason).toContain('maxSteps          4  over the limit of 3 by 1');
    expect(reason).toContain('call 2: "search-flights" {"from":"SFO","to":"JFK"} repeats call 1');
  });

  it('a forbidden sequence scores 0, whatever else the run did', async () => {
    const scorer = createTrajectoryScorerCode({ defaults: { blacklistedSequences: [['book-flight', 'book-flight']] } });
    const { score, reason } = await scorer.run(await bookingRun());
    expect(score).toBe(0);
    expect(reason).toContain('Forbidden sequence called: "book-flight" → "book-flight" (calls 3–4).');
  });
});
