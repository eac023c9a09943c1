/**
 * Fail closed, by key: a message, part, block, item or step is taken as read only when every key
 * that could carry calls is one its reader knows (callKeys.ts decides "could carry calls" for all).
 */
import { describe, expect, it } from 'vitest';
import { getToolCalls } from '../../src/index.js';
import { callCarryingKey, CallKeyError, HARMLESS_KEYS } from '../../src/calls/callKeys.js';

const REFUND = { id: 'call_1', type: 'function', function: { name: 'refund', arguments: '{"order":"A1"}' } };

describe('callCarryingKey', () => {
  it('speaks of calls by name, in any case or spelling, when it holds something', () => {
    for (const key of ['toolCalls', 'tool_use', 'function_call', 'executed_tools', 'TOOL_CALLS', 'FunctionCall', 'toolInvocations', 'calls'])
      expect(callCarryingKey(key, [{ x: 1 }]), key).toBe(true);
    expect(callCarryingKey('toolCalls', [])).toBe(false);
    expect(callCarryingKey('tool_call_id', 'call_1')).toBe(false);
    expect(callCarryingKey('parallel_tool_calls', true)).toBe(false);
  });

  it('finds a call-shaped value under any key', () => {
    expect(callCarryingKey('options', { toolCall: [{ name: 'refund', input: {}, id: '1' }] })).toBe(true);
    expect(callCarryingKey('x', { name: 'refund', arguments: '{}' })).toBe(true);
    expect(callCarryingKey('x', [{ toolName: 'refund', args: {} }])).toBe(true);
    expect(callCarryingKey('x', [REFUND])).toBe(true);
    expect(callCarryingKey('metadata', { model: 'm', tokens: 3 })).toBe(false);
  });

  it('never refuses the keys real OpenAI-compatible providers add beside text', () => {
    for (const key of HARMLESS_KEYS) expect(callCarryingKey(key, [{ name: 'x', arguments: '{}', type: 'reasoning.text' }])).toBe(false);
  });
});

describe('the rows of issue 43', () => {
  it('refuses { role, content, tool_use } and names the key, where it sits and the format', () => {
    const run = [
      { role: 'user', content: 'Refund A1' },
      { role: 'assistant', content: '', tool_use: { name: 'refund' } },
    ];
    expect(() => getToolCalls(run)).toThrow(CallKeyError);
    expect(() => getToolCalls(run)).toThrow(/message 2 .*"tool_use"/);
    expect(() => expect(run).not.toCallTool('refund')).toThrow(/tool_use/);
    expect(() => expect(run).toCallNoTools()).toThrow(/tool_use/);
  });

  it('refuses an OpenAI message with an unknown key holding calls, and keeps the harmless ones harmless', () => {
    const message = { role: 'assistant', content: 'Done.', refusal: null, annotations: [], reasoning_content: 'think', reasoning: 'r', reasoning_details: [{ type: 'reasoning.text', text: 'r' }], x_groq: { id: 'x' }, tool_calls: [REFUND] };
    expect(getToolCalls([{ role: 'user', content: 'hi' }, message]).map((call) => call.toolName)).toEqual(['refund']);
    expect(() => getToolCalls([{ role: 'user', content: 'hi' }, { ...message, tool_calls: undefined, function_calls: [REFUND] }])).toThrow(/reading the run as openai-chat: its message 2 .* "function_calls"/);
    // Beside OpenAI's tool_calls, Mistral's toolCalls shows Mistral's messages: its reader refuses OpenAI's key.
    expect(() => getToolCalls([{ role: 'user', content: 'hi' }, { ...message, toolCalls: [REFUND] }])).toThrow(CallKeyError);
  });
});

describe('every row of issue 43 is read with its call or refused', () => {
  const rows = async () => {
    const { mistralLoop, ollamaLoop, cohereLoop, llamaindexRuns } = await import('../fixtures/sdks.js');
    return { mistralLoop, ollamaLoop, cohereLoop, llamaindexRuns };
  };

  it('reads the refund in Mistral, Ollama and Cohere v2 responses and messages, made by their real clients', async () => {
    const { mistralLoop, ollamaLoop, cohereLoop } = await rows();
    for (const run of [mistralLoop.first, mistralLoop.messages, ollamaLoop.first, ollamaLoop.messages, cohereLoop.first, cohereLoop.messages]) {
      expect(run).toCallTool('refund');
      expect(() => expect(run).not.toCallTool('refund')).toThrow();
      expect(() => expect(run).toCallNoTools()).toThrow();
    }
  });

  it('reads LlamaIndex.TS ChatMessages, whose options hold the calls, with their call, made by the real packages', async () => {
    const { llamaindexRuns } = await rows();
    // The row as the issue wrote it (the shape of @llamaindex/core's ChatMessage<ToolCallLLMMessageOptions>).
    const messages = [
      { role: 'user', content: 'Refund A1' },
      { role: 'assistant', content: '', options: { toolCall: [{ name: 'refund', input: { order: 'A1' }, id: 'call_1' }] } },
      { role: 'user', content: '', options: { toolResult: { id: 'call_1', result: 'refunded', isError: false } } },
    ];
    expect(getToolCalls(messages)).toEqual([{ toolName: 'refund', input: { order: 'A1' }, toolCallId: 'call_1', output: 'refunded' }]);
    for (const run of [messages, llamaindexRuns.first, llamaindexRuns.messages, llamaindexRuns.agentRun, llamaindexRuns.agentMessages, llamaindexRuns.agentEvents, llamaindexRuns.streamedCalls]) {
      expect(run).toCallTool('refund');
      expect(() => expect(run).not.toCallTool('refund')).toThrow();
      expect(() => expect(run).toCallNoTools()).toThrow();
    }
  });

  it('still refuses a LlamaIndex.TS message with a key it does not know that holds a call, in the message or its options', () => {
    const call = { role: 'assistant', content: '', options: { toolCall: [{ name: 'refund', input: {}, id: 'call_1' }] } };
    expect(() => getToolCalls([{ role: 'user', content: 'hi' }, { ...call, toolCalls: [REFUND] }])).toThrow(/reading the run as llamaindex: its message 2 .*"toolCalls"/);
    expect(() => getToolCalls([{ role: 'user', content: 'hi' }, { ...call, options: { ...call.options, functionCall: { name: 'refund', arguments: '{}' } } }])).toThrow(
      /reading the run as llamaindex: its message 2, options .*"functionCall"/,
    );
    expect(() => getToolCalls([{ role: 'user', content: 'hi' }, { role: 'assistant', content: '', options: { pendingCalls: [REFUND] } }])).toThrow(CallKeyError);
  });

  it('names the key, where it sits, the format, what to pass and how to report the shape', () => {
    const run = [{ role: 'user', content: 'Refund A1' }, { role: 'assistant', content: '', tool_use: { name: 'refund' } }];
    let error: unknown;
    try {
      getToolCalls(run);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CallKeyError);
    expect(error).toMatchObject({ key: 'tool_use', where: 'message 2', format: 'ai-sdk-model-messages' });
    expect((error as Error).message).toContain('its calls as a plain list ([{ toolName, input }])');
    expect((error as Error).message).toContain("report it in the package's issue tracker");
  });
});
