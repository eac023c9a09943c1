/**
 * Calibration: the verdict files of a directory paired with a person's labels, decision by
 * decision, and the agreement at each level, its breakdowns, disagreements and orphan labels.
 */
import path from 'node:path';
import { VERDICT_STORE } from '../judge/cacheSettings.js';
import { display, listJsonFiles, readStoredObject } from '../store/index.js';
import { CALIBRATION_LEVELS, type CalibrationLevel as Level } from '../judge/calibrationSettings.js';
import { decisionsOf, type JudgedDecision, type StoredVerdict } from './decisions.js';
import { CalibrationError } from './errors.js';
import { defaultLabelsFile, LABELS_FILE, labelOf, readLabels, type Label, type LabelsFile } from './labels.js';
import { agreementStats, correctedPassRate, rate, type AgreementStats, type Rate } from './stats.js';

/** Fewer labels than this at a level: the report says its numbers are too few to trust. */
export const FEW_LABELS = 20;
/** A tool or criterion gets its own row in a breakdown from this many labels. */
export const GROUP_MIN_LABELS = 5;

export interface CalibrationOptions {
  /** The verdict directory (`__judge__`). */
  dir: string;
  /** The labels file; `labels.json` in `dir` by default. */
  labelsFile?: string;
  /** The score a run needs to pass, as `toUseAppropriateTools`'s `threshold` (default 1). */
  threshold?: number;
}

/** One recorded verdict, read for calibration. */
export interface ReadVerdict {
  key: string;
  file: string;
  /** The request's text, for listings. */
  request: string;
  decisions: JudgedDecision[];
  /** With several votes: the smallest share behind any decision (stability, not validity). */
  agreement: number | undefined;
  /** When the verdict was recorded by a test, its name. */
  test: string | undefined;
  entry: StoredVerdict;
}

export interface LevelReport {
  level: Level;
  stats: AgreementStats;
  /** The judge's pass rate over every decision it took at this level, labelled or not. */
  judgePassRate: Rate;
  /** That rate corrected by the judge's TPR and TNR (Rogan–Gladen); undefined where it is not defined. */
  correctedPassRate: number | undefined;
  /** Per tool (calls, missing tools), per step name or per criterion, for groups with enough labels. */
  groups: Array<{ group: string; stats: AgreementStats }>;
}

export interface Disagreement {
  key: string;
  verdictFile: string;
  level: Level;
  id: string;
  human: Label;
  judge: Label;
  group: string | undefined;
  reasoning: string | undefined;
  agreement: number | undefined;
}

/** A label that matches nothing any more: its verdict is gone, or its call or step is. */
export interface OrphanLabel {
  key: string;
  verdictFile: string;
  /** The decision, when the verdict is there but that decision is not. */
  id?: string;
  problem: string;
}

export interface CalibrationReport {
  dir: string;
  labelsFile: string;
  threshold: number;
  /** Verdict files read. */
  verdicts: number;
  /** Of them, those with at least one label that matched. */
  labelledVerdicts: number;
  /** Levels with at least one judged decision, in CALIBRATION_LEVELS order. */
  levels: LevelReport[];
  disagreements: Disagreement[];
  orphans: OrphanLabel[];
  /** Each voted verdict's agreement: how stable the judge is (not whether it is right). */
  voteAgreements: number[];
}

/** Every verdict in `dir`, by file name; one stored twice (by a test and by the scorer) is one judged run. */
export async function readVerdicts(dir: string, threshold = 1): Promise<ReadVerdict[]> {
  const verdicts: ReadVerdict[] = [];
  const seen = new Set<string>();
  for (const name of await listJsonFiles(dir)) {
    if (name === LABELS_FILE) continue;
    const file = path.join(dir, name);
    const entry = (await readStoredObject(VERDICT_STORE, file))!;
    const decisions = decisionsOf(entry, threshold);
    if (decisions === undefined || typeof entry.key !== 'string') {
      throw new CalibrationError(`${display(file)} is not a verdict file this version of tool-call-accuracy reads (no "key", or a verdict of an unknown kind). Move it out of ${display(dir)}, or record it again.`);
    }
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    verdicts.push({
      key: entry.key,
      file,
      request: typeof entry.request === 'string' ? entry.request : '',
      decisions,
      agreement: typeof entry.agreement === 'number' ? entry.agreement : undefined,
      test: typeof entry.test === 'string' ? entry.test : undefined,
      entry,
    });
  }
  return verdicts;
}

