/**
 * LangGraph's streams, from a real createReactAgent (@langchain/langgraph) whose model streams its
 * tool calls as `tool_call_chunks` split over chunks: `streamMode: 'messages'` chunks are joined
 * into whole messages as LangChain's own `concat` joins them, or refused; the other modes' chunks
 * are refused with what to pass instead; a state holds the whole thread.
 */
import fc from 'fast-check';
import { AIMessageChunk } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { getToolCalls, turn } from '../../../src/index.js';
import { readRun } from '../../../src/calls/getToolCalls.js';
import { ToolCallAccuracyError } from '../../../src/errors.js';
import { bookTool, scriptedAgent, searchTool, splitCall, streamed, type ScriptedChunk } from '../../helpers/langgraph.js';
import { failureOf, matcherErrorOf, refusalOf } from '../../helpers/failureOf.js';

/** Two parallel searches, each call's arguments split over chunks; then a booking; then the reply. */
const script: ScriptedChunk[][] = [
  [
    { content: 'Looking.' },
    ...splitCall(0, 'call_1', 'search', { q: 'paris' }, [3, 7]),
    ...splitCall(1, 'call_2', 'search', { q: 'rome' }, [1]),
    { content: '', usage_metadata: { input_tokens: 10, output_tokens: 5, total_tokens: 15 } },
  ],
  [...splitCall(0, 'call_3', 'book', { flight: 'UA 1', seat: '14C' }, [5, 12, 20]), { usage_metadata: { input_tokens: 3, output_tokens: 2, total_tokens: 5 } }],
  [{ content: 'Booked ' }, { content: 'UA 1.', usage_metadata: { input_tokens: 4, output_tokens: 1, total_tokens: 5 } }],
];

const expected = [
  { toolName: 'search', input: { q: 'paris' }, toolCallId: 'call_1', output: 'found paris' },
  { toolName: 'search', input: { q: 'rome' }, toolCallId: 'call_2', output: 'found rome' },
  { toolName: 'book', input: { flight: 'UA 1', seat: '14C' }, toolCallId: 'call_3', output: 'booked UA 1 14C' },
];

