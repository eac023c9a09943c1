import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod3';
import { Agent, createTool, noopLogger } from '../../reference/mastra/index.js';
import { sample } from '../../src/index.js';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';
import { runWithCalls } from '../helpers/runs.js';
import { call, makeTools, sdks, type ProviderStep } from '../fixtures/aiSdk.js';

/** One step with a good call, an input failing its zod schema, an unknown tool, and a dynamic tool's input failing its jsonSchema(). */
const steps: ProviderStep[] = [
  [
    call('c1', 'auth-tool', { user: 'alice' }),
    call('c2', 'fetch-tool', { url: 42 }),
    call('c3', 'fetch-tol', { url: 'https://x.test' }),
    call('c4', 'mcp-search', { q: 7 }),
  ],
  [{ type: 'text', text: 'Done.' }],
];

async function run(name: 'ai5' | 'ai6' | 'ai7', modelSteps = steps) {
  const sdk = sdks.find((each) => each.name === name)!;
  const tools = makeTools(sdk);
  const result = await sdk.ai.generateText({ model: sdk.model(modelSteps), tools, stopWhen: sdk.ai.stepCountIs(5), prompt: 'go' });
  return { result, tools, sdk };
}

const validSteps: ProviderStep[] = [[call('c1', 'auth-tool', { user: 'alice' }), call('c2', 'mcp-search', { q: 'cats' })], [{ type: 'text', text: 'Done.' }]];

