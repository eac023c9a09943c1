import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';

export interface CallSpec {
  toolName: string;
  args?: Record<string, unknown>;
  state?: string;
}

/**
 * A Mastra agent run (built with the project's own builders) in which one assistant message made
 * these calls, with call ids call-0, call-1, …
 */
export function runWithCalls(...calls: Array<string | CallSpec>) {
  const invocations = calls.map((call, index) => {
    const spec = typeof call === 'string' ? { toolName: call } : call;
    return createToolInvocation({
      toolCallId: `call-${index}`,
      toolName: spec.toolName,
      args: spec.args ?? {},
      result: {},
      ...(spec.state !== undefined && { state: spec.state }),
    });
  });
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'test input', role: 'user', id: 'input-1' })],
    output: [createTestMessage({ content: 'test output', role: 'assistant', id: 'output-1', toolInvocations: invocations })],
  });
}
