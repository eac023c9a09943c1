/**
 * Shards and concurrent tests together (issue 45, item 6), in real Vitest and Jest processes on
 * test/recordings/fixtures/sharded: two test files, each of concurrent tests that send the same
 * requests and get different answers (the first to start ends last). One file's tests all replay;
 * the other's replay, ask live (mode off) and record again (mode record). Each shard's counts of
 * replayed, recorded and live steps must be exactly its own tests', per test too; no shard looks
 * for stale files; Vitest's merged blob reports count both shards and list as stale only the file
 * no test read. Jest's shards have no merged report (docs/recordings.md).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jest, vitest, type Child } from '../reporter/helpers/children.js';

const fixtures = 'test/recordings/fixtures/sharded';
const STRAY = 'a-deleted-test-0123456789ab.json';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'tca-sharded-concurrent-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Each recording file: its test and the test words its steps hold (only its own test's). */
async function recorded(dir: string, words: readonly string[]): Promise<Record<string, string[]>> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.json') && name !== STRAY);
  const entries = await Promise.all(
    files.map(async (name) => {
      const text = await readFile(path.join(dir, name), 'utf8');
      const { test, steps } = JSON.parse(text) as { test: string; steps: unknown[] };
      return [test, [`${steps.length} steps`, ...words.filter((word) => text.includes(word))]] as [string, string[]];
    }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** The recordings' part of a run's console output: its summary line and what follows it. */
function recordingsReport(output: string): string[] {
  const start = output.indexOf('tool-call-accuracy recordings:');
  expect(start, output).toBeGreaterThan(-1);
  const lines = output.slice(start).split('\n');
  const end = lines.findIndex((line) => /^(Test Suites:|PASS |FAIL |blob report written)/.test(line));
  return lines.slice(0, end === -1 ? undefined : end).filter((line) => line !== '');
}

/** The HTML page's recordings rows: `test` → `replayed/recorded/live` and the recording files' names. */
async function rows(page: string): Promise<Record<string, string>> {
  const html = await readFile(page, 'utf8');
  const found: Record<string, string> = {};
  for (const match of html.matchAll(/<td class="test">(.*?)<div class="file">.*?<\/div><\/td>\n<td class="count">(\d+)<\/td><td class="count">(\d+)<\/td><td class="count">(\d+)<\/td>\n<td class="judge">.*?<\/td>\n<td class="files">(.*?)<\/td>/g)) {
    const files = [...match[5]!.matchAll(/<code>(.*?)<\/code>/g)].map((file) => path.basename(file[1]!));
    found[match[1]!.replaceAll('&#62;', '>')] = [`${match[2]}/${match[3]}/${match[4]}`, ...files].join(' ');
  }
  return found;
}

/** The rows a file's tests must have: each replaying or recording test reads or writes its own file only. */
function expectedRows(stem: string, separator: string, tests: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tests).map(([name, counts]) => [name, counts === '0/0/2' ? counts : `${counts} ${stem}--${name.toLowerCase().replaceAll(separator, '-').replaceAll(' ', '-')}-`]),
  );
}

/** Rows with the files' hash suffix cut, to compare with `expectedRows`. */
const withoutHashes = (found: Record<string, string>) => Object.fromEntries(Object.entries(found).map(([name, row]) => [name, row.replace(/[0-9a-f]{12}\.json$/, '')]));

const shardLine = (replayed: number, recorded: number, live: number, files: number) =>
  `tool-call-accuracy recordings: ${replayed} step${replayed === 1 ? '' : 's'} replayed, ${recorded} recorded, ${live} passed through live, in ${files} recording files.`;

/** Which shard ran which fixture file, from its output (the runner decides). */
const ranFile = (child: Child, files: readonly string[]) => files.filter((file) => child.output.includes(file));

/**
 * Records every test of both files in one unsharded run (Katherine's test runs live and writes
 * nothing), checks each file holds its test's two steps, and adds a stale file no test reads.
 */
async function recordAll(run: (args: string[], env: Record<string, string>) => Promise<Child>, dir: string, tests: Record<string, string>): Promise<void> {
  const recording = await run([], { TOOL_CALL_ACCURACY_RECORDINGS: 'record' });
  expect(recording.code, recording.output).toBe(0);
  expect(recordingsReport(recording.output)[0]).toBe(shardLine(0, 12, 2, 6));
  const words = ['Ada', 'Grace', 'Linus', 'Hedy', 'Alan', 'Katherine', 'Barbara'];
  expect(await recorded(dir, words)).toEqual(
    Object.fromEntries(
      Object.keys(tests)
        .filter((name) => !name.includes('Katherine'))
        .sort((a, b) => a.localeCompare(b))
        .map((name) => [name, ['2 steps', words.find((word) => name.includes(word))]]),
    ),
  );
  await writeFile(path.join(dir, STRAY), `${JSON.stringify({ version: 1, test: 'a deleted test', steps: [] }, null, 2)}\n`);
}

