// Mastra 1.x for the bench and the conformance generators: imported by path from bench/scorer.mjs
// and test/scoring/conformance/generateTrajectoryCases.mjs, so `@mastra/evals` resolves to this
// folder's 1.x and not to the 0.x that reference/mastra pins for the tests.
export {
  createToolCallAccuracyScorerCode,
  createToolCallAccuracyScorerLLM,
  createTrajectoryAccuracyScorerCode,
  createTrajectoryScorerCode,
} from '@mastra/evals/scorers/prebuilt';
export { createAgentTestRun, createTestMessage, createToolInvocation } from '@mastra/evals/scorers/utils';
