// Mastra 0.x as a test dependency. Everything Mastra is imported through this file, so that
// `@mastra/evals` resolves its peer `ai` to this folder's ai@5 (the root's own `ai` is 7).
// No mock model is re-exported from here: ai@5.0.97's `ai/test` imports `msw`, which is not
// installed, so the fixtures drive agents with the root's ai@5 `MockLanguageModelV2` (`ai5/test`,
// the same LanguageModelV2 spec) through the project's scripted mock in test/fixtures/aiSdk.ts.
export { Agent, MessageList } from '@mastra/core/agent';
export { noopLogger } from '@mastra/core/logger';
export { createTool } from '@mastra/core/tools';
export { createToolCallAccuracyScorerCode } from '@mastra/evals/scorers/code';
export { createAgentTestRun, createToolInvocation, createUIMessage } from '@mastra/evals/scorers/utils';
