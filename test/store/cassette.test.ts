/**
 * The per-test files of the store, driven directly as a user would (recordings and recorded HTTP
 * are its users): ordered steps per key, the modes, the events reporters read.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORDINGS_STORE } from '../../src/recordings/config.js';
import {
  cassetteScope,
  currentTest,
  dataChanges,
  onStoreEvent,
  recordedAnswer,
  resetStoreActivity,
  resolveStoreSettings,
  storeActivity,
  type StoreEvent,
  type StoreMode,
} from '../../src/store/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'store-'));
  resetStoreActivity();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Answers `request` through the current test's file; `asked` counts what reached the "server". */
function answerer(mode: StoreMode) {
  const asked: string[] = [];
  const scope = cassetteScope(RECORDINGS_STORE, resolveStoreSettings(RECORDINGS_STORE, { mode, dir }, undefined, {}), currentTest(), undefined, 'test');
  const answer = (request: string) =>
    recordedAnswer<string>(scope, request, {
      replay: (step) => String(step.answer),
      ask: async (commit) => {
        asked.push(request);
        const value = `${request} #${asked.length}`;
        await commit({ answer: value });
        return value;
      },
      miss: (steps) => new Error(`missing ${request}; the file holds ${steps.length}`),
    });
  return { answer, asked, scope };
}

describe('per-test files', () => {
  it('the same request again replays its recordings in order; replay never asks', async () => {
    const first = answerer('record');
    expect([await first.answer('a'), await first.answer('b'), await first.answer('a')]).toEqual(['a #1', 'b #2', 'a #3']);
    const text = await readFile(first.scope.file, 'utf8');
    expect(JSON.parse(text)).toEqual({ version: 1, test: expect.any(String), steps: [{ key: 'a', answer: 'a #1' }, { key: 'b', answer: 'b #2' }, { key: 'a', answer: 'a #3' }] });

    resetStoreActivity();
    const again = answerer('replay');
    expect([await again.answer('a'), await again.answer('a'), await again.answer('b')]).toEqual(['a #1', 'a #3', 'b #2']);
    await expect(again.answer('a')).rejects.toThrow('missing a; the file holds 3');
    expect(again.asked).toEqual([]);
  });

  it('the reporting hook: every step is an event, every write carries the old and new content', async () => {
    const events: StoreEvent[] = [];
    const stop = onStoreEvent((event) => events.push(event));
    try {
      const first = answerer('record');
      await first.answer('a');
      resetStoreActivity();
      const second = answerer('auto');
      await second.answer('a');
      await second.answer('c');
      const steps = events.filter((event) => event.type === 'step').map((event) => event.type === 'step' && event.source);
      expect(steps).toEqual(['recorded', 'replayed', 'recorded']);
      const writes = events.filter((event): event is Extract<StoreEvent, { type: 'written' }> => event.type === 'written');
      expect(writes).toHaveLength(2);
      expect(writes[0]).toMatchObject({ user: 'configureRecordings', file: first.scope.file, owner: first.scope.owner, testPath: path.resolve('test/store/cassette.test.ts'), previous: undefined, previousSteps: undefined });
      expect(writes[1]!.previous).toBe(writes[0]!.content);
      expect(writes[1]!.previousSteps).toEqual([{ key: 'a', answer: 'a #1' }]);
      expect(writes[1]!.steps).toEqual([{ key: 'a', answer: 'a #1' }, { key: 'c', answer: 'c #1' }]);
      expect(storeActivity().steps).toEqual({ replayed: 1, recorded: 1, live: 0 });
      expect(storeActivity().files.get(first.scope.file)).toMatchObject({ replayed: 1, recorded: 1, written: true });
    } finally {
      stop();
    }
  });

  it('writes are atomic: no temp file is left, and parallel answers all land', async () => {
    const { answer, scope } = answerer('auto');
    await Promise.all(['a', 'b', 'c', 'd'].map(answer));
    expect(await readdir(dir)).toEqual([path.basename(scope.file)]);
    expect(JSON.parse(await readFile(scope.file, 'utf8')).steps.map((step: { key: string }) => step.key).sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('outside a test and without a name there is no file to use: a clear error', () => {
    const settings = resolveStoreSettings(RECORDINGS_STORE, { mode: 'auto', dir }, undefined, {});
    expect(() => cassetteScope(RECORDINGS_STORE, settings, { name: undefined, file: undefined, attempt: 0, handle: undefined, runner: undefined }, undefined, 'recordedFetch()')).toThrow(
      'recordedFetch() was called outside a test (neither Vitest nor Jest names a current test), so its recordings have no test to belong to: give it a { name }.',
    );
  });
});

describe('dataChanges', () => {
  it('lists where two values differ, with both sides', () => {
    expect(dataChanges({ a: [1, { b: 'x' }], c: 1 }, { a: [1, { b: 'y' }, 3], d: 2 })).toEqual([
      { path: ['a', 1, 'b'], before: 'x', after: 'y' },
      { path: ['a', 2], before: undefined, after: 3 },
      { path: ['c'], before: 1, after: undefined },
      { path: ['d'], before: undefined, after: 2 },
    ]);
  });
});
