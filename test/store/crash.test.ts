/**
 * A crash leaves the old recording file or a new one, never half of one (issue 45, item 2): a child
 * process records 200 steps of ~8 KB (on the built package, as a user's process would) and is killed
 * (SIGKILL, no exit handler runs) at many points, some while a write is under way; each time the
 * file is absent or valid JSON holding the first steps in order. A process that exits normally
 * writes every step, those left unwritten included.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../reporter/helpers/children.js';

const STEPS = 200;
const script = path.join(root, 'test/store/fixtures/recordMany.mjs');
const answer = (index: number) => `answer ${index}: ${'cloudy '.repeat(1150)}`;

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'tca-crash-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Runs the recorder into `dir`; kills it (SIGKILL) `delayMs` after it printed step `killAfter`, unless undefined. */
function recorder(dir: string, killAfter: number | undefined, delayMs = 0): Promise<{ code: number | null; signal: NodeJS.Signals | null; printed: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, dir, String(STEPS)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let printed = -1;
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) printed = Number(line);
      if (killAfter !== undefined && printed >= killAfter && !child.killed) setTimeout(() => child.kill('SIGKILL'), delayMs);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, printed }));
  });
}

/** The recording file of `dir` as parsed (every `.json` there must be one), or undefined when none was written yet. */
async function stepsIn(dir: string): Promise<string[] | undefined> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
  if (files.length === 0) return undefined;
  expect(files).toHaveLength(1);
  const text = await readFile(path.join(dir, files[0]!), 'utf8');
  const parsed = JSON.parse(text) as { version: number; test: string; steps: Array<{ response: { content: Array<{ text: string }> } }> };
  expect(parsed).toMatchObject({ version: 1, test: 'many steps' });
  return parsed.steps.map((step) => step.response.content[0]!.text);
}

describe('a recording process killed at any point', () => {
  it('leaves no file or a whole one holding the first steps in order', async () => {
    const points: Array<[number, number]> = [[0, 0], [3, 1], [9, 0], [14, 2], [27, 0], [41, 1], [63, 3], [95, 0], [140, 2], [190, 1]];
    let killed = 0;
    for (const [killAfter, delayMs] of points) {
      const dir = path.join(work, `killed-${killAfter}-${delayMs}`);
      const run = await recorder(dir, killAfter, delayMs);
      if (run.signal !== 'SIGKILL') continue; // it finished first: the normal exit below covers that
      killed += 1;
      const steps = await stepsIn(dir);
      if (steps === undefined) continue;
      expect(steps.length).toBeGreaterThan(0);
      expect(steps).toEqual(Array.from({ length: steps.length }, (_, index) => answer(index)));
    }
    expect(killed).toBeGreaterThanOrEqual(points.length / 2);
  }, 240_000);

  it('a process that ends normally writes every step, the last ones at its exit', async () => {
    const dir = path.join(work, 'whole');
    const run = await recorder(dir, undefined);
    expect(run).toEqual({ code: 0, signal: null, printed: STEPS - 1 });
    expect(await stepsIn(dir)).toEqual(Array.from({ length: STEPS }, (_, index) => answer(index)));
    expect(await readdir(dir)).toHaveLength(1); // no temp file left
  }, 60_000);
});
