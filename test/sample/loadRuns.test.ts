import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadRuns, sample } from '../../src/index.js';
import { failureOf } from '../helpers/failureOf.js';
import { bookTable } from './helpers/bookingAgent.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'load-runs-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, text: string): Promise<string> {
  const where = path.join(dir, name);
  await writeFile(where, text);
  return where;
}

describe('loadRuns', () => {
  it('reads JSONL, one run per line, blank lines skipped; sample() gates the recorded runs', async () => {
    // Recorded the way users record: a real generateText result saved with JSON.stringify.
    const good = JSON.stringify(await bookTable('search-then-book'));
    const skipped = JSON.stringify(await bookTable('book-without-search'));
    const runs = await file('runs.jsonl', `${good}\n\n${good}\n${skipped}\n${JSON.stringify(['search-restaurants', 'book-table'])}\n`);
    expect(await loadRuns(runs)).toHaveLength(4);
    const recorded = await sample(loadRuns(runs), { minPassRate: 0.75 });
    expect(recorded).toCallToolsInOrder(['search-restaurants', 'book-table']);
    const all = await sample(loadRuns(runs));
    expect(failureOf(() => expect(all).toCallToolsInOrder(['search-restaurants', 'book-table'])).message).toContain('Run 3 of 4 failed:');
  });

  it('reads a JSON array of runs (.json, or any name whose whole text is an array)', async () => {
    const runs = [['a'], [{ toolName: 'b', input: {} }]];
    expect(await loadRuns(await file('runs.json', JSON.stringify(runs, null, 2)))).toEqual(runs);
    expect(await loadRuns(await file('runs.txt', JSON.stringify(runs)))).toEqual(runs);
    // Not a whole-file array, so read as lines: each line is one run (here, a plain array of names).
    expect(await loadRuns(await file('runs.log', '["a"]\n["b","c"]\n'))).toEqual([['a'], ['b', 'c']]);
  });

  it('names the file and the line of a bad line, without echoing a huge line', async () => {
    const where = await file('runs.jsonl', `["a"]\n{"steps": [}\n`);
    await expect(loadRuns(where)).rejects.toThrow(`loadRuns: ${where}:2 is not valid JSON: `);
    await expect(loadRuns(where)).rejects.toThrow(/Each line must hold one run as JSON\.$/);
    const huge = await file('huge.jsonl', `["a"]\n["a"]\n{"x": "${'y'.repeat(1_000_000)}\n`);
    const error = await loadRuns(huge).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain(`${huge}:3 is not valid JSON`);
    expect((error as Error).message.length).toBeLessThan(600);
  });

  it('names the line of a bad .json file, and refuses a .json file that is not an array', async () => {
    const bad = await file('runs.json', '[\n  ["a"],\n  ["b" "c"]\n]');
    await expect(loadRuns(bad)).rejects.toThrow(`loadRuns: ${bad}:3 is not valid JSON`);
    const single = await file('run.json', '{"steps": []}');
    await expect(loadRuns(single)).rejects.toThrow(`loadRuns: ${single} holds an object, not an array of runs.`);
  });

  it('refuses a missing file, an empty one, and a path that is not a string', async () => {
    await expect(loadRuns(path.join(dir, 'missing.jsonl'))).rejects.toThrow(`loadRuns: cannot read ${path.join(dir, 'missing.jsonl')}: no such file.`);
    const empty = await file('empty.jsonl', '\n\n');
    await expect(loadRuns(empty)).rejects.toThrow(`loadRuns: ${empty} holds no runs.`);
    await expect(loadRuns(42 as never)).rejects.toThrow('loadRuns(path) takes the path of a .jsonl or .json file of runs; received number.');
  });
});
