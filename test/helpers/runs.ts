import { createAgentTestRun, createTestMessage, createToolInvocation, type AgentTestRun } from '../../src/testing.js';

export interface CallSpec {
  toolName: string;
  args?: Record<string, unknown>;
  state?: string;
}

/**
 * A set of Mastra-style run builders: this package's (`src/testing.ts`), or Mastra's own
 * (`@mastra/evals/scorers/utils`: `createUIMessage` in place of `createTestMessage`), which take the
 * same arguments and differ in the messages they build.
 */
export interface RunBuilders<Run = unknown> {
  createAgentTestRun(run: { inputMessages: any[]; output: any[] }): Run;
  createMessage(message: { content: string; role: 'user' | 'assistant' | 'system'; id: string; toolInvocations?: any[] }): unknown;
  createToolInvocation(invocation: { toolCallId: string; toolName: string; args: Record<string, any>; result: Record<string, any>; state?: string }): unknown;
}

export const ourBuilders: RunBuilders<AgentTestRun> = { createAgentTestRun, createMessage: createTestMessage, createToolInvocation };

/** A normal run, or one without input or without output messages (Mastra's scorer rejects those; this package scores them). */
export type RunShape = 'full' | 'no-input' | 'no-output';

/**
 * A Mastra agent run in which one assistant message made these calls, with call ids call-0,
 * call-1, …, after one user message; `shape` leaves either out.
 */
export function buildRun<Run>(builders: RunBuilders<Run>, calls: ReadonlyArray<string | CallSpec>, shape: RunShape = 'full'): Run {
  const invocations = calls.map((call, index) => {
    const spec = typeof call === 'string' ? { toolName: call } : call;
    return builders.createToolInvocation({
      toolCallId: `call-${index}`,
      toolName: spec.toolName,
      args: spec.args ?? {},
      result: {},
      ...(spec.state !== undefined && { state: spec.state }),
    });
  });
  return builders.createAgentTestRun({
    inputMessages: shape === 'no-input' ? [] : [builders.createMessage({ content: 'test input', role: 'user', id: 'input-1' })],
    output: shape === 'no-output' ? [] : [builders.createMessage({ content: 'test output', role: 'assistant', id: 'output-1', toolInvocations: invocations })],
  });
}

/** A run built with the project's own builders in which one assistant message made these calls. */
export function runWithCalls(...calls: Array<string | CallSpec>): AgentTestRun {
  return buildRun(ourBuilders, calls);
}
