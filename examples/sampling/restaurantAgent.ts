/**
 * A restaurant-booking agent's tools, and a scripted stand-in for its model: an AI SDK mock model
 * that answers a given list of turns, so a real generateText tool loop runs offline.
 */
import { tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';

export const restaurantTools = {
  'search-restaurants': tool({
    description: 'Find restaurants with a free table',
    inputSchema: z.object({ partySize: z.number(), time: z.string() }),
    execute: async () => ({ restaurants: [{ id: 'r1', name: 'Chez Ada' }] }),
  }),
  'book-table': tool({
    description: 'Book a table at a restaurant',
    inputSchema: z.object({ restaurantId: z.string(), partySize: z.number(), time: z.string() }),
    execute: async ({ restaurantId }) => ({ bookingId: `b-${restaurantId}` }),
  }),
  'cancel-booking': tool({
    description: 'Cancel a booking',
    inputSchema: z.object({ bookingId: z.string() }),
    execute: async () => ({ cancelled: true }),
  }),
};

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

type Part = { type: 'tool-call'; toolCallId: string; toolName: string; input: string } | { type: 'text'; text: string };

/** A tool call as a provider sends it (input as JSON text). */
export const call = (toolCallId: string, toolName: keyof typeof restaurantTools, input: object): Part => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) });
export const text = (value: string): Part => ({ type: 'text', text: value });

export const search = call('c1', 'search-restaurants', { partySize: 2, time: '20:00' });
export const book = call('c2', 'book-table', { restaurantId: 'r1', partySize: 2, time: '20:00' });
export const cancel = call('c3', 'cancel-booking', { bookingId: 'b-r1' });

/** A model that answers these turns in order: tool calls end a turn with 'tool-calls', text with 'stop'. */
export function scriptedModel(turns: readonly Part[][]) {
  return new MockLanguageModelV4({
    doGenerate: turns.map((content) => ({
      content: [...content],
      finishReason: content.some((part) => part.type === 'tool-call') ? { unified: 'tool-calls' as const, raw: undefined } : { unified: 'stop' as const, raw: undefined },
      usage,
      warnings: [],
    })),
  });
}
