/**
 * Concurrent tests, in real Vitest and Jest processes: three tests running at once ask the same
 * requests and get different answers (test/recordings/fixtures/concurrent). Each recording must be
 * filed under the test that made it, whatever order the tests start and end in: recorded, then
 * replayed all together and each alone, each test gets its own answers, nothing recorded is lost,
 * and the reporters count each step once.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jest, vitest } from '../reporter/helpers/children.js';

const fixtures = 'test/recordings/fixtures/concurrent';
const WORDS = ['Ada', 'Grace', 'Linus'];

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'tca-concurrent-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Each recording file's test and the words its steps hold. */
async function recorded(dir: string): Promise<Array<{ test: string; steps: number; words: string[] }>> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (name) => {
      const text = await readFile(path.join(dir, name), 'utf8');
      const { test, steps } = JSON.parse(text) as { test: string; steps: unknown[] };
      return { test, steps: steps.length, words: WORDS.filter((words) => text.includes(words)) };
    }),
  );
}

const summary = (output: string) => output.split('\n').find((line) => line.startsWith('tool-call-accuracy recordings:'));

describe('Vitest: describe.concurrent tests over recordedModel', () => {
  const dir = () => path.join(work, 'vitest');
  const run = (args: string[], env: Record<string, string>) =>
    vitest(['run', '--config', `${fixtures}/vitest.config.ts`, ...args], { RECORDINGS_DIR: dir(), TOOL_CALL_ACCURACY_RECORDINGS: '', ...env });

  it('records each test in its own file, then replays them together and each alone', async () => {
    const recording = await run([], { TOOL_CALL_ACCURACY_RECORDINGS: 'record' });
    expect(recording.code, recording.output).toBe(0);
    expect(await recorded(dir())).toEqual(
      ['Ada', 'Grace', 'Linus'].map((words) => ({ test: `three forecasters at once > ${words} forecasts`, steps: 2, words: [words] })),
    );
    expect(summary(recording.output)).toBe('tool-call-accuracy recordings: 0 steps replayed, 6 recorded, 0 passed through live, in 3 recording files.');

    // A recording no test reads: the one stale file of the full run, whatever order the tests ran in.
    const stray = path.join(dir(), 'a-deleted-test-0123456789ab.json');
    await writeFile(stray, `${JSON.stringify({ version: 1, test: 'a deleted test', steps: [] }, null, 2)}\n`);
    const together = await run([], { CI: 'true' });
    expect(together.code, together.output).toBe(0);
    expect(summary(together.output)).toBe('tool-call-accuracy recordings: 6 steps replayed, 0 recorded, 0 passed through live, in 3 recording files.');
    expect(together.output).toContain('Stale recordings: 1 file that no test of this full run used:');
    expect(together.output).toContain('a-deleted-test-0123456789ab.json');
    await rm(stray);
    for (const words of WORDS) {
      const alone = await run(['-t', `${words} forecasts`], { CI: 'true' });
      expect(alone.code, alone.output).toBe(0);
      expect(alone.output).toMatch(/Tests {2}1 passed \| 2 skipped \(3\)/);
      expect(summary(alone.output)).toBe('tool-call-accuracy recordings: 2 steps replayed, 0 recorded, 0 passed through live, in 1 recording file.');
    }
    // auto with everything recorded asks nothing and writes nothing new
    const auto = await run([], {});
    expect(auto.code, auto.output).toBe(0);
    expect(summary(auto.output)).toBe('tool-call-accuracy recordings: 6 steps replayed, 0 recorded, 0 passed through live, in 3 recording files.');
  }, 240_000);
});

describe('Jest: test.concurrent tests over recordedFetch', () => {
  const dir = () => path.join(work, 'jest');
  const run = (args: string[], env: Record<string, string>) =>
    jest(['--config', `${fixtures}/jest.config.cjs`, ...args], { RECORDINGS_DIR: dir(), TOOL_CALL_ACCURACY_RECORDINGS: '', ...env });

  it('records each test in its own file, then replays them together and each alone', async () => {
    const recording = await run([], { TOOL_CALL_ACCURACY_RECORDINGS: 'record' });
    expect(recording.code, recording.output).toBe(0);
    expect(await recorded(dir())).toEqual(WORDS.map((words) => ({ test: `three clients at once ${words} asks`, steps: 2, words: [words] })));
    expect(summary(recording.output)).toBe('tool-call-accuracy recordings: 0 steps replayed, 6 recorded, 0 passed through live, in 3 recording files.');

    // A recording no test reads: the one stale file of the full run, whatever order the tests ran in.
    const stray = path.join(dir(), 'a-deleted-test-0123456789ab.json');
    await writeFile(stray, `${JSON.stringify({ version: 1, test: 'a deleted test', steps: [] }, null, 2)}\n`);
    const together = await run([], { CI: 'true' });
    expect(together.code, together.output).toBe(0);
    expect(summary(together.output)).toBe('tool-call-accuracy recordings: 6 steps replayed, 0 recorded, 0 passed through live, in 3 recording files.');
    expect(together.output).toContain('Stale recordings: 1 file that no test of this full run used:');
    expect(together.output).toContain('a-deleted-test-0123456789ab.json');
    await rm(stray);
    for (const words of WORDS) {
      const alone = await run(['-t', `${words} asks`], { CI: 'true' });
      expect(alone.code, alone.output).toBe(0);
      expect(alone.output).toMatch(/Tests: +2 skipped, 1 passed, 3 total/);
    }
  }, 240_000);
});

describe('Vitest: judged assertions in describe.concurrent tests', () => {
  it("each verdict is filed under its own test (the global expect names the last started one), the failed one under the test that failed", async () => {
    const run = await vitest(['run', '--config', `${fixtures}-judge/vitest.config.ts`], {});
    expect(run.code, run.output).toBe(1);
    expect(run.output).toMatch(/Tests {2}1 failed \| 1 passed \(2\)/);
    expect(run.output).toContain('tool-call-accuracy: 2 sampled or judged assertions, 1 failing, 0 flaky');
    const rows = run.output.split('\n').filter((line) => line.startsWith('judged at once > '));
    expect(rows.map((line) => line.replace(/\s{2,}/g, ' | '))).toEqual([
      'judged at once > asks for a refund | expect(run).toUseAppropriateTools() | 0/1 | 0% | — | judged, failed',
      'judged at once > asks for the weather | expect(run).toUseAppropriateTools() | 1/1 | 100% | — | judged, passed',
    ]);
  }, 120_000);
});
