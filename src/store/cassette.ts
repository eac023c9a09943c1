import path from 'node:path';
import { ToolCallAccuracyError } from '../errors.js';
import { corruptFileError, display, nameStem, parseStoredObject, readStoredText, slug, writeStoredText, writeStoredTextSync } from './files.js';
import type { StoreSettings } from './mode.js';
import { emit, held, testNumber, type StoreEvent } from './state.js';
import { storedAnswer } from './stored.js';
import { concurrentWithoutContext, type CurrentTest } from './test.js';
import type { StoreUser } from './user.js';
import type { StoredStep } from './step.js';

/** The file a test's answers go to, and the test they belong to. */
export interface CassetteScope {
  user: StoreUser;
  settings: StoreSettings;
  /** Absolute, inside `settings.dir`. */
  file: string;
  /** Whom the file belongs to: the `name` option, else the test's full name. */
  owner: string;
  /** The test file, for the record command. */
  testPath: string | undefined;
  /**
   * The try of the test making the requests (its full name and attempt): the same request made again
   * in it counts on (its n-th time replays the n-th step with that key); a retry counts from the start,
   * and in `record` it writes the file anew.
   */
  run: string;
  /** The test making the requests, as read when it asked (the reporters file its steps under it). */
  test: CurrentTest;
}

/** The version of the per-test files this package writes (`"version": 1`); a file without one is of version 1. */
export const CASSETTE_VERSION = 1;

/**
 * Where the current test's answers go: `<dir>/<test file>--<test name>-<hash>.json`, or
 * `<dir>/<name>-<hash>.json` when a `name` is given (one test can then replay what another
 * recorded, and code outside a test runner has a home). Names become slugs with a hash, so slashes,
 * `..` and 300-character names stay inside `dir`. Outside a test and without a `name`, a
 * ToolCallAccuracyError says to give one (`who` names the caller: `recordedModel(…)`).
 */
export function cassetteScope(user: StoreUser, settings: StoreSettings, test: CurrentTest, name: string | undefined, who: string): CassetteScope {
  if (name === undefined && test.runner === 'vitest' && concurrentWithoutContext()) {
    throw new ToolCallAccuracyError(
      `${who} was called in a test that runs concurrently with others (describe.concurrent or test.concurrent), and Vitest's global state names the last test started, not necessarily this one. Load the setup entry, which gives each test its own context: test: { setupFiles: ['tool-call-accuracy/vitest'] } in vitest.config; or give it a { name }.`,
    );
  }
  if (name === undefined && test.name === undefined) {
    throw new ToolCallAccuracyError(`${who} was called outside a test (neither Vitest nor Jest names a current test), so its recordings have no test to belong to: give it a { name }.`);
  }
  const file = fileOf(settings.dir, name, test);
  const runner = test.handle === undefined ? `name:${test.name ?? ''}` : `test:${testNumber(test.handle)}`;
  return { user, settings, file, owner: name ?? test.name!, testPath: test.file, run: `${runner}\u0000${test.attempt}`, test };
}

// The file of each test (or name) in each folder, made once per process (store/state.ts): a slug and
// a sha256 of the name per request were a large part of a replayed step's cost (bench/RESULTS.md, issue 45).
const FILES_KEPT = 10_000;

function fileOf(dir: string, name: string | undefined, test: CurrentTest): string {
  const files = (held().files ??= new Map());
  const id = name !== undefined ? `${dir}\u0000name\u0000${name}` : `${dir}\u0000test\u0000${test.file ?? ''}\u0000${test.name!}`;
  let file = files.get(id);
  if (file === undefined) {
    const stem = name !== undefined ? nameStem(name, 80, 'recording') : `${slug(path.basename(test.file ?? ''), 40) || 'test'}--${nameStem(test.name!)}`;
    file = path.join(dir, `${stem}.json`);
    if (files.size >= FILES_KEPT) files.clear();
    files.set(id, file);
  }
  return file;
}

/** The steps a per-test file holds, as read from disk, and the file's text. */
interface OnDisk {
  text: string | undefined;
  steps: StoredStep[];
  /** Why the file cannot be used (corrupt, or of a version this package does not know): thrown in every mode, `record` too. */
  problem?: Error;
}

