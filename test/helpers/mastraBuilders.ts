import { createAgentTestRun, createToolInvocation, createUIMessage } from '../../reference/mastra/index.js';
import type { RunBuilders } from './runs.js';

/**
 * Mastra 0.x's own run builders (`@mastra/evals/scorers/utils`), which build AI SDK 4 UI messages.
 * Through `RunBuilders`, as their own types disagree: `createUIMessage` is typed with ai@5's
 * `UIMessage`, `createAgentTestRun` wants ai@4's.
 */
export const mastraBuilders: RunBuilders = { createAgentTestRun, createMessage: createUIMessage, createToolInvocation };
