/**
 * The trajectory scorers against Mastra's own (@mastra/evals 1.10.2): every case of
 * test/scoring/conformance/trajectory-scorers.json, made by generateTrajectoryCases.mjs beside it
 * from seeded trajectories, scored by Mastra's code. Each case runs as Mastra runs a trajectory
 * scorer (`{ input, output: trajectory, expectedTrajectory }`), and again on the plain list of the
 * same calls, which must score the same.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTrajectoryAccuracyScorerCode, createTrajectoryScorerCode, getToolCalls } from '../../src/index.js';

interface TrajectoryCase {
  id: string;
  scorer: 'accuracy' | 'trajectory';
  options: Record<string, unknown>;
  item?: Record<string, unknown>;
  trajectory: { steps: unknown[]; totalDurationMs?: number };
  mastra: number | 'throw' | 'run-error';
  mastraError?: string;
  expected: number | 'throw' | 'run-error';
  divergence?: string;
}

const cases = JSON.parse(readFileSync(new URL('./conformance/trajectory-scorers.json', import.meta.url), 'utf8')) as TrajectoryCase[];
const docs = readFileSync(new URL('../../docs/scorers.md', import.meta.url), 'utf8');

function scorerOf(testCase: TrajectoryCase) {
  return testCase.scorer === 'accuracy' ? createTrajectoryAccuracyScorerCode(testCase.options) : createTrajectoryScorerCode(testCase.options);
}

const asMastraRuns = (testCase: TrajectoryCase, output: unknown) => ({
  input: { inputMessages: [], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
  output,
  ...(testCase.item && { expectedTrajectory: testCase.item }),
  runId: 'conformance',
});

/** The budgets a case's run is scored against that need more than its calls. */
function needsUsage(testCase: TrajectoryCase): boolean {
  const config = { ...(testCase.options.defaults as object | undefined), ...testCase.item } as Record<string, unknown>;
  return config.maxTotalTokens !== undefined || config.maxTotalDurationMs !== undefined;
}

describe('conformance: test/scoring/conformance/trajectory-scorers.json', () => {
  it('holds at least 1,000 cases of both scorers, with partial scores, run errors and empty runs', () => {
    expect(cases.length).toBeGreaterThanOrEqual(1000);
    expect(cases.filter((testCase) => testCase.scorer === 'accuracy').length).toBeGreaterThan(300);
    expect(cases.filter((testCase) => typeof testCase.mastra === 'number' && testCase.mastra > 0 && testCase.mastra < 1).length).toBeGreaterThan(300);
    expect(cases.filter((testCase) => testCase.mastra === 'run-error').length).toBeGreaterThan(50);
    expect(cases.filter((testCase) => testCase.trajectory.steps.length === 0).length).toBeGreaterThan(50);
    for (const ordering of ['strict', 'relaxed', 'unordered']) expect(JSON.stringify(cases)).toContain(`"ordering":"${ordering}"`);
  });

  it('every divergence is explained in docs/scorers.md', () => {
    const keys = new Set(cases.flatMap((testCase) => (testCase.divergence ? [testCase.divergence] : [])));
    expect(keys.size).toBeGreaterThan(0);
    for (const key of keys) expect(docs).toContain(`\`${key}\``);
  });

  it.each(cases.map((testCase) => [testCase.id, testCase] as const))('%s', async (_id, testCase) => {
    if (testCase.expected === 'throw') {
      expect(() => scorerOf(testCase)).toThrow();
      return;
    }
    const scorer = scorerOf(testCase);
    const run = scorer.run(asMastraRuns(testCase, testCase.trajectory));
    if (testCase.expected === 'run-error') {
      // Mastra's messages say which budget cannot be evaluated; ours name it as the option spells it.
      const budget = /token budget/.test(testCase.mastraError ?? '') ? 'maxTotalTokens' : /duration budget/.test(testCase.mastraError ?? '') ? 'maxTotalDurationMs' : 'expected steps';
      await expect(run).rejects.toThrow(budget);
      return;
    }
    expect((await run).score).toBe(testCase.expected);
    if (!needsUsage(testCase)) {
      // The plain list of the same calls scores as the trajectory.
      expect((await scorer.run(asMastraRuns(testCase, getToolCalls(testCase.trajectory)))).score).toBe(testCase.expected);
    }
  });
});
