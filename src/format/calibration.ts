/** Calibration in words: the report `calibrate` prints, the gate's failure, and the reporters' line. Nothing here computes a metric. */
import { display } from '../store/index.js';
import { FEW_LABELS, type CalibrationReport, type Disagreement, type LevelReport } from '../calibration/calibrate.js';
import type { Comparison } from '../calibration/compare.js';
import type { GateResult } from '../calibration/gate.js';
import type { Kappa, Rate } from '../calibration/stats.js';
import { snippet } from '../judge/model.js';
import { escapeUnsafe } from '../printable.js';
import { printableName } from '../value.js';

const percent = (value: number) => `${Math.round(value * 100)}%`;
const UNDEFINED = 'undefined';

/** `83% (95% interval 44–97%, 5 of 6)`, or `undefined (no labelled fail)`. */
export function describeRate(rate: Rate, emptyWhy: string): string {
  if (rate.value === undefined || rate.interval === undefined) return `${UNDEFINED} (${emptyWhy})`;
  return `${percent(rate.value)} (95% interval ${percent(rate.interval.low)}–${percent(rate.interval.high)}, ${rate.successes} of ${rate.n})`;
}

export function describeKappa(kappa: Kappa): string {
  if (kappa.value === undefined || kappa.interval === undefined) return `${UNDEFINED} (the labels hold only one of pass and fail)`;
  return `${kappa.value.toFixed(2)} (95% interval ${kappa.interval.low.toFixed(2)}–${kappa.interval.high.toFixed(2)})`;
}

const kappaShort = (kappa: Kappa) => (kappa.value === undefined ? UNDEFINED : kappa.value.toFixed(2));
const rateShort = (rate: Rate) => (rate.value === undefined ? UNDEFINED : percent(rate.value));

/** What a level's pass means, for the reader of its table. */
const PASS_MEANS: Record<LevelReport['level'], string> = {
  run: 'pass: the run is good enough, its score reaching the threshold',
  call: 'pass: the call was appropriate',
  step: 'pass: the step was necessary / in order',
  'missing tool': 'pass: the tool was rightly not called; fail: it is missing',
  criterion: 'pass: the criterion is met',
};

function describeLevel(level: LevelReport): string[] {
  const { stats } = level;
  const { bothPass, humanPassJudgeFail, humanFailJudgePass, bothFail } = stats.confusion;
  const few = stats.n < FEW_LABELS ? `; fewer than ${FEW_LABELS} labels, so these numbers are rough` : '';
  const width = Math.max(4, String(stats.n).length);
  const cell = (value: number) => String(value).padStart(width);
  const lines = [
    `${level.level} level: ${stats.n} labelled decision${stats.n === 1 ? '' : 's'}${few} (${PASS_MEANS[level.level]})`,
    `                judge pass  judge fail`,
    `  you pass      ${cell(bothPass).padStart(10)}  ${cell(humanPassJudgeFail).padStart(10)}`,
    `  you fail      ${cell(humanFailJudgePass).padStart(10)}  ${cell(bothFail).padStart(10)}`,
    `  agreement       ${describeRate(stats.agreement, 'nothing labelled')}`,
    `  Cohen's κ       ${describeKappa(stats.kappa)}`,
    `  TPR             ${describeRate(stats.tpr, 'you labelled no pass')}: of what you pass, the judge passes`,
    `  TNR             ${describeRate(stats.tnr, 'you labelled no fail')}: of what you fail, the judge fails`,
    `  fail precision  ${describeRate(stats.failPrecision, 'the judge said no fail')}: of what the judge fails, you fail`,
  ];
  const observed = level.judgePassRate;
  if (level.correctedPassRate !== undefined && observed.value !== undefined) {
    lines.push(`  pass rate       the judge passes ${percent(observed.value)} of ${observed.n}; corrected by its TPR and TNR (Rogan–Gladen): ${percent(level.correctedPassRate)}`);
  }
  if (level.groups.length > 0) {
    lines.push(`  by ${level.level === 'criterion' ? 'criterion' : level.level === 'step' ? 'step' : 'tool'}:`);
    const names = level.groups.map((group) => printableName(group.group.length > 40 ? `${group.group.slice(0, 40)}…` : group.group));
    const nameWidth = Math.min(40, Math.max(...names.map((name) => name.length)));
    for (const [index, group] of level.groups.entries()) {
      lines.push(`    ${names[index]!.padEnd(nameWidth)}  n ${String(group.stats.n).padStart(3)}  κ ${kappaShort(group.stats.kappa).padStart(9)}  TPR ${rateShort(group.stats.tpr).padStart(9)}  TNR ${rateShort(group.stats.tnr).padStart(9)}`);
    }
  }
  return lines;
}

/** One disagreement on one line: where, who said what, and the judge's reasoning. */
export function describeDisagreement(item: Disagreement): string {
  const votes = item.agreement === undefined ? '' : ` (its votes agreed ${percent(item.agreement)})`;
  const reasoning = item.reasoning === undefined ? '' : ` Judge: ${escapeUnsafe(snippet(item.reasoning, 160))}`;
  // Ids and reasoning come from a run and a model: escaped, so they cannot forge lines or colours.
  return `${display(item.verdictFile)}  ${printableName(item.id)}: you said ${item.human}, the judge ${item.judge}${votes}.${reasoning}`;
}

