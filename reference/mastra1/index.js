// Mastra 1.x for the bench: imported by path from bench/scorer.mjs, so `@mastra/evals` resolves to
// this folder's 1.x and not to the 0.x that reference/mastra pins for the tests.
export { createToolCallAccuracyScorerCode, createToolCallAccuracyScorerLLM } from '@mastra/evals/scorers/prebuilt';
export { createAgentTestRun, createTestMessage, createToolInvocation } from '@mastra/evals/scorers/utils';
