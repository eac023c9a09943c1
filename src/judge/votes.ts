import type { JudgeUsage, JudgeVerdict, ToolEvaluation } from './types.js';

/** The decision the fewest votes stood behind: a call's, step's or criterion's, or a tool or step named missing (or not). */
export interface WeakestDecision {
  /** 1-based call number, for a call's decision; absent for a missing tool. */
  call?: number;
  /** The step's number as the trajectory judge numbers them (`2`, `2.1` for a sub-agent's step). */
  step?: string;
  /** The criterion's text, for a criterion's answer (then `toolName` is empty). */
  criterion?: string;
  toolName: string;
  decided: 'appropriate' | 'inappropriate' | 'missing' | 'not missing' | 'necessary' | 'unnecessary' | 'in order' | 'out of order' | 'yes' | 'no';
}

/** How far the votes agreed: the smallest share of votes behind any decision of the majority verdict. */
export interface Agreement {
  /** `behind / votes`, rounded to 2 decimals; 1 when every vote agreed on everything. */
  share: number;
  /** Votes behind the least agreed decision. */
  behind: number;
  votes: number;
  /** The least agreed decision (the first of equals); absent when every decision was unanimous. */
  weakest?: WeakestDecision;
}

/** What the judge decided for one run: the majority verdict of its votes (one vote by default). */
export interface Judgement<Verdict = JudgeVerdict> {
  verdict: Verdict;
  /** Every vote's verdict, in the order asked. */
  votes: Verdict[];
  agreement: Agreement;
  /** The provider's token count for the requests behind the verdict; undefined when it reported none (or an old verdict file has none). */
  usage?: JudgeUsage;
}

/**
 * The majority verdict of valid votes, decision by decision (the votes are odd: no tie). A call's reasoning comes
 * from the first vote on the winning side; the overall reason from the vote agreeing with the most (the first of equals).
 */
export function decideByMajority(votes: readonly JudgeVerdict[]): Pick<Judgement, 'verdict' | 'agreement'> {
  const n = votes.length;
  const first = votes[0]!;
  if (n === 1) return { verdict: first, agreement: { share: 1, behind: 1, votes: 1 } };
  const decisions: Decision[] = [];

  const evaluations: ToolEvaluation[] = first.evaluations.map((evaluation, index) => {
    const yes = votes.filter((vote) => vote.evaluations[index]!.wasAppropriate).length;
    const wasAppropriate = yes * 2 > n;
    decisions.push({ behind: wasAppropriate ? yes : n - yes, weakest: { call: index + 1, toolName: evaluation.toolCalled, decided: wasAppropriate ? 'appropriate' : 'inappropriate' } });
    const reasoning = votes.find((vote) => vote.evaluations[index]!.wasAppropriate === wasAppropriate)!.evaluations[index]!.reasoning;
    return { toolCalled: evaluation.toolCalled, wasAppropriate, reasoning };
  });

  const named = [...new Set(votes.flatMap((vote) => vote.missingTools))];
  const missingTools = named.filter((toolName) => {
    const count = votes.filter((vote) => vote.missingTools.includes(toolName)).length;
    const missing = count * 2 > n;
    decisions.push({ behind: missing ? count : n - count, weakest: { toolName, decided: missing ? 'missing' : 'not missing' } });
    return missing;
  });

  const agreed = (vote: JudgeVerdict) =>
    vote.evaluations.filter((evaluation, index) => evaluation.wasAppropriate === evaluations[index]!.wasAppropriate).length +
    named.filter((toolName) => vote.missingTools.includes(toolName) === missingTools.includes(toolName)).length;
  const spokesman = votes.reduce((best, vote) => (agreed(vote) > agreed(best) ? vote : best), first);

  return { verdict: { evaluations, missingTools, reason: spokesman.reason }, agreement: agreementOf(decisions, n) };
}

/** One decision of a majority verdict: how many votes stood behind it. */
export interface Decision {
  behind: number;
  weakest: WeakestDecision;
}

/** The agreement of a majority verdict from its decisions: the least agreed one (the first of equals). */
export function agreementOf(decisions: readonly Decision[], n: number): Agreement {
  const weakest = decisions.reduce<Decision | undefined>((low, decision) => (low === undefined || decision.behind < low.behind ? decision : low), undefined);
  return weakest === undefined || weakest.behind === n
    ? { share: 1, behind: n, votes: n }
    : { share: Math.round((weakest.behind / n) * 100) / 100, behind: weakest.behind, votes: n, weakest: weakest.weakest };
}

/** Token counts added up; undefined when no request reported any. */
export function addUsage(usages: ReadonlyArray<JudgeUsage | undefined>): JudgeUsage | undefined {
  const known = usages.filter((usage): usage is JudgeUsage => usage !== undefined);
  if (known.length === 0) return undefined;
  return known.reduce((sum, usage) => ({
    inputTokens: sum.inputTokens + usage.inputTokens,
    outputTokens: sum.outputTokens + usage.outputTokens,
    totalTokens: sum.totalTokens + usage.totalTokens,
    requests: sum.requests + usage.requests,
  }));
}
