// Mastra 0.x as a test dependency: `@mastra/evals` resolves its peer `ai` to this folder's ai@5.
export { createToolCallAccuracyScorerCode } from '@mastra/evals/scorers/code';