describe("streamMode: 'messages': chunks joined into whole messages", () => {
  it('reads the [chunk, metadata] tuples as the whole calls, one model step per message', async () => {
    const tuples = await streamed(scriptedAgent(script), 'Find flights and book one', 'messages');
    // The stream really splits the calls: more chunks than messages, the first fragment alone no input.
    expect(tuples.length).toBeGreaterThan(10);
    expect(getToolCalls(tuples)).toEqual(expected);
    expect(readRun(tuples).steps).toEqual([readRun(tuples).steps![0], readRun(tuples).steps![0], readRun(tuples).steps![2]]);
    expect(readRun(tuples).steps![0]).not.toBe(readRun(tuples).steps![2]);
    expect(tuples).toCallToolsInOrder(['search', 'search', 'book'], { strict: true });
    expect(tuples).toCallTool('search', { q: 'paris' });
    // The first fragment of the arguments is not a call that was made.
    expect(tuples).not.toCallTool('search', {});
    expect(failureOf(() => expect(tuples).not.toCallTool('book', { flight: 'UA 1', seat: '14C' })).message).toContain('book');
    // Usage is summed over a message's chunks by concat, and over the messages by the budget.
    expect(tuples).toStayWithinBudget({ steps: 3, tokens: 25 });
    expect(tuples).not.toStayWithinBudget({ steps: 2 });
    expect(tuples).not.toStayWithinBudget({ tokens: 24 });
  });

  it('reads the bare chunks (the tuples without their metadata) alike', async () => {
    const tuples = (await streamed(scriptedAgent(script), 'Find flights and book one', 'messages')) as Array<[unknown, unknown]>;
    expect(getToolCalls(tuples.map(([chunk]) => chunk))).toEqual(expected);
  });

  it('agrees with the final state and with LangChain’s own concat over any split of the arguments', async () => {
    const cuts = fc.array(fc.nat({ max: 40 }), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(cuts, cuts, fc.boolean(), async (first, second, parallel) => {
        const calls = parallel
          ? [...splitCall(0, 'call_a', 'search', { q: 'tokyo "central"' }, first), ...splitCall(1, 'call_b', 'book', { flight: 'JL 5', seat: '2A' }, second)]
          : splitCall(0, 'call_a', 'book', { flight: 'JL 5', seat: '2A' }, [...first, ...second]);
        const responses = [calls, [{ content: 'Done.' }]];
        const tuples = (await streamed(scriptedAgent(responses), 'go', 'messages')) as Array<[AIMessageChunk, unknown]>;
        const state = await scriptedAgent(responses).invoke({ messages: [{ role: 'user', content: 'go' }] }, { configurable: { thread_id: 't' } });
        expect(getToolCalls(tuples)).toEqual(getToolCalls(state));
        // The model's chunks joined by LangChain itself read as the same calls.
        const modelChunks = tuples.map(([chunk]) => chunk).filter((chunk) => chunk instanceof AIMessageChunk && chunk.id === tuples[0]![0].id);
        const joined = modelChunks.reduce((whole, chunk) => whole.concat(chunk));
        expect(getToolCalls([joined]).map(({ toolName, input, toolCallId }) => ({ toolName, input, toolCallId }))).toEqual(
          getToolCalls(tuples).map(({ toolName, input, toolCallId }) => ({ toolName, input, toolCallId })),
        );
      }),
      { numRuns: 12 },
    );
  }, 60_000);

  it('refuses a stream cut short (arguments still incomplete JSON), never reading a partial call', async () => {
    const tuples = (await streamed(scriptedAgent(script), 'Find flights and book one', 'messages')) as unknown[];
    // Cut after the first fragment of the first call.
    const cut = tuples.slice(0, 2);
    expect(refusalOf(cut)).toMatch(/reading the run as langchain: its message 1 \(a message streamed in 2 chunks\) is .*the arguments of its call to "search" are incomplete JSON, so the stream was cut short/);
    expect(() => expect(cut).not.toCallTool('search')).toThrow(ToolCallAccuracyError);
    expect(() => expect(cut).toCallNoTools()).toThrow(ToolCallAccuracyError);
  });

  it('refuses chunks saved as JSON, which only their own concat() joins, and says how to keep them', async () => {
    const tuples = await streamed(scriptedAgent(script), 'Find flights and book one', 'messages');
    const saved: unknown = JSON.parse(JSON.stringify(tuples));
    expect(refusalOf(saved)).toMatch(/its message 1 \(with \d+ more chunks of its message\) is \{ lc, type: "constructor", id: \[.*\], kwargs \}.*join them before saving \(chunks\.reduce\(\(a, b\) => a\.concat\(b\)\)\)/s);
  });
});

