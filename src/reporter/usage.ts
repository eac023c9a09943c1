import { addUsage } from '../judge/votes.js';
import type { JudgeCost, ReportedAssertion, RunVerdict } from './record.js';

const NO_USAGE = { inputTokens: 0, outputTokens: 0, totalTokens: 0, requests: 0 };

/** The cost of these verdicts, summed (token counts by the judge's own `addUsage`). */
export function costOf(verdicts: readonly RunVerdict[]): JudgeCost {
  return {
    ...(addUsage(verdicts.map((verdict) => verdict.usage)) ?? NO_USAGE),
    verdicts: verdicts.length,
    replayed: verdicts.filter((verdict) => verdict.replayed).length,
    unknown: verdicts.filter((verdict) => verdict.usage === undefined).length,
  };
}

/** Every assertion's judge cost added up; undefined when nothing was judged. */
export function totalCost(records: readonly Pick<ReportedAssertion, 'judgeUsage'>[]): JudgeCost | undefined {
  const costs = records.flatMap((record) => (record.judgeUsage ? [record.judgeUsage] : []));
  if (costs.length === 0) return undefined;
  const { inputTokens, outputTokens, totalTokens, requests } = addUsage(costs)!;
  const sum = (field: 'verdicts' | 'replayed' | 'unknown') => costs.reduce((total, cost) => total + cost[field], 0);
  return { inputTokens, outputTokens, totalTokens, requests, verdicts: sum('verdicts'), replayed: sum('replayed'), unknown: sum('unknown') };
}

const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, word: string) => `${count(value)} ${word}${value === 1 ? '' : 's'}`;

/** One line on what the judged tests cost: `Judge usage: 2,628 tokens (2,436 input, 192 output) in 3 requests for 2 verdicts…` */
export function describeCost(cost: JudgeCost): string {
  const replayed =
    cost.replayed === 0 ? '' : `; ${count(cost.replayed)} replayed from ${cost.replayed === 1 ? 'its verdict file' : 'verdict files'} (tokens spent when ${cost.replayed === 1 ? 'it was' : 'they were'} recorded)`;
  const unknown = cost.unknown === 0 ? '' : `; ${plural(cost.unknown, 'verdict')} without recorded usage`;
  return `Judge usage: ${plural(cost.totalTokens, 'token')} (${count(cost.inputTokens)} input, ${count(cost.outputTokens)} output) in ${plural(cost.requests, 'request')} for ${plural(cost.verdicts, 'verdict')}${replayed}${unknown}.`;
}
