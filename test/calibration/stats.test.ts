import { describe, expect, test } from 'vitest';
import { agreementStats, cohensKappa, correctedPassRate, type DecisionPair } from '../../src/calibration/stats.js';

/** Pairs from two vectors of 1 (pass) and 0 (fail): the person's first, the judge's second. */
const pairs = (human: number[], judge: number[]): DecisionPair[] => human.map((h, i) => ({ human: h === 1, judge: judge[i] === 1 }));
const repeat = (value: number, times: number) => Array<number>(times).fill(value);

// Reference values computed outside this package, with scikit-learn 1.9.1 (cohen_kappa_score) and
// statsmodels 0.15.0 (cohens_kappa for κ's interval, proportion_confint(method='wilson') for the
// rates), on the vectors below; copied here as data.
const references = [
  {
    name: 'fixed vectors (numpy seed 7, the judge agreeing 80% of the time)',
    human: [1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1],
    judge: [0, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1],
    confusion: { bothPass: 19, humanPassJudgeFail: 3, humanFailJudgePass: 3, bothFail: 12 },
    kappa: 0.6636363636363636,
    kappaInterval: [0.41787738676648656, 0.9093953405062406],
    tpr: [0.8636363636363636, 0.6666501283342827, 0.9525099628594476],
    tnr: [0.8, 0.5481455128483064, 0.9295245065301845],
    failPrecision: [0.8, 0.5481455128483064, 0.9295245065301845],
    agreement: [0.8378378378378378, 0.6886351629906503, 0.9234879276598885],
  },
  {
    // Wikipedia's worked example of Cohen's kappa: 50 proposals, 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no: κ = 0.4.
    name: 'a published table (Wikipedia, "Cohen\'s kappa": κ = 0.4)',
    human: [...repeat(1, 25), ...repeat(0, 25)],
    judge: [...repeat(1, 20), ...repeat(0, 5), ...repeat(1, 10), ...repeat(0, 15)],
    confusion: { bothPass: 20, humanPassJudgeFail: 5, humanFailJudgePass: 10, bothFail: 15 },
    kappa: 0.4,
    kappaInterval: [0.151092290476661, 0.6489077095233389],
    tpr: [0.8, 0.6086904963045966, 0.9113941531319744],
    tnr: [0.6, 0.40739457358966996, 0.7659669762225203],
    failPrecision: [0.75, 0.5312991223812559, 0.8881382985923344],
    agreement: [0.7, 0.5624964953554659, 0.8089644649911905],
  },
  {
    name: 'imbalanced labels (100 decisions, 60 passes)',
    human: [...repeat(0, 40), ...repeat(1, 60)],
    judge: [...repeat(0, 20), ...repeat(1, 20), ...repeat(0, 15), ...repeat(1, 45)],
    confusion: { bothPass: 45, humanPassJudgeFail: 15, humanFailJudgePass: 20, bothFail: 20 },
    kappa: 0.25531914893617025,
    kappaInterval: [0.06262572288251342, 0.44801257498982694],
    tpr: [0.75, 0.6276792992295218, 0.8422347746994333],
    tnr: [0.5, 0.35199526933465375, 0.6480047306653463],
    failPrecision: [0.5714285714285714, 0.40857411143974914, 0.7201543182281931],
    agreement: [0.65, 0.5525444329688796, 0.7363575175690247],
  },
];

describe('agreement statistics against scikit-learn and statsmodels', () => {
  test.each(references)('$name', (reference) => {
    const stats = agreementStats(pairs(reference.human, reference.judge));
    expect(stats.n).toBe(reference.human.length);
    expect(stats.confusion).toEqual(reference.confusion);
    expect(stats.kappa.value).toBeCloseTo(reference.kappa, 12);
    expect(stats.kappa.interval!.low).toBeCloseTo(reference.kappaInterval[0]!, 6);
    expect(stats.kappa.interval!.high).toBeCloseTo(reference.kappaInterval[1]!, 6);
    for (const name of ['tpr', 'tnr', 'failPrecision', 'agreement'] as const) {
      const [value, low, high] = reference[name];
      expect(stats[name].value, name).toBeCloseTo(value!, 12);
      expect(stats[name].interval!.low, `${name} low`).toBeCloseTo(low!, 6);
      expect(stats[name].interval!.high, `${name} high`).toBeCloseTo(high!, 6);
    }
  });
});

