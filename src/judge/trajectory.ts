/**
 * The trajectory judge's own parts: what it is shown, the verdict it answers, how that verdict is checked
 * against the run, decided by majority and scored. The rest is the judge's one machinery (judge.ts).
 */
import { resultIsRun, startedBy } from '../calls/subAgents.js';
import type { ToolCall } from '../types.js';
import { judgedCall, toJsonText, type JudgedCall, type JudgeInput } from './input.js';
import { quotedNames } from '../value.js';
import type { VerdictProblem } from './schema.js';
import type { CriterionAnswer, StepEvaluation, TrajectoryVerdict } from './types.js';
import { agreementOf, type Agreement, type Decision } from './votes.js';

/** One step of the run as the trajectory judge sees it: a call, numbered `2` or `2.1` (the first step of the sub-agent that step 2 started). */
export interface JudgedStep extends JudgedCall {
  step: string;
}

/** One step of an expected trajectory, as the scorers and the matcher resolved it. */
export interface ExpectedJudgeStep {
  name: string;
  stepType?: string;
  toolArgs?: unknown;
  toolResult?: unknown;
  success?: boolean;
}

/** Everything that decides a trajectory verdict: the tool-call judge's input, with every step, the expected trajectory and the criteria. */
export interface TrajectoryInput extends JudgeInput {
  /** Marks a trajectory verdict in its file and in its key. */
  kind: 'trajectory';
  /** Every step, in the order `trajectory(run)` prints them: a sub-agent's steps right after the call that started them. */
  calls: JudgedStep[];
  expectedTrajectory?: ExpectedJudgeStep[];
  criteria?: string[];
}

export type { CriterionAnswer, StepEvaluation, TrajectoryVerdict };

/**
 * The run's steps in the order made, numbered as `trajectory(run)` nests them (`2.1` under the call that
 * started its sub-agent). A result that is the sub-agent's whole run is not repeated: its steps follow.
 */
export function judgedSteps(calls: readonly ToolCall[]): JudgedStep[] {
  const ids = new Map<ToolCall, string>();
  const counts = new Map<ToolCall | undefined, number>();
  return calls.map((call) => {
    const starter = call.agent === undefined ? undefined : startedBy(call);
    const parent = starter !== undefined && ids.has(starter) ? starter : undefined;
    const index = (counts.get(parent) ?? 0) + 1;
    counts.set(parent, index);
    const step = parent === undefined ? String(index) : `${ids.get(parent)}.${index}`;
    ids.set(call, step);
    const judged = judgedCall(call);
    if (resultIsRun(call) && judged.result !== undefined) judged.result = `(a sub-agent run: its steps follow as ${step}.1 …)`;
    return { step, ...judged };
  });
}

/** The trajectory judge's input: the tool-call judge's, with every step numbered, and the expected trajectory and criteria when given. */
export function trajectoryInput(base: JudgeInput, steps: JudgedStep[], expected: readonly ExpectedJudgeStep[] | undefined, criteria: readonly string[] | undefined): TrajectoryInput {
  const { request, reply, availableTools, rubric } = base;
  return {
    kind: 'trajectory',
    request,
    reply,
    calls: steps,
    availableTools,
    ...(rubric !== undefined && { rubric }),
    ...(expected !== undefined && { expectedTrajectory: expected.map(plainStep) }),
    ...(criteria !== undefined && criteria.length > 0 && { criteria: [...criteria] }),
  };
}

function plainStep(step: ExpectedJudgeStep): ExpectedJudgeStep {
  const plain: ExpectedJudgeStep = { name: step.name };
  if (step.stepType !== undefined) plain.stepType = step.stepType;
  for (const field of ['toolArgs', 'toolResult'] as const) if (step[field] !== undefined) plain[field] = JSON.parse(toJsonText(step[field])) as unknown;
  if (step.success !== undefined) plain.success = step.success;
  return plain;
}

/** Names a step may be named missing by: the available tools and the expected trajectory's steps. */
function missingCandidates(input: TrajectoryInput): string[] {
  return [...new Set([...input.availableTools.map((tool) => tool.name), ...(input.expectedTrajectory ?? []).map((step) => step.name)])];
}

