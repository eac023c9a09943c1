import { describe, expect, it } from 'vitest';
import { CallCollector } from '../../src/calls/collector.js';
import { readMessageParts } from '../../src/calls/uiParts.js';

/** The calls of one message's parts and invocations, as plain objects with their keys in order. */
function read(parts: unknown, toolInvocations?: unknown): Array<[string, unknown][]> {
  const calls = new CallCollector();
  readMessageParts(parts, toolInvocations, calls, true);
  return calls.result().calls.map((call) => Object.entries(call));
}

// A call with its result is made as one object (no property added afterwards); these pin that what
// it holds, and in which order, is what the step by step build gave.
describe('readMessageParts: calls with their results', () => {
  it('a finished UI part: name, input, id, output, in that order; an undefined output is still a key', () => {
    expect(
      read([
        { type: 'tool-search', toolCallId: 'c1', state: 'output-available', input: { q: 'x' }, output: { hits: 1 } },
        { type: 'dynamic-tool', toolName: 'book', state: 'output-available', input: {}, output: undefined },
      ]),
    ).toStrictEqual([
      [['toolName', 'search'], ['input', { q: 'x' }], ['toolCallId', 'c1'], ['output', { hits: 1 }]],
      [['toolName', 'book'], ['input', {}], ['output', undefined]],
    ]);
  });

  it('a finished UI part with a string input, a provider-executed one and an approval keep their other keys in order', () => {
    expect(
      read([
        { type: 'tool-search', toolCallId: 'c1', state: 'output-available', input: '{"q":"x"}', output: 1 },
        { type: 'tool-web', toolCallId: 'c2', state: 'output-available', input: {}, output: 2, providerExecuted: true },
        { type: 'tool-pay', toolCallId: 'c3', state: 'output-available', input: {}, output: 3, approval: { id: 'a', approved: true } },
      ]),
    ).toStrictEqual([
      [['toolName', 'search'], ['input', { q: 'x' }], ['toolCallId', 'c1'], ['output', 1]],
      [['toolName', 'web'], ['input', {}], ['toolCallId', 'c2'], ['providerExecuted', true], ['output', 2]],
      [['toolName', 'pay'], ['input', {}], ['toolCallId', 'c3'], ['output', 3], ['approval', 'approved']],
    ]);
  });

  it('an invocation with a result (Mastra, AI SDK 4): name, input, id, output; a failed one has an error instead', () => {
    expect(
      read(undefined, [
        { toolCallId: 'c1', toolName: 'search', args: { q: 'x' }, result: { hits: 1 }, state: 'result' },
        { toolName: 'book', args: {}, result: 'ok', state: 'result' },
        { toolCallId: 'c3', toolName: 'pay', args: {}, result: 'declined', state: 'result', isError: true },
        { toolCallId: 'c4', toolName: 'log', args: {}, state: 'call' },
      ]),
    ).toStrictEqual([
      [['toolName', 'search'], ['input', { q: 'x' }], ['toolCallId', 'c1'], ['output', { hits: 1 }]],
      [['toolName', 'book'], ['input', {}], ['output', 'ok']],
      [['toolName', 'pay'], ['input', {}], ['toolCallId', 'c3'], ['error', 'declined']],
      [['toolName', 'log'], ['input', {}], ['toolCallId', 'c4']],
    ]);
  });
});
