/**
 * What the reporters say of recordings, in real Vitest and Jest processes on a fixture suite
 * (test/reporter/fixtures/recordings: an agent on the real `openai` client, through recordedFetch,
 * its model a loopback server started here): steps replayed, recorded and passed through live;
 * recordings written over, reviewed by the calls the agent made before and after; stale recording
 * files, decided in a full run only, and for a sharded run where the shards' reports merge. Then
 * the report's text itself on files written in this process.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedFetch } from '../../src/recordings/fetch.js';
import { recordingsReport as reportOf } from '../../src/reporter/recordings.js';
import { resetStoreActivity } from '../../src/store/index.js';
import { answer, callTools, startLoopback, type Loopback, type Reply } from '../helpers/loopback.js';
import { jest, vitest, type Child } from './helpers/children.js';

const vitestConfig = 'test/reporter/fixtures/recordings/vitest.config.ts';
const jestConfig = 'test/reporter/fixtures/recordings/jest.config.cjs';
const jestEsmConfig = 'test/reporter/fixtures/recordings/jest.esm.config.cjs';

/**
 * The model: version 1 searches, then books, then answers, and says "Hello!"; version 2 books
 * without searching, and says "Hi there!" (the same calls, other text).
 */
let version = 1;
function model(body: Record<string, unknown>): Reply {
  const messages = body.messages as Array<{ role: string; content?: unknown }>;
  const tools = messages.filter((message) => message.role === 'tool').length;
  if (String(messages[0]!.content).startsWith('Say hello')) return answer(version === 1 ? 'Hello!' : 'Hi there!');
  const plan = version === 1 ? ['search_flights', 'book_flight'] : ['book_flight'];
  const next = plan[tools];
  return next === undefined ? answer('Booked AF1.') : callTools({ id: `call_${tools + 1}`, name: next, arguments: next === 'book_flight' ? { flight: 'AF1' } : { to: 'Paris' } });
}

let server: Loopback;
let work: string;
beforeAll(async () => {
  server = await startLoopback(model);
  work = await mkdtemp(path.join(tmpdir(), 'tca-recordings-report-'));
});
afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

/** The recordings' part of a run's output, from its first line to the first empty line after the last of it. */
function recordingsReport(output: string): string {
  const start = output.indexOf('tool-call-accuracy recordings:');
  expect(start, output).toBeGreaterThan(-1);
  const lines = output.slice(start).split('\n');
  const end = lines.findIndex((line, index) => (index > 0 && line === '' && !/^(Recordings written over|Stale recordings)/.test(lines[index + 1] ?? '')) || /^(PASS|FAIL) /.test(line));
  return lines.slice(0, end === -1 ? undefined : end).join('\n');
}

