/**
 * Long recordings in real Vitest and Jest processes (issue 45, item 2): past what the store writes
 * after every step, the last steps of a test reach its file when the test ends. Nothing recorded is
 * lost when tests end normally: concurrent tests (Vitest's `describe.concurrent`, Jest's
 * `test.concurrent`, for which Jest runs no afterEach) and a test alone each find all 40 of their
 * steps in their file, which then replays with no model or server asked.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jest, vitest } from '../reporter/helpers/children.js';

const fixtures = 'test/recordings/fixtures/long';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'tca-long-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Each recording file's test, its number of steps, and whose words its steps hold. */
async function recorded(dir: string, words: readonly string[]): Promise<Array<{ test: string; steps: number; words: string[] }>> {
  const files = (await readdir(dir)).sort();
  return Promise.all(
    files.map(async (name) => {
      const text = await readFile(path.join(dir, name), 'utf8');
      const { test, steps } = JSON.parse(text) as { test: string; steps: unknown[] };
      return { test, steps: steps.length, words: words.filter((word) => text.includes(`${word} 39: sunny`)) };
    }),
  );
}

const summary = (output: string) => output.split('\n').find((line) => line.startsWith('tool-call-accuracy recordings:'));

describe('Vitest: 40 steps of ~40 KB per test, two concurrent tests and one alone', () => {
  it('records every step of each test (no temp file left), then replays them', async () => {
    const dir = path.join(work, 'vitest');
    const run = (env: Record<string, string>) => vitest(['run', '--config', `${fixtures}/vitest.config.ts`], { RECORDINGS_DIR: dir, TOOL_CALL_ACCURACY_RECORDINGS: '', ...env });
    const recording = await run({ TOOL_CALL_ACCURACY_RECORDINGS: 'record' });
    expect(recording.code, recording.output).toBe(0);
    expect(await recorded(dir, ['Ada', 'Grace', 'Linus'])).toEqual(
      expect.arrayContaining([
        { test: 'two forecasters at once > Ada forecasts 40 days', steps: 40, words: ['Ada'] },
        { test: 'two forecasters at once > Grace forecasts 40 days', steps: 40, words: ['Grace'] },
        { test: 'Linus forecasts 40 days alone', steps: 40, words: ['Linus'] },
      ]),
    );
    expect(await readdir(dir)).toHaveLength(3);
    expect(summary(recording.output)).toBe('tool-call-accuracy recordings: 0 steps replayed, 120 recorded, 0 passed through live, in 3 recording files.');

    const replay = await run({ CI: 'true' });
    expect(replay.code, replay.output).toBe(0);
    expect(summary(replay.output)).toBe('tool-call-accuracy recordings: 120 steps replayed, 0 recorded, 0 passed through live, in 3 recording files.');
  }, 240_000);
});

describe('Jest: 40 exchanges of ~40 KB per test, two test.concurrent tests and one alone', () => {
  it('records every step of each test (no temp file left), then replays them', async () => {
    const dir = path.join(work, 'jest');
    const run = (env: Record<string, string>) => jest(['--config', `${fixtures}/jest.config.cjs`], { RECORDINGS_DIR: dir, TOOL_CALL_ACCURACY_RECORDINGS: '', ...env });
    const recording = await run({ TOOL_CALL_ACCURACY_RECORDINGS: 'record' });
    expect(recording.code, recording.output).toBe(0);
    expect(await recorded(dir, ['Ada', 'Grace', 'Linus'])).toEqual(
      expect.arrayContaining([
        { test: 'two clients at once Ada asks 40 days', steps: 40, words: ['Ada'] },
        { test: 'two clients at once Grace asks 40 days', steps: 40, words: ['Grace'] },
        { test: 'Linus asks 40 days alone', steps: 40, words: ['Linus'] },
      ]),
    );
    expect(await readdir(dir)).toHaveLength(3);
    expect(summary(recording.output)).toBe('tool-call-accuracy recordings: 0 steps replayed, 120 recorded, 0 passed through live, in 3 recording files.');

    const replay = await run({ CI: 'true' });
    expect(replay.code, replay.output).toBe(0);
    expect(summary(replay.output)).toBe('tool-call-accuracy recordings: 120 steps replayed, 0 recorded, 0 passed through live, in 3 recording files.');
  }, 240_000);
});