export async function calibrate(options: CalibrationOptions): Promise<CalibrationReport> {
  const threshold = options.threshold ?? 1;
  const labelsFile = options.labelsFile ?? defaultLabelsFile(options.dir);
  const [verdicts, labels] = await Promise.all([readVerdicts(options.dir, threshold), readLabels(labelsFile)]);
  return calibrateVerdicts(verdicts, labels, { dir: options.dir, labelsFile, threshold });
}

/** Calibration over verdicts already read (another judge's, under the keys of the labelled ones, for a comparison). */
export function calibrateVerdicts(verdicts: readonly ReadVerdict[], labels: LabelsFile, options: { dir: string; labelsFile: string; threshold: number }): CalibrationReport {
  const byKey = new Map(verdicts.map((verdict) => [verdict.key, verdict]));
  const pairs: Array<{ verdict: ReadVerdict; decision: JudgedDecision; human: boolean; judge: boolean }> = [];
  const orphans: OrphanLabel[] = [];
  const labelled = new Set<string>();
  for (const [key, entry] of Object.entries(labels.labels)) {
    const verdict = byKey.get(key);
    if (verdict === undefined) {
      orphans.push({ key, verdictFile: entry.verdictFile, problem: `its verdict (key ${key.slice(0, 12)}…, recorded in ${entry.verdictFile}) is no longer in ${display(options.dir)}` });
      continue;
    }
    const decisions = new Map(verdict.decisions.map((decision) => [decision.id, decision]));
    for (const [id, answer] of Object.entries(entry.decisions)) {
      const decision = decisions.get(id);
      if (decision === undefined) {
        orphans.push({ key, verdictFile: entry.verdictFile, id, problem: `the verdict in ${display(verdict.file)} has no decision "${id}" any more (it has ${[...decisions.keys()].map((known) => `"${known}"`).join(', ')})` });
        continue;
      }
      pairs.push({ verdict, decision, human: answer === 'pass', judge: decision.pass });
      labelled.add(key);
    }
  }

  const levels: LevelReport[] = [];
  for (const level of CALIBRATION_LEVELS) {
    const judged = verdicts.flatMap((verdict) => verdict.decisions.filter((decision) => decision.level === level));
    if (judged.length === 0) continue;
    const atLevel = pairs.filter((pair) => pair.decision.level === level);
    const stats = agreementStats(atLevel);
    const judgePassRate = rate(judged.filter((decision) => decision.pass).length, judged.length);
    const groups = new Map<string, typeof atLevel>();
    for (const pair of atLevel) {
      if (pair.decision.group === undefined) continue;
      groups.set(pair.decision.group, [...(groups.get(pair.decision.group) ?? []), pair]);
    }
    const groupReports = [...groups]
      .filter(([, members]) => members.length >= GROUP_MIN_LABELS)
      .map(([group, members]) => ({ group, stats: agreementStats(members) }))
      .sort((a, b) => b.stats.n - a.stats.n || a.group.localeCompare(b.group));
    levels.push({
      level,
      stats,
      judgePassRate,
      correctedPassRate: correctedPassRate(judgePassRate.value, stats.tpr.value, stats.tnr.value),
      groups: groupReports.length > 1 ? groupReports : [],
    });
  }

  const disagreements = pairs
    .filter((pair) => pair.human !== pair.judge)
    .map(({ verdict, decision, human, judge }) => ({
      key: verdict.key,
      verdictFile: verdict.file,
      level: decision.level,
      id: decision.id,
      human: labelOf(human),
      judge: labelOf(judge),
      group: decision.group,
      reasoning: decision.reasoning,
      agreement: verdict.agreement,
    }));

  return {
    ...options,
    verdicts: verdicts.length,
    labelledVerdicts: labelled.size,
    levels,
    disagreements,
    orphans,
    voteAgreements: verdicts.flatMap((verdict) => (verdict.agreement === undefined ? [] : [verdict.agreement])),
  };
}
