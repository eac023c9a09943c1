/**
 * A real AI SDK tool loop (generateText, MockLanguageModelV4) whose scripted model makes a
 * different choice on some runs, the way a real model does: the sample tests' agent.
 */
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { book, cancel, restaurantTools, scriptedModel, search, text } from '../../../examples/sampling/restaurantAgent.js';

export { restaurantTools };

/** What the model does on a run. */
export type Choice = 'search-then-book' | 'book-without-search' | 'book-then-cancel' | 'ask' | 'throw';

const turns = {
  'search-then-book': [[search], [book], [text('Booked Chez Ada for two at 8.')]],
  'book-without-search': [[book], [text('Booked a table for two at 8.')]],
  'book-then-cancel': [[search], [book], [cancel], [text('I booked and then cancelled it.')]],
  ask: [[text('Which restaurant would you like?')]],
};

export const REQUEST = 'Book a table for two at 8';

/** One run of the agent with the model making `choice`; 'throw' is a provider failing mid-run. */
export async function bookTable(choice: Choice) {
  if (choice === 'throw') {
    const model = new MockLanguageModelV4({ doGenerate: async () => Promise.reject(new Error('429 Too Many Requests')) });
    return generateText({ model, tools: restaurantTools, prompt: REQUEST, maxRetries: 0 });
  }
  return generateText({ model: scriptedModel(turns[choice]), tools: restaurantTools, stopWhen: stepCountIs(6), prompt: REQUEST });
}

/** An agent whose run `index` makes `choices[index]`. */
export function agentWith(choices: readonly Choice[]) {
  return (index: number) => bookTable(choices[index]!);
}

/** `count` runs of `usual`, with `odd` at the given run indexes. */
export function choices(count: number, usual: Choice, odd: Record<number, Choice> = {}): Choice[] {
  return Array.from({ length: count }, (_, index) => odd[index] ?? usual);
}