/** A per-test file as this process uses it (one per file, shared by every user and model in the process). */
interface Cassette {
  /** The file as it was when this process first read it; rejects when it is corrupt. */
  disk: Promise<OnDisk>;
  /** `disk` once it was read whole and sound: a request after the first one awaits nothing for it. */
  read: OnDisk | undefined;
  /** The steps as this process will write them. */
  steps: StoredStep[] | undefined;
  /** `steps` by key, in order: built once when the file is first used, kept as steps are added (O(1) per request). */
  index: Map<string, StoredStep[]>;
  /** In `record`: the test run that started the file anew. */
  recordedBy: string | undefined;
  /** Requests made so far per run, by key (a map per run: no run-and-key text made per request). */
  counts: Map<string, Map<string, number>>;
  /** Where each of `steps` stands in it, and, per run, the position after the step it replayed last: the step a request in order asks for. */
  positions: Map<StoredStep, number>;
  next: Map<string, number>;
  /** Writes one after another. */
  queue: Promise<unknown>;
  /** The next write, not started yet: steps committed meanwhile share it. */
  pending: Promise<void> | undefined;
  /** Each of `steps`' text in the file (pretty JSON, indented as the file holds it), made once, when the step is first written. */
  texts: string[];
  /** The characters of `texts`, and those written to the file by this run so far (what decides when to write: `writeNow`). */
  chars: number;
  written: number;
  /** Steps were added since the last write began: the end of the test (or of the process) writes them. */
  unwritten: boolean;
  /** The scope and file of the last step added: what a write at the end of a test writes under. */
  last: { scope: CassetteScope; disk: OnDisk } | undefined;
  /** The Vitest tests whose end writes this file (one hook each). */
  hooked: WeakSet<object>;
}

function cassette(scope: CassetteScope): Cassette {
  const open = held().cassettes as Map<string, Cassette>;
  let found = open.get(scope.file);
  if (found === undefined) {
    const disk = readCassette(scope);
    disk.catch(() => undefined); // an unreadable file: its error comes when it is used
    found = { disk, read: undefined, steps: undefined, index: new Map(), recordedBy: undefined, counts: new Map(), positions: new Map(), next: new Map(), queue: Promise.resolve(), pending: undefined, texts: [], chars: 0, written: 0, unwritten: false, last: undefined, hooked: new WeakSet() };
    open.set(scope.file, found);
  }
  return found;
}

async function readCassette({ user, file }: CassetteScope): Promise<OnDisk> {
  const text = await readStoredText(user, file);
  if (text === undefined) return { text, steps: [] };
  try {
    const { version, steps } = parseStoredObject(user, file, text);
    if (version !== undefined && version !== CASSETTE_VERSION) {
      throw corruptFileError(user, file, `its "version" is ${JSON.stringify(version)}, and this version of tool-call-accuracy reads version ${CASSETTE_VERSION} (a file written by a newer release, or edited by hand)`);
    }
    if (!Array.isArray(steps)) throw corruptFileError(user, file, 'it has no "steps" list');
    const bad = steps.findIndex((step) => typeof step !== 'object' || step === null || Array.isArray(step) || typeof (step as { key?: unknown }).key !== 'string' || (step as { key: string }).key === '');
    if (bad !== -1) throw corruptFileError(user, file, `its step ${bad + 1} is not an object with a "key" string`);
    return { text, steps: steps as StoredStep[] };
  } catch (problem) {
    return { text, steps: [], problem: problem as Error }; // thrown at the first use, in every mode
  }
}

/**
 * The file's steps as read; a corrupt file's error, in every mode: `record` too, which would
 * otherwise write over a file nobody could read, and lose what it held without a word.
 */
async function readSteps(open: Cassette): Promise<OnDisk> {
  const disk = await open.disk;
  if (disk.problem) throw disk.problem;
  return disk;
}

function indexSteps(open: Cassette, steps: StoredStep[]): void {
  open.steps = steps;
  open.index = new Map();
  open.positions = new Map();
  for (const step of steps) addStep(open, step);
}

function addStep(open: Cassette, step: StoredStep): void {
  open.positions.set(step, open.positions.size);
  const same = open.index.get(step.key);
  if (same === undefined) open.index.set(step.key, [step]);
  else same.push(step);
}

/** How a user answers one request through a per-test file. */
export interface RecordedAnswerSteps<A> {
  /** The answer a stored step replays. */
  replay(step: StoredStep): A;
  /**
   * Asks now. Calls `commit(fields)` once the answer is whole (a stream: at its end), and awaits
   * it: the step (`key` and `fields`) is then written. Not calling it stores nothing.
   */
  ask(commit: (fields: Omit<StoredStep, 'key'>) => Promise<void>): Promise<A>;
  /** The error of a `replay` miss, given the steps the file holds (to name the nearest request). */
  miss(steps: readonly StoredStep[]): Error;
}

/**
 * A request's key, made when the file is open: given the step a request in order asks for (the one
 * after the step this test run replayed last; undefined in `record`), a user that can tell its
 * request is that step's more cheaply than it can hash the request returns that step's key.
 */
export type KeyOf = (next: StoredStep | undefined) => string;

/**
 * One request answered through the current test's file, by the store's rule of modes
 * (`storedAnswer`): the n-th request with `key` in this test run replays the file's n-th step with
 * that key; `record` writes the file anew from the run's first request; `auto` adds what is missing;
 * `off` asks and stores nothing. Every answer is an event for the reporters (`onStoreEvent`).
 */
