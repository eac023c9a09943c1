import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createToolCallAccuracyScorerCode } from '../../src/index.js';
import type { ToolCallAccuracyCodeOptions } from '../../src/index.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';

type ShortInvocation = { toolName: string; toolCallId?: string; state?: string; args?: Record<string, unknown>; result?: Record<string, unknown> };
type ShortMessage = { role: 'user' | 'assistant' | 'system'; content: string; toolInvocations?: ShortInvocation[] };
type CaseMessage = ShortMessage | { id: string; role: string; createdAt: string; content: { format: 2 } };
interface ConformanceCase {
  id: string;
  options: ToolCallAccuracyCodeOptions;
  tools?: Array<string | { toolName: string; state: string }>;
  run?: { inputMessages: CaseMessage[]; output: CaseMessage[] };
  mastra: number | 'throw' | 'run-error';
  expected: number | 'throw';
  divergence?: boolean;
}

// shared/ sits beside the repository (as in CI), holding the cases with Mastra's and the required scores.
const casesFile = fileURLToPath(new URL('../../../shared/conformance/code-scorer.json', import.meta.url));
const cases = JSON.parse(readFileSync(casesFile, 'utf8')) as ConformanceCase[];

// Call ids run across the whole run (call-0, call-1, …), so two messages never share one.
let nextCallId = 0;

function toMessage(message: CaseMessage, index: number) {
  if (typeof message.content !== 'string') return message; // already a full Mastra message
  const short = message as ShortMessage;
  return createTestMessage({
    content: short.content,
    role: short.role,
    id: `m${index}`,
    toolInvocations: (short.toolInvocations ?? []).map((invocation) =>
      createToolInvocation({
        toolCallId: invocation.toolCallId ?? `call-${nextCallId++}`,
        toolName: invocation.toolName,
        args: invocation.args ?? {},
        result: invocation.result ?? {},
        ...(invocation.state !== undefined && { state: invocation.state }),
      }),
    ),
  });
}

function runOf(testCase: ConformanceCase) {
  if (testCase.run) {
    nextCallId = 0;
    return createAgentTestRun({
      inputMessages: testCase.run.inputMessages.map(toMessage) as never,
      output: testCase.run.output.map(toMessage) as never,
    });
  }
  const tools = testCase.tools ?? [];
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'test input', role: 'user', id: 'input-1' })],
    output: [
      createTestMessage({
        content: 'test output',
        role: 'assistant',
        id: 'output-1',
        toolInvocations: tools.map((tool, index) =>
          createToolInvocation({
            toolCallId: `call-${index}`,
            toolName: typeof tool === 'string' ? tool : tool.toolName,
            args: {},
            result: {},
            state: typeof tool === 'string' ? 'result' : tool.state,
          }),
        ),
      }),
    ],
  });
}

describe('conformance: shared/conformance/code-scorer.json', () => {
  it('holds the cases', () => {
    expect(cases.length).toBeGreaterThan(400);
    expect(cases.filter((testCase) => testCase.divergence).length).toBeGreaterThan(0);
  });

  it.each(cases.map((testCase) => [testCase.id, testCase] as const))('%s', async (_id, testCase) => {
    if (testCase.expected === 'throw') {
      expect(() => createToolCallAccuracyScorerCode(testCase.options)).toThrow();
      return;
    }
    const result = await createToolCallAccuracyScorerCode(testCase.options).run(runOf(testCase));
    expect(result.score).toBe(testCase.expected);
  });
});
