import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '../../reference/mastra/index.js';
import { toolRefs } from '../../src/index.js';
import { call, makeTools, sdks } from '../fixtures/aiSdk.js';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';

const ai7 = sdks.find((sdk) => sdk.name === 'ai7')!;

async function run() {
  const tools = makeTools(ai7);
  const result = await ai7.ai.generateText({
    model: ai7.model([[call('c1', 'auth-tool', { user: 'ada' }), call('c2', 'fetch-tool', { url: '/a' })], [{ type: 'text', text: 'done' }]]),
    tools,
    stopWhen: ai7.ai.stepCountIs(5),
    prompt: 'go',
  });
  return { result, t: toolRefs(tools as ReturnType<typeof makeTools>) };
}

describe('toolRefs', () => {
  it('names each tool by its key, usable wherever a name is', async () => {
    const { result, t } = await run();
    expect(t['auth-tool'].toolName).toBe('auth-tool');
    expect(result).toCallTool(t['auth-tool']);
    expect(result).toCallTool(t['auth-tool'], { user: 'ada' });
    expect(result).toCallTool(t['fetch-tool'], { url: expect.stringMatching(/^\//) });
    expect(result).not.toCallTool(t['flaky-tool']);
    expect(result).toCallToolTimes(t['fetch-tool'], 1);
    expect(result).toCallToolsInOrder([t['auth-tool'], t['fetch-tool'].with({ url: '/a' })], { strict: true });
    expect(result).toCallOnly([t['fetch-tool'], { toolName: t['auth-tool'], input: { user: 'ada' } }]);
    expect(t['fetch-tool'].with({ url: '/a' })).toEqual({ toolName: 'fetch-tool', input: { url: '/a' } });
  });

  it('fails with the same message as the name would', async () => {
    const { result, t } = await run();
    const byRef = failureOf(() => expect(result).toCallTool(t['auth-tool'], { user: 'bob' }));
    const byName = failureOf(() => expect(result).toCallTool('auth-tool', { user: 'bob' }));
    expect(byRef).toEqual(byName);
    expect(byRef.message).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName, input)

      Expected a call to "auth-tool" with input {"user":"bob"}

      Received 2 tool calls:
        1. auth-tool   {"user":"ada"}
        2. fetch-tool  {"url":"/a"}

      "auth-tool" was called once, but never with the expected input."
    `);
    expect(failureOf(() => expect(result).toCallToolTimes(t['flaky-tool'], 1)).message).toContain('Expected "flaky-tool" to be called once');
  });

  it('reads a Mastra tools record, named by its keys', () => {
    const tools = {
      lookupOrder: createTool({ id: 'lookup-order', description: 'Find an order', inputSchema: z.object({ orderId: z.string() }), execute: async ({ context }) => ({ id: context.orderId }) }),
    };
    const t = toolRefs(tools);
    expect(t.lookupOrder.toolName).toBe('lookupOrder');
    const calls = [{ toolName: 'lookupOrder', input: { orderId: 'A1' } }];
    expect(calls).toCallTool(t.lookupOrder, { orderId: 'A1' });
    // @ts-expect-error orderId is a string (checked by `npm run test:types`)
    expect(calls).not.toCallTool(t.lookupOrder, { orderId: 1 });
  });

  it('refuses what is not a tool set', () => {
    expect(() => toolRefs(['search'] as never)).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: toolRefs(tools) takes the tool set an agent is given, an object keyed by tool name ({ getWeather: tool({…}) }); received an array of 1 (pass the object the agent's tools option takes, not a list).]`);
    expect(() => toolRefs(null as never)).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: toolRefs(tools) takes the tool set an agent is given, an object keyed by tool name ({ getWeather: tool({…}) }); received null.]`);
    expect(() => toolRefs({ search: 'search' })).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: toolRefs(tools): "search" is a string, not a tool; pass the tool set itself ({ "search": tool({…}) }).]`);
  });

  it('an undefined reference (a typo without TypeScript) is a matcher error, with .not too', async () => {
    const { result, t } = await run();
    const typo = (t as Record<string, unknown>)['auth-tol'] as never;
    expect(matcherErrorOf(() => expect(result).toCallTool(typo))).toContain('toolName must be a non-empty tool name');
    expect(matcherErrorOf(() => expect(result).not.toCallTool(typo))).toContain('toolName must be a non-empty tool name');
  });
});
