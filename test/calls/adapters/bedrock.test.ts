/**
 * Amazon Bedrock Converse runs, made by the real `BedrockRuntimeClient` and `ConverseCommand` over
 * a loopback HTTP/2 server (test/fixtures/bedrock.ts), read by every matcher.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getToolCalls, parallel, sample, turn } from '../../../src/index.js';
import { UnknownPartError } from '../../../src/calls/unknownParts.js';
import { failureOf, matcherErrorOf } from '../../helpers/failureOf.js';
import { bedrockRuns, type BedrockRuns } from '../../fixtures/bedrock.js';

let runs: BedrockRuns;
beforeAll(async () => {
  runs = await bedrockRuns();
});

describe('Bedrock Converse: every matcher', () => {
  it('reads names, inputs, outputs and errors', () => {
    const { messages } = runs;
    expect(messages).toCallToolsInOrder(['get_weather', 'book_hotel', 'book_hotel'], { strict: true });
    expect(messages).toCallTool('get_weather', { city: 'Paris' }, { output: { city: 'Paris', sky: 'sunny' } });
    expect(messages).toCallTool('book_hotel', { city: 'Paris', nights: 2 }, { output: 'booked: HOTEL-7' });
    expect(messages).toCallToolTimes('book_hotel', 2);
    expect(messages).toCallOnly(['book_hotel', 'get_weather', 'book_hotel']);
    expect(messages).not.toCallNoTools();
    expect(messages).toCallToolsInOrder([{ toolName: 'book_hotel', error: true }, { toolName: 'book_hotel', error: false }]);
    expect(failureOf(() => expect(messages).toCallToolsWithoutErrors()).message).toContain('no rooms left in Oslo');
    expect(failureOf(() => expect(messages).not.toCallTool('book_hotel')).message).toContain('book_hotel');
  });

  it('parallel(...) sees the toolUse blocks of one assistant message as one step', () => {
    expect(runs.messages).toCallToolsInOrder([parallel('get_weather', 'book_hotel'), 'book_hotel']);
    expect(runs.messages).not.toCallToolsInOrder([parallel('book_hotel', 'book_hotel')]);
  });

  it('turn(messages, n): a user message of toolResult blocks continues the turn', () => {
    expect(turn(runs.messages, 1)).toCallToolsInOrder(['get_weather', 'book_hotel'], { strict: true });
    expect(turn(runs.messages, -1)).toCallToolsInOrder(['book_hotel'], { strict: true });
  });

  it('budgets: a ConverseResponse records tokens and latency, messages their steps', () => {
    expect(runs.callResponse).toStayWithinBudget({ steps: 1, tokens: 506, durationMs: 812 });
    expect(runs.callResponse).not.toStayWithinBudget({ tokens: 505 });
    expect(runs.callResponse).not.toStayWithinBudget({ durationMs: 800 });
    expect(runs.messages).toStayWithinBudget({ steps: 4 });
    expect(runs.messages).not.toStayWithinBudget({ steps: 3 });
    expect(matcherErrorOf(() => expect(runs.messages).toStayWithinBudget({ tokens: 10_000 }))).toContain('carries no token usage');
    expect(matcherErrorOf(() => expect(runs.messages).toStayWithinBudget({ durationMs: 10_000 }))).toContain('metrics.latencyMs');
  });

  it('a ConverseResponse and its JSON read alike', () => {
    expect(getToolCalls(JSON.parse(JSON.stringify(runs.callResponse)))).toEqual(getToolCalls(runs.callResponse));
    expect(runs.answerResponse).toCallNoTools();
  });

  it('sample(...) over a list of runs', async () => {
    const list = [runs.messages, runs.callResponse, runs.answerResponse];
    await expect(await sample(list, { minPassRate: 0.6 })).toCallTool('get_weather');
    const strict = await sample(list, { minPassRate: 0.7 });
    expect(failureOf(() => expect(strict).toCallTool('get_weather')).message).toContain('Passed in 2 of 3 runs');
  });
});

describe('Bedrock Converse: read or refuse', () => {
  const withBlock = (block: unknown) => {
    const messages = structuredClone(runs.messages) as unknown as Array<{ content: unknown[] }>;
    messages[1]!.content.push(block);
    return messages;
  };

  it('an unknown block, or one the SDK itself did not know ($unknown), is refused by every matcher', () => {
    for (const block of [{ toolCall: { name: 'delete_all' } }, { $unknown: ['toolUseV2', { name: 'delete_all' }] }]) {
      const run = withBlock(block);
      expect(() => getToolCalls(run)).toThrow(UnknownPartError);
      expect(() => getToolCalls(run)).toThrow('reading the run as bedrock-converse: its message 2, block 4 is { ');
      for (const assertion of [() => expect(run).not.toCallTool('delete_all'), () => expect(run).toCallNoTools(), () => expect(run).toCallToolsWithoutErrors()]) {
        expect(matcherErrorOf(assertion)).toContain('which this reader does not know (it reads toolUse, toolResult, text');
      }
    }
  });

  it('stream events and a list of responses are refused, saying what to pass', () => {
    const events = [{ messageStart: { role: 'assistant' } }, { contentBlockStart: { start: { toolUse: { toolUseId: 't1', name: 'book_hotel' } }, contentBlockIndex: 0 } }, { contentBlockDelta: { delta: { toolUse: { input: '{"ci' } }, contentBlockIndex: 0 } }];
    expect(() => getToolCalls(events)).toThrow('ConverseStream events');
    expect(matcherErrorOf(() => expect(events).not.toCallTool('book_hotel'))).toContain('Pass the Message[] your loop builds');
    expect(() => getToolCalls([runs.callResponse, runs.answerResponse])).toThrow('a list of ConverseResponses');
  });

  it('a text-only conversation reads as no calls', () => {
    expect(getToolCalls([{ role: 'user', content: [{ text: 'hi' }] }, { role: 'assistant', content: [{ text: 'Hello!' }] }])).toEqual([]);
  });

  it('a server tool (toolUse type server_tool_use) is a call Bedrock ran itself', () => {
    const run = withBlock({ toolUse: { toolUseId: 'srv_1', name: 'web_search', input: { query: 'Oslo' }, type: 'server_tool_use' } });
    expect(getToolCalls(run)[2]).toEqual({ toolName: 'web_search', input: { query: 'Oslo' }, toolCallId: 'srv_1', providerExecuted: true });
  });
});

describe('Bedrock Converse: toCallToolsWithValidInputs with the toolConfig the model was given', () => {
  it('reads toolSpec.inputSchema.json, as toolConfig or its tools', () => {
    expect(runs.messages).toCallToolsWithValidInputs({ tools: runs.tools });
    expect(runs.messages).toCallToolsWithValidInputs(runs.tools);
    const messages = structuredClone(runs.messages);
    messages[1]!.content![2]!.toolUse!.input = { city: 'Oslo', nights: 0 };
    expect(failureOf(() => expect(messages).toCallToolsWithValidInputs(runs.tools)).message).toContain('nights');
    expect(failureOf(() => expect(messages).toCallToolsWithValidInputs(runs.tools.slice(1))).message).toContain('not one of the tools');
  });
});
