import type { StoredStep } from './step.js';
import type { CurrentTest } from './test.js';

/**
 * What the store did in this process, for the reporters: every answer replayed, recorded or
 * passed through live, and every file written (with its text before and after). Kept on
 * `globalThis` under a `Symbol.for` key, so the ESM and CJS builds share it.
 */
export type StoreEvent = {
  /** The store's user, by its configure function: `configureRecordings`. */
  user: string;
  /** The test file, when the step was made in a test. */
  testPath: string | undefined;
  /** The test that asked (or whose request made the write), as read when the request came (its own, under concurrent tests). */
  test?: CurrentTest | undefined;
} & (
  | {
      type: 'step';
      /** `replayed`: from a file; `recorded`: asked now and written; `live`: asked now, nothing stored (mode `off`). */
      source: 'replayed' | 'recorded' | 'live';
      /** The file the step was read from or written to (absolute); undefined for `live`. */
      file: string | undefined;
      /** The name the file belongs to: the test's full name, or the `name` option. */
      owner: string | undefined;
      /** `tool`: a tool's execution (recordedTools), not a model step; absent for a model step or an HTTP exchange. */
      kind?: 'tool';
    }
  | {
      type: 'written';
      file: string;
      owner: string;
      /** The file's text when this process first read it (before this run wrote it); undefined when it is new. */
      previous: string | undefined;
      /** Its text now. */
      content: string;
      /** Its steps before and now, parsed, for a report that compares what the agent did. */
      previousSteps: readonly StoredStep[] | undefined;
      steps: readonly StoredStep[];
    }
);

/** A call a tool double answered: how, and what it answered (an error, or the output as sorted JSON). */
export interface DoubleMark {
  as: 'stubbed' | 'replayed';
  outcome: { error: true } | { output: string | undefined };
}

export type StoreListener = (event: StoreEvent) => void;

/** The per-process totals the reporters print, and the files used and written. */
export interface StoreActivity {
  steps: { replayed: number; recorded: number; live: number };
  /** Each file used (read or written) in this process, by absolute path. */
  files: Map<string, { user: string; owner: string | undefined; testPath: string | undefined; replayed: number; recorded: number; written: boolean; previous: string | undefined; content: string | undefined }>;
}

interface Held {
  activity: StoreActivity;
  listeners: Set<StoreListener>;
  /** The files this process opened (see cassette.ts), by absolute path. */
  cassettes: Map<string, unknown>;
  /** A number per runner test object (`CurrentTest.handle`), so two tests of one name count apart. */
  tests: WeakMap<object, number>;
  nextTest: number;
  /** The file path of each (folder, test or name), made once (cassette.ts). */
  files?: Map<string, string>;
  /** The process `exit` listener that writes what is left unwritten (cassette.ts), while there is one. */
  exitWrite?: (() => void) | undefined;
  /** The calls a tool double answered (doubles.ts), made on the first mark: runs without doubles keep nothing. */
  doubles?: Map<string, DoubleMark>;
}

const STATE = Symbol.for('tool-call-accuracy.store');
type Holder = { [STATE]?: Held };

export function held(): Held {
  return ((globalThis as Holder)[STATE] ??= { activity: { steps: { replayed: 0, recorded: 0, live: 0 }, files: new Map() }, listeners: new Set(), cassettes: new Map(), tests: new WeakMap(), nextTest: 0 });
}

/** The number this process gave the runner's test object. */
export function testNumber(handle: object): number {
  const state = held();
  let number = state.tests.get(handle);
  if (number === undefined) state.tests.set(handle, (number = ++state.nextTest));
  return number;
}

/** Records an event in the totals and tells every listener (a listener's error is not the run's). */
export function emit(event: StoreEvent): void {
  const { activity, listeners } = held();
  if (event.type === 'step') activity.steps[event.source] += 1;
  if (event.file !== undefined) {
    const { files } = activity;
    if (!files.has(event.file)) files.set(event.file, { user: event.user, owner: event.owner, testPath: event.testPath, replayed: 0, recorded: 0, written: false, previous: undefined, content: undefined });
    const file = files.get(event.file)!;
    if (event.type === 'written') Object.assign(file, { written: true, previous: event.previous, content: event.content });
    else if (event.source !== 'live') file[event.source] += 1;
  }
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // a reporter's failure must not fail the test that recorded
    }
  }
}

/** Calls `listener` with every event from now on; returns the function that stops it. */
export function onStoreEvent(listener: StoreListener): () => void {
  held().listeners.add(listener);
  return () => held().listeners.delete(listener);
}

/** The totals and files of this process so far (live objects: copy what you keep). */
export function storeActivity(): StoreActivity {
  return held().activity;
}

/** Forgets the totals, files and opened files of this process (for tests). */
export function resetStoreActivity(): void {
  const state = held();
  state.activity = { steps: { replayed: 0, recorded: 0, live: 0 }, files: new Map() };
  state.cassettes.clear();
}