describe('Vitest: --shard=1/2 and 2/2 over describe.concurrent tests with recordings, then --merge-reports', () => {
  const dir = () => path.join(work, 'vitest');
  const run = (args: string[], env: Record<string, string>) => vitest(['run', '--config', `${fixtures}/vitest.config.ts`, ...args], { RECORDINGS_DIR: dir(), TOOL_CALL_ACCURACY_RECORDINGS: '', ...env });
  const FORECASTERS = { 'three forecasters at once > Ada forecasts': '2/0/0', 'three forecasters at once > Grace forecasts': '2/0/0', 'three forecasters at once > Linus forecasts': '2/0/0' };
  const DESK = { 'a forecast desk at once > Hedy forecasts': '2/0/0', 'a forecast desk at once > Alan forecasts': '2/0/0', 'a forecast desk at once > Katherine asks live': '0/0/2', 'a forecast desk at once > Barbara records again': '0/2/0' };

  it("counts each shard's own steps exactly, per test too, looks for stale files in neither, and the merged report counts both and finds only the file no test read", async () => {
    await recordAll(run, dir(), { ...FORECASTERS, ...DESK });

    const blobs = path.join(work, 'blobs');
    const shards = await Promise.all(
      [1, 2].map((index) => run([`--shard=${index}/2`], { CI: 'true', REPORT_HTML: path.join(work, `vitest-shard-${index}.html`), BLOB_FILE: path.join(blobs, `blob-${index}.json`) })),
    );
    const files = ['forecasters.fixture.ts', 'desk.fixture.ts'];
    for (const [index, shard] of shards.entries()) {
      expect(shard.code, shard.output).toBe(0);
      const ran = ranFile(shard, files);
      expect(ran, shard.output).toHaveLength(1); // one test file per shard
      const desk = ran[0] === 'desk.fixture.ts';
      const report = recordingsReport(shard.output);
      const notLooked = `Stale recordings are not looked for: this is shard ${index + 1}/2; they are looked for where the shards' reports merge (vitest --merge-reports).`;
      expect(report).toEqual(desk ? [shardLine(4, 2, 2, 3), 'Recordings written over: 1 file, 1 unchanged.', notLooked] : [shardLine(6, 0, 0, 3), notLooked]);
      expect(shard.output).not.toContain(STRAY);
      const stem = desk ? 'desk-fixture-ts' : 'forecasters-fixture-ts';
      expect(withoutHashes(await rows(path.join(work, `vitest-shard-${index + 1}.html`)))).toEqual(expectedRows(stem, ' > ', desk ? DESK : FORECASTERS));
    }
    expect(shards.flatMap((shard) => ranFile(shard, files)).sort()).toEqual([...files].sort());

    const merged = await vitest(['run', '--config', `${fixtures}/vitest.config.ts`, `--merge-reports=${blobs}`], { RECORDINGS_DIR: dir(), REPORT_HTML: path.join(work, 'vitest-merged.html') });
    expect(merged.code, merged.output).toBe(0);
    expect(recordingsReport(merged.output)).toEqual([
      shardLine(10, 2, 2, 6),
      'Recordings written over: 1 file, 1 unchanged.',
      'Stale recordings: 1 file that no test of this full run used:',
      `  ${dir()}/${STRAY}`,
      'Remove it, then commit:',
      `  rm ${dir()}/${STRAY}`,
    ]);
    expect(withoutHashes(await rows(path.join(work, 'vitest-merged.html')))).toEqual({ ...expectedRows('forecasters-fixture-ts', ' > ', FORECASTERS), ...expectedRows('desk-fixture-ts', ' > ', DESK) });
  }, 300_000);
});

describe('Jest: --shard=1/2 and 2/2 over test.concurrent tests with recordings', () => {
  const dir = () => path.join(work, 'jest');
  const run = (args: string[], env: Record<string, string>) => jest(['--config', `${fixtures}/jest.config.cjs`, ...args], { RECORDINGS_DIR: dir(), TOOL_CALL_ACCURACY_RECORDINGS: '', ...env });
  const CLIENTS = { 'three clients at once Ada asks': '2/0/0', 'three clients at once Grace asks': '2/0/0', 'three clients at once Linus asks': '2/0/0' };
  const DESK = { 'a help desk at once Hedy asks': '2/0/0', 'a help desk at once Alan asks': '2/0/0', 'a help desk at once Katherine asks live': '0/0/2', 'a help desk at once Barbara records again': '0/2/0' };

  it("counts each shard's own steps exactly, per test too, and lists no stale file in a shard (Jest's shards have no merged report)", async () => {
    await recordAll(run, dir(), { ...CLIENTS, ...DESK });

    const shards = await Promise.all([1, 2].map((index) => run([`--shard=${index}/2`], { CI: 'true', REPORT_HTML: path.join(work, `jest-shard-${index}.html`) })));
    const files = ['clients.fixture.cjs', 'desk.fixture.cjs'];
    for (const [index, shard] of shards.entries()) {
      expect(shard.code, shard.output).toBe(0);
      const ran = ranFile(shard, files);
      expect(ran, shard.output).toHaveLength(1);
      const desk = ran[0] === 'desk.fixture.cjs';
      const report = recordingsReport(shard.output);
      const notLooked = `Stale recordings are not looked for: this is shard ${index + 1}/2, and Jest's shards have no merged report: run unsharded to find them.`;
      expect(report).toEqual(desk ? [shardLine(4, 2, 2, 3), 'Recordings written over: 1 file, 1 unchanged.', notLooked] : [shardLine(6, 0, 0, 3), notLooked]);
      expect(shard.output).not.toContain(STRAY);
      const stem = desk ? 'desk-fixture-cjs' : 'clients-fixture-cjs';
      expect(withoutHashes(await rows(path.join(work, `jest-shard-${index + 1}.html`)))).toEqual(expectedRows(stem, ' ', desk ? DESK : CLIENTS));
    }
    expect(shards.flatMap((shard) => ranFile(shard, files)).sort()).toEqual([...files].sort());
  }, 300_000);
});
