// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
// Stubs are typed by each framework's own types of its tools: a wrong input field or output type must not compile.
import { tool as aiTool } from 'ai';
import { tool as openaiTool } from '@openai/agents';
import { tool as langchainTool } from '@langchain/core/tools';
import { expectTypeOf } from 'vitest';
import { z } from 'zod';
import { recordedTools, stubbedTools } from '../../src/index.js';

const aiTools = {
  getWeather: aiTool({ description: 'Weather', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, tempC: 20 }) }),
};
expectTypeOf(stubbedTools(aiTools, { getWeather: { city: 'Paris', tempC: 1 } })).toEqualTypeOf<typeof aiTools>();
expectTypeOf(recordedTools(aiTools)).toEqualTypeOf<typeof aiTools>();
stubbedTools(aiTools, { getWeather: (input) => ({ city: input.city, tempC: 1 }) });
stubbedTools(aiTools, { getWeather: [{ input: { city: 'Paris' }, output: { city: 'Paris', tempC: 1 } }, { error: 'down' }, { passThrough: true }] });
// @ts-expect-error: not the tool's output
stubbedTools(aiTools, { getWeather: { temperature: 1 } });
// @ts-expect-error: not a field of its input
stubbedTools(aiTools, { getWeather: [{ input: { town: 'Paris' }, output: { city: 'Paris', tempC: 1 } }] });
// @ts-expect-error: no such tool
stubbedTools(aiTools, { getWether: 1 });

// Mastra's tools are typed the same way (test/tools/frameworks.test.ts compiles a stub of createTool's input); its
// declarations do not compile with skipLibCheck off, so they are not imported here.

const openaiTools = [openaiTool({ name: 'lookup_order', description: 'An order', parameters: z.object({ order: z.string() }), execute: async ({ order }) => ({ order }) })];
stubbedTools(openaiTools, { lookup_order: (input) => ({ order: input.order }) });
// @ts-expect-error: not a field of its parameters
stubbedTools(openaiTools, { lookup_order: (input) => input.id });

const langchainTools = [langchainTool(async ({ q }: { q: string }) => `found ${q}`, { name: 'search', description: 'Search', schema: z.object({ q: z.string() }) })];
stubbedTools(langchainTools, { search: [{ input: { q: 'x' }, output: 'found x' }] });
// @ts-expect-error: not a field of its schema
stubbedTools(langchainTools, { search: (input) => input.query });
