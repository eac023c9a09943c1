// AI SDK 4 as a test dependency: `ai` and `zod` here resolve to this folder's pinned ai@4 and zod@3.
export { appendResponseMessages, generateText, simulateReadableStream, streamText, tool } from 'ai';
export type { CoreMessage, LanguageModelV1StreamPart, Message } from 'ai';
export { MockLanguageModelV1 } from 'ai/test';
export { z } from 'zod';
