import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatCallList } from '../format/callList.js';
import { DEFAULT_RECORDINGS_DIR } from '../recordings/config.js';
import { callChanges, recordingCalls, type RecordedCalls } from '../recordings/review.js';
import type { ReportedRecordingUse } from '../recordings/usage.js';
import { escapeUnsafe } from '../printable.js';
import { listJsonFiles } from '../store/files.js';
import { plural, quotedNames } from '../value.js';
import type { ToolCall } from '../types.js';

/** A test of the run, as the reporters know it: its file (absolute), full name, and whether it passed. */
export interface RunTest {
  file: string;
  name: string;
  passed: boolean;
}

/** `full` when every test file ran unfiltered and whole (a merged report of every shard counts), else why not. */
export type RunScope = { full: true } | { full: false; why: string };

/** One test's recording use, as the HTML page's table shows it: its counts and files, shown as in the text. */
export interface RecordingsTestRow extends Pick<ReportedRecordingUse, 'testFile' | 'test' | 'replayed' | 'recorded' | 'live' | 'tools'> {
  files: string[];
}

/** A recording a test wrote over (or added steps to), as the page lists it. */
export interface RecordingsRewrite extends Pick<Rewrite, 'testFile' | 'test' | 'file' | 'added'> {
  /** Written over: whether the agent's tool calls changed (false: only the text, or nothing). */
  callsChanged: boolean;
  /** Written over: the text said of it, the calls before and after included (no first line). */
  lines: string[];
}

/** The recordings' part of the report, as text and as parts for the HTML page: every string escaped as in the text. */
export interface RecordingsReport {
  text: string;
  tests: RecordingsTestRow[];
  rewrites: RecordingsRewrite[];
  /** Stale files (a full run only), and the command that removes them. */
  stale: string[];
  remove?: string;
  /** Why stale files were not looked for, when they were not and the run used recordings. */
  notLookedFor?: string;
}

/**
 * The recordings' part of the report: the steps replayed, recorded and live; each recording written
 * over, and whether what the agent did changed; in a full run, the stale files and the command that
 * removes them. Undefined when the run used no recordings and found none stale.
 */
export async function recordingsReport(uses: readonly ReportedRecordingUse[], tests: readonly RunTest[], scope: RunScope, root: string): Promise<RecordingsReport | undefined> {
  const stale = scope.full ? await staleRecordings(uses, tests) : [];
  if (uses.length === 0 && stale.length === 0) return undefined;
  const shown = (file: string) => escapeUnsafe(relative(root, file));
  const sum = (field: 'replayed' | 'recorded' | 'live') => uses.reduce((total, use) => total + use[field], 0);
  const files = new Set(uses.flatMap((use) => (use.file === undefined ? [] : [use.file])));
  const tool = (field: 'replayed' | 'recorded' | 'live') => uses.reduce((total, use) => total + (use.tools?.[field] ?? 0), 0);
  const tools = tool('replayed') + tool('recorded') + tool('live') === 0 ? '' : `; ${plural(tool('replayed'), 'tool call')} replayed, ${tool('recorded')} recorded, ${tool('live')} run live`;
  const lines = [
    `tool-call-accuracy recordings: ${plural(sum('replayed'), 'step')} replayed, ${sum('recorded')} recorded, ${sum('live')} passed through live${tools}, in ${plural(files.size, 'recording file')}.`,
  ];
  const report: RecordingsReport = { text: '', tests: testRows(uses, root), rewrites: [], stale: stale.map(shown) };
  const written = await rewritesOf(uses);
  // `auto` keeps a file's steps and adds the missing ones after them: more recorded, nothing written over.
  const added = written.filter((rewrite) => rewrite.added > 0);
  const rewrites = written.filter((rewrite) => rewrite.added === 0);
  if (added.length > 0) {
    lines.push('', `Recordings added to: ${plural(added.length, 'file')} kept ${added.length === 1 ? 'its' : 'their'} steps and recorded more:`);
    for (const rewrite of added) {
      const names = rewriteNames(rewrite, root);
      lines.push(`  ${names.testFile} > ${names.test} (${names.file}): ${plural(rewrite.added, 'new step')}.`);
      report.rewrites.push({ ...names, added: rewrite.added, callsChanged: false, lines: [] });
    }
  }
  if (rewrites.length > 0) {
    const unchanged = rewrites.filter((rewrite) => rewrite.before.text === rewrite.after.text);
    const changed = rewrites.filter((rewrite) => rewrite.before.text !== rewrite.after.text);
    lines.push('', `Recordings written over: ${plural(rewrites.length, 'file')}, ${unchanged.length} unchanged${changed.length > 0 ? ':' : '.'}`);
    for (const rewrite of changed) {
      const names = rewriteNames(rewrite, root);
      const changes = callChanges(rewrite.before, rewrite.after);
      const detail = rewriteDetail(rewrite, changes);
      lines.push(`  ${names.testFile} > ${names.test} (${names.file}): ${detail[0]}`, ...detail.slice(1).map((line) => `    ${line}`));
      report.rewrites.push({ ...names, added: 0, callsChanged: changes.length > 0, lines: detail });
    }
    for (const rewrite of unchanged) report.rewrites.push({ ...rewriteNames(rewrite, root), added: 0, callsChanged: false, lines: ['unchanged: the same text was recorded again.'] });
  }
  if (stale.length > 0) {
    report.remove = `rm ${stale.map((file) => escapeUnsafe(shellQuote(relative(root, file)))).join(' ')}`;
    lines.push('', `Stale recordings: ${plural(stale.length, 'file')} that no test of this full run used:`, ...stale.map((file) => `  ${shown(file)}`));
    lines.push(`Remove ${stale.length === 1 ? 'it' : 'them'}, then commit:\n  ${report.remove}`);
  } else if (!scope.full && uses.length > 0) {
    report.notLookedFor = scope.why;
    lines.push(`Stale recordings are not looked for: ${scope.why}.`);
  }
  report.text = lines.join('\n');
  return report;
}