describe('degenerate tables', () => {
  test('all agree: κ 1 with a zero-width interval, rates 1 with Wilson intervals that are not', () => {
    const stats = agreementStats(pairs([1, 0, 1, 0], [1, 0, 1, 0]));
    expect(stats.kappa).toEqual({ value: 1, interval: { low: 1, high: 1 } }); // statsmodels: 1.0, [1.0, 1.0]
    expect(stats.tpr.value).toBe(1);
    expect(stats.tpr.interval!.low).toBeCloseTo(0.342380227506653, 9); // statsmodels' Wilson for 2 of 2
    expect(stats.agreement.interval!.low).toBeCloseTo(0.5101091635454025, 9); // 4 of 4
  });

  test('all disagree: κ −1, every rate 0', () => {
    const stats = agreementStats(pairs([1, 0, 1, 0], [0, 1, 0, 1]));
    expect(stats.kappa).toEqual({ value: -1, interval: { low: -1, high: -1 } });
    expect([stats.tpr.value, stats.tnr.value, stats.failPrecision.value, stats.agreement.value]).toEqual([0, 0, 0, 0]);
    expect(stats.agreement.interval!.high).toBeCloseTo(0.4898908364545974, 9);
  });

  test("the person's fail class empty: TNR and κ undefined, never 1 or 0 (scikit-learn says κ = 0)", () => {
    const stats = agreementStats(pairs(repeat(1, 10), [...repeat(1, 7), ...repeat(0, 3)]));
    expect(stats.tnr).toEqual({ value: undefined, successes: 0, n: 0, interval: undefined });
    expect(stats.kappa).toEqual({ value: undefined, interval: undefined });
    expect(stats.tpr.value).toBe(0.7);
    expect(stats.tpr.interval!.low).toBeCloseTo(0.39677814746114537, 9);
    expect(stats.failPrecision.value).toBe(0); // the judge said fail 3 times, wrongly each time
  });

  test("both say one thing only: κ undefined (scikit-learn's NaN)", () => {
    expect(cohensKappa({ bothPass: 5, humanPassJudgeFail: 0, humanFailJudgePass: 0, bothFail: 0 })).toEqual({ value: undefined, interval: undefined });
  });

  test("the judge never says fail: its fail precision is undefined", () => {
    const stats = agreementStats(pairs([1, 0, 1], [1, 1, 1]));
    expect(stats.failPrecision.value).toBeUndefined();
    expect(stats.tnr.value).toBe(0);
    expect(stats.kappa.value).toBe(0);
  });

  test('nothing labelled: every metric undefined', () => {
    const stats = agreementStats([]);
    expect([stats.agreement.value, stats.kappa.value, stats.tpr.value, stats.tnr.value, stats.failPrecision.value]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('the judge-corrected pass rate (Rogan–Gladen)', () => {
  test('corrects the observed rate by the two rates', () => {
    // (0.7 + 0.9 − 1) / (0.8 + 0.9 − 1) = 0.6 / 0.7
    expect(correctedPassRate(0.7, 0.8, 0.9)).toBeCloseTo(0.6 / 0.7, 12);
    expect(correctedPassRate(0.5, 1, 1)).toBe(0.5); // a perfect judge needs no correction
  });
  test('clamped to [0, 1]', () => {
    expect(correctedPassRate(0.05, 0.9, 0.9)).toBe(0);
    expect(correctedPassRate(0.99, 0.9, 0.95)).toBe(1);
  });
  test('undefined for a judge no better than a coin, or a rate that is undefined', () => {
    expect(correctedPassRate(0.5, 0.5, 0.5)).toBeUndefined();
    expect(correctedPassRate(0.5, 0.3, 0.6)).toBeUndefined();
    expect(correctedPassRate(0.5, undefined, 0.9)).toBeUndefined();
  });
});
