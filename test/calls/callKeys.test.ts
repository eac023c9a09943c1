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