describe('the Vitest reporter on recordings', () => {
  let dir: string;
  const run = (args: string[], env: Record<string, string>) =>
    vitest(['run', '--config', vitestConfig, ...args], { RECORDINGS_DIR: dir, MODEL_URL: server.url, TOOL_CALL_ACCURACY_RECORDINGS: '', ...env });
  beforeAll(async () => {
    dir = path.join(work, 'vitest');
  });

  it('counts the steps recorded, then replayed with no model (CI), in each recording file', async () => {
    const recorded = await run([], { TOOL_CALL_ACCURACY_RECORDINGS: 'record' });
    expect(recorded.code, recorded.output).toBe(0);
    expect(recordingsReport(recorded.output)).toBe('tool-call-accuracy recordings: 0 steps replayed, 4 recorded, 0 passed through live, in 2 recording files.');
    const asked = server.requests.length;
    const replayed = await run([], { CI: 'true', MODEL_URL: '' });
    expect(replayed.code, replayed.output).toBe(0);
    expect(server.requests.length).toBe(asked);
    expect(recordingsReport(replayed.output)).toBe('tool-call-accuracy recordings: 4 steps replayed, 0 recorded, 0 passed through live, in 2 recording files.');
  }, 120_000);

  it('lists the recording files no test used in a full run, with the command that removes them; never in a filtered run', async () => {
    await writeFile(path.join(dir, 'booking-fixture-ts--a-deleted-test-0123456789ab.json'), `${JSON.stringify({ test: 'booking agent > a deleted test', steps: [] }, null, 2)}\n`);
    await writeFile(path.join(dir, 'notes.json'), '{"not": "a recording"}\n');
    const full = await run([], { CI: 'true' });
    const shown = dir; // outside the working directory: shown whole
    expect(recordingsReport(full.output)).toBe(
      [
        'tool-call-accuracy recordings: 4 steps replayed, 0 recorded, 0 passed through live, in 2 recording files.',
        '',
        'Stale recordings: 1 file that no test of this full run used:',
        `  ${shown}/booking-fixture-ts--a-deleted-test-0123456789ab.json`,
        'Remove it, then commit:',
        `  rm ${shown}/booking-fixture-ts--a-deleted-test-0123456789ab.json`,
      ].join('\n'),
    );
    const filtered = await run(['-t', 'hello'], { CI: 'true' });
    expect(recordingsReport(filtered.output)).toBe(
      'tool-call-accuracy recordings: 1 step replayed, 0 recorded, 0 passed through live, in 1 recording file.\nStale recordings are not looked for: tests were filtered by name (/hello/).',
    );
  }, 120_000);

  it('writes the HTML page of a run with recordings and no judged assertion: a row per test with its counts and file, the stale files, every name escaped', async () => {
    const hostile = path.join(dir, 'old-<img src=x onerror=alert(1)>-0123456789ab.json');
    await writeFile(hostile, `${JSON.stringify({ test: 'a </td><script>alert(1)</script> test', steps: [] })}\n`);
    const html = path.join(work, 'recordings.html');
    try {
      const full = await run([], { CI: 'true', REPORT_HTML: html });
      expect(full.code, full.output).toBe(0);
      expect(full.output).toContain('HTML report: ');
    } finally {
      await rm(hostile);
    }
    const page = await readFile(html, 'utf8');
    const section = page.slice(page.indexOf('<section class="recordings">'));
    expect(page).not.toMatch(/<(script|img)\b/);
    expect(page).toContain('<p class="summary">No sampled or judged assertion ran.');
    expect(section).toContain('<p class="summary">4 steps replayed, 0 recorded, 0 passed through live, in 2 recording files.</p>');
    // No tool was recorded: no tool columns.
    expect(section).not.toContain('Tool calls');
    const row = (test: string, file: string, counts: number[], stem: string) =>
      new RegExp(`<td class="test">${test}<div class="file">${file}</div></td>\n${counts.map((count) => `<td class="count">${count}</td>`).join('')}\n<td class="judge"></td>\n<td class="files"><code>${dir}/${stem}-[0-9a-f]{12}\\.json</code></td>`);
    expect(section).toMatch(row('booking agent &#62; books a flight', 'test/reporter/fixtures/recordings/booking.fixture.ts', [3, 0, 0], 'booking-fixture-ts--booking-agent-books-a-flight'));
    expect(section).toMatch(row('greeting agent &#62; says hello', 'test/reporter/fixtures/recordings/greeting.fixture.ts', [1, 0, 0], 'greeting-fixture-ts--greeting-agent-says-hello'));
    expect(section).toContain(`<ul class="stale"><li><code>${dir}/booking-fixture-ts--a-deleted-test-0123456789ab.json</code></li><li><code>${dir}/old-&#60;img src=x onerror=alert(1)&#62;-0123456789ab.json</code></li></ul>`);
    expect(section).toContain(`<pre>rm ${dir}/booking-fixture-ts--a-deleted-test-0123456789ab.json &#39;${dir}/old-&#60;img src=x onerror=alert(1)&#62;-0123456789ab.json&#39;</pre>`);
  }, 120_000);

  it('decides stale files once, where the shards\' blob reports merge, never in a shard', async () => {
    // Each shard counts exactly its own tests' steps (one test file each: 3 steps and 1), and looks for no stale file.
    const shards = await Promise.all([1, 2].map((index) => run([`--shard=${index}/2`], { CI: 'true' })));
    const lines = shards.map((shard, index) => {
      expect(shard.code, shard.output).toBe(0);
      const [line, ...rest] = recordingsReport(shard.output).split('\n');
      expect(rest).toEqual([`Stale recordings are not looked for: this is shard ${index + 1}/2; they are looked for where the shards' reports merge (vitest --merge-reports).`]);
      return line;
    });
    expect(lines.sort()).toEqual([
      'tool-call-accuracy recordings: 1 step replayed, 0 recorded, 0 passed through live, in 1 recording file.',
      'tool-call-accuracy recordings: 3 steps replayed, 0 recorded, 0 passed through live, in 1 recording file.',
    ]);
    const blobs = path.join(work, 'blobs');
    for (const index of [1, 2]) await run([`--shard=${index}/2`, '--reporter=blob', `--outputFile=${path.join(blobs, `blob-${index}.json`)}`], { CI: 'true' });
    const merged = await vitest(['run', '--config', vitestConfig, `--merge-reports=${blobs}`], { RECORDINGS_DIR: dir });
    expect(recordingsReport(merged.output)).toContain('tool-call-accuracy recordings: 4 steps replayed, 0 recorded, 0 passed through live, in 2 recording files.\n\nStale recordings: 1 file');
  }, 180_000);

  it('reviews each recording written over: whether what the agent did changed, with its calls before and after, or only its text', async () => {
    version = 2;
    const html = path.join(work, 'rerecorded.html');
    const rerecorded = await run([], { TOOL_CALL_ACCURACY_RECORDINGS: 'record', REPORT_HTML: html }).finally(() => (version = 1));
    const report = recordingsReport(rerecorded.output);
    const names = await readdir(dir);
    const file = (stem: string) => path.join(dir, names.find((name) => name.startsWith(stem)) ?? stem);
    expect(report).toContain('tool-call-accuracy recordings: 0 steps replayed, 3 recorded, 0 passed through live, in 2 recording files.');
    expect(report).toContain('Recordings written over: 2 files, 0 unchanged:');
    expect(report).toContain(
      [
        `  test/reporter/fixtures/recordings/booking.fixture.ts > booking agent > books a flight (${file('booking-fixture-ts--booking-agent-books-a-flight')}): what the agent did changed (tool names):`,
        '    before: 2 tool calls:',
        // A tool message's content is text: its output as the agent sent it.
        '      1. search_flights  {"to":"Paris"}  → "{\\"flights\\":[\\"AF1\\"]}"',
        '      2. book_flight     {"flight":"AF1"}  → "{\\"confirmation\\":\\"CONF-AF1\\"}"',
        '    after: 1 tool call:',
        '      1. book_flight  {"flight":"AF1"}  → "{\\"confirmation\\":\\"CONF-AF1\\"}"',
      ].join('\n'),
    );
    expect(report).toContain(
      `  test/reporter/fixtures/recordings/greeting.fixture.ts > greeting agent > says hello (${file('greeting-fixture-ts--greeting-agent-says-hello')}): only the text changed; the calls are the same: no tool calls.`,
    );
    // The page lists both, the booking one with its calls before and after.
    const page = await readFile(html, 'utf8');
    expect(page).toContain(
      `<li data-calls-changed="true">test/reporter/fixtures/recordings/booking.fixture.ts &gt; booking agent &#62; books a flight (<code>${file('booking-fixture-ts--booking-agent-books-a-flight')}</code>) <span class="badge failed">tool calls changed</span> what the agent did changed (tool names):<pre>before: 2 tool calls:\n  1. search_flights  {&#34;to&#34;:&#34;Paris&#34;}`,
    );
    expect(page).toContain(
      `<li data-calls-changed="false">test/reporter/fixtures/recordings/greeting.fixture.ts &gt; greeting agent &#62; says hello (<code>${file('greeting-fixture-ts--greeting-agent-says-hello')}</code>) <span class="badge">tool calls the same</span> only the text changed; the calls are the same: no tool calls.</li>`,
    );
    expect(page).toMatch(/<td class="count">0<\/td><td class="count">2<\/td><td class="count">0<\/td>/);
  }, 120_000);
});

