// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
import { describe, expectTypeOf, it } from 'vitest';
import {
  createTrajectoryAccuracyScorerCode,
  createTrajectoryScorerCode,
  type TrajectoryAccuracyCodeResult,
  type TrajectoryExpectation,
  type TrajectoryScorerCodeResult,
} from '../../src/index.js';

describe('the trajectory scorers', () => {
  it("have Mastra's ids and type, and their results Mastra's shape with a reason", () => {
    const accuracy = createTrajectoryAccuracyScorerCode({ expectedTrajectory: ['search', { name: 'book', stepType: 'tool_call', toolArgs: { seat: '14C' } }] });
    const scorer = createTrajectoryScorerCode({ defaults: { steps: ['search'], maxSteps: 4, blacklistedSequences: [['book', 'cancel']] }, weights: { accuracy: 0.5 } });
    expectTypeOf(accuracy.id).toEqualTypeOf<'code-trajectory-accuracy-scorer'>();
    expectTypeOf(scorer.id).toEqualTypeOf<'code-trajectory-scorer'>();
    expectTypeOf(scorer.type).toEqualTypeOf<'trajectory'>();
    expectTypeOf(accuracy.run).returns.resolves.toEqualTypeOf<TrajectoryAccuracyCodeResult>();
    expectTypeOf(scorer.run).returns.resolves.toEqualTypeOf<TrajectoryScorerCodeResult>();
    expectTypeOf<TrajectoryScorerCodeResult['reason']>().toEqualTypeOf<string>();
    expectTypeOf<TrajectoryScorerCodeResult['preprocessStepResult']['config']>().toEqualTypeOf<TrajectoryExpectation>();
  });

  it('take a trajectory of Mastra steps as the expected one, and refuse what Mastra does not name', () => {
    createTrajectoryAccuracyScorerCode({ expectedTrajectory: { steps: [{ stepType: 'tool_call', name: 'search', toolArgs: { q: 'x' }, durationMs: 4 }], totalDurationMs: 4 } });
    createTrajectoryAccuracyScorerCode({ comparisonOptions: { ordering: 'unordered', allowRepeatedSteps: false } });
    // @ts-expect-error ordering is 'strict', 'relaxed' or 'unordered'
    createTrajectoryAccuracyScorerCode({ comparisonOptions: { ordering: 'loose' } });
    // @ts-expect-error a step's type is a kind of tool call
    createTrajectoryAccuracyScorerCode({ expectedTrajectory: [{ name: 'llm', stepType: 'model_generation' }] });
    // @ts-expect-error the weights are accuracy, efficiency, toolFailures and blacklist
    createTrajectoryScorerCode({ weights: { speed: 1 } });
  });
});