/** The run's uses, one row per test (in the order the tests first appear), their files and counts added up. */
function testRows(uses: readonly ReportedRecordingUse[], root: string): RecordingsTestRow[] {
  const rows = new Map<string, RecordingsTestRow>();
  for (const use of uses) {
    const id = JSON.stringify([use.testFile, use.test]);
    let row = rows.get(id);
    if (row === undefined) {
      row = { testFile: use.testFile === '' ? '' : escapeUnsafe(relative(root, use.testFile)), test: escapeUnsafe(use.test), replayed: 0, recorded: 0, live: 0, files: [] };
      rows.set(id, row);
    }
    addCounts(row, use);
    if (use.tools !== undefined) addCounts((row.tools ??= { replayed: 0, recorded: 0, live: 0 }), use.tools);
    const file = use.file === undefined ? undefined : escapeUnsafe(relative(root, use.file));
    if (file !== undefined && !row.files.includes(file)) row.files.push(file);
  }
  return [...rows.values()];
}

type Counts = { replayed: number; recorded: number; live: number };

function addCounts(into: Counts, from: Readonly<Counts>): void {
  into.replayed += from.replayed;
  into.recorded += from.recorded;
  into.live += from.live;
}

function rewriteNames(rewrite: Rewrite, root: string): Pick<RecordingsRewrite, 'testFile' | 'test' | 'file'> {
  return { testFile: escapeUnsafe(relative(root, rewrite.testFile)), test: escapeUnsafe(rewrite.test), file: escapeUnsafe(relative(root, rewrite.file)) };
}

export interface Rewrite {
  /** Steps recorded after the file's old ones, which it kept; 0 when the file was written over. */
  added: number;
  file: string;
  test: string;
  testFile: string;
  before: RecordedCalls;
  after: RecordedCalls;
}

/** Each recording file a test wrote over, once: its calls before (the text the test file carried) and now (the file on disk). */
async function rewritesOf(uses: readonly ReportedRecordingUse[]): Promise<Rewrite[]> {
  const rewrites: Rewrite[] = [];
  const seen = new Set<string>();
  for (const use of uses) {
    if (use.previous === undefined || use.file === undefined || seen.has(use.file)) continue;
    seen.add(use.file);
    const now = await readFile(use.file, 'utf8').catch(() => undefined);
    if (now === undefined) continue; // removed since: nothing to compare
    rewrites.push({ added: stepsAdded(use.previous, now), file: use.file, test: use.test, testFile: use.testFile, before: recordingCalls(use.previous), after: recordingCalls(now) });
  }
  return rewrites;
}

