/**
 * A CI gate over a nondeterministic agent: a real AI SDK tool loop (generateText with tools),
 * sampled ten times. The scripted model varies its choices the way a real one does: most runs
 * search and then book, one books without searching. The gate asks for 9 runs in 10.
 * With a real model, replace `scriptedModel(index)` by `'openai/gpt-5'`; the assertions stay.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolCallAccuracyScorerCode, loadRuns, sample, scoreRuns } from 'tool-call-accuracy';

const tools = {
  'search-restaurants': tool({
    description: 'Find restaurants with a free table',
    inputSchema: z.object({ partySize: z.number(), time: z.string() }),
    execute: async () => ({ restaurants: [{ id: 'r1', name: 'Chez Ada' }] }),
  }),
  'book-table': tool({
    description: 'Book a table',
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
const call = (toolCallId: string, toolName: string, input: object) => ({ type: 'tool-call' as const, toolCallId, toolName, input: JSON.stringify(input) });
const search = call('c1', 'search-restaurants', { partySize: 2, time: '20:00' });
const book = call('c2', 'book-table', { restaurantId: 'r1', partySize: 2, time: '20:00' });
const answer = { type: 'text' as const, text: 'Booked Chez Ada for two at 8.' };

/** Run 7 of 10 books straight away; the others search first. */
function scriptedModel(index: number) {
  const turns = index === 6 ? [[book], [answer]] : [[search], [book], [answer]];
  return new MockLanguageModelV4({
    doGenerate: turns.map((content, turn) => ({
      content,
      finishReason: { unified: turn < turns.length - 1 ? ('tool-calls' as const) : ('stop' as const), raw: undefined },
      usage,
      warnings: [],
    })),
  });
}

const bookTable = (index: number) =>
  generateText({ model: scriptedModel(index), tools, stopWhen: stepCountIs(5), prompt: 'Book a table for two at 8' });

describe('a booking agent, sampled', () => {
  it('searches then books in at least 9 runs of 10, and never cancels', async () => {
    const runs = await sample(bookTable, { n: 10, minPassRate: 0.9 });

    expect(runs).toCallToolsInOrder(['search-restaurants', 'book-table']);
    expect(runs).not.toCallTool('cancel-booking');
    expect(runs).toCallToolTimes('book-table', 1);
  });

  it('gates a recorded data set, and scores it for a nightly evaluation', async () => {
    // Runs saved as JSONL, one generateText result per line (JSON.stringify keeps what the matchers read).
    const dir = await mkdtemp(path.join(tmpdir(), 'recorded-runs-'));
    const file = path.join(dir, 'runs.jsonl');
    const results = await Promise.all(Array.from({ length: 10 }, (_, index) => bookTable(index)));
    await writeFile(file, results.map((result) => JSON.stringify(result)).join('\n'));

    expect(await sample(loadRuns(file), { minPassRate: 0.9 })).toCallToolsInOrder(['search-restaurants', 'book-table']);

    const scorer = createToolCallAccuracyScorerCode({ expectedToolOrder: ['search-restaurants', 'book-table'] });
    const { mean, min, max } = await scoreRuns(scorer, loadRuns(file));
    expect({ mean, min, max }).toEqual({ mean: 0.9, min: 0, max: 1 });
    await rm(dir, { recursive: true, force: true });
  });
});
