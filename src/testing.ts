/**
 * Run builders with the names, arguments and output shape of Mastra's scorer test helpers
 * (`@mastra/evals/scorers/utils`), so Mastra's documented examples run unchanged but for their
 * import line. They build Mastra's stored message format (`content.format: 2`).
 */

export type ToolInvocationState = 'call' | 'partial-call' | 'result' | (string & {});

export interface TestToolInvocation {
  toolCallId: string;
  toolName: string;
  args: Record<string, any>;
  result: Record<string, any>;
  state: ToolInvocationState;
}

export interface TestMessage {
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: {
    format: 2;
    parts: Array<{ type: 'text'; text: string }>;
    content: string;
    toolInvocations?: TestToolInvocation[];
  };
  createdAt: Date;
}

export interface AgentTestRun {
  input: {
    inputMessages: TestMessage[];
    rememberedMessages: TestMessage[];
    systemMessages: unknown[];
    taggedSystemMessages: Record<string, unknown[]>;
  };
  output: TestMessage[];
  /** Mastra puts a `RequestContext` here; a Map stands in for it, as this package has no Mastra dependency. */
  requestContext: Map<string, unknown>;
  runId: string;
}

/** A tool invocation as Mastra stores it; `state` defaults to `'result'`. */
export function createToolInvocation(invocation: {
  toolCallId: string;
  toolName: string;
  args: Record<string, any>;
  result: Record<string, any>;
  state?: ToolInvocationState;
}): TestToolInvocation {
  const { toolCallId, toolName, args, result, state = 'result' } = invocation;
  return { toolCallId, toolName, args, result, state };
}

/** A Mastra stored message (`content.format: 2`) with optional tool invocations. */
export function createTestMessage(message: {
  content: string;
  role: 'user' | 'assistant' | 'system';
  id?: string;
  toolInvocations?: TestToolInvocation[];
}): TestMessage {
  const { content, role, id = 'test-message', toolInvocations = [] } = message;
  return {
    id,
    role,
    content: {
      format: 2,
      parts: [{ type: 'text', text: content }],
      content,
      ...(toolInvocations.length > 0 && {
        toolInvocations: toolInvocations.map(({ toolCallId, toolName, args, result, state }) => ({ toolCallId, toolName, args, result, state })),
      }),
    },
    createdAt: new Date(),
  };
}

/** A whole agent run, as Mastra's scorers receive it. */
export function createAgentTestRun(run: {
  inputMessages?: TestMessage[];
  output: TestMessage[];
  rememberedMessages?: TestMessage[];
  systemMessages?: unknown[];
  taggedSystemMessages?: Record<string, unknown[]>;
  requestContext?: Map<string, unknown>;
  runId?: string;
}): AgentTestRun {
  const { inputMessages = [], output, rememberedMessages = [], systemMessages = [], taggedSystemMessages = {} } = run;
  const { requestContext = new Map(), runId = globalThis.crypto.randomUUID() } = run;
  return {
    input: { inputMessages, rememberedMessages, systemMessages, taggedSystemMessages },
    output,
    requestContext,
    runId,
  };
}
