/**
 * How far a judge agrees with a person, over pairs of binary decisions, each rate with its 95% Wilson
 * interval. A metric whose class is empty is `undefined`, never 1 or 0.
 */
import { normalQuantile, wilsonInterval, type Interval } from '../sample/wilson.js';

/** One decision taken by both: `true` is "pass" (appropriate, necessary, not missing, yes). */
export interface DecisionPair {
  human: boolean;
  judge: boolean;
}

/** Rows: the person's decision; columns: the judge's. */
export interface Confusion {
  bothPass: number;
  /** The person said pass, the judge fail (the judge's false alarm). */
  humanPassJudgeFail: number;
  /** The person said fail, the judge pass (what the judge let through). */
  humanFailJudgePass: number;
  bothFail: number;
}

/** A share of `n` with its Wilson interval; `value` undefined when `n` is 0. */
export interface Rate {
  value: number | undefined;
  successes: number;
  n: number;
  interval: Interval | undefined;
}

export interface Kappa {
  value: number | undefined;
  /** The 95% interval from the large-sample variance of Fleiss, Cohen and Everitt (1969), clamped to [-1, 1]. */
  interval: Interval | undefined;
}

export interface AgreementStats {
  n: number;
  confusion: Confusion;
  agreement: Rate;
  kappa: Kappa;
  /** The judge's pass among the person's passes. */
  tpr: Rate;
  /** The judge's fail among the person's fails. */
  tnr: Rate;
  /** The person's fail among the judge's fails. */
  failPrecision: Rate;
}

function confusionOf(pairs: readonly DecisionPair[]): Confusion {
  const confusion: Confusion = { bothPass: 0, humanPassJudgeFail: 0, humanFailJudgePass: 0, bothFail: 0 };
  for (const { human, judge } of pairs) {
    if (human && judge) confusion.bothPass++;
    else if (human) confusion.humanPassJudgeFail++;
    else if (judge) confusion.humanFailJudgePass++;
    else confusion.bothFail++;
  }
  return confusion;
}

export function rate(successes: number, n: number): Rate {
  return n === 0 ? { value: undefined, successes, n, interval: undefined } : { value: successes / n, successes, n, interval: wilsonInterval(successes, n) };
}

export function agreementStats(pairs: readonly DecisionPair[]): AgreementStats {
  const confusion = confusionOf(pairs);
  const { bothPass, humanPassJudgeFail, humanFailJudgePass, bothFail } = confusion;
  const n = pairs.length;
  return {
    n,
    confusion,
    agreement: rate(bothPass + bothFail, n),
    kappa: cohensKappa(confusion),
    tpr: rate(bothPass, bothPass + humanPassJudgeFail),
    tnr: rate(bothFail, bothFail + humanFailJudgePass),
    failPrecision: rate(bothFail, bothFail + humanPassJudgeFail),
  };
}

/**
 * Cohen's κ of the table. Undefined when the person's labels hold one class only: κ is then 0 whatever
 * the judge does, "no better than chance" when in truth there was nothing to tell apart.
 */
export function cohensKappa(confusion: Confusion): Kappa {
  const { bothPass, humanPassJudgeFail, humanFailJudgePass, bothFail } = confusion;
  const n = bothPass + humanPassJudgeFail + humanFailJudgePass + bothFail;
  const humanPass = (bothPass + humanPassJudgeFail) / n;
  const judgePass = (bothPass + humanFailJudgePass) / n;
  if (n === 0 || humanPass === 0 || humanPass === 1) return { value: undefined, interval: undefined };
  const observed = (bothPass + bothFail) / n;
  const chance = humanPass * judgePass + (1 - humanPass) * (1 - judgePass);
  if (chance === 1) return { value: undefined, interval: undefined };
  const kappa = (observed - chance) / (1 - chance);
  // Fleiss, Cohen and Everitt (1969): the large-sample variance of κ (not the one under κ = 0).
  const [humanFail, judgeFail] = [1 - humanPass, 1 - judgePass];
  const diagonal = (bothPass / n) * (1 - (humanPass + judgePass) * (1 - kappa)) ** 2 + (bothFail / n) * (1 - (humanFail + judgeFail) * (1 - kappa)) ** 2;
  const offDiagonal = (humanPassJudgeFail / n) * (judgePass + humanFail) ** 2 + (humanFailJudgePass / n) * (judgeFail + humanPass) ** 2;
  const variance = (diagonal + (1 - kappa) ** 2 * offDiagonal - (kappa - chance * (1 - kappa)) ** 2) / ((1 - chance) ** 2 * n);
  const half = normalQuantile(0.975) * Math.sqrt(Math.max(0, variance)); // a variance of -1e-17 is rounding
  return { value: kappa, interval: { low: Math.max(-1, kappa - half), high: Math.min(1, kappa + half) } };
}

/**
 * The judge's observed pass rate corrected by its TPR and TNR (Rogan and Gladen, 1978), clamped to
 * [0, 1]. Undefined when a rate is, or when TPR + TNR ≤ 1 (a judge no better than a coin).
 */
export function correctedPassRate(observedPassRate: number | undefined, tpr: number | undefined, tnr: number | undefined): number | undefined {
  if (observedPassRate === undefined || tpr === undefined || tnr === undefined) return undefined;
  const youden = tpr + tnr - 1;
  if (!(youden > 0)) return undefined;
  return Math.min(1, Math.max(0, (observedPassRate + tnr - 1) / youden));
}
