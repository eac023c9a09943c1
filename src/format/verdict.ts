import type { JudgeOutcome } from '../judge/judge.js';
import type { Agreement } from '../judge/votes.js';
import { escapeUnsafe } from '../printable.js';
import { printableName } from '../value.js';

/** The expectation line of a judged assertion, positive or negated. */
export function describeScore(pass: boolean, score: number, threshold: number): string {
  return pass
    ? `Expected the judge's score to be below ${threshold}; it was ${score}.`
    : `Expected the judge's score to be at least ${threshold}; it was ${score}.`;
}

/** The judge's verdict for a failure message: model and source, reason, each evaluation, missing tools. */
export function describeVerdict(outcome: JudgeOutcome): string {
  const { verdict } = outcome;
  // The judge's words are a model's text: escaped like text from a run, so they cannot forge lines or colours.
  const names = verdict.evaluations.map((evaluation) => printableName(evaluation.toolCalled));
  const nameWidth = Math.min(32, Math.max(0, ...names.map((name) => name.length)));
  const evaluations = verdict.evaluations.map(
    (evaluation, index) =>
      `  ${index + 1}. ${names[index]!.padEnd(nameWidth)}  ${evaluation.wasAppropriate ? 'appropriate  ' : 'inappropriate'}  ${escapeUnsafe(evaluation.reasoning)}`,
  );
  return [
    `Judge:  ${escapeUnsafe(outcome.model)}, ${judgeSource(outcome)}`,
    ...(outcome.votes.length > 1 ? [`Votes:  ${describeAgreement(outcome.agreement)}`] : []),
    `Reason: ${escapeUnsafe(verdict.reason)}`,
    '',
    evaluations.length > 0 ? `Evaluations:\n${evaluations.join('\n')}` : 'Evaluations: none (no tool calls)',
    `Missing tools: ${verdict.missingTools.length > 0 ? verdict.missingTools.map(printableName).join(', ') : 'none'}`,
  ].join('\n');
}

/** Where the verdict came from: replayed, recorded, or asked with the cache off. */
export function judgeSource(outcome: Pick<JudgeOutcome, 'source' | 'cacheFile'>): string {
  if (outcome.source === 'cache') return `verdict replayed from ${outcome.cacheFile}`;
  return outcome.cacheFile ? `verdict recorded in ${outcome.cacheFile}` : 'asked now, cache off';
}

/**
 * The votes' agreement in words: `3, agreement 67% (2 of 3 votes behind the least agreed decision:
 * call 1 "search-tool" inappropriate)`, or unanimous.
 */
export function describeAgreement(agreement: Agreement): string {
  const { votes, behind, weakest } = agreement;
  const share = `${Math.round((behind / votes) * 100)}%`;
  if (weakest === undefined) return `${votes}, agreement ${share} (every vote agreed on every decision)`;
  const decision =
    weakest.criterion !== undefined
      ? `criterion ${escapeUnsafe(JSON.stringify(weakest.criterion))} ${weakest.decided}`
      : weakest.step !== undefined
        ? `step ${weakest.step} ${printableName(weakest.toolName)} ${weakest.decided}`
        : weakest.call === undefined
          ? `${printableName(weakest.toolName)} ${weakest.decided}`
          : `call ${weakest.call} ${printableName(weakest.toolName)} ${weakest.decided}`;
  return `${votes}, agreement ${share} (${behind} of ${votes} votes behind the least agreed decision: ${decision})`;
}