export function recordedAnswer<A>(scope: CassetteScope, keyOf: string | KeyOf, steps: RecordedAnswerSteps<A>): Promise<A> {
  const { user, settings } = scope;
  if (settings.mode === 'off') return liveAnswer(user, () => steps.ask(async () => undefined), { owner: scope.owner, testPath: scope.testPath, test: scope.test });
  const open = cassette(scope);
  // A file that cannot be read is an error in every mode, `record` included (it says so rather than write over it).
  // It is read once: a request after the first one awaits nothing before its answer.
  if (open.read === undefined) return readSteps(open).then((disk) => answerFromFile(open, scope, (open.read ??= disk), keyOf, steps));
  return answerFromFile(open, scope, open.read, keyOf, steps);
}

function answerFromFile<A>(open: Cassette, scope: CassetteScope, disk: OnDisk, keyOf: string | KeyOf, steps: RecordedAnswerSteps<A>): Promise<A> {
  const { user, settings, run } = scope;
  if (settings.mode === 'record' && open.recordedBy !== run) {
    open.recordedBy = run;
    indexSteps(open, []);
    open.texts = [];
    open.chars = 0;
    open.written = 0;
  }
  if (open.steps === undefined) indexSteps(open, [...disk.steps]);
  const key = typeof keyOf === 'string' ? keyOf : keyOf(settings.mode === 'record' ? undefined : open.steps![open.next.get(run) ?? 0]);
  let counts = open.counts.get(run);
  if (counts === undefined) open.counts.set(run, (counts = new Map()));
  const occurrence = counts.get(key) ?? 0;
  counts.set(key, occurrence + 1);
  const event = (source: 'replayed' | 'recorded'): StoreEvent => ({ type: 'step', source, user: user.configure, owner: scope.owner, testPath: scope.testPath, test: scope.test, ...(user.kind && { kind: user.kind }), file: scope.file });

  return storedAnswer<{ value: A }>(settings.mode, {
    // Found at once (the file is read): replayed with no wait of its own.
    find: () => {
      const step = open.index.get(key)?.[occurrence];
      if (step === undefined) return undefined;
      open.next.set(run, open.positions.get(step)! + 1);
      const value = steps.replay(step);
      emit(event('replayed'));
      return { value };
    },
    miss: async () => steps.miss(open.steps!),
    ask: async () => ({
      value: await steps.ask(async (fields) => {
        const step: StoredStep = { key, ...fields };
        open.steps!.push(step);
        addStep(open, step);
        open.unwritten = true;
        open.last = { scope, disk };
        if (writeNow(open)) await write(open);
        else writeAtTheEnd(open, scope);
        emit(event('recorded'));
      }),
    }),
    store: async () => undefined, // the step is written by `commit`, once its answer is whole
  }).then(({ answer }) => answer.value);
}

/**
 * An answer asked in mode `off` (nothing read or written; no test needed): counted as `live` for
 * the reporters.
 */
export async function liveAnswer<A>(user: StoreUser, ask: () => Promise<A>, where: { owner?: string | undefined; testPath?: string | undefined; test?: CurrentTest | undefined } = {}): Promise<A> {
  const answer = await ask();
  emit({ type: 'step', source: 'live', user: user.configure, file: undefined, owner: where.owner, testPath: where.testPath, test: where.test, ...(user.kind && { kind: user.kind }) });
  return answer;
}

// When a step is added, the whole file is written again (atomically) while what this run has
// written stays within GROWTH times the file's size plus WRITE_THROUGH characters; past that, the
// next write waits until the file has grown by half, and the end of the test writes the rest. n
// steps then write O(n) bytes in all (at most about GROWTH + 1 times the final file, plus
// WRITE_THROUGH), not O(n²); a test of a few steps, or of small ones, still finds its file whole
// after each step (a test that reads its recording file while recording, as this package's do).
// Every write is a temp file and a rename: a crash leaves the old file or the new one.
const GROWTH = 3;
const WRITE_THROUGH = 1 << 20;

function writeNow(open: Cassette): boolean {
  catchUpTexts(open);
  const size = open.chars + 2 * open.texts.length;
  return open.written + size <= GROWTH * size + WRITE_THROUGH;
}

/** The text of each step not yet made (steps added, or read from the file in `auto`). */
function catchUpTexts(open: Cassette): void {
  const steps = open.steps!;
  for (let at = open.texts.length; at < steps.length; at++) {
    const text = stepText(steps[at]!);
    open.texts.push(text);
    open.chars += text.length;
  }
}

/** A step as `JSON.stringify(file, null, 2)` puts it in the file's "steps" list (a JSON text holds no raw newline but its own). */
function stepText(step: StoredStep): string {
  return `    ${JSON.stringify(step, null, 2).replace(/\n/g, '\n    ')}`;
}

