import { describe, expect, it } from 'vitest';
import { getToolCalls } from '../../src/index.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';

const names = (run: unknown) => getToolCalls(run).map((call) => `${call.toolName}=${JSON.stringify(call.output)}`);

describe('a call id reused for another tool is another call', () => {
  it('Mastra: two messages whose invocations were both built with toolCallId "call-1"', () => {
    const message = (id: string, toolName: string) =>
      createTestMessage({
        content: '',
        role: 'assistant',
        id,
        toolInvocations: [createToolInvocation({ toolCallId: 'call-1', toolName, args: {}, result: { from: toolName } })],
      });
    const run = createAgentTestRun({ output: [message('m1', 'auth-tool'), message('m2', 'fetch-tool')] });
    expect(names(run)).toEqual(['auth-tool={"from":"auth-tool"}', 'fetch-tool={"from":"fetch-tool"}']);
  });

  it('OpenAI Chat: a server that numbers call ids afresh each turn; results pair with the latest call', () => {
    const call = (name: string) => ({ id: 'call_0', type: 'function' as const, function: { name, arguments: '{}' } });
    const messages = [
      { role: 'user', content: 'Find and book' },
      { role: 'assistant', content: null, tool_calls: [call('search')] },
      { role: 'tool', tool_call_id: 'call_0', content: 'r1' },
      { role: 'assistant', content: null, tool_calls: [call('book')] },
      { role: 'tool', tool_call_id: 'call_0', content: 'r2' },
    ];
    expect(names(messages)).toEqual(['search="r1"', 'book="r2"']);
  });

  it('the same call seen twice (part and legacy list) still counts once, keeping what each sighting adds', () => {
    const invocation = { toolCallId: 't1', toolName: 'a', args: {}, state: 'result', result: { ok: true } };
    const run = createAgentTestRun({
      output: [
        {
          id: 'm1',
          role: 'assistant',
          createdAt: new Date(),
          content: { format: 2, parts: [{ type: 'tool-invocation', toolInvocation: { ...invocation, state: 'call' } }], toolInvocations: [invocation], content: '' },
        } as never,
      ],
    });
    expect(names(run)).toEqual(['a={"ok":true}']);
  });
});

describe('values a format claims are read, not silently empty', () => {
  it('an Anthropic Message without stop_reason', () => {
    const message = { type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'weather', input: { city: 'Oslo' } }] };
    expect(getToolCalls(message).map((call) => call.toolName)).toEqual(['weather']);
  });

  it('AI SDK 4 UI messages with tool-invocation parts and no content string', () => {
    const messages = [{ role: 'assistant', parts: [{ type: 'tool-invocation', toolInvocation: { state: 'result', toolCallId: 'c1', toolName: 'weather', args: {}, result: {} } }] }];
    expect(getToolCalls(messages).map((call) => call.toolName)).toEqual(['weather']);
  });

  it('AI SDK steps that carry their calls only in toolCalls', () => {
    const run = { steps: [{ toolCalls: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'a', input: {} }], finishReason: 'tool-calls' }] };
    expect(getToolCalls(run).map((call) => call.toolName)).toEqual(['a']);
  });

  it('an object with content parts but no role is not a run', () => {
    expect(() => getToolCalls({ content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'a', input: {} }] })).toThrow('not an agent run');
  });

  it('an OpenAI Responses function call still streaming does not count', () => {
    const response = {
      object: 'response',
      output: [
        { type: 'function_call', call_id: 'c1', name: 'search', arguments: '{"q":"cats"}', status: 'completed' },
        { type: 'function_call', call_id: 'c2', name: 'book', arguments: '{"q":', status: 'in_progress' },
      ],
    };
    expect(getToolCalls(response).map((call) => call.toolName)).toEqual(['search']);
  });
});