/** Checks that a schema-valid verdict fits the run: each step evaluated in order, missing steps from the candidates, each criterion answered once. */
export function trajectoryProblem(verdict: TrajectoryVerdict, input: TrajectoryInput): VerdictProblem | undefined {
  const steps = input.calls;
  const judged = verdict.stepEvaluations.map((evaluation) => evaluation.stepName);
  if (judged.length !== steps.length) {
    return { problem: `it evaluated ${judged.length} step${judged.length === 1 ? '' : 's'} but the agent took ${steps.length}; give exactly one evaluation per step, in the order listed` };
  }
  const mismatch = judged.findIndex((name, index) => name !== steps[index]!.toolName);
  if (mismatch !== -1) {
    const found = steps.findIndex((step, index) => index !== mismatch && step.toolName === judged[mismatch]);
    return {
      problem: `its evaluation ${mismatch + 1} names a different step than step ${steps[mismatch]!.step}${found === -1 ? '' : ' (the steps are out of order)'}; copy each "stepName" from its step, in the order listed`,
      names: `${JSON.stringify(judged[mismatch])}, not ${JSON.stringify(steps[mismatch]!.toolName)}`,
    };
  }
  const candidates = missingCandidates(input);
  const unknown = verdict.missingSteps.filter((name) => !candidates.includes(name));
  if (unknown.length > 0) {
    return { problem: 'it named as missing a step that is neither an available tool nor a step of the expected trajectory', names: quotedNames(unknown) };
  }
  const criteria = input.criteria ?? [];
  const answered = verdict.criteria.map((answer) => answer.criterion);
  const twice = answered.filter((text, index) => answered.indexOf(text) !== index);
  if (twice.length > 0) return { problem: 'it answered a criterion more than once', names: quotedNames([...new Set(twice)]) };
  const invented = answered.filter((text) => !criteria.includes(text));
  if (invented.length > 0) {
    return { problem: criteria.length === 0 ? 'it answered criteria, but none were given' : 'it answered a criterion that was not given (copy each criterion\'s text exactly)', names: quotedNames(invented) };
  }
  const unanswered = criteria.filter((text) => !answered.includes(text));
  if (unanswered.length > 0) return { problem: `it left ${unanswered.length} of the ${criteria.length} criteria unanswered`, names: quotedNames(unanswered) };
  return undefined;
}

/** The verdict with only its known fields, missing steps once each, and the criteria in the order given. */
export function tidyTrajectoryVerdict(verdict: TrajectoryVerdict, input: TrajectoryInput): TrajectoryVerdict {
  const order = input.criteria ?? [];
  const rank = (text: string) => (order.includes(text) ? order.indexOf(text) : order.length);
  return {
    stepEvaluations: verdict.stepEvaluations.map(({ stepName, wasNecessary, wasInOrder, reasoning }) => ({ stepName, wasNecessary, wasInOrder, reasoning })),
    missingSteps: [...new Set(verdict.missingSteps)],
    criteria: verdict.criteria.map(({ criterion, answer, rationale }) => ({ criterion, answer, rationale })).sort((a, b) => rank(a.criterion) - rank(b.criterion)),
    overallAssessment: verdict.overallAssessment,
  };
}

/**
 * The majority verdict of valid votes, decision by decision (the votes are odd: no tie). Reasoning comes
 * from the first vote on the winning side; the overall assessment from the vote agreeing with the most.
 */
