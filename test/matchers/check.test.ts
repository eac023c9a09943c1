import { stripVTControlCharacters } from 'node:util';
import { expect as jestExpect } from 'expect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { check, JudgeError, matchers, sample, ToolCallAccuracyError, ToolCallCheckError, toolRefs } from '../../src/index.js';
import { failureOf } from '../helpers/failureOf.js';
import { configureJudge, resetJudgeConfig } from '../../src/judge/config.js';
import { appropriateWeather, judgeModel, weatherRun, weatherTools } from '../helpers/judgeModels.js';
import { runWithCalls } from '../helpers/runs.js';

const trip = runWithCalls(
  { toolName: 'search_flights', args: { from: 'SFO', to: 'JFK', date: '2025-07-01' } },
  { toolName: 'book_flight', args: { flightId: 'UA 1234', seat: '14C' } },
);

/** What check throws, as a runner would see it. */
function thrown(assertion: () => unknown): ToolCallCheckError {
  try {
    assertion();
  } catch (error) {
    if (error instanceof ToolCallCheckError) return error;
    throw error;
  }
  throw new Error('expected the check to fail, but it passed');
}

describe('check(run)', () => {
  it('binds every matcher of the package, and .not', () => {
    const bound = check(trip);
    expect(Object.keys(bound).filter((key) => key !== 'not').sort()).toEqual(Object.keys(matchers).sort());
    expect(Object.keys(bound.not).sort()).toEqual(Object.keys(matchers).sort());
  });

  it('returns quietly when the claim holds, with and without .not', () => {
    expect(check(trip).toCallToolsInOrder(['search_flights', 'book_flight'])).toBeUndefined();
    expect(check(trip).toCallTool('book_flight', { seat: '14C', flightId: 'UA 1234' })).toBeUndefined();
    expect(check(trip).toCallToolTimes('search_flights', 1)).toBeUndefined();
    expect(check(trip).toCallOnly(['book_flight', 'search_flights'])).toBeUndefined();
    expect(check(trip).not.toCallTool('cancel_flight')).toBeUndefined();
    expect(check(runWithCalls()).toCallNoTools()).toBeUndefined();
  });

  it("throws the matcher's failure message, with the diff a runner would draw written into it", () => {
    const error = thrown(() => check(trip).toCallToolsInOrder(['book_flight', 'search_flights']));
    // The message a test prints, then the diff (as Jest prints it; Vitest draws it from actual/expected).
    expect(error.message.startsWith(failureOf(() => expect(trip).toCallToolsInOrder(['book_flight', 'search_flights'])).message)).toBe(true);
    expect(error.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Expected these calls, in this order (other calls allowed):
        1. book_flight
        2. search_flights

      Received 2 tool calls:
        1. search_flights  {"from":"SFO","to":"JFK","date":"2025-07-01"}
        2. book_flight     {"flightId":"UA 1234","seat":"14C"}

      First out of order: "search_flights" (expected 2nd) came before "book_flight" (expected 1st)

      - Expected
      + Received

        Array [
      -   "book_flight",
          "search_flights",
      +   "book_flight",
        ]"
    `);
    expect({ name: error.name, matcherName: error.matcherName, actual: error.actual, expected: error.expected }).toEqual({
      name: 'ToolCallCheckError',
      matcherName: 'toCallToolsInOrder',
      actual: ['search_flights', 'book_flight'],
      expected: ['book_flight', 'search_flights'],
    });
    expect(error.message).toBe(stripVTControlCharacters(error.message));
  });

  it('.not fails with the negated message', () => {
    const error = thrown(() => check(trip).not.toCallTool('book_flight'));
    expect(error.message).toMatchInlineSnapshot(`
      "expect(run).not.toCallTool(toolName)

      Expected no call to "book_flight"

      Received 2 tool calls:
        1. search_flights  {"from":"SFO","to":"JFK","date":"2025-07-01"}
        2. book_flight     {"flightId":"UA 1234","seat":"14C"}

      Matching call: 2"
    `);
    expect('actual' in error).toBe(false);
  });

  it('points the stack at the caller', () => {
    const error = thrown(() => check(trip).toCallTool('cancel_flight'));
    expect(error.stack!.split('\n').find((line) => line.trimStart().startsWith('at '))).toContain('check.test.ts');
  });

  it('a bad argument or a value that is not a run throws a ToolCallAccuracyError, which .not cannot pass', () => {
    for (const assertion of [
      () => check(trip).toCallToolTimes('search_flights', -1),
      () => check(trip).not.toCallToolTimes('search_flights', 1.5),
      () => check({ not: 'a run' }).toCallTool('search_flights'),
      () => check({ not: 'a run' }).not.toCallTool('search_flights'),
    ]) {
      expect(assertion).toThrow(ToolCallAccuracyError);
    }
    expect(() => check(42).not.toCallNoTools()).toThrowErrorMatchingInlineSnapshot(`
      [ToolCallAccuracyError: expect(run).not.toCallNoTools()

      Matcher error: received number 42, which is not an agent run this package can read.
      Accepted shapes:
        - OpenTelemetry spans: the SDK's finished spans (InMemorySpanExporter.getFinishedSpans()) or an OTLP JSON export ({ resourceSpans })
        - a Mastra agent run: { input: { inputMessages }, output } or { inputMessages, output } (createAgentTestRun, or generate(…).scoringData)
        - Mastra stored messages: an array of { role, content: { format: 2, parts } } (or format 3, or one such message)
        - a Mastra agent.generate() result: { toolCalls: [{ payload: { toolName, args } }], toolResults }
        - a Mastra trajectory: { steps: [{ stepType: 'tool_call', name, toolArgs, toolResult, success }, …] } (extractTrajectory, extractTrajectoryFromTrace, a trajectory scorer's output)
        - an AI SDK 5/6/7 generateText result, or one saved as JSON: { steps: [{ content }] }
        - an AI SDK 4 run: a generateText result or its steps ({ steps: [{ toolCalls: [{ toolName, args }] }] }), or UI messages with toolInvocations
        - AI SDK 5/6/7 steps: await streamText(…).steps, or generateText(…).steps
        - AI SDK content parts: step.content, or result.content / result.toolCalls in 7 ([{ type: 'tool-call', toolName, input }])
        - OpenAI Agents SDK: a RunResult or finished StreamedRunResult, result.newItems, result.history (function_call items with a callId), their JSON, or a saved run state
        - Claude Agent SDK: the messages query() yields, as a list ([{ type: 'system', subtype: 'init' }, { type: 'assistant', message, parent_tool_use_id }, …])
        - LangChain messages: AIMessage/ToolMessage objects (also their JSON lc form or toDict()), a LangGraph state { messages }, or aiMessage.tool_calls
        - Google Gen AI: a GenerateContentResponse (with its automaticFunctionCallingHistory), or Content[] ({ role, parts: [{ functionCall }, { functionResponse }] }, chat.getHistory())
        - Amazon Bedrock Converse: a ConverseResponse, or Message[] with content: [{ toolUse: { toolUseId, name, input } }, { toolResult }]
        - LlamaIndex.TS (@llamaindex/core, @llamaindex/workflow): a chat() response { message, raw }, ChatMessages with options: { toolCall: [{ id, name, input }] } and options: { toolResult: { id, result, isError } }, exec()'s { newMessages }, a Memory, an agent's run() result or runStream() events
        - AI SDK 5/6/7 UI messages: [{ role, parts: [{ type: 'tool-<name>' | 'dynamic-tool', state, input }] }] (or one message)
        - Ollama (ollama): a chat response { model, message: { tool_calls: [{ function: { name, arguments } }] }, done } or messages with { role: 'tool', tool_name }
        - Cohere v2 (cohere-ai): a v2 chat response or messages with toolPlan, toolCalls: [{ id, function: { name, arguments } }] and { role: 'tool', toolCallId }
        - Mistral (@mistralai/mistralai): a chat.complete response or messages with toolCalls: [{ id, function: { name, arguments } }] and { role: 'tool', toolCallId }
        - OpenAI Chat Completions: a ChatCompletion, messages with tool_calls: [{ id, function: { name, arguments } }], or message.tool_calls itself
        - OpenAI Responses: a Response ({ object: 'response', output: [{ type: 'function_call', name, arguments }] }) or its input items
        - Anthropic Messages: a Message or messages with content: [{ type: 'tool_use', id, name, input }]
        - AI SDK model messages: [{ role: 'assistant', content: [{ type: 'tool-call', toolName, input }] }, { role: 'tool', … }]
        - a plain array of tool names (['search']) or of calls ([{ toolName, input }])]
    `);
  });

  it("takes Vitest's, Jest's and any object's asymmetric matchers, in inputs and names", () => {
    check(trip).toCallTool('book_flight', expect.objectContaining({ seat: expect.stringMatching(/^\d+[A-F]$/) }));
    check(trip).toCallTool('book_flight', jestExpect.objectContaining({ flightId: jestExpect.stringContaining('UA') }));
    check(trip).toCallTool(expect.stringMatching(/^search/) as never);
    check(trip).toCallTool(jestExpect.stringMatching(/^book/) as never);
    const seatInRowFourteen = { asymmetricMatch: (value: unknown) => typeof value === 'string' && value.startsWith('14'), toString: () => 'SeatInRow14' };
    check(trip).toCallTool('book_flight', { flightId: 'UA 1234', seat: seatInRowFourteen });
    check(trip).not.toCallTool('book_flight', jestExpect.objectContaining({ seat: '2A' }));
    expect(thrown(() => check(trip).toCallTool('book_flight', expect.objectContaining({ seat: '2A' }))).message).toContain('ObjectContaining {"seat":"2A"}');
  });

  it('compares Maps and Sets by content, as toEqual does', () => {
    const run = runWithCalls({ toolName: 'tag', args: { tags: new Set(['a', 'b']) } });
    check(run).toCallTool('tag', { tags: new Set(['b', 'a']) });
    expect(() => check(run).toCallTool('tag', { tags: new Set(['c']) })).toThrow(ToolCallCheckError);
  });

  it('takes toolRefs references', () => {
    const t = toolRefs({ book_flight: {}, search_flights: {} });
    check(trip).toCallToolsInOrder([t.search_flights, t.book_flight]);
  });

  it('gates a sample of runs on its pass rate', async () => {
    let run = 0;
    const runs = await sample(() => (run++ < 9 ? trip : runWithCalls('search_flights')), { n: 10, minPassRate: 0.9 });
    check(runs).toCallTool('book_flight');
    check(runs).toCallToolTimes('search_flights', 1);
    const error = thrown(() => check(runs).not.toCallTool('search_flights'));
    expect(error.message.split('\n')[0]).toBe('expect(runs).not.toCallTool(toolName)');
  });

  describe('the judge', () => {
    beforeEach(() => configureJudge({ cache: { mode: 'off' } }));
    afterEach(() => resetJudgeConfig());
    const inappropriate = {
      evaluations: [{ toolCalled: 'weather-tool', wasAppropriate: false, reasoning: 'The user asked about New York, not San Francisco.' }],
      missingTools: [],
      reason: 'The call looked up the wrong city.',
    };

  it('returns a promise: it resolves on a passing verdict, and rejects with the failure or the judge error', async () => {
    const request = 'What is the weather in New York?';
    await expect(check(weatherRun()).toUseAppropriateTools({ request, model: judgeModel(appropriateWeather), availableTools: weatherTools })).resolves.toBeUndefined();
    const failure = await check(weatherRun()).toUseAppropriateTools({ request, model: judgeModel(inappropriate), availableTools: weatherTools }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ToolCallCheckError);
    expect((failure as Error).message.split('\n')[0]).toBe('expect(run).toUseAppropriateTools(options)');
    const noVerdict = await check(weatherRun()).toUseAppropriateTools({ request, model: judgeModel('not json'), availableTools: weatherTools }).catch((error: unknown) => error);
    expect(noVerdict).toBeInstanceOf(JudgeError);
    await expect(check(weatherRun()).not.toUseAppropriateTools({ request, model: judgeModel('not json'), availableTools: weatherTools })).rejects.toBeInstanceOf(JudgeError);
  });
});
});
