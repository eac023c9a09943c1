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

// The legacy `toolInvocations` list repeats the parts' calls: an entry that says nothing the part's
// call lacks makes no call, one that does fills in what the call lacked, one with no part is a call.
describe('readMessageParts: the legacy toolInvocations list beside the parts', () => {
  const part = (toolInvocation: object) => ({ type: 'tool-invocation', toolInvocation });

  it('an entry that repeats its part changes nothing', () => {
    const invocation = { toolCallId: 'c1', toolName: 'search', args: { q: 'x' }, state: 'result', result: { hits: 1 }, approval: { id: 'a', approved: true } };
    expect(read([part(invocation)], [{ ...invocation }])).toStrictEqual([
      [['toolName', 'search'], ['input', { q: 'x' }], ['toolCallId', 'c1'], ['output', { hits: 1 }], ['approval', 'approved']],
    ]);
  });

  it('an entry fills in the result, the failure or the approval its part lacks, and never replaces what the part has', () => {
    expect(
      read(
        [
          part({ toolCallId: 'c1', toolName: 'search', args: {}, state: 'call' }),
          part({ toolCallId: 'c2', toolName: 'book', args: {}, state: 'result', result: 'booked' }),
          part({ toolCallId: 'c3', toolName: 'pay', args: {}, state: 'call' }),
          part({ toolCallId: 'c4', toolName: 'pay', args: {}, state: 'call', approval: { id: 'a' } }),
        ],
        [
          { toolCallId: 'c1', toolName: 'search', args: {}, state: 'result', result: { hits: 2 } },
          { toolCallId: 'c2', toolName: 'book', args: {}, state: 'result', result: 'failed', isError: true },
          { toolCallId: 'c3', toolName: 'pay', args: {}, state: 'call', approval: { id: 'a', approved: false } },
          { toolCallId: 'c4', toolName: 'pay', args: {}, state: 'call', approval: { id: 'a', approved: true } },
        ],
      ),
    ).toStrictEqual([
      [['toolName', 'search'], ['input', {}], ['toolCallId', 'c1'], ['output', { hits: 2 }]],
      [['toolName', 'book'], ['input', {}], ['toolCallId', 'c2'], ['output', 'booked'], ['error', 'failed']],
      [['toolName', 'pay'], ['input', {}], ['toolCallId', 'c3'], ['approval', 'denied']],
      [['toolName', 'pay'], ['input', {}], ['toolCallId', 'c4'], ['approval', 'requested']],
    ]);
  });

  it('an entry with no part (another id, another tool, or its part already matched) is another call', () => {
    expect(
      read(
        [part({ toolCallId: 'c1', toolName: 'search', args: {}, state: 'result', result: 1 })],
        [
          { toolCallId: 'c1', toolName: 'search', args: {}, state: 'result', result: 1 },
          { toolCallId: 'c1', toolName: 'search', args: { again: true }, state: 'result', result: 2 },
          { toolCallId: 'c1', toolName: 'book', args: {}, state: 'call' },
          { toolName: 'log', args: {}, state: 'result', result: 3 },
          { toolCallId: 'c9', toolName: 'log', args: {}, state: 'partial-call' },
        ],
      ),
    ).toStrictEqual([
      [['toolName', 'search'], ['input', {}], ['toolCallId', 'c1'], ['output', 1]],
      [['toolName', 'search'], ['input', { again: true }], ['toolCallId', 'c1'], ['output', 2]],
      [['toolName', 'book'], ['input', {}], ['toolCallId', 'c1']],
      [['toolName', 'log'], ['input', {}], ['output', 3]],
    ]);
  });
});

describe('readMessageParts: tool names cut out of part types', () => {
  it('names stay right past the few remembered per message (8), with names that start alike', () => {
    const tools = Array.from({ length: 12 }, (_, n) => (n % 2 ? `search${n}` : `s${n}`));
    const parts = [...tools, ...[...tools].reverse(), 'search', 'search-'].map((tool, n) => ({ type: `tool-${tool}`, toolCallId: `c${n}`, state: 'input-available', input: {} }));
    const calls = new CallCollector();
    readMessageParts(parts, undefined, calls);
    expect(calls.result().calls.map((call) => call.toolName)).toEqual([...tools, ...[...tools].reverse(), 'search', 'search-']);
  });
});