/** How many steps `now` holds after the steps of `before`, when it begins with all of them (by key); else 0. */
function stepsAdded(before: string, now: string): number {
  const keys = (text: string): string[] | undefined => {
    try {
      const steps = (JSON.parse(text) as { steps?: unknown }).steps;
      return Array.isArray(steps) ? steps.map((step) => String((step as { key?: unknown } | null)?.key)) : undefined;
    } catch {
      return undefined;
    }
  };
  const [old, fresh] = [keys(before), keys(now)];
  if (old === undefined || fresh === undefined || fresh.length <= old.length) return 0;
  return old.every((key, index) => fresh[index] === key) ? fresh.length - old.length : 0;
}

/** What changed in a recording written over: a line that says it, then (calls changed) the calls before and after. */
function rewriteDetail(rewrite: Rewrite, changes: readonly string[]): string[] {
  const { before, after } = rewrite;
  if (changes.length > 0) return [`what the agent did changed (${changes.join(', ')}):`, ...callLines('before', before), ...callLines('after', after)];
  const names = after.calls.length === 0 ? 'no tool calls' : escapeUnsafe(quotedNames(after.calls.map((call) => call.toolName)));
  return [`only the text changed; the calls are the same${before.unread === undefined ? `: ${names}` : ''}.`];
}

function callLines(label: string, calls: RecordedCalls): string[] {
  if (calls.unread !== undefined) return [`${label}: calls not read (${escapeUnsafe(calls.unread.split('\n')[0]!)})`];
  const asCalls: ToolCall[] = calls.calls.map((call) => ({ toolName: call.toolName, input: call.input, ...call.outcome }) as ToolCall);
  const [, ...list] = formatCallList(asCalls, undefined, true).split('\n');
  return [`${label}: ${plural(calls.calls.length, 'tool call')}${list.length > 0 ? ':' : ''}`, ...list];
}

/**
 * The JSON files in the folders the run recorded in and beside its test files that no test used,
 * but for those of a test of this run that did not pass (skipped, or failed before it used it).
 */
async function staleRecordings(uses: readonly ReportedRecordingUse[], tests: readonly RunTest[]): Promise<string[]> {
  const used = new Set(uses.flatMap((use) => (use.file === undefined ? [] : [path.resolve(use.file)])));
  const dirs = new Set([...used].map((file) => path.dirname(file)));
  for (const test of tests) dirs.add(path.join(path.dirname(path.resolve(test.file)), DEFAULT_RECORDINGS_DIR));
  const notPassed = new Set(tests.filter((test) => !test.passed).map((test) => test.name));
  const stale: string[] = [];
  for (const dir of [...dirs].sort()) {
    for (const name of await listJsonFiles(dir)) {
      const file = path.join(dir, name);
      if (used.has(file)) continue;
      const owner = await ownerOf(file);
      if (owner === null) continue; // not a recording: another tool's file
      if (owner !== undefined && notPassed.has(owner)) continue;
      stale.push(file);
    }
  }
  return stale;
}

/** The `"test"` a recording file says it belongs to; undefined when it says none, null when it is not a recording. */
async function ownerOf(file: string): Promise<string | null | undefined> {
  const value: unknown = await readFile(file, 'utf8').then((text) => JSON.parse(text) as unknown).catch(() => null);
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { steps?: unknown }).steps)) return null;
  const { test } = value as { test?: unknown };
  return typeof test === 'string' ? test : undefined;
}

function relative(root: string, file: string): string {
  const shown = path.relative(root, file);
  return (shown.startsWith('..') || path.isAbsolute(shown) ? file : shown).split(path.sep).join('/');
}

/** A path as one shell word: quoted when it holds anything but safe characters. */
function shellQuote(file: string): string {
  return /^[\w@%+=:,./-]+$/.test(file) ? file : `'${file.replace(/'/g, `'\\''`)}'`;
}
