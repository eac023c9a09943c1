/**
 * The decisions a recorded verdict holds, one per thing a person can label: the run, each call, each
 * tool that could have been missing, each trajectory step, each criterion. A new judge adds a kind.
 */
import type { CalibrationLevel as Level } from '../judge/calibrationSettings.js';
import { scoreVerdict } from '../judge/score.js';
import type { JudgeVerdict } from '../judge/types.js';
import { asArray } from '../value.js';

/** One decision of the judge's: `id` names it in the labels file (`call 2: search-tool`); the breakdowns group by `group`. */
export interface JudgedDecision {
  level: Level;
  id: string;
  pass: boolean;
  group?: string;
  /** The judge's reasoning for it, when it gave one. */
  reasoning?: string;
}

/** A verdict file as calibration reads it: its own fields, loosely typed (the file is checked when read). */
export type StoredVerdict = Record<string, unknown>;

interface VerdictKind {
  /** Whether a stored entry is of this kind. */
  matches(entry: StoredVerdict): boolean;
  /** The judge's decisions below the run level, in the order the run made them. */
  decisions(entry: StoredVerdict): JudgedDecision[];
  /** The run's score from the stored verdict (0–1); the run passes when it reaches the threshold. */
  score(entry: StoredVerdict): number | undefined;
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The tools a missing-tool decision is taken on: every available tool the run did not call. */
function missingDecisions(entry: StoredVerdict, named: readonly string[]): JudgedDecision[] {
  const called = new Set(asArray(entry.calls).map((call) => text(record(call).toolName)));
  const available = asArray(entry.availableTools).map((tool) => text(record(tool).name)).filter((name): name is string => name !== undefined);
  const candidates = [...new Set([...available.filter((name) => !called.has(name)), ...named])];
  return candidates.map((tool) => ({ level: 'missing tool', id: `missing: ${tool}`, pass: !named.includes(tool), group: tool }));
}

/** `toUseAppropriateTools` and `createToolCallAccuracyScorerLLM`: `{ evaluations, missingTools, reason }`. */
const appropriateTools: VerdictKind = {
  matches: (entry) => entry.kind === undefined && record(entry.verdict).evaluations !== undefined,
  decisions(entry) {
    const verdict = record(entry.verdict);
    const calls: JudgedDecision[] = asArray(verdict.evaluations).map((item, index) => {
      const evaluation = record(item);
      const tool = text(evaluation.toolCalled) ?? '?';
      return { level: 'call', id: `call ${index + 1}: ${tool}`, pass: evaluation.wasAppropriate === true, group: tool, reasoning: text(evaluation.reasoning) };
    });
    const named = asArray(verdict.missingTools).filter((name): name is string => typeof name === 'string');
    return [...calls, ...missingDecisions(entry, named)];
  },
  // The judge's own score of a stored verdict (the file's `score` is for reviewers only).
  score: (entry) => {
    const verdict = record(entry.verdict);
    return scoreVerdict({ evaluations: asArray(verdict.evaluations), missingTools: asArray(verdict.missingTools) } as JudgeVerdict, asArray(entry.calls).length);
  },
};

/** The trajectory judge's: `{ stepEvaluations, missingSteps, criteria, overallAssessment }`, marked `"kind": "trajectory"`. */
const trajectory: VerdictKind = {
  matches: (entry) => entry.kind === 'trajectory',
  decisions(entry) {
    const verdict = record(entry.verdict);
    const steps = asArray(verdict.stepEvaluations).flatMap((item, index): JudgedDecision[] => {
      const step = record(item);
      const name = text(step.stepName) ?? '?';
      const reasoning = text(step.reasoning);
      return [
        { level: 'step', id: `step ${index + 1} necessary: ${name}`, pass: step.wasNecessary === true, group: name, reasoning },
        { level: 'step', id: `step ${index + 1} in order: ${name}`, pass: step.wasInOrder === true, group: name, reasoning },
      ];
    });
    const named = asArray(verdict.missingSteps).map((item) => (typeof item === 'string' ? item : text(record(item).stepName) ?? text(record(item).name) ?? '?'));
    const criteria = asArray(verdict.criteria).map((item): JudgedDecision => {
      const criterion = record(item);
      const name = text(criterion.criterion) ?? '?';
      return { level: 'criterion', id: `criterion: ${name}`, pass: criterion.answer === 'yes', group: name, reasoning: text(criterion.rationale) };
    });
    return [...steps, ...missingDecisions(entry, named), ...criteria];
  },
  score: (entry) => (typeof entry.score === 'number' ? entry.score : undefined),
};

/** Every decision of a verdict: the run's first (it passes when its score reaches `threshold`), then the kind's. */
export function decisionsOf(entry: StoredVerdict, threshold: number): JudgedDecision[] | undefined {
  const kind = [trajectory, appropriateTools].find((candidate) => candidate.matches(entry));
  if (kind === undefined) return undefined;
  const score = kind.score(entry);
  const verdict = record(entry.verdict);
  const run: JudgedDecision[] = score === undefined ? [] : [{ level: 'run', id: 'run', pass: score >= threshold, reasoning: text(verdict.reason) ?? text(verdict.overallAssessment) }];
  return [...run, ...kind.decisions(entry)];
}
