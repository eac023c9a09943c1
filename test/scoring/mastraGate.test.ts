import { describe, expect, it } from 'vitest';
import { check, mastraGate, ToolCallAccuracyError } from '../../src/index.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';

/** The run Mastra hands a scorer of type 'agent': input and output messages, and what the item adds. */
function mastraRun(...toolNames: string[]) {
  const run = createAgentTestRun({
    inputMessages: [createTestMessage({ role: 'user', content: 'Book SFO to JFK', id: 'in-1' })],
    output: [
      createTestMessage({
        role: 'assistant',
        content: 'Done.',
        id: 'out-1',
        toolInvocations: toolNames.map((toolName, index) => createToolInvocation({ toolCallId: `c${index}`, toolName, args: { index }, result: { ok: true }, state: 'result' })),
      }),
    ],
  });
  return { ...run, groundTruth: { tool: 'book-flight' }, runId: 'run-7' };
}

const inOrder = mastraGate('books-in-order', (run) => check(run).toCallToolsInOrder(['search-flights', 'book-flight']));

describe('mastraGate', () => {
  it("is a Mastra scorer of type 'agent' named by its id", () => {
    expect({ id: inOrder.id, name: inOrder.name, type: inOrder.type, description: inOrder.description }).toEqual({
      id: 'books-in-order',
      name: 'books-in-order',
      type: 'agent',
      description: 'Scores 1 when the tool-call checks of "books-in-order" pass, 0 when one fails',
    });
    const named = mastraGate('g', () => {}, { name: 'Books in order', description: 'search, then book' });
    expect({ name: named.name, description: named.description }).toEqual({ name: 'Books in order', description: 'search, then book' });
  });

  it('scores 1 when the checks pass, keeping the run id Mastra gave', async () => {
    expect(await inOrder.run(mastraRun('search-flights', 'book-flight'))).toEqual({ runId: 'run-7', score: 1 });
  });

  it("scores 0 when a check fails, with the check's failure message as the reason", async () => {
    const result = await inOrder.run(mastraRun('book-flight', 'search-flights'));
    expect(result.score).toBe(0);
    expect(result.reason).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Expected these calls, in this order (other calls allowed):
        1. search-flights
        2. book-flight

      Received 2 tool calls:
        1. book-flight     {"index":0}
        2. search-flights  {"index":1}

      First out of order: "book-flight" (expected 2nd) came before "search-flights" (expected 1st)

      - Expected
      + Received

        Array [
      -   "search-flights",
          "book-flight",
      +   "search-flights",
        ]"
    `);
  });

  it('runs several checks, async ones too, and reads what the dataset item adds', async () => {
    const gate = mastraGate('books-the-expected-tool', async (run) => {
      check(run).toCallTool('search-flights');
      await Promise.resolve();
      check(run).toCallTool(run.groundTruth.tool);
    });
    expect((await gate.run(mastraRun('search-flights', 'book-flight'))).score).toBe(1);
    expect(await gate.run(mastraRun('search-flights'))).toEqual(expect.objectContaining({ score: 0, reason: expect.stringContaining('"book-flight" was never called') }));
  });

  it('rejects, never scores, for a bad argument, a run it cannot read, or an error that is not a failed check', async () => {
    await expect(mastraGate('bad', (run) => check(run).toCallToolTimes('search-flights', -2)).run(mastraRun('search-flights'))).rejects.toBeInstanceOf(ToolCallAccuracyError);
    await expect(inOrder.run({ output: 'not messages' })).rejects.toBeInstanceOf(ToolCallAccuracyError);
    const bug = new RangeError('a bug in the checks');
    await expect(mastraGate('buggy', () => { throw bug; }).run(mastraRun())).rejects.toBe(bug);
    // An assertion of a test runner is not a check: it fails the scorer rather than scoring 0.
    await expect(mastraGate('expect-inside', (run) => expect(run).toCallTool('refund')).run(mastraRun('search-flights'))).rejects.toThrow(/toCallTool/);
  });

  it('refuses bad arguments at creation with a TypeError that says how to fix them', () => {
    expect(() => mastraGate('', () => {})).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: mastraGate(id, checks): id names the gate in Mastra's results, e.g. 'books-in-order'; received a string ("").]`);
    expect(() => mastraGate('g', 'toCallTool' as never)).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: mastraGate("g", checks): checks is a function of the run, e.g. (run) => check(run).toCallTool('search'); received a string ("toCallTool").]`);
    expect(() => mastraGate('g', () => {}, { threshold: 1 } as never)).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: mastraGate("g", checks, options): a gate has no threshold, it scores 1 or 0 per run. runEvals gates on the share of runs that passed; for a threshold, pass the gate as a scorer: scorers: [{ scorer: gate, threshold: 0.9 }].]`);
    expect(() => mastraGate('g', () => {}, { tags: [] } as never)).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: mastraGate("g", checks, options): unknown option "tags". Known: name, description, type.]`);
    expect(() => mastraGate('g', () => {}, { name: 3 } as never)).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: mastraGate("g", checks, options): name must be a string; received number 3.]`);
    expect(() => mastraGate('g', () => {}, { type: 'workflow' } as never)).toThrowErrorMatchingInlineSnapshot(`[ToolCallAccuracyError: mastraGate("g", checks, options): type must be 'agent' (the run's messages) or 'trajectory' (its Mastra trajectory); received "workflow".]`);
    expect(() => mastraGate('g', () => {}, null as never)).toThrow(TypeError);
    expect(mastraGate('g', () => {}, { type: 'trajectory' }).type).toBe('trajectory');
  });
});
