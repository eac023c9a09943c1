// The trajectory scorers from the built CommonJS entry under real Jest, on a real ai@6 tool loop:
// lookup fails and is retried, then search is called twice with the same input.
const ai = require('ai6');
const { MockLanguageModelV3 } = require('ai6/test');
const { createTrajectoryAccuracyScorerCode, createTrajectoryScorerCode, getToolCalls } = require('tool-call-accuracy');
const { outcomeLoop } = require('./fixtures/outcomeLoop.cjs');

let run;
beforeAll(async () => {
  run = await outcomeLoop(ai, MockLanguageModelV3);
});

test("partial credit with Mastra's ids, the same on the run and on the plain list of its calls", async () => {
  const accuracy = createTrajectoryAccuracyScorerCode({ expectedTrajectory: ['lookup', 'search', 'book'] });
  const result = await accuracy.run(run);
  expect(result).toMatchObject({ score: 0.67, preprocessStepResult: { comparison: { missingSteps: ['book'] } } });
  expect(result.reason.split('\n').slice(0, 2)).toEqual(['Score 0.67: 2 of 3 expected steps matched (relaxed order).', 'Never called: "book" (expected 3rd).']);
  expect((await accuracy.run(getToolCalls(run))).score).toBe(0.67);
  expect(accuracy.id).toBe('code-trajectory-accuracy-scorer');
});

test('budgets the run records are measured, and a redundant call is named', async () => {
  const scorer = createTrajectoryScorerCode({ defaults: { maxSteps: 4, maxTotalTokens: 150 } });
  const result = await scorer.run(run);
  // Efficiency: 4 calls within 4, 5 model calls × 30 tokens = 150 within 150, one redundant search:
  // (1 + 1 + 0.8) / 3 = 0.93 (weight 0.3). Tool failures: lookup retried once, within 2 retries: 1 (weight 0.2).
  expect(result.score).toBe(0.96);
  expect(result.preprocessStepResult.toolFailures.patterns).toEqual([
    { toolName: 'lookup', retryCount: 1, fellBackToAlternative: false, alternativeTool: undefined, eventuallySucceeded: true },
  ]);
  expect(result.reason).toContain('call 4: "search" {"q":"cats"} repeats call 3');
});
