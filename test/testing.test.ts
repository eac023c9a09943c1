import { describe, expect, it } from 'vitest';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../src/testing.js';

describe('Mastra-compatible builders', () => {
  it('build the same shapes as Mastra’s scorer test helpers', () => {
    const invocation = createToolInvocation({ toolCallId: 'call-1', toolName: 'weather-tool', args: { city: 'Oslo' }, result: { temp: 3 } });
    expect(invocation).toEqual({ toolCallId: 'call-1', toolName: 'weather-tool', args: { city: 'Oslo' }, result: { temp: 3 }, state: 'result' });

    const message = createTestMessage({ content: 'Checking.', role: 'assistant', toolInvocations: [invocation] });
    expect(message).toEqual({
      id: 'test-message',
      role: 'assistant',
      content: { format: 2, parts: [{ type: 'text', text: 'Checking.' }], content: 'Checking.', toolInvocations: [invocation] },
      createdAt: expect.any(Date),
    });
    expect(createTestMessage({ content: 'Hi', role: 'user', id: 'u1' }).content).not.toHaveProperty('toolInvocations');

    const run = createAgentTestRun({ inputMessages: [createTestMessage({ content: 'Hi', role: 'user' })], output: [message] });
    expect(run).toEqual({
      input: { inputMessages: [expect.objectContaining({ role: 'user' })], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
      output: [message],
      requestContext: expect.any(Map),
      runId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(createAgentTestRun({ output: [], runId: 'r1' }).runId).toBe('r1');
  });
});
