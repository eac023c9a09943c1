import { appendFileSync } from 'node:fs';
import path from 'node:path';
// The store's light parts only: the matchers (their records travel the same way) and the main entry import this module.
import { onStoreEvent, type StoreEvent } from '../store/state.js';
import { currentTest } from '../store/test.js';

/**
 * What the reporters learn of recordings, filed per test inside the test worker from the store's
 * events: how many model steps (or HTTP exchanges) each recording file replayed, recorded or
 * passed through live, and, when a test wrote over a recording file that existed, the file's text
 * before (the reporter reads the text after from disk at the end of the run). Vitest carries it in
 * the running test's metadata (across workers, and through the blob reports of shards); Jest, which
 * has no test metadata, in the directory its reporter names in `REPORT_DIR_ENV`, one line per event.
 */
export interface RecordingUse {
  /** The recording file (absolute); undefined for steps passed through live (`mode: 'off'`), which use none. */
  file?: string;
  replayed: number;
  recorded: number;
  live: number;
  /** The file's text before this run wrote over it: set when a test wrote over a file that existed. */
  previous?: string;
  /** Tool executions (`recordedTools`) replayed, recorded or run live, counted apart from the model's steps above. */
  tools?: { replayed: number; recorded: number; live: number };
}

/** A use as the reporters collect it, with the test it belongs to. */
export interface ReportedRecordingUse extends RecordingUse {
  /** The test file (absolute, or as the runner gave it); '' outside a test. */
  testFile: string;
  test: string;
}

/** The key of a test's recording uses in Vitest's test metadata. */
export const RECORDINGS_META_KEY = 'toolCallAccuracyRecordings';
/** Set by the Jest reporter before its workers start: where the workers write what the reporters read. */
export const REPORT_DIR_ENV = 'TOOL_CALL_ACCURACY_REPORT_DIR';

// Whether this process listens to the store for the reporters, and the files whose text before was
// already filed (under Jest, once per process): on globalThis, so the ESM and CJS builds share it.
const REPORTING = Symbol.for('tool-call-accuracy.recording-reports');
type Holder = { [REPORTING]?: { filed: Set<string> } };

/**
 * Files the store's events for the reporters from now on in this process (once, however often
 * called): `recordedModel` and `recordedFetch` call it when made, so a test file that records
 * nothing loads none of this.
 */
export function reportRecordings(): void {
  const holder = globalThis as Holder;
  if (holder[REPORTING]) return;
  holder[REPORTING] = { filed: new Set() };
  onStoreEvent(fileEvent);
}

function fileEvent(event: StoreEvent): void {
  if (event.user !== 'configureRecordings') return; // the judge's verdicts are reported as the assertions' usage
  // The test that asked: carried by the event (the store read it when the request came), else read now.
  const test = event.test ?? currentTest();
  // The Vitest test that asked: its metadata travels to the reporter.
  const task = test.runner === 'vitest' ? (test.handle as { type?: unknown; meta?: Record<string, unknown> } | undefined) : undefined;
  if (task?.type === 'test' && typeof task.meta === 'object' && task.meta !== null) {
    const uses = (task.meta[RECORDINGS_META_KEY] ??= []) as RecordingUse[];
    let use = uses.find((entry) => entry.file === event.file);
    if (use === undefined) uses.push((use = { ...(event.file !== undefined && { file: event.file }), replayed: 0, recorded: 0, live: 0 }));
    if (event.type === 'step') count(use, event.source, event.kind);
    else if (event.previous !== undefined && use.previous === undefined) use.previous = event.previous;
    return;
  }
  const dir = process.env[REPORT_DIR_ENV];
  if (!dir) return;
  const use: ReportedRecordingUse = { testFile: test.file ?? '', test: test.name ?? '', replayed: 0, recorded: 0, live: 0, ...(event.file !== undefined && { file: event.file }) };
  if (event.type === 'step') count(use, event.source, event.kind);
  else {
    const filed = (globalThis as Holder)[REPORTING]!.filed;
    if (event.previous === undefined || filed.has(event.file)) return;
    filed.add(event.file);
    use.previous = event.previous;
  }
  appendReportLine(dir, { recording: use });
}

/** One step on a use: a model step (or HTTP exchange) in its own counts, a tool execution in `tools`. */
function count(use: RecordingUse, source: 'replayed' | 'recorded' | 'live', kind: 'tool' | undefined): void {
  if (kind === 'tool') (use.tools ??= { replayed: 0, recorded: 0, live: 0 })[source] += 1;
  else use[source] += 1;
}

/** One line of this worker's file in the Jest reporter's directory: no two processes share a file. */
export function appendReportLine(dir: string, value: unknown): void {
  appendFileSync(path.join(dir, `${process.pid}.jsonl`), `${JSON.stringify(value)}\n`);
}

const SOURCES = ['replayed', 'recorded', 'live'] as const;

/** Adds the Jest reporter's lines together: one use per test and recording file. */
export function mergeUses(uses: readonly ReportedRecordingUse[]): ReportedRecordingUse[] {
  const merged = new Map<string, ReportedRecordingUse>();
  for (const use of uses) {
    const id = JSON.stringify([use.testFile, use.test, use.file ?? null]);
    const found = merged.get(id);
    if (found === undefined) {
      merged.set(id, { ...use });
      continue;
    }
    for (const source of SOURCES) found[source] += use[source];
    if (use.tools !== undefined) {
      const tools = (found.tools ??= { replayed: 0, recorded: 0, live: 0 });
      for (const source of SOURCES) tools[source] += use.tools[source];
    }
    if (use.previous !== undefined && found.previous === undefined) found.previous = use.previous;
  }
  return [...merged.values()];
}
