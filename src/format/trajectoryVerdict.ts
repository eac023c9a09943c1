/** The message of `toFollowASensibleTrajectory`, written as a review of what the judge found. */
import type { JudgeOutcome } from '../judge/judge.js';
import type { TrajectoryInput, TrajectoryVerdict } from '../judge/trajectory.js';
import { escapeUnsafe } from '../printable.js';
import { joinAnd, plural, printableName } from '../value.js';
import { describeAgreement, judgeSource } from './verdict.js';
import { CACHE_ENV } from '../judge/cacheSettings.js';

/** What the trajectory matcher decided, for its message. */
export interface TrajectoryDecision {
  outcome: JudgeOutcome<TrajectoryVerdict>;
  /** Every step, numbered as the judge saw them. */
  steps: TrajectoryInput['calls'];
  expected?: readonly string[];
  /** The score the matcher needs (1 without a `threshold`). */
  threshold: number;
  /** Whether the `threshold` option was given: the expectation line says a score then, else a sensible trajectory. */
  thresholdGiven: boolean;
}

/** The expectation line: what was expected and what the judge found, positive or negated. */
export function describeTrajectoryFinding(pass: boolean, decision: TrajectoryDecision): string {
  const { verdict, score } = decision.outcome;
  const unnecessary = verdict.stepEvaluations.filter((step) => !step.wasNecessary).length;
  const outOfOrder = verdict.stepEvaluations.filter((step) => !step.wasInOrder).length;
  const failed = verdict.criteria.filter((answer) => answer.answer === 'no').length;
  const found = [
    unnecessary > 0 && plural(unnecessary, 'unnecessary step'),
    outOfOrder > 0 && `${plural(outOfOrder, 'step')} out of order`,
    verdict.missingSteps.length > 0 && plural(verdict.missingSteps.length, 'missing step'),
    failed > 0 && `${plural(failed, 'criterion', 'criteria')} answered "no"`,
  ].filter((part): part is string => typeof part === 'string');
  const problems = found.length === 0 ? 'every step necessary and in order, nothing missing' + (verdict.criteria.length > 0 ? ', every criterion met' : '') : joinAnd(found);
  const expectation = decision.thresholdGiven ? `a trajectory scoring at least ${decision.threshold}${verdict.criteria.length > 0 ? ' with every criterion met' : ''}` : 'a sensible trajectory';
  return pass
    ? `Expected ${decision.thresholdGiven ? `a trajectory scoring below ${decision.threshold} or a criterion not met` : 'a trajectory that is not sensible'}; the judge found ${problems} (score ${score}).`
    : `Expected ${expectation}; the judge found ${problems} (score ${score}).`;
}

/** The review: judge and source, votes, assessment, steps, missing steps, criteria, expected trajectory, how to re-ask. */
export function describeTrajectoryReview(decision: TrajectoryDecision): string {
  const { outcome, steps } = decision;
  const { verdict } = outcome;
  const n = outcome.votes.length;
  // How many votes stood behind a decision, shown when they did not all agree: "(2 of 3 judges)".
  const behind = (agrees: (vote: TrajectoryVerdict) => boolean) => {
    if (n === 1) return '';
    const k = outcome.votes.filter(agrees).length;
    return k === n ? '' : `  (${k} of ${n} judges)`;
  };
  const labels = steps.map((step) => `${'  '.repeat(step.step.split('.').length - 1)}${step.step}. ${printableName(step.toolName)}`);
  const width = Math.min(40, Math.max(0, ...labels.map((label) => label.length)));
  const stepLines = verdict.stepEvaluations.map((evaluation, index) => {
    const marks = `${evaluation.wasNecessary ? 'necessary  ' : 'unnecessary'}  ${evaluation.wasInOrder ? 'in order    ' : 'out of order'}`;
    const agreement = behind((vote) => vote.stepEvaluations[index]!.wasNecessary === evaluation.wasNecessary && vote.stepEvaluations[index]!.wasInOrder === evaluation.wasInOrder);
    return `  ${labels[index]!.padEnd(width)}  ${marks}  ${escapeUnsafe(evaluation.reasoning)}${agreement}`;
  });
  const missing = verdict.missingSteps.map((name) => `${printableName(name)}${behind((vote) => vote.missingSteps.includes(name))}`);
  const criteria = verdict.criteria.map((answer, index) => {
    const agreement = behind((vote) => vote.criteria[index]!.answer === answer.answer);
    return `  ${answer.answer === 'yes' ? 'yes' : 'NO '}  ${escapeUnsafe(JSON.stringify(answer.criterion))}: ${escapeUnsafe(answer.rationale)}${agreement}`;
  });
  return [
    `Judge:      ${escapeUnsafe(outcome.model)}, ${judgeSource(outcome)}`,
    ...(n > 1 ? [`Votes:      ${describeAgreement(outcome.agreement)}`] : []),
    `Assessment: ${escapeUnsafe(verdict.overallAssessment)}`,
    '',
    stepLines.length > 0 ? `Steps:\n${stepLines.join('\n')}` : 'Steps: none (the agent called no tools)',
    `Missing steps: ${missing.length > 0 ? missing.join(', ') : 'none'}`,
    ...(criteria.length > 0 ? ['', `Criteria:\n${criteria.join('\n')}`] : []),
    ...(decision.expected === undefined ? [] : ['', describeExpected(decision.expected, steps)]),
    '',
    outcome.source === 'model' && outcome.cacheFile === undefined
      ? 'To re-ask the judge, run the test again (the cache is off).'
      : `To re-ask the judge: ${CACHE_ENV}=record, or delete the verdict file and run the test with ${CACHE_ENV}=auto.`,
  ].join('\n');
}

/** The expected trajectory beside the run's top-level steps, and the first step where they differ (no judge involved). */
function describeExpected(expected: readonly string[], steps: TrajectoryInput['calls']): string {
  const actual = steps.filter((step) => !step.step.includes('.')).map((step) => step.toolName);
  const arrow = (names: readonly string[]) => (names.length === 0 ? '(no steps)' : names.map(printableName).join(' → '));
  const at = Array.from({ length: Math.max(actual.length, expected.length) }, (_, index) => index).find((index) => actual[index] !== expected[index]);
  const departure =
    at === undefined
      ? 'The run follows it step for step.'
      : actual[at] === undefined
        ? `The run departs from it after step ${at}: it stops where ${printableName(expected[at]!)} was expected.`
        : expected[at] === undefined
          ? `The run departs from it at step ${at + 1}: ${printableName(actual[at])} comes after the expected steps end.`
          : `The run departs from it at step ${at + 1}: ${printableName(actual[at])} where ${printableName(expected[at]!)} was expected.`;
  return [`Expected trajectory (a guide for the judge):`, `  expected: ${arrow(expected)}`, `  actual:   ${arrow(actual)}`, departure].join('\n');
}
