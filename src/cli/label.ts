/**
 * `npx tool-call-accuracy label`: a person's own decisions on the judged runs with no label yet, a
 * keypress per decision, written to the labels file; or the judge's (`--accept-judge`), or a CSV's.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { readVerdicts, type ReadVerdict } from '../calibration/calibrate.js';
import { CalibrationError } from '../calibration/errors.js';
import { defaultLabelsFile, labelOf, readLabels, writeLabels, type Label, type LabelsFile } from '../calibration/labels.js';
import { escapeUnsafe } from '../printable.js';
import { display } from '../store/index.js';
import { printableName, quotedNames } from '../value.js';
import { answersFrom, type Answers } from './answers.js';
import { labelsFromCsv } from './csv.js';

export interface LabelOptions {
  dir: string;
  labelsFile?: string;
  threshold: number;
  sample?: number;
  seed: number;
  acceptJudge: boolean;
  from?: string;
}

export interface Io {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };
  out(text: string): void;
}

export async function labelCommand(options: LabelOptions, io: Io): Promise<number> {
  const labelsFile = options.labelsFile ?? defaultLabelsFile(options.dir);
  const [verdicts, labels] = await Promise.all([readVerdicts(options.dir, options.threshold), readLabels(labelsFile)]);
  if (options.from !== undefined) return fromCsv(options.from, verdicts, labels, labelsFile, io);
  const unlabelled = await pick(verdicts.filter((verdict) => labels.labels[verdict.key] === undefined), options);
  if (unlabelled.length === 0) {
    io.out(`Every verdict in ${display(options.dir)} is labelled (${Object.keys(labels.labels).length} in ${display(labelsFile)}). Record more judged runs, then label them.`);
    return 0;
  }
  if (options.acceptJudge) {
    for (const verdict of unlabelled) labels.labels[verdict.key] = entryOf(verdict, Object.fromEntries(verdict.decisions.map((decision) => [decision.id, labelOf(decision.pass)])));
    await writeLabels(labelsFile, labels);
    const decisions = unlabelled.reduce((sum, verdict) => sum + verdict.decisions.length, 0);
    io.out(`Labelled ${unlabelled.length} verdict${unlabelled.length === 1 ? '' : 's'} (${decisions} decisions) with the judge's own decisions, in ${display(labelsFile)}. Review the diff before committing it: these labels say the judge was right.`);
    return 0;
  }
  return walk(unlabelled, labels, labelsFile, io);
}

/** Newest first (by the verdict file's time), or `sample` of them at random, the same ones for the same seed. */
async function pick(verdicts: ReadVerdict[], options: LabelOptions): Promise<ReadVerdict[]> {
  if (options.sample !== undefined) {
    const random = mulberry32(options.seed);
    const shuffled = [...verdicts];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    return shuffled.slice(0, options.sample);
  }
  const times = await Promise.all(verdicts.map(async (verdict) => (await stat(verdict.file)).mtimeMs));
  return verdicts.map((verdict, index) => ({ verdict, time: times[index]! })).sort((a, b) => b.time - a.time || a.verdict.file.localeCompare(b.verdict.file)).map(({ verdict }) => verdict);
}

