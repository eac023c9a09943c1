/**
 * A CI gate over a nondeterministic agent: a real AI SDK tool loop (generateText with tools),
 * sampled ten times. The scripted model varies its choices the way a real one does: most runs
 * search and then book, one books without searching. The gate asks for 9 runs in 10.
 * With a real model, replace `scriptedModel(…)` by `'openai/gpt-5'`; the assertions stay.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolCallAccuracyScorerCode, loadRuns, sample, scoreRuns } from 'tool-call-accuracy';
import { book, restaurantTools, scriptedModel, search, text } from './restaurantAgent.js';

const answer = text('Booked Chez Ada for two at 8.');

/** Run 7 of 10 books straight away; the others search first. */
const turnsOf = (index: number) => (index === 6 ? [[book], [answer]] : [[search], [book], [answer]]);

const bookTable = (index: number) =>
  generateText({ model: scriptedModel(turnsOf(index)), tools: restaurantTools, stopWhen: stepCountIs(5), prompt: 'Book a table for two at 8' });

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
