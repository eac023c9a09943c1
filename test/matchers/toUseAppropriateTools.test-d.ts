// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
/// <reference types="jest" />
import { expect as jestExpect } from '@jest/globals';
import { tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { expect, expectTypeOf } from 'vitest';
import { z } from 'zod';
import type {} from '../../src/jest.js';
import type {} from '../../src/vitest.js';
import { configureJudge, createToolCallAccuracyScorerLLM, type ToolCallAccuracyScorerLLMResult } from '../../src/index.js';

declare const run: unknown;
const tools = { weather: tool({ description: 'Weather', inputSchema: z.object({ city: z.string() }) }) };

// The judge matcher is async: Promise<void>, so floating-promise lint rules catch a missing await.
expectTypeOf(expect(run).toUseAppropriateTools()).toEqualTypeOf<Promise<void>>();
expectTypeOf(expect(run).not.toUseAppropriateTools({ threshold: 0.5 })).toEqualTypeOf<Promise<void>>();
expectTypeOf(jestExpect(run).toUseAppropriateTools({ model: 'openai/gpt-5-mini' })).toEqualTypeOf<Promise<void>>();
void expect(run).toUseAppropriateTools({ model: new MockLanguageModelV4(), availableTools: tools });
void expect(run).toUseAppropriateTools({ availableTools: [{ id: 'weather', description: 'Weather' }] });
// @ts-expect-error threshold is a number
void expect(run).toUseAppropriateTools({ threshold: '1' });

configureJudge({ model: 'openai/gpt-5-mini', availableTools: [{ name: 'weather', description: 'Weather' }], cache: { mode: 'replay' }, timeoutMs: 30_000 });
configureJudge({ model: new MockLanguageModelV4(), availableTools: tools });
// @ts-expect-error not a cache mode
configureJudge({ cache: { mode: 'sometimes' } });

const scorer = createToolCallAccuracyScorerLLM({ model: 'openai/gpt-5-mini', availableTools: tools });
expectTypeOf(scorer.run(run)).toEqualTypeOf<Promise<ToolCallAccuracyScorerLLMResult>>();

// The request: the user's text, or the messages the agent was given.
void expect(run).toUseAppropriateTools({ request: 'Book SFO to JFK' });
void jestExpect(run).toUseAppropriateTools({ request: [{ role: 'user', content: 'Book SFO to JFK' }], threshold: 0.5 });
// @ts-expect-error a request is text or messages
void expect(run).toUseAppropriateTools({ request: 42 });
configureJudge({ model: undefined }); // clears the model set earlier

// Mastra's identity, so code that looks scorers up by id finds it.
expectTypeOf(scorer.id).toEqualTypeOf<'llm-tool-call-accuracy-scorer'>();
expectTypeOf(scorer.name).toEqualTypeOf<'Tool Call Accuracy (LLM)'>();
void createToolCallAccuracyScorerLLM({ availableTools: tools, request: 'Book SFO to JFK', timeoutMs: 1_000, concurrency: 2 }).run(run, { request: 'Book' });
