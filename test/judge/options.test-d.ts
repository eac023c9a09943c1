// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { configureJudge, createToolCallAccuracyScorerLLM, type JudgeConfig, type ToolCallAccuracyScorerLLMResult } from '../../src/index.js';
import '../../src/vitest.js';

declare const run: unknown;

describe('judge option types: rubric and votes', () => {
  it('the matcher, configureJudge and the scorer take them', async () => {
    await expect(run).toUseAppropriateTools({ rubric: 'Never call delete-account without a prior confirm', votes: 3 });
    configureJudge({ rubric: 'Prefer the weather tool', votes: 5 });
    const scorer = createToolCallAccuracyScorerLLM({ model: 'openai/gpt-5-mini', rubric: 'Be strict', votes: 3 });
    expectTypeOf(scorer.run(run)).resolves.toEqualTypeOf<ToolCallAccuracyScorerLLMResult>();
    expectTypeOf<ToolCallAccuracyScorerLLMResult['agreement']>().toEqualTypeOf<number>();
    expectTypeOf<JudgeConfig['votes']>().toEqualTypeOf<number | undefined>();
    // @ts-expect-error votes is a number
    await expect(run).toUseAppropriateTools({ votes: '3' });
    // @ts-expect-error rubric is a string
    configureJudge({ rubric: ['never delete'] });
  });
});

describe('judge option types: calibration', () => {
  it('configureJudge takes a calibration gate, typed', () => {
    configureJudge({ calibration: { minKappa: 0.6, minTpr: 0.8, minTnr: 0.8, minLabels: 30, level: 'call', warnOnly: true } });
    expectTypeOf<NonNullable<JudgeConfig['calibration']>['level']>().toEqualTypeOf<'run' | 'call' | 'step' | 'missing tool' | 'criterion' | undefined>();
    // @ts-expect-error a level calibration does not report
    configureJudge({ calibration: { minKappa: 0.6, level: 'calls' } });
    // @ts-expect-error minKappa is a number
    configureJudge({ calibration: { minKappa: '0.6' } });
  });
});

describe('judge option types: per-assertion cache, timeoutMs, maxRetries', () => {
  it('both judged matchers take them', async () => {
    await expect(run).toUseAppropriateTools({ cache: { mode: 'record', dir: '__judge__' }, timeoutMs: 5_000, maxRetries: 1 });
    await expect(run).toFollowASensibleTrajectory({ cache: { mode: 'replay' }, timeoutMs: 5_000 });
    // @ts-expect-error a cache mode that does not exist
    await expect(run).toUseAppropriateTools({ cache: { mode: 'later' } });
  });
});
