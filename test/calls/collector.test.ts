import { describe, expect, test } from 'vitest';
import { CallCollector } from '../../src/calls/collector.js';
import { toolCallWithJsonInput } from '../../src/calls/toolCall.js';
import { getToolCalls } from '../../src/calls/getToolCalls.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';
import conformance from '../scoring/conformance/code-scorer.json' with { type: 'json' };

describe('CallCollector', () => {
  test('every entry is a call of its own, whatever its id', () => {
    const calls = new CallCollector();
    calls.add({ toolName: 'a', input: { x: 1 }, toolCallId: '1' });
    calls.add({ toolName: 'a', input: { x: 2 }, toolCallId: '1' });
    calls.add({ toolName: 'b', input: {} });
    calls.add({ toolName: 'b', input: {} });
    expect(calls.result().calls.map((call) => call.input)).toEqual([{ x: 1 }, { x: 2 }, {}, {}]);
  });

  test("a second list of the same message names each of its calls once; another message's are other calls", () => {
    const calls = new CallCollector();
    calls.beginScope();
    calls.add({ toolName: 'a', input: { n: 1 }, toolCallId: '1' });
    calls.add({ toolName: 'a', input: { n: 2 }, toolCallId: '1' });
    calls.addSeenAgain({ toolName: 'a', input: { n: 1 }, toolCallId: '1', output: 'first' });
    calls.addSeenAgain({ toolName: 'a', input: { n: 2 }, toolCallId: '1', output: 'second' });
    calls.addSeenAgain({ toolName: 'a', input: { n: 3 }, toolCallId: '1' });
    calls.beginScope();
    calls.addSeenAgain({ toolName: 'a', input: { n: 4 }, toolCallId: '1' });
    expect(calls.result().calls).toEqual([
      { toolName: 'a', input: { n: 1 }, toolCallId: '1', output: 'first' },
      { toolName: 'a', input: { n: 2 }, toolCallId: '1', output: 'second' },
      { toolName: 'a', input: { n: 3 }, toolCallId: '1' },
      { toolName: 'a', input: { n: 4 }, toolCallId: '1' },
    ]);
  });

  test('a second list in another order still names each call once', () => {
    const calls = new CallCollector();
    calls.beginScope();
    calls.add({ toolName: 'a', input: {}, toolCallId: '1' });
    calls.add({ toolName: 'b', input: {}, toolCallId: '2' });
    calls.add({ toolName: 'c', input: {}, toolCallId: '3' });
    calls.addSeenAgain({ toolName: 'b', input: {}, toolCallId: '2', output: 'b' });
    calls.addSeenAgain({ toolName: 'a', input: {}, toolCallId: '1', output: 'a' });
    calls.addSeenAgain({ toolName: 'b', input: {}, toolCallId: '2', output: 'another b' });
    calls.addSeenAgain({ toolName: 'c', input: {}, toolCallId: '3', output: 'c' });
    expect(calls.result().calls.map((call) => [call.toolName, call.output])).toEqual([
      ['a', 'a'],
      ['b', 'b'],
      ['c', 'c'],
      ['b', 'another b'],
    ]);
  });

  test('results and errors pair with the nearest earlier unanswered call with their id', () => {
    const calls = new CallCollector();
    calls.output('1', 'before any call');
    calls.add({ toolName: 'a', input: {}, toolCallId: '1' });
    calls.add({ toolName: 'b', input: {}, toolCallId: '1' });
    calls.output('1', 'to b');
    calls.error('1', 'to a');
    calls.output('1', 'to nobody');
    expect(calls.result().calls).toEqual([
      { toolName: 'a', input: {}, toolCallId: '1', error: 'to a' },
      { toolName: 'b', input: {}, toolCallId: '1', output: 'to b' },
    ]);
  });

  test('a denied call is answered: the next result with its id goes to an earlier call', () => {
    const calls = new CallCollector();
    calls.add({ toolName: 'a', input: {}, toolCallId: '1' });
    calls.add({ toolName: 'b', input: {}, toolCallId: '1' });
    expect(calls.approval('1', 'requested')?.toolName).toBe('b');
    calls.approval('1', 'denied');
    calls.output('1', 'ran');
    expect(calls.result().calls).toEqual([
      { toolName: 'a', input: {}, toolCallId: '1', output: 'ran' },
      { toolName: 'b', input: {}, toolCallId: '1', approval: 'denied' },
    ]);
  });

  test('a collector that does not track steps gives the same calls and no steps', () => {
    const fill = (calls: CallCollector) => {
      calls.beginStep();
      calls.add({ toolName: 'a', input: {}, toolCallId: '1' });
      calls.beginStep();
      calls.add({ toolName: 'b', input: {}, toolCallId: '2' }, 'span-9');
      calls.output('1', 'done');
      return calls.result();
    };
    const tracked = fill(new CallCollector());
    expect(tracked.steps).toEqual([1, 'span-9']);
    expect(fill(new CallCollector(false))).toStrictEqual({ calls: tracked.calls });
  });

  test('a result whose call is further back than the latest 32 calls still finds it, and the nearest unanswered one first', () => {
    const calls = new CallCollector();
    calls.add({ toolName: 'early', input: 0, toolCallId: 'x' });
    for (let index = 0; index < 40; index++) calls.add({ toolName: 'filler', input: index, toolCallId: `f${index}` });
    calls.add({ toolName: 'late', input: 1, toolCallId: 'x' });
    calls.output('x', 'first');
    calls.output('x', 'second');
    expect(calls.approval('x', 'requested')?.toolName).toBe('late');
    for (let index = 0; index < 40; index++) calls.output(`f${index}`, index);
    const read = calls.result().calls;
    expect(read[41]).toEqual({ toolName: 'late', input: 1, toolCallId: 'x', output: 'first', approval: 'requested' });
    expect(read[0]).toEqual({ toolName: 'early', input: 0, toolCallId: 'x', output: 'second' });
    expect(read.slice(1, 41).every((call, index) => call.output === index)).toBe(true);
  });

  test('pairing is the same past the size where ids are indexed', () => {
    const calls = new CallCollector();
    for (let index = 0; index < 100; index++) calls.add({ toolName: 't', input: index, toolCallId: `c${index % 3}` });
    for (let index = 0; index < 100; index++) calls.output(`c${index % 3}`, index);
    // The rule, spelled out: each result takes the latest call of its id that has none yet.
    const expected: unknown[] = Array.from({ length: 100 }, () => undefined);
    for (let result = 0; result < 100; result++) {
      let call = 99;
      while (call % 3 !== result % 3 || expected[call] !== undefined) call--;
      expected[call] = result;
    }
    expect(calls.result().calls.map((call) => call.output)).toEqual(expected);
  });
});