describe('toCallToolsWithValidInputs', () => {
  for (const name of ['ai5', 'ai6', 'ai7'] as const) {
    it(`${name}: checks each call against the ToolSet's schemas (zod, and jsonSchema() through @cfworker/json-schema)`, async () => {
      const { result, tools } = await run(name);
      const failure = failureOf(() => expect(result).toCallToolsWithValidInputs(tools));
      expect(failure.message).toContain('but 3 of 4 calls did not:');
      expect(failure.message).toContain('       url: Invalid input: expected string, received number');
      expect(failure.message).toContain('Did you mean "fetch-tool"?');
      expect(failure.message).toContain('       q: Instance type "number" is invalid. Expected "string".');
      const valid = await run(name, validSteps);
      expect(valid.result).toCallToolsWithValidInputs(valid.tools);
      expect(result).not.toCallToolsWithValidInputs(tools);
    });
  }

  it('lists each invalid call with its issues as path: message, and each unknown tool with a "did you mean"', async () => {
    const { result, tools } = await run('ai7');
    expect(failureOf(() => expect(result).toCallToolsWithValidInputs(tools)).message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsWithValidInputs(tools)

      Expected every call to name one of the tools and pass its input schema, but 3 of 4 calls did not:
        2. fetch-tool  {"url":42}
             url: Invalid input: expected string, received number
        3. fetch-tol  {"url":"https://x.test"}
             not one of the tools (auth-tool, fetch-tool, flaky-tool, mcp-search, delete-tool). Did you mean "fetch-tool"?
        4. mcp-search  {"q":7}
             q: Instance type "number" is invalid. Expected "string".

      Received 4 tool calls:
        1. auth-tool   {"user":"alice"}
        2. fetch-tool  {"url":42} (invalid call, failed)
        3. fetch-tol   {"url":"https://x.test"} (invalid call, failed)
        4. mcp-search  {"q":7}"
    `);
  });

  it('.not fails when every call is valid', async () => {
    const { result, tools } = await run('ai6', validSteps);
    expect(failureOf(() => expect(result).not.toCallToolsWithValidInputs(tools)).message).toMatchInlineSnapshot(`
      "expect(run).not.toCallToolsWithValidInputs(tools)

      Expected some call to name an unknown tool or fail its input schema, but all 2 calls are valid.

      Received 2 tool calls:
        1. auth-tool   {"user":"alice"}
        2. mcp-search  {"q":"cats"}"
    `);
    expect(failureOf(() => expect([]).not.toCallToolsWithValidInputs(tools)).message).toContain('but the run made no calls.');
  });

  it('a record of schemas: zod 3 and 4, valibot, arktype, jsonSchema() with and without validate, plain JSON Schema', async () => {
    const { jsonSchema } = sdks.find((each) => each.name === 'ai7')!.ai;
    const calls = [
      { toolName: 'zod4', input: { city: 'Oslo', days: 3 } },
      { toolName: 'zod3', input: { city: 'Oslo', days: -1 } },
      { toolName: 'valibot', input: { city: '', days: 3 } },
      { toolName: 'arktype', input: { city: 'Oslo', days: 'three' } },
      { toolName: 'validated', input: { city: 'Oslo' } },
      { toolName: 'json', input: { city: 'Oslo', tags: ['a', 2] } },
      { toolName: 'plain', input: { extra: true } },
    ];
    const schemas = {
      zod4: z.object({ city: z.string(), days: z.number().int().positive() }),
      zod3: z3.object({ city: z3.string(), days: z3.number().int().positive() }),
      valibot: v.object({ city: v.pipe(v.string(), v.minLength(1)), days: v.number() }),
      arktype: type({ city: 'string', days: 'number' }),
      validated: jsonSchema({ type: 'object' }, { validate: () => ({ success: false, error: new Error('city is not served') }) }),
      json: jsonSchema({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }),
      plain: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    };
    expect(failureOf(() => expect(calls).toCallToolsWithValidInputs(schemas)).message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsWithValidInputs(tools)

      Expected every call to name one of the tools and pass its input schema, but 6 of 7 calls did not:
        2. zod3  {"city":"Oslo","days":-1}
             days: Number must be greater than 0
        3. valibot  {"city":"","days":3}
             city: Invalid length: Expected >=1 but received 0
        4. arktype  {"city":"Oslo","days":"three"}
             days: days must be a number (was a string)
        5. validated  {"city":"Oslo"}
             (root): city is not served
        6. json  {"city":"Oslo","tags":["a",2]}
             tags[1]: Instance type "number" is invalid. Expected "string".
        7. plain  {"extra":true}
             (root): Instance does not have required property "city".
             (root): Property "extra" does not match additional properties schema.

      Received 7 tool calls:
        1. zod4       {"city":"Oslo","days":3}
        2. zod3       {"city":"Oslo","days":-1}
        3. valibot    {"city":"","days":3}
        4. arktype    {"city":"Oslo","days":"three"}
        5. validated  {"city":"Oslo"}
        6. json       {"city":"Oslo","tags":["a",2]}
        7. plain      {"extra":true}"
    `);
    expect([calls[0]]).toCallToolsWithValidInputs(schemas);
  });

  it('a Mastra tools record (createTool)', () => {
    const tools = {
      'auth-tool': createTool({ id: 'auth-tool', description: 'Authenticate', inputSchema: z.object({ user: z.string() }), execute: async () => ({}) }),
      'no-schema': createTool({ id: 'no-schema', description: 'Takes anything', execute: async () => ({}) }),
    };
    expect(runWithCalls({ toolName: 'auth-tool', args: { user: 'ada' } }, { toolName: 'no-schema', args: { any: 1 } })).toCallToolsWithValidInputs(tools);
    expect(failureOf(() => expect(runWithCalls({ toolName: 'auth-tool', args: { name: 'ada' } })).toCallToolsWithValidInputs(tools)).message).toContain(
      '       user: Invalid input: expected string, received undefined',
    );
  });

  it('a real Mastra agent run: an input its tool rejected is named, the agent run as it is', async () => {
    const tools = {
      'fetch-tool': createTool({ id: 'fetch-tool', description: 'Fetch', inputSchema: z.object({ url: z.string() }), execute: async ({ context }) => ({ url: context.url }) }),
    };
    const model = sdks.find((each) => each.name === 'ai5')!.model([
      [call('c1', 'fetch-tool', { url: 'https://x.test/a' }), call('c2', 'fetch-tool', { url: 42 })],
      [{ type: 'text', text: 'Done.' }],
    ]);
    const agent = new Agent({ name: 'inputs-agent', instructions: 'Use the tools.', model, tools });
    agent.__setLogger(noopLogger);
    const result = await agent.generate('go', { maxSteps: 5 });
    expect(failureOf(() => expect(result).toCallToolsWithValidInputs(tools)).message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsWithValidInputs(tools)

      Expected every call to name one of the tools and pass its input schema, but 1 of 2 calls did not:
        2. fetch-tool  {"url":42}
             url: Invalid input: expected string, received number

      Received 2 tool calls:
        1. fetch-tool  {"url":"https://x.test/a"}
        2. fetch-tool  {"url":42}"
    `);
  });

  it('escapes and cuts what comes from the run', () => {
    const hostile = '\u001b[31mevil\ntool' + 'x'.repeat(80);
    const calls = [
      { toolName: hostile, input: { note: 'a'.repeat(500) } },
      { toolName: 'search', input: { ['bad\nkey']: 1, q: 'x'.repeat(500) } },
    ];
    const tools = { search: z.strictObject({ q: z.string().max(10) }) };
    expect(failureOf(() => expect(calls).toCallToolsWithValidInputs(tools)).message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsWithValidInputs(tools)

      Expected every call to name one of the tools and pass its input schema, but none of its 2 calls did:
        1. \\u001b[31mevil\\ntoolxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (94 characters)  {"note":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…
             not one of the tools (search).
        2. search  {"bad\\nkey":1,"q":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…
             q: Too big: expected string to have <=10 characters
             (root): Unrecognized key: "bad\\u000akey"

      Received 2 tool calls:
        1. \\u001b[31mevil\\ntoolxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (94 characters)  {"note":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…
        2. search                            {"bad\\nkey":1,"q":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    `);
  });

  it('throws on tools that are not tools or schemas, and on async schemas, also under .not', () => {
    const calls = [{ toolName: 'search', input: {} }];
    expect(matcherErrorOf(() => expect(calls).toCallToolsWithValidInputs(['search'] as never))).toContain(
      "tools must be a record of tools or schemas by tool name (an AI SDK ToolSet, a Mastra tools record, or { search: z.object({ … }) }), a list of tools that name themselves (LangChain's tool()), or the tools a Google Gen AI or Bedrock Converse model was given (config.tools, toolConfig); received an array of 1.",
    );
    expect(matcherErrorOf(() => expect(calls).toCallToolsWithValidInputs(42 as never))).toContain(
      "tools must be a record of tools or schemas by tool name (an AI SDK ToolSet, a Mastra tools record, or { search: z.object({ … }) }), a list of tools that name themselves (LangChain's tool()), or the tools a Google Gen AI or Bedrock Converse model was given (config.tools, toolConfig); received number 42.",
    );
    expect(matcherErrorOf(() => expect(calls).not.toCallToolsWithValidInputs(z.object({}) as never))).toContain('tools must be a record of tools or schemas');
    expect(matcherErrorOf(() => expect(calls).not.toCallToolsWithValidInputs({ search: 'a string' }))).toContain(
      'tools["search"] is neither a tool nor a schema. Pass an AI SDK ToolSet, a Mastra tools record, LangChain tools (a list or a record), or a record of schemas (zod, valibot, arktype or any Standard Schema, the AI SDK\'s jsonSchema(), or a JSON Schema object).',
    );
    const slow = { search: z.object({}).refine(async () => true) };
    expect(matcherErrorOf(() => expect(calls).not.toCallToolsWithValidInputs(slow))).toContain(
      'the input schema of "search" validates asynchronously (its validate returned a Promise, e.g. a zod async refine)',
    );
  });

  it('over sample(…): one verdict per run', async () => {
    const good = await run('ai7', validSteps);
    const bad = await run('ai7');
    const runs = await sample([good.result, bad.result], { minPassRate: 0.5 });
    expect(runs).toCallToolsWithValidInputs(good.tools);
    const strict = await sample([good.result, bad.result]);
    const failure = failureOf(() => expect(strict).toCallToolsWithValidInputs(good.tools));
    expect(failure.message).toContain('Passed in 1 of 2 runs (flaky); all 2 required (minPassRate 1).');
    expect(failure.message).toContain('Run 2 of 2 failed:');
    expect(matcherErrorOf(() => expect(strict).toCallToolsWithValidInputs(42 as never))).toContain('tools must be a record');
  });
});