describe("LangGraph's other stream modes: refused, saying what to pass", () => {
  it("a list of 'values' chunks: pass the last one", async () => {
    const chunks = await streamed(scriptedAgent(script), 'Find flights and book one', 'values');
    expect(refusalOf(chunks)).toContain(`it is a list of ${chunks.length} LangGraph states (the chunks of graph.stream(input, { streamMode: "values" })): each holds the whole thread so far, so reading them all would count each call again. Pass the last one: chunks.at(-1)`);
    expect(getToolCalls(chunks.at(-1))).toEqual(expected);
  });

  it("'updates' and 'debug' chunks, one or a list: pass the final state", async () => {
    const updates = await streamed(scriptedAgent(script), 'Find flights and book one', 'updates');
    expect(refusalOf(updates)).toContain('a list of chunks of graph.stream(input, { streamMode: "updates" }), each one node\'s new messages; pass the final state instead (await graph.invoke(input)');
    expect(refusalOf(updates[0])).toContain('a chunk of graph.stream(input, { streamMode: "updates" })');
    const debug = await streamed(scriptedAgent(script), 'Find flights and book one', 'debug');
    expect(refusalOf(debug)).toContain('a list of events of graph.stream(input, { streamMode: "debug" }); pass the final state instead');
    expect(() => expect(debug).not.toCallTool('book')).toThrow(ToolCallAccuracyError);
  });

  it("one 'messages' tuple: collect them all", async () => {
    const tuples = await streamed(scriptedAgent(script), 'Find flights and book one', 'messages');
    expect(refusalOf(tuples[1])).toContain('it is one [message, metadata] chunk of graph.stream(input, { streamMode: "messages" }). Collect every chunk of the stream in a list and pass the list');
  });

  it('[mode, chunk] pairs of several modes: pass one mode', async () => {
    const agent = scriptedAgent(script);
    const pairs: unknown[] = [];
    for await (const pair of await agent.stream({ messages: [{ role: 'user', content: 'go' }] }, { streamMode: ['values', 'messages'], configurable: { thread_id: 't' } })) pairs.push(pair);
    expect(refusalOf(pairs)).toContain('[mode, chunk] pairs of graph.stream(input, { streamMode: [...] }) with several modes; pass the chunks of one mode');
  });
});

describe('a LangGraph state holds the whole thread', () => {
  it("counts every turn's calls; turn(state, -1) checks the last", async () => {
    const agent = scriptedAgent([[...splitCall(0, 'call_1', 'search', { q: 'paris' }, [4])], [{ content: 'Paris it is.' }], [...splitCall(0, 'call_2', 'book', { flight: 'AF 1' }, [2])], [{ content: 'Booked.' }]]);
    const config = { configurable: { thread_id: 'thread' } };
    await agent.invoke({ messages: [{ role: 'user', content: 'Find Paris' }] }, config);
    const state = await agent.invoke({ messages: [{ role: 'user', content: 'Book it' }] }, config);
    expect(state).toCallToolsInOrder(['search', 'book'], { strict: true });
    expect(turn(state, -1)).toCallOnly({ toolName: 'book', input: { flight: 'AF 1' } });
    expect(turn(state, 1)).toCallOnly('search');
  });
});

describe("toCallToolsWithValidInputs with LangChain's tool() objects", () => {
  it('takes the tools as a list and as a record', async () => {
    const run = await scriptedAgent(script).invoke({ messages: [{ role: 'user', content: 'go' }] }, { configurable: { thread_id: 't' } });
    expect(run).toCallToolsWithValidInputs([searchTool, bookTool]);
    expect(run).toCallToolsWithValidInputs({ search: searchTool, book: bookTool });
    // A call to a tool missing from the list fails, naming it.
    expect(failureOf(() => expect(run).toCallToolsWithValidInputs([searchTool])).message).toContain('book');
  });

  it('fails a call whose input does not pass the tool’s schema', async () => {
    const run = await scriptedAgent([[...splitCall(0, 'call_1', 'book', { seat: 3 }, [2])], [{ content: 'Hm.' }]]).invoke({ messages: [{ role: 'user', content: 'go' }] }, { configurable: { thread_id: 't' } });
    expect(run).not.toCallToolsWithValidInputs([searchTool, bookTool]);
    expect(failureOf(() => expect(run).toCallToolsWithValidInputs([searchTool, bookTool])).message).toMatch(/flight: Invalid input: expected string, received undefined/);
  });

  it('refuses a list holding something that is not a named tool, and two tools of one name', () => {
    expect(matcherErrorOf(() => expect([]).toCallToolsWithValidInputs([searchTool, 'book'] as never))).toContain("tools[1] is not a tool with a name (a list holds tools that name themselves, like LangChain's tool()); pass a record by name for anything else.");
    expect(matcherErrorOf(() => expect([]).toCallToolsWithValidInputs([searchTool, searchTool]))).toMatch(/two tools named "search"/);
  });
});
