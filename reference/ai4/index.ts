// AI SDK 4 as a test dependency: `ai` and `zod` here resolve to this folder's pinned ai@4 and zod@3.
export { appendResponseMessages, generateText, streamText, tool } from 'ai';
export { MockLanguageModelV1 } from 'ai/test';
export { z } from 'zod';
