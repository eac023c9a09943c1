// The agent under test: a real ai@7 generateText tool loop driven by the AI SDK's mock model.
// booking.test.ts imports it as './agent.js', which the README's moduleNameMapper maps to this file.
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';

export const request = 'Book me a seat on UA 1234 from SFO to JFK';

export const tools = {
  'search-flights': tool({
    description: 'Search flights between two airports',
    inputSchema: z.object({ from: z.string(), to: z.string() }),
    execute: async () => ({ flights: ['UA 1234'] }),
  }),
  'book-flight': tool({
    description: 'Book a seat on a flight',
    inputSchema: z.object({ flightId: z.string(), seat: z.string() }),
    execute: async ({ flightId, seat }) => ({ booked: true, flightId, seat }),
  }),
};

type Call = [toolName: keyof typeof tools, input: Record<string, string>];

/** One model step per entry of `steps` (its tool calls), then a text answer. */
export async function runAgent(steps: Call[][]) {
  let step = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async () => {
      const calls = steps[step++];
      return {
        content: calls
          ? calls.map(([toolName, input], index) => ({ type: 'tool-call' as const, toolCallId: `call-${step}-${index}`, toolName, input: JSON.stringify(input) }))
          : [{ type: 'text' as const, text: 'Booked.' }],
        finishReason: { unified: calls ? ('tool-calls' as const) : ('stop' as const), raw: undefined },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } },
        warnings: [],
      };
    },
  });
  return generateText({ model, tools, prompt: request, stopWhen: stepCountIs(5) });
}