describe('toolCallWithJsonInput', () => {
  test.each([
    ['{"a":1}', { toolName: 't', input: { a: 1 } }],
    ['', { toolName: 't', input: {} }],
    ['{bad', { toolName: 't', input: '{bad', unparsedInput: '{bad' }],
    [{ a: 1 }, { toolName: 't', input: { a: 1 } }],
    [undefined, { toolName: 't', input: undefined }],
  ])('%j', (raw, call) => {
    expect(toolCallWithJsonInput('t', raw, undefined)).toStrictEqual(call);
  });
});

describe('Mastra conformance cases read the expected calls', () => {
  type Invocation = string | { toolName: string; state: string };
  // Every state counts but a call whose input is still streaming.
  const streaming = new Set(['partial-call', 'input-streaming']);
  const cases = (conformance as Array<{ id: string; tools?: Invocation[] }>).filter((entry) => entry.tools);

  test.each(cases.map((entry) => [entry.id, entry.tools!] as const))('%s', (_, tools) => {
    const run = createAgentTestRun({
      inputMessages: [createTestMessage({ role: 'user', content: 'test input' })],
      output: [
        createTestMessage({
          role: 'assistant',
          content: 'ok',
          toolInvocations: tools.map((tool, index) =>
            typeof tool === 'string'
              ? createToolInvocation({ toolCallId: `call-${index}`, toolName: tool, args: {}, result: {} })
              : createToolInvocation({ toolCallId: `call-${index}`, toolName: tool.toolName, args: {}, result: {}, state: tool.state }),
          ),
        }),
      ],
    });
    const expected = tools.filter((tool) => typeof tool === 'string' || !streaming.has(tool.state)).map((tool) => (typeof tool === 'string' ? tool : tool.toolName));
    expect(getToolCalls(run).map((call) => call.toolName)).toEqual(expected);
  });
});

test('the calls getToolCalls returns are themselves a readable run', () => {
  const run = createAgentTestRun({
    output: [createTestMessage({ role: 'assistant', content: '', toolInvocations: [createToolInvocation({ toolCallId: '1', toolName: 'a', args: { x: 1 }, result: { y: 2 } })] })],
  });
  const calls = getToolCalls(run);
  expect(getToolCalls(calls)).toEqual(calls);
});
