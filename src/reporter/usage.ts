import type { JudgeCost, ReportedAssertion, RunVerdict } from './record.js';

/** The cost of these verdicts, summed. */
export function costOf(verdicts: readonly RunVerdict[]): JudgeCost {
  const cost: JudgeCost = { inputTokens: 0, outputTokens: 0, totalTokens: 0, requests: 0, verdicts: verdicts.length, replayed: 0, unknown: 0 };
  for (const verdict of verdicts) {
    if (verdict.replayed) cost.replayed++;
    if (verdict.usage === undefined) {
      cost.unknown++;
      continue;
    }
    cost.inputTokens += verdict.usage.inputTokens;
    cost.outputTokens += verdict.usage.outputTokens;
    cost.totalTokens += verdict.usage.totalTokens;
    cost.requests += verdict.usage.requests;
  }
  return cost;
}

/** Every assertion's judge cost added up; undefined when nothing was judged. */
export function totalCost(records: readonly Pick<ReportedAssertion, 'judgeUsage'>[]): JudgeCost | undefined {
  const costs = records.flatMap((record) => (record.judgeUsage ? [record.judgeUsage] : []));
  if (costs.length === 0) return undefined;
  return costs.reduce((sum, cost) => ({
    inputTokens: sum.inputTokens + cost.inputTokens,
    outputTokens: sum.outputTokens + cost.outputTokens,
    totalTokens: sum.totalTokens + cost.totalTokens,
    requests: sum.requests + cost.requests,
    verdicts: sum.verdicts + cost.verdicts,
    replayed: sum.replayed + cost.replayed,
    unknown: sum.unknown + cost.unknown,
  }));
}

const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, word: string) => `${count(value)} ${word}${value === 1 ? '' : 's'}`;

/**
 * One line on what the judged tests cost: `Judge usage: 2,628 tokens (2,436 input, 192 output) in
 * 3 requests for 2 verdicts; 1 replayed from its verdict file (tokens spent when it was recorded).`
 */
export function describeCost(cost: JudgeCost): string {
  const replayed =
    cost.replayed === 0 ? '' : `; ${count(cost.replayed)} replayed from ${cost.replayed === 1 ? 'its verdict file' : 'verdict files'} (tokens spent when ${cost.replayed === 1 ? 'it was' : 'they were'} recorded)`;
  const unknown = cost.unknown === 0 ? '' : `; ${plural(cost.unknown, 'verdict')} without recorded usage`;
  return `Judge usage: ${plural(cost.totalTokens, 'token')} (${count(cost.inputTokens)} input, ${count(cost.outputTokens)} output) in ${plural(cost.requests, 'request')} for ${plural(cost.verdicts, 'verdict')}${replayed}${unknown}.`;
}