/** The file's text: `JSON.stringify({ version, test, steps }, null, 2)` and a newline, from the steps' texts made once. */
function cassetteText(owner: string, texts: readonly string[]): string {
  const head = `{\n  "version": ${CASSETTE_VERSION},\n  "test": ${JSON.stringify(owner)},\n  "steps": `;
  return texts.length === 0 ? `${head}[]\n}\n` : `${head}[\n${texts.join(',\n')}\n  ]\n}\n`;
}

/**
 * Writes the file's steps after any write in progress, atomically, and tells the reporters. Steps
 * committed while a write waits share it: parallel runs write the file once, not once per step.
 */
function write(open: Cassette): Promise<void> {
  if (open.pending) return open.pending;
  const next = open.queue.then(async () => {
    open.pending = undefined;
    const { scope, disk } = open.last!;
    catchUpTexts(open);
    const steps = [...open.steps!];
    const content = cassetteText(scope.owner, open.texts.slice(0, steps.length));
    open.unwritten = false;
    open.written += content.length;
    try {
      await writeStoredText(scope.user, scope.file, content);
    } catch (error) {
      open.unwritten = true; // the end of the test tries again, and says so if it fails
      throw error;
    }
    emit({ type: 'written', user: scope.user.configure, file: scope.file, owner: scope.owner, testPath: scope.testPath, previous: disk.text, content, previousSteps: disk.text === undefined || disk.problem ? undefined : disk.steps, steps, test: scope.test });
  });
  open.pending = next;
  open.queue = next.catch(() => undefined);
  return next;
}

/** What is unwritten of the file, written now (after any write in progress); resolves once the file is whole. */
function flush(open: Cassette): Promise<void> {
  return open.unwritten ? write(open) : open.queue.then(() => undefined);
}

/**
 * Steps left unwritten are written when the test ends: under Vitest by an `onTestFinished` hook on
 * the test's own context (concurrent tests too, with or without the setup entry); under Jest by the
 * setup entry's afterEach and afterAll (`flushRecordings`: Jest runs no afterEach for
 * `test.concurrent`, and the file's afterAll comes after them); and, whatever the runner, when the
 * process exits (synchronously: an `exit` listener runs no promise).
 */
function writeAtTheEnd(open: Cassette, scope: CassetteScope): void {
  const task = scope.test.runner === 'vitest' ? (scope.test.handle as { context?: { onTestFinished?: (fn: () => Promise<void>) => void } } | undefined) : undefined;
  if (task !== undefined && !open.hooked.has(task) && typeof task.context?.onTestFinished === 'function') {
    try {
      task.context.onTestFinished(() => flush(open));
      open.hooked.add(task);
    } catch {
      // called from a hook of the test (Vitest refuses it there): the setup entry's afterAll or the exit writes it
    }
  }
  const state = held();
  if (state.exitWrite === undefined) {
    state.exitWrite = () => writeUnwrittenNow();
    realProcess().on('exit', state.exitWrite);
  }
}

/**
 * Writes every file with unwritten steps and resolves once all are whole: what the setup entries
 * call after each test (Jest) and after each test file (Vitest and Jest), on globalThis under
 * `Symbol.for('tool-call-accuracy.flush-recordings')` (the entries stay one file each, importing no
 * part of the store).
 */
export async function flushRecordings(): Promise<void> {
  const state = held();
  const open = [...(state.cassettes as Map<string, Cassette>).values()];
  await Promise.all(open.map(flush));
  if (state.exitWrite !== undefined && open.every((cassette) => !cassette.unwritten)) {
    realProcess().off('exit', state.exitWrite);
    state.exitWrite = undefined;
  }
}
(globalThis as { [key: symbol]: unknown })[Symbol.for('tool-call-accuracy.flush-recordings')] = flushRecordings;

/** At the process's exit: each file's unwritten steps, written synchronously; a failure is said on stderr (the process is ending). */
function writeUnwrittenNow(): void {
  for (const open of (held().cassettes as Map<string, Cassette>).values()) {
    if (!open.unwritten || open.last === undefined) continue;
    const { scope } = open.last;
    try {
      catchUpTexts(open);
      writeStoredTextSync(scope.user, scope.file, cassetteText(scope.owner, open.texts.slice(0, open.steps!.length)));
      open.unwritten = false;
    } catch (error) {
      process.stderr.write(`tool-call-accuracy: the last steps of the ${scope.user.entry} ${display(scope.file)} were not written as the process exited: ${(error as Error).message}\n`);
    }
  }
}

/** The process itself: under Jest a test file's `process` is a copy, whose `exit` event never comes. */
function realProcess(): NodeJS.Process {
  return (process.getBuiltinModule?.('node:process') as NodeJS.Process | undefined) ?? process;
}