/** A small seeded generator (mulberry32): `--seed` picks the same sample on every machine. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const entryOf = (verdict: ReadVerdict, decisions: Record<string, Label>) => ({ verdictFile: path.basename(verdict.file), decisions });

async function walk(verdicts: ReadVerdict[], labels: LabelsFile, labelsFile: string, io: Io): Promise<number> {
  const answers = answersFrom(io.stdin);
  let labelled = 0;
  try {
    io.out(`${verdicts.length} verdict${verdicts.length === 1 ? '' : 's'} to label. For each decision: p = pass, f = fail, s = skip this run, q = quit (labels so far are kept).`);
    for (const [index, verdict] of verdicts.entries()) {
      io.out(`\n── ${index + 1} of ${verdicts.length}: ${display(verdict.file)}\n${describeRun(verdict)}`);
      const decisions: Record<string, Label> = {};
      const outcome = await ask(verdict, decisions, answers, io);
      if (outcome === 'quit') break;
      if (outcome === 'skip') continue;
      labels.labels[verdict.key] = entryOf(verdict, decisions);
      await writeLabels(labelsFile, labels); // after each run: quitting, or a crash, keeps what was labelled
      labelled++;
    }
  } finally {
    answers.close();
  }
  io.out(`\nLabelled ${labelled} verdict${labelled === 1 ? '' : 's'} in ${display(labelsFile)}.${labelled > 0 ? ' Run npx tool-call-accuracy calibrate to see how far the judge agrees with you.' : ''}`);
  return 0;
}

async function ask(verdict: ReadVerdict, decisions: Record<string, Label>, answers: Answers, io: Io): Promise<'done' | 'skip' | 'quit'> {
  for (const decision of verdict.decisions) {
    const reasoning = decision.reasoning === undefined ? '' : ` ${escapeUnsafe(JSON.stringify(decision.reasoning))}`;
    for (;;) {
      io.out(`  ${printableName(decision.id)}: the judge says ${labelOf(decision.pass)}.${reasoning}\n  You? [p]ass [f]ail [s]kip run [q]uit`);
      const answer = await answers.next();
      if (answer === undefined || answer === 'q') return 'quit';
      if (answer === 's') return 'skip';
      if (answer === 'p' || answer === 'f') {
        decisions[decision.id] = answer === 'p' ? 'pass' : 'fail';
        break;
      }
      io.out(`  ${JSON.stringify(answer)} is not one of p, f, s, q.`);
    }
  }
  return 'done';
}

/** The run as the judge saw it: request, calls with inputs and results, reply; escaped, as failure messages show run text. */
function describeRun(verdict: ReadVerdict): string {
  const entry = verdict.entry;
  const cut = (value: string, max: number) => (value.length > max ? `${value.slice(0, max)}…` : value);
  // Text quoted, data as JSON, both cut and escaped: a run's text cannot forge lines or colours.
  const text = (value: unknown) => (typeof value === 'string' ? escapeUnsafe(JSON.stringify(cut(value, 300))) : 'none');
  const data = (value: unknown) => escapeUnsafe(cut(JSON.stringify(value) ?? 'undefined', 160));
  const calls = Array.isArray(entry.calls) ? (entry.calls as Array<Record<string, unknown>>) : [];
  const lines = [`Request: ${text(entry.request)}`];
  if (verdict.test !== undefined) lines.unshift(`Test:    ${escapeUnsafe(verdict.test)}`);
  lines.push(calls.length === 0 ? 'Calls:   none' : 'Calls:');
  for (const [index, call] of calls.entries()) {
    const outcome = call.error !== undefined ? ` → error ${text(call.error)}` : call.result !== undefined ? ` → ${data(call.result)}` : '';
    lines.push(`  ${index + 1}. ${printableName(String(call.toolName))}  ${data(call.input)}${outcome}`);
  }
  lines.push(`Reply:   ${text(entry.reply)}`);
  const reason = (entry.verdict as { reason?: unknown } | undefined)?.reason;
  if (typeof reason === 'string') lines.push(`Judge:   ${escapeUnsafe(reason)}`);
  return lines.join('\n');
}

/** Labels from a CSV (`key,decision,label`); the key may be the verdict's full key, its first 12 or more characters, or its file name. */
async function fromCsv(file: string, verdicts: ReadVerdict[], labels: LabelsFile, labelsFile: string, io: Io): Promise<number> {
  const text = await readFile(file, 'utf8').catch((error: Error) => {
    throw new CalibrationError(`Could not read ${file}: ${error.message}`, { cause: error });
  });
  const rows = labelsFromCsv(text, file);
  const touched = new Map<string, ReadVerdict>();
  for (const row of rows) {
    const matches = verdicts.filter((verdict) => verdict.key === row.key || (row.key.length >= 12 && verdict.key.startsWith(row.key)) || path.basename(verdict.file) === row.key);
    if (matches.length !== 1) {
      throw new CalibrationError(`${file}, line ${row.line}: ${matches.length === 0 ? 'no verdict' : `${matches.length} verdicts`} in ${display(path.dirname(verdicts[0]?.file ?? '.'))} ${matches.length === 0 ? 'has' : 'have'} the key ${JSON.stringify(row.key)}; give the full key, at least its first 12 characters, or the verdict's file name.`);
    }
    const verdict = matches[0]!;
    if (!verdict.decisions.some((decision) => decision.id === row.decision)) {
      throw new CalibrationError(`${file}, line ${row.line}: the verdict ${path.basename(verdict.file)} has no decision ${JSON.stringify(row.decision)}; it has ${quotedNames(verdict.decisions.map((decision) => decision.id))}.`);
    }
    const entry = (labels.labels[verdict.key] ??= entryOf(verdict, {}));
    entry.decisions[row.decision] = row.label;
    touched.set(verdict.key, verdict);
  }
  // Decisions in the verdict's order, whatever the CSV's: the file stays in one stable order.
  for (const [key, verdict] of touched) {
    const given = labels.labels[key]!.decisions;
    labels.labels[key]!.decisions = Object.fromEntries(verdict.decisions.filter((decision) => given[decision.id] !== undefined).map((decision) => [decision.id, given[decision.id]!]));
  }
  await writeLabels(labelsFile, labels);
  io.out(`Took ${rows.length} label${rows.length === 1 ? '' : 's'} for ${touched.size} verdict${touched.size === 1 ? '' : 's'} from ${file} into ${display(labelsFile)}.`);
  return 0;
}