describe('toCallToolsWithValidInputs: AI SDK schema forms', () => {
  it('lazySchema(() => jsonSchema(…)) and zodSchema(…), as the AI SDK makes them', async () => {
    const { lazySchema, zodSchema, jsonSchema } = await import('@ai-sdk/provider-utils');
    const tools = {
      lazy: { inputSchema: lazySchema(() => jsonSchema({ type: 'object', properties: { n: { type: 'number' } } })) },
      wrapped: { inputSchema: zodSchema(z.object({ q: z.string() })) },
    };
    const calls = [
      { toolName: 'lazy', input: { n: 'one' } },
      { toolName: 'wrapped', input: { q: 1 } },
    ];
    const message = failureOf(() => expect(calls).toCallToolsWithValidInputs(tools)).message;
    expect(message).toContain('  1. lazy  {"n":"one"}\n       n: Instance type "string" is invalid. Expected "number".');
    // zodSchema()'s own validate is asynchronous (safeParseAsync): the input is checked against its JSON Schema.
    expect(message).toContain('  2. wrapped  {"q":1}\n       q: Instance type "number" is invalid. Expected "string".');
    // A tool with no input schema takes any input.
    expect([{ toolName: 'ping', input: { any: 1 } }]).toCallToolsWithValidInputs({ ping: { execute: async () => 'pong' } });
    expect(matcherErrorOf(() => expect(calls).toCallToolsWithValidInputs({ lazy: () => 'not a schema' }))).toContain(
      'tools["lazy"] is a function that returns no AI SDK schema (a lazySchema() returns one).',
    );
  });
});

describe('toCallToolsWithValidInputs outside a runner: check(run)', () => {
  it('returns quietly when every input is valid, throws the failure message otherwise', async () => {
    const { check, ToolCallCheckError } = await import('../../src/index.js');
    const tools = { search: z.object({ q: z.string() }) };
    check([{ toolName: 'search', input: { q: 'cats' } }]).toCallToolsWithValidInputs(tools);
    expect(() => check([{ toolName: 'search', input: { q: 1 } }]).toCallToolsWithValidInputs(tools)).toThrow(ToolCallCheckError);
    expect(() => check([{ toolName: 'serch', input: {} }]).toCallToolsWithValidInputs(tools)).toThrow('not one of the tools (search). Did you mean "search"?');
  });
});
