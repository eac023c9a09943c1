/**
 * A real AI SDK tool loop (generateText, MockLanguageModelV4) whose scripted model makes a
 * different choice on some runs, the way a real model does: the sample tests' agent.
 */
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

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

/** What the model does on a run. */
export type Choice = 'search-then-book' | 'book-without-search' | 'book-then-cancel' | 'ask' | 'throw';

const call = (id: string, toolName: string, input: object) => ({ type: 'tool-call' as const, toolCallId: id, toolName, input: JSON.stringify(input) });
const search = call('c1', 'search-restaurants', { partySize: 2, time: '20:00' });
const book = call('c2', 'book-table', { restaurantId: 'r1', partySize: 2, time: '20:00' });
const cancel = call('c3', 'cancel-booking', { bookingId: 'b-r1' });
const text = (value: string) => ({ type: 'text' as const, text: value });

const turns: Record<Exclude<Choice, 'throw'>, Array<Array<ReturnType<typeof call> | ReturnType<typeof text>>>> = {
  'search-then-book': [[search], [book], [text('Booked Chez Ada for two at 8.')]],
  'book-without-search': [[book], [text('Booked a table for two at 8.')]],
  'book-then-cancel': [[search], [book], [cancel], [text('I booked and then cancelled it.')]],
  ask: [[text('Which restaurant would you like?')]],
};

export function scriptedModel(choice: Exclude<Choice, 'throw'>) {
  const steps = turns[choice];
  return new MockLanguageModelV4({
    doGenerate: steps.map((content) => ({
      content,
      finishReason: content.some((part) => part.type === 'tool-call') ? { unified: 'tool-calls' as const, raw: undefined } : { unified: 'stop' as const, raw: undefined },
      usage,
      warnings: [],
    })),
  });
}

export const REQUEST = 'Book a table for two at 8';

/** One run of the agent with the model making `choice`; 'throw' is a provider failing mid-run. */
export async function bookTable(choice: Choice) {
  if (choice === 'throw') {
    const model = new MockLanguageModelV4({ doGenerate: async () => Promise.reject(new Error('429 Too Many Requests')) });
    return generateText({ model, tools: restaurantTools, prompt: REQUEST, maxRetries: 0 });
  }
  return generateText({ model: scriptedModel(choice), tools: restaurantTools, stopWhen: stepCountIs(6), prompt: REQUEST });
}

/** An agent whose run `index` makes `choices[index]`. */
export function agentWith(choices: readonly Choice[]) {
  return (index: number) => bookTable(choices[index]!);
}

/** `count` runs of `usual`, with `odd` at the given run indexes. */
export function choices(count: number, usual: Choice, odd: Record<number, Choice> = {}): Choice[] {
  return Array.from({ length: count }, (_, index) => odd[index] ?? usual);
}
