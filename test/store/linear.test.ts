/**
 * Recording n steps in one test writes O(n) bytes in all (issue 45, item 2): the whole file is
 * written after each step only while that stays small; past it, at growing intervals, and the end
 * of the test writes the rest. Counted by the store's own `written` events (each write's text), not
 * timed. A crash still leaves the old file or the new one: every write is a temp file and a rename
 * (test/store/crash.test.ts kills a recording process at many points).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDINGS_STORE } from '../../src/recordings/config.js';
import { cassetteScope, currentTest, onStoreEvent, recordedAnswer, resetStoreActivity, resolveStoreSettings, type StoreEvent, type StoreMode } from '../../src/store/index.js';

let dir: string;
const written: Array<{ file: string; chars: number; steps: number }> = [];
let stop: () => void;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'store-linear-'));
  stop = onStoreEvent((event: StoreEvent) => {
    if (event.type === 'written') written.push({ file: event.file, chars: event.content.length, steps: event.steps.length });
  });
});
afterAll(async () => {
  stop();
  await rm(dir, { recursive: true, force: true });
});

const STEPS = 150;
// ~4 KB an answer: the 150 steps' file is ~0.6 MB, and writing it whole after each step would write ~45 MB.
const answerOf = (index: number) => `answer ${index}: ${'lorem ipsum '.repeat(340)}`;

function answerer(mode: StoreMode, name?: string) {
  const scope = cassetteScope(RECORDINGS_STORE, resolveStoreSettings(RECORDINGS_STORE, { mode, dir }, undefined, {}), currentTest(), name, 'test');
  const answer = (index: number) =>
    recordedAnswer<string>(scope, `request ${index}`, {
      replay: (step) => String(step.answer),
      ask: async (commit) => {
        await commit({ answer: answerOf(index) });
        return answerOf(index);
      },
      miss: () => new Error(`missing request ${index}`),
    });
  return { answer, scope };
}

let file: string;
const writtenTo = () => written.filter((write) => write.file === file);

describe('recording many steps in one test', () => {
  it('records 150 steps of ~4 KB', async () => {
    const { answer, scope } = answerer('record');
    file = scope.file;
    for (let index = 0; index < STEPS; index++) await answer(index);
    // The first steps are on disk as they come (a test may read its file while it records)…
    expect(writtenTo().slice(0, 3).map((write) => write.steps)).toEqual([1, 2, 3]);
    // …then writes come at growing intervals: far fewer than one per step.
    expect(writtenTo().length).toBeLessThan(STEPS / 3);
  });

  it('the end of that test wrote the rest: the file holds every step, as pretty JSON, and all the writes together are a few times its size', async () => {
    const text = await readFile(file, 'utf8');
    const stored = JSON.parse(text) as { version: number; test: string; steps: Array<{ key: string; answer: string }> };
    expect(text).toBe(`${JSON.stringify(stored, null, 2)}\n`);
    expect(stored.version).toBe(1);
    expect(stored.test).toBe('recording many steps in one test > records 150 steps of ~4 KB');
    expect(stored.steps).toHaveLength(STEPS);
    expect(stored.steps.map((step) => step.answer)).toEqual(Array.from({ length: STEPS }, (_, index) => answerOf(index)));
    // The last write is the whole file; every write together stays within 4× it plus the 1 MiB written through at first
    // (the whole file after every step: ~75× it here).
    const writes = writtenTo();
    expect(writes.at(-1)).toMatchObject({ chars: text.length, steps: STEPS });
    const total = writes.reduce((sum, write) => sum + write.chars, 0);
    expect(total).toBeLessThanOrEqual(4 * text.length + 2 ** 20);
  });

  it('replays every step of it from the file', async () => {
    resetStoreActivity(); // forget the file as this process holds it: read it from disk
    const scope = { ...answerer('replay').scope, file };
    const replayed: string[] = [];
    for (let index = 0; index < STEPS; index++) {
      replayed.push(
        await recordedAnswer<string>(scope, `request ${index}`, {
          replay: (step) => String(step.answer),
          ask: () => Promise.reject(new Error('replay asks nothing')),
          miss: () => new Error(`missing request ${index}`),
        }),
      );
    }
    expect(replayed).toEqual(Array.from({ length: STEPS }, (_, index) => answerOf(index)));
  });
});