describe('the Jest reporter on recordings', () => {
  let dir: string;
  let replayed: Child;
  beforeAll(async () => {
    dir = path.join(work, 'jest');
    const env = { RECORDINGS_DIR: dir, MODEL_URL: server.url, TOOL_CALL_ACCURACY_RECORDINGS: 'record' };
    const recorded = await jest(['--config', jestConfig], env);
    expect(recorded.code, recorded.output).toBe(0);
    await cp(path.join(work, 'vitest', 'notes.json'), path.join(dir, 'notes.json')).catch(() => undefined);
    await writeFile(path.join(dir, 'old--gone-0123456789ab.json'), `${JSON.stringify({ test: 'a deleted test', steps: [] }, null, 2)}\n`);
    replayed = await jest(['--config', jestConfig], { RECORDINGS_DIR: dir, CI: 'true', TOOL_CALL_ACCURACY_RECORDINGS: '', REPORT_HTML: path.join(work, 'jest.html') });
  }, 120_000);

  it('counts the steps of both workers, and lists the stale file in a full run', () => {
    expect(replayed.code, replayed.output).toBe(0);
    const shown = dir; // outside the working directory: shown whole
    expect(recordingsReport(replayed.output)).toBe(
      [
        'tool-call-accuracy recordings: 4 steps replayed, 0 recorded, 0 passed through live, in 2 recording files.',
        '',
        'Stale recordings: 1 file that no test of this full run used:',
        `  ${shown}/old--gone-0123456789ab.json`,
        'Remove it, then commit:',
        `  rm ${shown}/old--gone-0123456789ab.json`,
      ].join('\n'),
    );
  });

  it('writes the HTML page of that run (no judged assertion): a row per test with its counts, and the stale file', async () => {
    const page = await readFile(path.join(work, 'jest.html'), 'utf8');
    const section = page.slice(page.indexOf('<section class="recordings">'));
    expect(section).toContain('<p class="summary">4 steps replayed, 0 recorded, 0 passed through live, in 2 recording files.</p>');
    expect(section).toContain('<td class="test">booking agent under Jest books a flight<div class="file">test/reporter/fixtures/recordings/booking.fixture.cjs</div></td>\n<td class="count">3</td><td class="count">0</td><td class="count">0</td>');
    expect(section).toContain('<td class="test">greeting agent under Jest says hello<div class="file">test/reporter/fixtures/recordings/greeting.fixture.cjs</div></td>\n<td class="count">1</td><td class="count">0</td><td class="count">0</td>');
    expect(section).toContain(`<ul class="stale"><li><code>${dir}/old--gone-0123456789ab.json</code></li></ul>`);
  });

  it("counts each shard's own steps exactly (--shard=1/2 and 2/2), and looks for stale files in neither", async () => {
    const shards = await Promise.all([1, 2].map((index) => jest(['--config', jestConfig, `--shard=${index}/2`], { RECORDINGS_DIR: dir, CI: 'true', TOOL_CALL_ACCURACY_RECORDINGS: '' })));
    const lines = shards.map((shard, index) => {
      expect(shard.code, shard.output).toBe(0);
      const [line, ...rest] = recordingsReport(shard.output).split('\n');
      expect(rest).toEqual([`Stale recordings are not looked for: this is shard ${index + 1}/2, and Jest's shards have no merged report: run unsharded to find them.`]);
      return line;
    });
    expect(lines.sort()).toEqual([
      'tool-call-accuracy recordings: 1 step replayed, 0 recorded, 0 passed through live, in 1 recording file.',
      'tool-call-accuracy recordings: 3 steps replayed, 0 recorded, 0 passed through live, in 1 recording file.',
    ]);
  }, 120_000);

  it('never in a run filtered by name', async () => {
    const filtered = await jest(['--config', jestConfig, '-t', 'hello'], { RECORDINGS_DIR: dir, CI: 'true', TOOL_CALL_ACCURACY_RECORDINGS: '' });
    expect(recordingsReport(filtered.output)).toBe(
      'tool-call-accuracy recordings: 1 step replayed, 0 recorded, 0 passed through live, in 1 recording file.\nStale recordings are not looked for: tests were filtered by name (-t).',
    );
  }, 120_000);

  it('in ESM mode too: the ES module build records, then replays, and the reporter counts it', async () => {
    const esm = path.join(work, 'jest-esm');
    const env = { RECORDINGS_DIR: esm, NODE_OPTIONS: '--experimental-vm-modules --no-warnings' };
    const recorded = await jest(['--config', jestEsmConfig], { ...env, MODEL_URL: server.url, TOOL_CALL_ACCURACY_RECORDINGS: 'record' });
    expect(recordingsReport(recorded.output)).toBe('tool-call-accuracy recordings: 0 steps replayed, 1 recorded, 0 passed through live, in 1 recording file.');
    const replayed = await jest(['--config', jestEsmConfig], { ...env, CI: 'true', TOOL_CALL_ACCURACY_RECORDINGS: '' });
    expect(replayed.code, replayed.output).toBe(0);
    expect(recordingsReport(replayed.output)).toBe('tool-call-accuracy recordings: 1 step replayed, 0 recorded, 0 passed through live, in 1 recording file.');
  }, 120_000);
});

