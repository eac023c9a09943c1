/**
 * A real Mastra agent (`Agent` with `createTool` tools), driven by the AI SDK's mock model so it
 * runs offline, checked with the matchers and the code scorer: the `agent.generate()` result, and
 * the run Mastra hands its own scorers (`returnScorerData`), which is what a Mastra eval scores.
 *
 * In your project the mock is `MockLanguageModelV2` from `ai/test` of ai@5, the model spec Mastra
 * 0.x drives; this repository installs ai@5 as `ai5` beside ai@7. Mastra is 0.24.9 here (the newest
 * that runs on Node 20): Mastra 1.x results have the same `toolCalls` and `steps`, so the
 * assertions stay as they are. Swap the mock for a real model and they stay the same too.
 */
import { Agent } from '@mastra/core/agent';
import { noopLogger } from '@mastra/core/logger';
import { createTool } from '@mastra/core/tools';
import { MockLanguageModelV2 } from 'ai5/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolCallAccuracyScorerCode } from 'tool-call-accuracy';

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

const toolCall = (toolCallId: string, toolName: string, input: object) =>
  ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }) as const;

/** The model's turns: search, then book, then answer. */
const turns = [
  [toolCall('call-1', 'search-flights', { from: 'SFO', to: 'JFK', date: '2026-07-01' })],
  [toolCall('call-2', 'book-flight', { flightId: 'UA 1234', seat: '14C' })],
  [{ type: 'text', text: 'Booked UA 1234, seat 14C.' }],
] as const;

function travelAgent() {
  let turn = 0;
  const model = new MockLanguageModelV2({
    doGenerate: async () => {
      const content = turns[Math.min(turn++, turns.length - 1)]!;
      const calls = content.some((part) => part.type === 'tool-call');
      return {
        content: [...content],
        finishReason: calls ? 'tool-calls' : 'stop',
        usage: { inputTokens: 10, outputTokens: 20, totalTokens: 30 },
        warnings: [],
      };
    },
  });
  const agent = new Agent({ name: 'travel-agent', instructions: 'Book flights with the tools.', model, tools });
  agent.__setLogger(noopLogger); // keeps the example's output quiet
  return agent;
}

describe('a Mastra agent', () => {
  it('called the right tools, in the right order, with the right inputs', async () => {
    const result = await travelAgent().generate('Book me the SFO to JFK flight on July 1st, seat 14C.', { maxSteps: 5 });

    expect(result).toCallToolsInOrder(['search-flights', 'book-flight'], { strict: true });
    expect(result).toCallTool('book-flight', { flightId: 'UA 1234', seat: expect.stringMatching(/^\d+[A-F]$/) });
    expect(result).toCallToolTimes('search-flights', 1);
    expect(result).not.toCallTool('cancel-flight');
  });

  it("scores the run Mastra gives its own scorers, the same way Mastra's code scorer does", async () => {
    const { scoringData } = await travelAgent().generate('Book me the SFO to JFK flight on July 1st.', {
      maxSteps: 5,
      returnScorerData: true,
    });
    const scorer = createToolCallAccuracyScorerCode({ expectedToolOrder: ['search-flights', 'book-flight'] });

    const { score, preprocessStepResult } = await scorer.run(scoringData);
    expect(score).toBe(1);
    expect(preprocessStepResult.actualTools).toEqual(['search-flights', 'book-flight']);
    expect(scoringData).toCallOnly(['book-flight', 'search-flights']);
  });
});
