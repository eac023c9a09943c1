/**
 * The labels file: a person's own decisions on judged runs, beside the verdict files, meant to be
 * reviewed in a pull request. One entry per verdict key, keys in sorted order, each entry's
 * decisions in the order the verdict lists them, so labelling one more run changes only its lines.
 *
 * {
 *   "version": 1,
 *   "labels": {
 *     "<verdict key>": {
 *       "verdictFile": "weather--what-is-the-weather-in-tokyo-3f2a9c1b7d4e.json",
 *       "decisions": { "run": "fail", "call 1: search-tool": "fail", "missing: weather-tool": "fail" }
 *     }
 *   }
 * }
 */
import path from 'node:path';
import { CalibrationError } from './errors.js';
import { display, readStoredObject, writeStoredFile } from '../store/index.js';
import type { StoreUser } from '../store/user.js';
import { VERDICT_STORE } from '../judge/cacheSettings.js';

export const LABELS_FILE = 'labels.json';
export const LABELS_VERSION = 1;

export type Label = 'pass' | 'fail';

export const labelOf = (pass: boolean): Label => (pass ? 'pass' : 'fail');

export interface LabelEntry {
  /** The verdict file it was labelled from (for a reader; entries are matched by key). */
  verdictFile: string;
  /** Decision id (`run`, `call 2: search-tool`, `missing: weather-tool`, …) to the person's answer. */
  decisions: Record<string, Label>;
}

export interface LabelsFile {
  version: typeof LABELS_VERSION;
  labels: Record<string, LabelEntry>;
}

/** The labels file as a user of the store (the verdicts' folder, never replayed): its errors are CalibrationErrors naming the file. */
const LABELS_STORE: StoreUser = {
  ...VERDICT_STORE,
  entry: 'labels file',
  corruptFix: 'Fix it by hand (git diff shows what changed), or restore it from version control',
  error: (message, options) => new CalibrationError(message, options),
};

/** Where labels live when not configured: `labels.json` in the verdict directory. */
export function defaultLabelsFile(verdictDir: string): string {
  return path.join(verdictDir, LABELS_FILE);
}

/** The labels in `file`; an empty set when there is none. A malformed file is an error naming the entry and the fix. */
export async function readLabels(file: string): Promise<LabelsFile> {
  const stored = await readStoredObject(LABELS_STORE, file);
  if (stored === undefined) return { version: LABELS_VERSION, labels: {} };
  const bad = (where: string, problem: string) =>
    new CalibrationError(`The labels file ${display(file)} is corrupt: ${where} ${problem}. ${LABELS_STORE.corruptFix}.`);
  if (stored.version !== LABELS_VERSION) throw bad('"version"', `is ${JSON.stringify(stored.version)}; this package reads version ${LABELS_VERSION}`);
  const labels = stored.labels;
  if (typeof labels !== 'object' || labels === null || Array.isArray(labels)) throw bad('"labels"', 'is not an object of verdict keys');
  const extra = Object.keys(stored).filter((key) => key !== 'version' && key !== 'labels');
  if (extra.length > 0) throw bad(`the key ${JSON.stringify(extra[0])}`, 'is not one of "version", "labels"');
  for (const [key, entry] of Object.entries(labels as Record<string, unknown>)) {
    const where = `labels[${JSON.stringify(key)}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw bad(where, 'is not an object');
    const { verdictFile, decisions } = entry as Record<string, unknown>;
    if (typeof verdictFile !== 'string') throw bad(`${where}.verdictFile`, 'is not a file name');
    if (typeof decisions !== 'object' || decisions === null || Array.isArray(decisions)) throw bad(`${where}.decisions`, 'is not an object');
    for (const [id, value] of Object.entries(decisions)) {
      if (value !== 'pass' && value !== 'fail') throw bad(`${where}.decisions[${JSON.stringify(id)}]`, `is ${JSON.stringify(value)}, not "pass" or "fail"`);
    }
  }
  return stored as unknown as LabelsFile;
}

/** Writes the labels atomically, keys sorted, so the same labels always make the same bytes. */
export async function writeLabels(file: string, labels: LabelsFile): Promise<void> {
  const sorted: Record<string, LabelEntry> = {};
  for (const key of Object.keys(labels.labels).sort()) sorted[key] = labels.labels[key]!;
  await writeStoredFile(LABELS_STORE, file, { version: LABELS_VERSION, labels: sorted });
}
