// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
// Typed tool references: a renamed tool or input field, or a wrong input type, must not compile.
import { jsonSchema, tool } from 'ai';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { parallel, toolRefs } from '../../src/index.js';
import type { ToolRef } from '../../src/index.js';
import type {} from '../../src/vitest.js';

declare const run: unknown;

const tools = {
  getWeather: tool({
    description: 'Weather for a city',
    inputSchema: z.object({ city: z.string(), units: z.enum(['c', 'f']).optional() }),
    execute: async ({ city }) => ({ city, temperature: 20 }),
  }),
  search: tool({
    inputSchema: jsonSchema<{ query: string; limit: number }>({
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'number' } },
      required: ['query', 'limit'],
    }),
  }),
  ping: tool({ inputSchema: z.object({}), execute: async () => 'pong' }),
};

describe('toolRefs types', () => {
  const t = toolRefs(tools);

  it('infers names and inputs from zod and JSON schemas', () => {
    expectTypeOf(t.getWeather).toEqualTypeOf<ToolRef<'getWeather', { city: string; units?: 'c' | 'f' | undefined }>>();
    expectTypeOf(t.search).toEqualTypeOf<ToolRef<'search', { query: string; limit: number }>>();
  });

  it('accepts a reference wherever a tool name goes', () => {
    expect(run).toCallTool(t.getWeather);
    expect(run).toCallTool(t.getWeather, { city: 'Paris' });
    expect(run).toCallTool(t.getWeather, { city: 'Paris', units: 'c' });
    expect(run).not.toCallTool(t.search, { query: 'cats', limit: 3 });
    expect(run).toCallToolTimes(t.ping, 2);
    expect(run).toCallOnly(t.getWeather);
    expect(run).toCallOnly([t.getWeather, t.search.with({ query: 'x', limit: 1 })]);
    expect(run).toCallToolsInOrder([t.search, parallel(t.getWeather, t.ping), 'other']);
    expect(run).toCallToolsInOrder([t.search.with({ query: 'x', limit: 1 }), { toolName: t.ping }], { strict: true });
  });

  it('accepts asymmetric matchers for any part of the input', () => {
    expect(run).toCallTool(t.getWeather, expect.objectContaining({ city: 'Paris' }));
    expect(run).toCallTool(t.getWeather, { city: expect.stringMatching(/^Par/) });
    expect(run).toCallTool(t.search, { query: expect.any(String), limit: expect.any(Number) });
    expect(run).toCallToolTimes(t.search, 0);
  });

  it('rejects a renamed tool, a renamed field and a wrong input type', () => {
    // @ts-expect-error no tool is called getWeathr
    expect(run).toCallTool(t.getWeathr);
    // @ts-expect-error the field is `city`
    expect(run).toCallTool(t.getWeather, { town: 'Paris' });
    // @ts-expect-error city is a string
    expect(run).toCallTool(t.getWeather, { city: 42 });
    // @ts-expect-error units is 'c' or 'f'
    expect(run).toCallTool(t.getWeather, { city: 'Paris', units: 'kelvin' });
    // @ts-expect-error limit is a number (from the JSON schema's type parameter)
    expect(run).toCallTool(t.search, { query: 'cats', limit: '3' });
    // @ts-expect-error the pattern's input is checked too
    expect(run).toCallToolsInOrder([t.search.with({ query: 1, limit: 1 })]);
    // @ts-expect-error no tool is called nope
    expect(run).toCallToolTimes(t.nope, 1);
  });
});