export function decideTrajectoryByMajority(votes: readonly TrajectoryVerdict[], input: TrajectoryInput): { verdict: TrajectoryVerdict; agreement: Agreement } {
  const n = votes.length;
  const first = votes[0]!;
  if (n === 1) return { verdict: first, agreement: { share: 1, behind: 1, votes: 1 } };
  const decisions: Decision[] = [];
  const majority = (count: number) => count * 2 > n;

  const stepEvaluations = first.stepEvaluations.map((evaluation, index): StepEvaluation => {
    const step = input.calls[index]!.step;
    const necessaryVotes = votes.filter((vote) => vote.stepEvaluations[index]!.wasNecessary).length;
    const inOrderVotes = votes.filter((vote) => vote.stepEvaluations[index]!.wasInOrder).length;
    const wasNecessary = majority(necessaryVotes);
    const wasInOrder = majority(inOrderVotes);
    decisions.push({ behind: wasNecessary ? necessaryVotes : n - necessaryVotes, weakest: { step, toolName: evaluation.stepName, decided: wasNecessary ? 'necessary' : 'unnecessary' } });
    decisions.push({ behind: wasInOrder ? inOrderVotes : n - inOrderVotes, weakest: { step, toolName: evaluation.stepName, decided: wasInOrder ? 'in order' : 'out of order' } });
    // The reasoning of the first vote that agrees with both decisions, else with the necessity.
    const speaker =
      votes.find((vote) => vote.stepEvaluations[index]!.wasNecessary === wasNecessary && vote.stepEvaluations[index]!.wasInOrder === wasInOrder) ??
      votes.find((vote) => vote.stepEvaluations[index]!.wasNecessary === wasNecessary)!;
    return { stepName: evaluation.stepName, wasNecessary, wasInOrder, reasoning: speaker.stepEvaluations[index]!.reasoning };
  });

  const named = [...new Set(votes.flatMap((vote) => vote.missingSteps))];
  const missingSteps = named.filter((name) => {
    const count = votes.filter((vote) => vote.missingSteps.includes(name)).length;
    decisions.push({ behind: majority(count) ? count : n - count, weakest: { toolName: name, decided: majority(count) ? 'missing' : 'not missing' } });
    return majority(count);
  });

  const criteria = first.criteria.map((answer, index): CriterionAnswer => {
    const yes = votes.filter((vote) => vote.criteria[index]!.answer === 'yes').length;
    const decided = majority(yes) ? 'yes' : 'no';
    decisions.push({ behind: decided === 'yes' ? yes : n - yes, weakest: { criterion: answer.criterion, toolName: '', decided } });
    return { criterion: answer.criterion, answer: decided, rationale: votes.find((vote) => vote.criteria[index]!.answer === decided)!.criteria[index]!.rationale };
  });

  const agreed = (vote: TrajectoryVerdict) =>
    vote.stepEvaluations.filter((evaluation, index) => evaluation.wasNecessary === stepEvaluations[index]!.wasNecessary).length +
    vote.stepEvaluations.filter((evaluation, index) => evaluation.wasInOrder === stepEvaluations[index]!.wasInOrder).length +
    named.filter((name) => vote.missingSteps.includes(name) === missingSteps.includes(name)).length +
    vote.criteria.filter((answer, index) => answer.answer === criteria[index]!.answer).length;
  const spokesman = votes.reduce((best, vote) => (agreed(vote) > agreed(best) ? vote : best), first);
  return { verdict: { stepEvaluations, missingSteps, criteria, overallAssessment: spokesman.overallAssessment }, agreement: agreementOf(decisions, n) };
}

/** Steps both necessary and in order, over steps taken plus missing, two decimals. The criteria are not in it: a "no" fails the matcher on its own. */
export function scoreTrajectory(verdict: TrajectoryVerdict): number {
  const total = verdict.stepEvaluations.length + verdict.missingSteps.length;
  if (total === 0) return 1;
  const sound = verdict.stepEvaluations.filter((evaluation) => evaluation.wasNecessary && evaluation.wasInOrder).length;
  return Math.round((sound / total) * 100) / 100;
}

/**
 * Mastra's score (`createTrajectoryAccuracyScorerLLM`, @mastra/evals 1.10.2), so scores compare: 0.6 × necessary
 * share + 0.3 × in-order share − 0.1 × missing / (steps + missing), clamped, two decimals; a perfect run scores 0.9.
 * With no step evaluations: 0 when a step is missing, 0.5 when extra steps are named, else 1.
 */
export function mastraTrajectoryScore(verdict: { stepEvaluations: readonly StepEvaluation[]; missingSteps?: readonly string[]; extraSteps?: readonly string[] }): number {
  const evaluations = verdict.stepEvaluations;
  const missing = verdict.missingSteps?.length ?? 0;
  if (evaluations.length === 0) {
    if (missing > 0) return 0;
    if ((verdict.extraSteps?.length ?? 0) > 0) return 0.5;
    return 1;
  }
  const total = evaluations.length;
  const necessary = evaluations.filter((evaluation) => evaluation.wasNecessary).length / total;
  const inOrder = evaluations.filter((evaluation) => evaluation.wasInOrder).length / total;
  const penalty = missing > 0 ? missing / (total + missing) : 0;
  const score = necessary * 0.6 + inOrder * 0.3 - penalty * 0.1;
  return Math.round((Math.max(0, Math.min(1, score)) + Number.EPSILON) * 100) / 100;
}

/** The steps the judge found unnecessary, by name, once each (Mastra's `extraSteps`). */
export function extraSteps(verdict: TrajectoryVerdict): string[] {
  return [...new Set(verdict.stepEvaluations.filter((evaluation) => !evaluation.wasNecessary).map((evaluation) => evaluation.stepName))];
}
