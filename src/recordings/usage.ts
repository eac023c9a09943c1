import { appendFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the reporters learn of recordings, filed per test inside the test worker: how many model
 * steps (or HTTP exchanges) each recording file replayed, recorded or passed through live, and, when
 * a test wrote over its recording, the calls the old and new recording hold. Vitest carries it in
 * the running test's metadata (across workers, and through the blob reports of shards); Jest, which
 * has no test metadata, in the directory its reporter names in `REPORT_DIR_ENV`, one line per event.
 */
export interface RecordingUse {
  /** The recording file (absolute); undefined for steps passed through live (`mode: 'off'`), which use none. */
  file?: string;
  replayed: number;
  recorded: number;
  live: number;
  /** Set when this test wrote over a recording that held other answers. */
  rewritten?: RecordingRewrite;
}

/** The recording as it was before this test wrote over it, and as it is now. */
export interface RecordingRewrite {
  before: RecordedCalls;
  after: RecordedCalls;
}

/** The calls a recording's answers make, as `getToolCalls` reads them; `unread` says why they could not be read. */
export interface RecordedCalls {
  calls: RecordedCall[];
  /** A digest of the answers' whole text, so that a change of text alone shows. */
  text: string;
  unread?: string;
}

export interface RecordedCall {
  toolName: string;
  input: unknown;
  /** The call's output or error, when a later request of the recording carries it. */
  outcome?: { output: unknown } | { error: unknown };
}

/** A use as the reporters collect it, with the test it belongs to. */
export interface ReportedRecordingUse extends RecordingUse {
  /** The test file (absolute, or as the runner gave it). */
  testFile: string;
  test: string;
}

/** The key of a test's recording uses in Vitest's test metadata. */
export const RECORDINGS_META_KEY = 'toolCallAccuracyRecordings';
/** Set by the Jest reporter before its workers start: where the workers write what the reporters read. */
export const REPORT_DIR_ENV = 'TOOL_CALL_ACCURACY_REPORT_DIR';

interface TaskLike {
  type?: unknown;
  meta?: Record<string, unknown>;
}

/** The test Vitest runs now in this worker (its metadata travels to the reporter), or undefined. */
function vitestTask(): TaskLike | undefined {
  const current = (globalThis as { __vitest_worker__?: { current?: TaskLike } }).__vitest_worker__?.current;
  return current?.type === 'test' && typeof current.meta === 'object' && current.meta !== null ? current : undefined;
}

/**
 * Files one event for the reporters: `step` (a step replayed, recorded or passed through live) or
 * a rewrite. In Vitest the counts are kept per recording file in the test's metadata; under the Jest
 * reporter each event is one line of this worker's file. Without a reporter it costs a lookup.
 */
export function noteRecordingUse(test: { name: string | undefined; file: string | undefined }, event: { file?: string; step?: 'replayed' | 'recorded' | 'live'; rewritten?: RecordingRewrite }): void {
  const task = vitestTask();
  if (task) {
    const uses = (task.meta![RECORDINGS_META_KEY] ??= []) as RecordingUse[];
    let use = uses.find((entry) => entry.file === event.file);
    if (use === undefined) {
      use = { ...(event.file !== undefined && { file: event.file }), replayed: 0, recorded: 0, live: 0 };
      uses.push(use);
    }
    addEvent(use, event);
    return;
  }
  const dir = process.env[REPORT_DIR_ENV];
  if (!dir) return;
  const use: ReportedRecordingUse = { testFile: test.file ?? '', test: test.name ?? '', replayed: 0, recorded: 0, live: 0, ...(event.file !== undefined && { file: event.file }) };
  addEvent(use, event);
  appendReportLine(dir, { recording: use });
}

function addEvent(use: RecordingUse, event: { step?: 'replayed' | 'recorded' | 'live'; rewritten?: RecordingRewrite }): void {
  if (event.step) use[event.step] += 1;
  if (event.rewritten) use.rewritten = use.rewritten === undefined ? event.rewritten : { before: use.rewritten.before, after: event.rewritten.after };
}

/** One line of this worker's file in the Jest reporter's directory: no two processes share a file. */
export function appendReportLine(dir: string, value: unknown): void {
  appendFileSync(path.join(dir, `${process.pid}.jsonl`), `${JSON.stringify(value)}\n`);
}

/** Adds the Jest reporter's lines of one test's uses together: one use per test and recording file. */
export function mergeUses(uses: readonly ReportedRecordingUse[]): ReportedRecordingUse[] {
  const merged = new Map<string, ReportedRecordingUse>();
  for (const use of uses) {
    const id = JSON.stringify([use.testFile, use.test, use.file ?? null]);
    const found = merged.get(id);
    if (found === undefined) {
      merged.set(id, { ...use });
      continue;
    }
    found.replayed += use.replayed;
    found.recorded += use.recorded;
    found.live += use.live;
    if (use.rewritten) addEvent(found, { rewritten: use.rewritten });
  }
  return [...merged.values()];
}
