/**
 * A/B a judge: the labelled runs judged again by another configuration (model, rubric, votes), its
 * verdicts kept apart (`<dir>/calibration/<configuration>/`, so a second comparison replays them),
 * both calibrations side by side. Nothing is chosen or rewritten: a better rubric reaches the code
 * through a reviewed edit.
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import { resolveCacheSettings } from '../judge/cacheSettings.js';
import type { JudgeInput } from '../judge/input.js';
import { judgeRecordedInput } from '../judge/judge.js';
import { modelIdentity } from '../judge/model.js';
import type { JudgeModel } from '../judge/types.js';
import { slug } from '../store/index.js';
import { calibrateVerdicts, readVerdicts, type CalibrationReport, type ReadVerdict } from './calibrate.js';
import type { CalibrationLevel as Level } from '../judge/calibrationSettings.js';
import { plural } from '../value.js';
import { decisionsOf } from './decisions.js';
import { defaultLabelsFile, labelOf, readLabels, type Label } from './labels.js';

export interface JudgeVariant {
  model: JudgeModel;
  /** Replaces the rubric the verdicts were judged with; undefined keeps each verdict's own. */
  rubric?: string;
  votes: number;
}

/** A decision the two judges answered differently, with the person's answer. */
export interface ChangedSide {
  verdictFile: string;
  level: Level;
  id: string;
  human: Label;
  before: Label;
  after: Label;
}

export interface Comparison {
  before: CalibrationReport;
  after: CalibrationReport;
  /** Where the other configuration's verdicts are kept. */
  variantDir: string;
  /** How many of its verdicts were asked now (the rest replayed from an earlier comparison). */
  asked: number;
  changed: ChangedSide[];
  describeVariant: string;
}

/** The folder of a configuration's verdicts: its model, votes and rubric, readable and distinct. */
export function variantDir(dir: string, variant: JudgeVariant): string {
  const { provider, modelId } = modelIdentity(variant.model);
  const rubric = variant.rubric === undefined ? '' : `-rubric-${createHash('sha256').update(variant.rubric).digest('hex').slice(0, 8)}`;
  return path.join(dir, 'calibration', `${slug(`${provider}-${modelId}`, 60) || 'model'}-votes-${variant.votes}${rubric}`);
}

export async function compareJudge(options: { dir: string; labelsFile?: string; threshold: number; variant: JudgeVariant }): Promise<Comparison> {
  const { dir, threshold, variant } = options;
  const labelsFile = options.labelsFile ?? defaultLabelsFile(dir);
  const [verdicts, labels] = await Promise.all([readVerdicts(dir, threshold), readLabels(labelsFile)]);
  const before = calibrateVerdicts(verdicts, labels, { dir, labelsFile, threshold });
  const labelled = verdicts.filter((verdict) => labels.labels[verdict.key] !== undefined);
  const otherDir = variantDir(dir, variant);
  const cache = resolveCacheSettings({ dir: otherDir });
  let asked = 0;
  const judged: ReadVerdict[] = [];
  for (const verdict of labelled) {
    // What the judge saw is the file less what it answered and who answered it.
    const { test: _test, verdict: _verdict, votes: _votes, agreement: _agreement, score: _score, usage: _usage, model: _model, promptVersion: _version, key: _key, ...seen } = verdict.entry;
    const rubric = variant.rubric ?? (seen.rubric as string | undefined);
    const input = { ...seen, ...(rubric !== undefined && { rubric }) } as unknown as JudgeInput;
    const answer = await judgeRecordedInput(input, { model: variant.model, cache, votes: variant.votes });
    if (answer.source === 'model') asked++;
    const other = { ...verdict.entry, ...(rubric !== undefined && { rubric }), verdict: answer.verdict, score: answer.score, ...(variant.votes > 1 && { agreement: answer.agreement.share }) };
    const file = answer.cacheFile === undefined ? verdict.file : path.resolve(answer.cacheFile);
    judged.push({ ...verdict, file, entry: other, decisions: decisionsOf(other, threshold)!, agreement: variant.votes > 1 ? answer.agreement.share : undefined });
  }
  const after = calibrateVerdicts(judged, labels, { dir: otherDir, labelsFile, threshold });
  const changed: ChangedSide[] = [];
  for (const verdict of labelled) {
    const other = judged.find((candidate) => candidate.key === verdict.key)!;
    for (const [id, human] of Object.entries(labels.labels[verdict.key]!.decisions)) {
      const was = verdict.decisions.find((decision) => decision.id === id);
      const now = other.decisions.find((decision) => decision.id === id);
      if (was === undefined || now === undefined || was.pass === now.pass) continue;
      changed.push({ verdictFile: verdict.file, level: was.level, id, human, before: labelOf(was.pass), after: labelOf(now.pass) });
    }
  }
  const { provider, modelId } = modelIdentity(variant.model);
  const describeVariant = `${modelId} (${provider}), ${plural(variant.votes, 'vote')}${variant.rubric === undefined ? ", each verdict's own rubric" : ', the given rubric'}`;
  return { before, after, variantDir: otherDir, asked, changed, describeVariant };
}
