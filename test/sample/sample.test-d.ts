// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { loadRuns, sample, scoreRuns, createToolCallAccuracyScorerCode, type Sample, type ScoreRunsResult, type ToolCallAccuracyCodeResult } from '../../src/index.js';
import '../../src/vitest.js';

declare const agent: { generate(prompt: string): Promise<{ steps: unknown[] }> };

describe('sample types', () => {
  it('takes a function or runs, and every matcher takes the sample', async () => {
    const runs = await sample(() => agent.generate('Book a table'), { n: 10, minPassRate: 0.9, confidence: 0.95, concurrency: 2 });
    expectTypeOf(runs).toEqualTypeOf<Sample>();
    expectTypeOf(sample(loadRuns('runs.jsonl'))).resolves.toEqualTypeOf<Sample>();
    expect(runs).toCallToolsInOrder(['search', 'book']);
    expect(runs).not.toCallTool('cancel');
    await expect(runs).toUseAppropriateTools({ threshold: 0.5 });
    const scored = await scoreRuns(createToolCallAccuracyScorerCode({ expectedTool: 'book' }), runs, { concurrency: 2 });
    expectTypeOf(scored).toEqualTypeOf<ScoreRunsResult<ToolCallAccuracyCodeResult>>();
    // @ts-expect-error the option is minPassRate
    await sample(() => agent.generate('x'), { n: 3, passRate: 0.9 });
  });
});