/** The whole report, as `calibrate` prints it. */
export function describeCalibration(report: CalibrationReport): string {
  const lines = [
    `Judge calibration: ${report.verdicts} verdict${report.verdicts === 1 ? '' : 's'} in ${display(report.dir)}, ${report.labelledVerdicts} labelled in ${display(report.labelsFile)}; a run passes at a score of ${report.threshold} or more.`,
  ];
  if (report.labelledVerdicts === 0) {
    lines.push('', 'No labels yet: run `npx tool-call-accuracy label` to label the judged runs, then calibrate again.');
  }
  for (const level of report.levels) if (level.stats.n > 0) lines.push('', ...describeLevel(level));
  if (report.disagreements.length > 0) {
    lines.push('', `Disagreements (${report.disagreements.length}):`, ...report.disagreements.map((item) => `  ${describeDisagreement(item)}`));
  }
  if (report.orphans.length > 0) {
    lines.push('', `Labels that match no verdict (${report.orphans.length}); relabel or remove them:`);
    for (const orphan of report.orphans) lines.push(`  ${orphan.id === undefined ? `key ${printableName(orphan.key.slice(0, 12))}…` : printableName(orphan.id)}: ${escapeUnsafe(orphan.problem)}`);
  }
  if (report.voteAgreements.length > 0) {
    const sorted = [...report.voteAgreements].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    lines.push('', `Vote agreement (how stable the judge is, not whether it is right): ${sorted.length} voted verdict${sorted.length === 1 ? '' : 's'}, median ${percent(median)}, lowest ${percent(sorted[0]!)}.`);
  }
  return lines.join('\n');
}

/** The gate's failure: the level, each rule missed with its value and interval, and the disagreements that cost the most. */
export function describeGateFailure(result: GateResult, report: CalibrationReport, warnOnly: boolean): string {
  const lines = [
    `${warnOnly ? 'Warning: the' : 'The'} LLM judge is not calibrated well enough to be trusted at the ${result.level} level (labels: ${display(report.labelsFile)}, verdicts: ${display(report.dir)}):`,
    ...result.failures.map((failure) => `  - ${failure.text}`),
  ];
  const costly = [...new Map(result.failures.flatMap((failure) => failure.costly).map((item) => [`${item.key} ${item.id}`, item])).values()];
  if (costly.length > 0) {
    lines.push('The disagreements that cost the most:', ...costly.slice(0, 5).map((item) => `  ${describeDisagreement(item)}`));
    if (costly.length > 5) lines.push(`  … and ${costly.length - 5} more (npx tool-call-accuracy calibrate lists them all)`);
  }
  lines.push('Label more runs (npx tool-call-accuracy label), or improve the rubric and calibrate it against the labels (npx tool-call-accuracy calibrate --model <judge> --rubric-file <file>).');
  return lines.join('\n');
}

/** The reporters' line: `Judge calibration (run level): κ 0.66, TPR 86%, TNR 80%, n 37.` Undefined without labels. */
export function describeCalibrationLine(report: CalibrationReport): string | undefined {
  const levels = report.levels.filter((level) => level.stats.n > 0);
  if (levels.length === 0) return undefined;
  const parts = levels.map(({ level, stats }) => `${level} κ ${kappaShort(stats.kappa)}, TPR ${rateShort(stats.tpr)}, TNR ${rateShort(stats.tnr)}, n ${stats.n}`);
  return `Judge calibration (${display(report.labelsFile)}): ${parts.join('; ')}.`;
}

const signed = (value: number, digits: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;

/** `0.58 → 0.80 (+0.22)`; `undefined → 0.80` when one side is undefined. */
function change(before: number | undefined, after: number | undefined, asPercent: boolean): string {
  const show = (value: number | undefined) => (value === undefined ? UNDEFINED : asPercent ? percent(value) : value.toFixed(2));
  const difference = before === undefined || after === undefined ? '' : ` (${asPercent ? `${signed((after - before) * 100, 0)} points` : signed(after - before, 2)})`;
  return `${show(before)} → ${show(after)}${difference}`;
}

/** `calibrate --model/--rubric-file/--votes`: the two calibrations side by side, and the decisions that changed sides. */
export function describeComparison(comparison: Comparison): string {
  const { before, after } = comparison;
  const lines = [
    `Judge A: the recorded verdicts in ${display(before.dir)}.`,
    `Judge B: ${escapeUnsafe(comparison.describeVariant)}; its verdicts in ${display(comparison.variantDir)} (${comparison.asked} asked now, the rest replayed).`,
    `Over the ${before.labelledVerdicts} labelled run${before.labelledVerdicts === 1 ? '' : 's'}; nothing is changed: adopt B through a reviewed edit of your judge settings.`,
  ];
  for (const level of before.levels) {
    const other = after.levels.find((candidate) => candidate.level === level.level);
    if (level.stats.n === 0 || other === undefined) continue;
    lines.push(
      '',
      `${level.level} level (n ${level.stats.n}):`,
      `  κ    ${change(level.stats.kappa.value, other.stats.kappa.value, false)}`,
      `  TPR  ${change(level.stats.tpr.value, other.stats.tpr.value, true)}`,
      `  TNR  ${change(level.stats.tnr.value, other.stats.tnr.value, true)}`,
    );
  }
  if (comparison.changed.length === 0) lines.push('', 'No labelled decision changed sides.');
  else {
    lines.push('', `Decisions that changed sides (${comparison.changed.length}):`);
    for (const item of comparison.changed) {
      const verdict = item.after === item.human ? 'B agrees with you now' : 'B disagrees with you now';
      lines.push(`  ${display(item.verdictFile)}  ${printableName(item.id)}: you said ${item.human}; A said ${item.before}, B says ${item.after} (${verdict})`);
    }
  }
  return lines.join('\n');
}