describe('the recordings report, on files recordedFetch wrote in this process', () => {
  it('tells a file auto added steps to (its old steps kept) from one written over', async () => {
    const dir = path.join(work, 'unit');
    const ask = (mode: 'record' | 'auto', content: string) =>
      new OpenAI({ apiKey: 'sk-test', baseURL: server.url, fetch: recordedFetch({ mode, dir, name: 'growing' }), maxRetries: 0 }).chat.completions.create({ model: 'gpt-5-mini', messages: [{ role: 'user', content }] });
    await ask('record', 'Say hello');
    const [name] = await readdir(dir);
    const file = path.join(dir, name!);
    const previous = await readFile(file, 'utf8');
    resetStoreActivity(); // as a later run would
    await ask('auto', 'Say hello');
    await ask('auto', 'Say hello again');
    const use = { file, previous, test: 'grows', testFile: path.resolve('test/a.test.ts'), replayed: 1, recorded: 1, live: 0 };
    const scope = { full: false as const, why: 'a unit test' };
    expect((await reportOf([use], [], scope, process.cwd()))?.text).toBe(
      [
        'tool-call-accuracy recordings: 1 step replayed, 1 recorded, 0 passed through live, in 1 recording file.',
        '',
        'Recordings added to: 1 file kept its steps and recorded more:',
        `  test/a.test.ts > grows (${file}): 1 new step.`,
        'Stale recordings are not looked for: a unit test.',
      ].join('\n'),
    );
    // Written over with other answers: reviewed instead.
    resetStoreActivity();
    await ask('record', 'Say hello again');
    expect((await reportOf([{ ...use, recorded: 1, replayed: 0 }], [], scope, process.cwd()))?.text).toContain('Recordings written over: 1 file, 0 unchanged:\n  test/a.test.ts > grows');
  });
});
