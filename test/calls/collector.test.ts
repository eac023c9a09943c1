import { describe, expect, test } from 'vitest';
import { CallCollector } from '../../src/calls/collector.js';
import { toolCallWithJsonInput } from '../../src/calls/toolCall.js';
import { getToolCalls } from '../../src/calls/getToolCalls.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';
import conformance from '../../../shared/conformance/code-scorer.json' with { type: 'json' };

describe('CallCollector', () => {
  test('a call id counts once; a later sighting fills in only what was missing', () => {
    const calls = new CallCollector();
    calls.add({ toolName: 'a', input: { x: 1 }, toolCallId: '1' });
    calls.add({ toolName: 'a', input: { x: 2 }, toolCallId: '1', output: 'late' });
    calls.add({ toolName: 'b', input: {} });
    calls.add({ toolName: 'b', input: {} });
    expect(calls.result()).toEqual([
      { toolName: 'a', input: { x: 1 }, toolCallId: '1', output: 'late' },
      { toolName: 'b', input: {} },
      { toolName: 'b', input: {} },
    ]);
  });

  test('results and errors pair by id, before or after the call; the first one wins', () => {
    const calls = new CallCollector();
    calls.output('1', 'early');
    calls.error('2', 'failed');
    calls.add({ toolName: 'a', input: {}, toolCallId: '1' });
    calls.add({ toolName: 'b', input: {}, toolCallId: '2' });
    calls.output('1', 'second');
    calls.output('unknown', 'ignored');
    expect(calls.result()).toEqual([
      { toolName: 'a', input: {}, toolCallId: '1', output: 'early' },
      { toolName: 'b', input: {}, toolCallId: '2', error: 'failed' },
    ]);
  });

  test('withheld calls are left out until released', () => {
    const calls = new CallCollector();
    calls.add({ toolName: 'a', input: {}, toolCallId: '1' });
    calls.add({ toolName: 'b', input: {}, toolCallId: '2' });
    calls.withhold('1');
    calls.withhold('2');
    calls.release('2');
    expect(calls.result().map((call) => call.toolName)).toEqual(['b']);
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
  const counted = new Set(['call', 'result', 'output-error']);
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
    const expected = tools.filter((tool) => typeof tool === 'string' || counted.has(tool.state)).map((tool) => (typeof tool === 'string' ? tool : tool.toolName));
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
