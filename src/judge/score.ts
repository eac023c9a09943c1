import type { JudgeVerdict } from './types.js';

/** appropriate / (calls made + missing tools), rounded to 2 decimals; nothing called and nothing missing scores 1. */
export function scoreVerdict(verdict: JudgeVerdict, callCount: number): number {
  const total = callCount + verdict.missingTools.length;
  if (total === 0) return 1;
  const appropriate = verdict.evaluations.filter((evaluation) => evaluation.wasAppropriate).length;
  return Math.round((appropriate / total) * 100) / 100;
}
