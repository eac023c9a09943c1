// Mastra 1.x's runtime, for the tests that run this package's scorers, gates and trajectories in it
// (test/scoring/mastraRuntime.test.ts, test/calls/adapters/mastraTrajectory.test.ts). Imported by
// path, so `@mastra/*` resolves to this folder's 1.x and not to the 0.x the root and reference/mastra
// install. Mastra 1.x declares Node 22; what these tests use runs on Node 20.19+ as well.
export { Mastra } from '@mastra/core';
export { Agent } from '@mastra/core/agent';
export { extractTrajectory, extractTrajectoryFromTrace, runEvals } from '@mastra/core/evals';
export type { Trajectory } from '@mastra/core/evals';
export { noopLogger } from '@mastra/core/logger';
export { InMemoryStore } from '@mastra/core/storage';
export { createTool } from '@mastra/core/tools';
export { EvalPassRateError, expectEvals } from '@mastra/evals/vitest';
// Mastra's own trajectory scorers, to compare with this package's in the same runtime.
export { createTrajectoryAccuracyScorerCode as mastraTrajectoryAccuracyScorerCode, createTrajectoryScorerCode as mastraTrajectoryScorerCode } from '@mastra/evals/scorers/prebuilt';
// Mastra's own LLM trajectory scorer, to compare with this package's over the same scripted verdicts.
export { createTrajectoryAccuracyScorerLLM as mastraTrajectoryAccuracyScorerLLM } from '@mastra/evals/scorers/prebuilt';
