import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ToolCallAccuracyCodeOptions } from '../../src/index.js';
import { buildRun, type RunBuilders } from './runs.js';

type ShortInvocation = { toolName: string; toolCallId?: string; state?: string; args?: Record<string, unknown>; result?: Record<string, unknown> };
type ShortMessage = { role: 'user' | 'assistant' | 'system'; content: string; toolInvocations?: ShortInvocation[] };
type CaseMessage = ShortMessage | { id: string; role: string; createdAt: string; content: { format: 2 } };

/** One case of test/scoring/conformance/code-scorer.json (its README describes the fields). */
export interface ConformanceCase {
  id: string;
  options: ToolCallAccuracyCodeOptions;
  /** The calls of one assistant message (names, or names with a state)… */
  tools?: Array<string | { toolName: string; state: string }>;
  /** …or a whole run, its messages short (built with the builders) or full Mastra messages. */
  run?: { inputMessages: CaseMessage[]; output: CaseMessage[] };
  /** Mastra's recorded score: a number, 'throw' (at creation) or 'run-error' (the run rejects). */
  mastra: number | 'throw' | 'run-error';
  /** The score this spec requires. */
  expected: number | 'throw';
  divergence?: boolean;
}

const casesFile = fileURLToPath(new URL('../scoring/conformance/code-scorer.json', import.meta.url));
export const conformanceCases = JSON.parse(readFileSync(casesFile, 'utf8')) as ConformanceCase[];

/** The case's run, built with these builders (ours or Mastra's); call ids run across the whole run (call-0, call-1, …). */
export function conformanceRun<Run>(testCase: ConformanceCase, builders: RunBuilders<Run>): Run {
  if (!testCase.run) return buildRun(builders, testCase.tools ?? []);
  let nextCallId = 0;
  const toMessage = (message: CaseMessage, index: number) => {
    if (typeof message.content !== 'string') return message; // already a full Mastra message
    const short = message as ShortMessage;
    return builders.createMessage({
      content: short.content,
      role: short.role,
      id: `m${index}`,
      toolInvocations: (short.toolInvocations ?? []).map((invocation) =>
        builders.createToolInvocation({
          toolCallId: invocation.toolCallId ?? `call-${nextCallId++}`,
          toolName: invocation.toolName,
          args: invocation.args ?? {},
          result: invocation.result ?? {},
          ...(invocation.state !== undefined && { state: invocation.state }),
        }),
      ),
    });
  };
  return builders.createAgentTestRun({ inputMessages: testCase.run.inputMessages.map(toMessage), output: testCase.run.output.map(toMessage) });
}
