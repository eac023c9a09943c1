/**
 * Mastra `agent.generate()` results at a size where the reader's pairing of results to calls leaves
 * its fast path (a result looks for its call among the 32 calls from the first unanswered one, then
 * in an index of ids): a real Mastra 0.24 agent issuing 40 calls a step for two steps, with the call
 * ids a provider that numbers them per turn reuses in the second step, and a tool that throws.
 * Mastra lists the results in the calls' order (measured: also when the later calls finish first);
 * a result kept or rebuilt elsewhere may come in any order, so every order is checked against the
 * rule written out plainly: the k-th result with an id is the k-th call's with that id.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { Agent, createTool, noopLogger } from '../../../reference/mastra/index.js';
import { call, sdks, type ProviderStep } from '../../fixtures/aiSdk.js';
import { getToolCalls } from '../../../src/index.js';
import type { ToolCall } from '../../../src/types.js';

const PER_STEP = 40;

const tools = {
  echo: createTool({ id: 'echo', description: 'Echo a number', inputSchema: z.object({ n: z.number() }), execute: async ({ context }) => ({ n: context.n }) }),
  'flaky-tool': createTool({
    id: 'flaky-tool',
    description: 'Always fails',
    inputSchema: z.object({ n: z.number() }),
    execute: async () => {
      throw new Error('backend down');
    },
  }),
};

// Two steps of 40 parallel calls, ids call_0…call_39 in both; the second step's call_7 is the throwing tool.
const steps: ProviderStep[] = [
  Array.from({ length: PER_STEP }, (_, index) => call(`call_${index}`, 'echo', { n: index })),
  Array.from({ length: PER_STEP }, (_, index) => call(`call_${index}`, index === 7 ? 'flaky-tool' : 'echo', { n: 100 + index })),
  [{ type: 'text', text: 'Done.' }],
];

async function generated() {
  const model = sdks.find((sdk) => sdk.name === 'ai5')!.model(steps);
  const agent = new Agent({ name: 'echo-agent', instructions: 'Use the tools.', model, tools });
  agent.__setLogger(noopLogger);
  return agent.generate('go', { maxSteps: 5 });
}

type Chunk = { payload: { toolCallId: string; toolName: string; args: unknown; result?: unknown } };

/** The rule, the slow and plain way: each result takes the first call with its id that no earlier result took. */
function expectedCalls(toolCalls: readonly Chunk[], toolResults: readonly Chunk[]): ToolCall[] {
  const calls: ToolCall[] = toolCalls.map(({ payload }) => ({ toolName: payload.toolName, input: payload.args, toolCallId: payload.toolCallId }));
  const taken = new Set<number>();
  for (const { payload } of toolResults) {
    const index = calls.findIndex((candidate, at) => !taken.has(at) && candidate.toolCallId === payload.toolCallId);
    if (index === -1) continue;
    taken.add(index);
    if (payload.result instanceof Error) calls[index]!.error = payload.result;
    else calls[index]!.output = payload.result;
  }
  return calls;
}

describe('mastra-generate: results paired to calls', () => {
  it('a real run: 80 calls, ids reused in the second step, each call with its own result', async () => {
    const result = await generated();
    const calls = getToolCalls(result);
    expect(calls).toHaveLength(2 * PER_STEP);
    expect(calls.slice(0, 2)).toStrictEqual([
      { toolName: 'echo', input: { n: 0 }, toolCallId: 'call_0', output: { n: 0 } },
      { toolName: 'echo', input: { n: 1 }, toolCallId: 'call_1', output: { n: 1 } },
    ]);
    // Every echo's result is its own input, in both steps, whatever the id.
    for (const read of calls) if (read.toolName === 'echo') expect(read.output).toStrictEqual(read.input);
    const failed = calls[PER_STEP + 7]!;
    expect(failed).toMatchObject({ toolName: 'flaky-tool', input: { n: 107 }, toolCallId: 'call_7', error: expect.objectContaining({ message: 'backend down' }) });
    expect(failed).not.toHaveProperty('output');
    // A call made with its result reads like one that got it later: the same keys, in the same order.
    expect(Object.keys(calls[0]!)).toEqual(['toolName', 'input', 'toolCallId', 'output']);
    expect(Object.keys(failed)).toEqual(['toolName', 'input', 'toolCallId', 'error']);
    expect(calls).toStrictEqual(expectedCalls(result.toolCalls as never, result.toolResults as never));
  });

  it('results in any order, some missing, some for no call, some twice: the k-th result with an id is the k-th call with it', async () => {
    const result = await generated();
    const toolCalls = result.toolCalls as unknown as Chunk[];
    const toolResults = result.toolResults as unknown as Chunk[];
    const stray = (id: string): Chunk => ({ payload: { toolCallId: id, toolName: 'echo', args: {}, result: { stray: id } } });
    const results = fc.array(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...toolResults) }, fc.constantFrom('call_3', 'call_39', 'nobody').map(stray)), { maxLength: 3 * toolResults.length });
    fc.assert(
      fc.property(fc.shuffledSubarray(toolResults), results, fc.boolean(), (some, extra, shuffled) => {
        const reordered = shuffled ? [...some, ...extra] : [...extra, ...some];
        const run = { ...result, toolResults: reordered };
        expect(getToolCalls(run)).toStrictEqual(expectedCalls(toolCalls, reordered));
      }),
      { numRuns: 300 },
    );
  });

  it('the results reversed: the second step takes the first step results of the ids it reused', async () => {
    const result = await generated();
    const reversed = [...(result.toolResults as unknown as Chunk[])].reverse();
    const calls = getToolCalls({ ...result, toolResults: reversed });
    // Reversed, the second step's results come first, so they go to the first calls with their ids.
    expect(calls[0]).toStrictEqual({ toolName: 'echo', input: { n: 0 }, toolCallId: 'call_0', output: { n: 100 } });
    expect(calls[PER_STEP]).toStrictEqual({ toolName: 'echo', input: { n: 100 }, toolCallId: 'call_0', output: { n: 0 } });
    expect(calls[7]).toMatchObject({ toolName: 'echo', input: { n: 7 }, error: expect.objectContaining({ message: 'backend down' }) });
    expect(calls[PER_STEP + 7]).toStrictEqual({ toolName: 'flaky-tool', input: { n: 107 }, toolCallId: 'call_7', output: { n: 7 } });
  });
});
