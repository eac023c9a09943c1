// Every run shape the package reads, generated at any size for the benchmarks (bench/matchers.mjs).
// Each shape turns one list of calls (`callsOf(count)`: names cycling through four tools, an input
// and a result each, issued `PER_STEP` to a model step) into a run in that format's own field
// names, as its library writes it. To add a format: one line in SHAPES.
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../dist/testing.js';

export const NAMES = ['search', 'book', 'email', 'log'];
/** Calls per model step (an assistant message, a step, a response): a step's calls were issued together. */
export const PER_STEP = 4;

/** One call in `FAILED_EVERY` fails (`error` and no `output`), and the next call to its tool retries it with the same input. */
export const FAILED_EVERY = 50;
const failedAt = (index) => index % FAILED_EVERY === FAILED_EVERY / 2;
/** Tokens each model step that issued calls records (input 10, output 5); a closing text step records 0. */
export const TOKENS_PER_STEP = { input: 10, output: 5 };

/**
 * `count` calls: `{ id, toolName, input, output }` or, one in `FAILED_EVERY`, `{ id, toolName, input,
 * error }`, the same for every shape. A failed call's tool is called again four calls later (names
 * cycle through four tools) with the same input, and succeeds: a retry that recovers, and a repeat
 * of an earlier call that is not the call just before it.
 */
export function callsOf(count) {
  return Array.from({ length: count }, (_, index) => {
    const call = { id: `call_${index}`, toolName: NAMES[index % 4], input: { n: failedAt(index - 4) ? index - 4 : index } };
    if (failedAt(index)) call.error = `timeout after 30 s (call ${index})`;
    else call.output = { ok: index };
    return call;
  });
}

/** A call as an expected item with its input. */
export const pairOf = (call) => ({ toolName: call.toolName, input: call.input });

/** Ten of the calls, spread over the run, as expected items with their inputs: the largest list with inputs issue 46 measures at 100,000 calls. */
export const tenPairsOf = (calls) => Array.from({ length: 10 }, (_, index) => pairOf(calls[Math.floor(((index + 1) * calls.length) / 11)]));

/** Runs an assertion; true when it failed (the runner built its failure message). Any other error is thrown. */
export const swallow = (assertion) => {
  try {
    assertion();
    return false;
  } catch (error) {
    if (!error.matcherResult) throw error;
    return true;
  }
};

/** The tokens a run of `count` calls records, on the shapes that record usage (`tokens: true` in SHAPES). */
export const tokensOf = (count) => Math.ceil(count / PER_STEP) * (TOKENS_PER_STEP.input + TOKENS_PER_STEP.output);

/** The calls in model steps of `PER_STEP`. */
function stepsOf(calls) {
  const steps = [];
  for (let index = 0; index < calls.length; index += PER_STEP) steps.push(calls.slice(index, index + PER_STEP));
  return steps;
}

const user = { role: 'user', content: 'Book a flight' };

/** AI SDK 5-7 `generateText` result as JSON: `steps[].content` holds the calls and their results. */
function aiSdkResult(calls) {
  return {
    steps: [
      ...stepsOf(calls).map((step) => ({
        content: [
          ...step.map((c) => ({ type: 'tool-call', toolCallId: c.id, toolName: c.toolName, input: c.input })),
          ...step.map((c) =>
            c.error === undefined
              ? { type: 'tool-result', toolCallId: c.id, toolName: c.toolName, input: c.input, output: c.output }
              : { type: 'tool-error', toolCallId: c.id, toolName: c.toolName, input: c.input, error: c.error },
          ),
        ],
        finishReason: 'tool-calls',
        usage: { inputTokens: TOKENS_PER_STEP.input, outputTokens: TOKENS_PER_STEP.output, totalTokens: TOKENS_PER_STEP.input + TOKENS_PER_STEP.output },
      })),
      { content: [{ type: 'text', text: 'Done.' }], finishReason: 'stop', usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } },
    ],
  };
}

/** AI SDK 5-7 UI messages (`useChat`): one assistant message, a `step-start` part before each step. */
function aiSdkUiMessages(calls) {
  const parts = [];
  for (const step of stepsOf(calls)) {
    parts.push({ type: 'step-start' });
    for (const c of step) {
      parts.push(
        c.error === undefined
          ? { type: `tool-${c.toolName}`, toolCallId: c.id, state: 'output-available', input: c.input, output: c.output }
          : { type: `tool-${c.toolName}`, toolCallId: c.id, state: 'output-error', input: c.input, errorText: c.error },
      );
    }
  }
  parts.push({ type: 'step-start' }, { type: 'text', text: 'Done.', state: 'done' });
  return [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Book a flight' }] }, { id: 'a1', role: 'assistant', parts }];
}

/** AI SDK 5-7 model messages (`response.messages`): an assistant message per step, then its tool message. */
function aiSdkModelMessages(calls) {
  return [
    user,
    ...stepsOf(calls).flatMap((step) => [
      { role: 'assistant', content: step.map((c) => ({ type: 'tool-call', toolCallId: c.id, toolName: c.toolName, input: c.input })) },
      { role: 'tool', content: step.map((c) => ({ type: 'tool-result', toolCallId: c.id, toolName: c.toolName, output: c.error === undefined ? { type: 'json', value: c.output } : { type: 'error-text', value: c.error } })) },
    ]),
    { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
  ];
}

/** AI SDK 4 `generateText` result: `steps[].toolCalls` with `args`, `toolResults` with `result`. */
function aiSdk4Result(calls) {
  return {
    steps: stepsOf(calls).map((step, index) => ({
      stepType: index === 0 ? 'initial' : 'tool-result',
      text: '',
      toolCalls: step.map((c) => ({ type: 'tool-call', toolCallId: c.id, toolName: c.toolName, args: c.input })),
      toolResults: step.map((c) =>
        c.error === undefined
          ? { type: 'tool-result', toolCallId: c.id, toolName: c.toolName, args: c.input, result: c.output }
          : { type: 'tool-result', toolCallId: c.id, toolName: c.toolName, args: c.input, result: c.error, isError: true },
      ),
      finishReason: 'tool-calls',
      usage: { promptTokens: TOKENS_PER_STEP.input, completionTokens: TOKENS_PER_STEP.output, totalTokens: TOKENS_PER_STEP.input + TOKENS_PER_STEP.output },
    })),
  };
}

/** The run Mastra hands a scorer, built with this package's builders (Mastra's own shape). */
function mastraRun(calls) {
  const run = createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'Book a flight', role: 'user', id: 'in' })],
    output: [
      createTestMessage({
        content: 'Done.',
        role: 'assistant',
        id: 'out',
        toolInvocations: calls.map((c) =>
          createToolInvocation({ toolCallId: c.id, toolName: c.toolName, args: c.input, result: c.output ?? { message: c.error }, state: 'result' }),
        ),
      }),
    ],
  });
  // A failed call as Mastra keeps it: `isError`, the error as its result (the builder takes no `isError`).
  const invocations = run.output[0].content.toolInvocations;
  calls.forEach((c, index) => {
    if (c.error !== undefined) invocations[index].isError = true;
  });
  return run;
}

/** Mastra stored messages (`format: 2`): `tool-invocation` parts, and the same calls in `content.toolInvocations`. */
function mastraMessages(calls) {
  const invocations = calls.map((c) =>
    c.error === undefined
      ? { state: 'result', toolCallId: c.id, toolName: c.toolName, args: c.input, result: c.output }
      : { state: 'result', toolCallId: c.id, toolName: c.toolName, args: c.input, result: { message: c.error }, isError: true },
  );
  return [
    { id: 'm1', role: 'user', createdAt: new Date(0), content: { format: 2, parts: [{ type: 'text', text: 'Book a flight' }] } },
    {
      id: 'm2',
      role: 'assistant',
      createdAt: new Date(0),
      content: {
        format: 2,
        parts: [...invocations.map((toolInvocation) => ({ type: 'tool-invocation', toolInvocation })), { type: 'text', text: 'Done.' }],
        toolInvocations: invocations,
      },
    },
  ];
}

/** Mastra `agent.generate()` result: `toolCalls` and `toolResults` as Mastra chunks. */
function mastraGenerate(calls) {
  return {
    text: 'Done.',
    toolCalls: calls.map((c) => ({ type: 'tool-call', runId: 'r', from: 'AGENT', payload: { toolCallId: c.id, toolName: c.toolName, args: c.input } })),
    toolResults: calls.map((c) => ({
      type: 'tool-result',
      runId: 'r',
      from: 'AGENT',
      payload: c.error === undefined ? { toolCallId: c.id, toolName: c.toolName, args: c.input, result: c.output } : { toolCallId: c.id, toolName: c.toolName, args: c.input, result: c.error, isError: true },
    })),
    steps: [],
    totalUsage: { inputTokens: tokensOf(calls.length) * (2 / 3), outputTokens: tokensOf(calls.length) / 3 },
  };
}

/** OpenAI Chat Completions messages: `tool_calls` with JSON-string arguments, then a `tool` message per call. */
function openaiChat(calls) {
  return [
    user,
    ...stepsOf(calls).flatMap((step) => [
      { role: 'assistant', content: null, tool_calls: step.map((c) => ({ id: c.id, type: 'function', function: { name: c.toolName, arguments: JSON.stringify(c.input) } })) },
      // Chat Completions has no field for a failed call: an app sends the error as the content.
      ...step.map((c) => ({ role: 'tool', tool_call_id: c.id, content: c.error ?? JSON.stringify(c.output) })),
    ]),
    { role: 'assistant', content: 'Done.' },
  ];
}

/** OpenAI Responses input items: `function_call` (JSON-string arguments) and `function_call_output`. */
function openaiResponses(calls) {
  return [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Book a flight' }] },
    ...stepsOf(calls).flatMap((step) => [
      ...step.map((c) => ({ type: 'function_call', id: `fc_${c.id}`, call_id: c.id, name: c.toolName, arguments: JSON.stringify(c.input), status: 'completed' })),
      // A function_call_output has no field for a failure: an app sends the error as the output.
      ...step.map((c) => ({ type: 'function_call_output', call_id: c.id, output: c.error ?? JSON.stringify(c.output) })),
    ]),
    { type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] },
  ];
}

/** Anthropic messages: `tool_use` blocks, their `tool_result` blocks in the next user message. */
function anthropic(calls) {
  return [
    user,
    ...stepsOf(calls).flatMap((step) => [
      {
        role: 'assistant',
        content: step.map((c) => ({ type: 'tool_use', id: c.id, name: c.toolName, input: c.input })),
        usage: { input_tokens: TOKENS_PER_STEP.input, output_tokens: TOKENS_PER_STEP.output },
      },
      {
        role: 'user',
        content: step.map((c) =>
          c.error === undefined ? { type: 'tool_result', tool_use_id: c.id, content: JSON.stringify(c.output) } : { type: 'tool_result', tool_use_id: c.id, content: c.error, is_error: true },
        ),
      },
    ]),
    { role: 'assistant', content: [{ type: 'text', text: 'Done.' }], usage: { input_tokens: 0, output_tokens: 0 } },
  ];
}

/** Google Gen AI `Content[]` (`chat.getHistory()`): parallel `functionCall` parts without ids, answered by name in order. */
function googleGenAI(calls) {
  return [
    { role: 'user', parts: [{ text: 'Book a flight' }] },
    ...stepsOf(calls).flatMap((step) => [
      { role: 'model', parts: step.map((c, index) => ({ functionCall: { name: c.toolName, args: c.input }, ...(index === 0 && { thoughtSignature: 'c2ln' }) })) },
      {
        role: 'user',
        parts: step.map((c) => ({ functionResponse: { name: c.toolName, response: c.error === undefined ? { output: c.output } : { error: c.error } } })),
      },
    ]),
    { role: 'model', parts: [{ text: 'Done.' }] },
  ];
}

/** Bedrock Converse `Message[]` of a tool-use loop: `toolUse` blocks, then a user message of `toolResult` blocks. */
function bedrockConverse(calls) {
  return [
    { role: 'user', content: [{ text: 'Book a flight' }] },
    ...stepsOf(calls).flatMap((step) => [
      { role: 'assistant', content: step.map((c) => ({ toolUse: { toolUseId: c.id, name: c.toolName, input: c.input } })) },
      {
        role: 'user',
        content: step.map((c) =>
          c.error === undefined ? { toolResult: { toolUseId: c.id, content: [{ json: c.output }] } } : { toolResult: { toolUseId: c.id, content: [{ text: c.error }], status: 'error' } },
        ),
      },
    ]),
    { role: 'assistant', content: [{ text: 'Done.' }] },
  ];
}

/** Real `@langchain/core` messages: an `AIMessage` per step with its `ToolMessage`s. */
function langchain(calls) {
  return [
    new HumanMessage('Book a flight'),
    ...stepsOf(calls).flatMap((step) => [
      new AIMessage({
        content: '',
        tool_calls: step.map((c) => ({ id: c.id, name: c.toolName, args: c.input, type: 'tool_call' })),
        usage_metadata: { input_tokens: TOKENS_PER_STEP.input, output_tokens: TOKENS_PER_STEP.output, total_tokens: TOKENS_PER_STEP.input + TOKENS_PER_STEP.output },
      }),
      ...step.map((c) =>
        c.error === undefined ? new ToolMessage({ tool_call_id: c.id, content: JSON.stringify(c.output) }) : new ToolMessage({ tool_call_id: c.id, content: c.error, status: 'error' }),
      ),
    ]),
    new AIMessage({ content: 'Done.', usage_metadata: { input_tokens: 0, output_tokens: 0, total_tokens: 0 } }),
  ];
}

/** An OpenTelemetry trace as OTLP JSON (GenAI conventions): an agent span, a chat span per step, an execute_tool span per call. */
function otelTrace(calls) {
  const traceId = '0'.repeat(31) + '1';
  let counter = 0;
  const spanId = () => (++counter).toString(16).padStart(16, '0');
  let clock = 1_000_000_000n;
  const at = () => String((clock += 1000n));
  const attribute = (key, stringValue) => ({ key, value: { stringValue } });
  const root = spanId();
  const spans = [{ traceId, spanId: root, name: 'invoke_agent booking', startTimeUnixNano: at(), attributes: [attribute('gen_ai.operation.name', 'invoke_agent')] }];
  for (const step of stepsOf(calls)) {
    const parts = step.map((c) => ({ type: 'tool_call', id: c.id, name: c.toolName, arguments: c.input }));
    spans.push({
      traceId,
      spanId: spanId(),
      parentSpanId: root,
      name: 'chat model',
      startTimeUnixNano: at(),
      attributes: [
        attribute('gen_ai.operation.name', 'chat'),
        attribute('gen_ai.output.messages', JSON.stringify([{ role: 'assistant', parts }])),
        { key: 'gen_ai.usage.input_tokens', value: { intValue: String(TOKENS_PER_STEP.input) } },
        { key: 'gen_ai.usage.output_tokens', value: { intValue: String(TOKENS_PER_STEP.output) } },
      ],
    });
    for (const c of step) {
      spans.push({
        traceId,
        spanId: spanId(),
        parentSpanId: root,
        name: `execute_tool ${c.toolName}`,
        startTimeUnixNano: at(),
        attributes: [
          attribute('gen_ai.operation.name', 'execute_tool'),
          attribute('gen_ai.tool.name', c.toolName),
          attribute('gen_ai.tool.call.id', c.id),
          attribute('gen_ai.tool.call.arguments', JSON.stringify(c.input)),
          ...(c.error === undefined ? [attribute('gen_ai.tool.call.result', JSON.stringify(c.output))] : [attribute('error.type', 'TimeoutError')]),
        ],
        // A failed tool span ends with status ERROR (code 2) and its message.
        ...(c.error !== undefined && { status: { code: 2, message: c.error } }),
      });
    }
  }
  return { resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'bench' }, spans }] }] };
}

/**
 * An OpenAI Agents SDK `RunResult` as JSON (`JSON.parse(JSON.stringify(result))`, its saved run
 * state): run items wrapping `function_call` items (camelCase `callId`, JSON-string arguments) and
 * their `function_call_result`s (a text output); a tool that threw has the SDK's default error text.
 */
function openaiAgents(calls) {
  const agent = { name: 'Booking' };
  const steps = stepsOf(calls);
  const generatedItems = [
    ...steps.flatMap((step) => [
      ...step.map((c) => ({ type: 'tool_call_item', rawItem: { type: 'function_call', id: c.id, callId: c.id, name: c.toolName, status: 'completed', arguments: JSON.stringify(c.input) }, agent })),
      ...step.map((c) => {
        const text = c.error === undefined ? JSON.stringify(c.output) : AGENTS_TOOL_ERROR;
        return { type: 'tool_call_output_item', rawItem: { type: 'function_call_result', name: c.toolName, callId: c.id, status: 'completed', output: { type: 'text', text } }, agent, output: text };
      }),
    ]),
    { type: 'message_output_item', rawItem: { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.' }] }, agent },
  ];
  const usage = { requests: steps.length + 1, inputTokens: steps.length * TOKENS_PER_STEP.input, outputTokens: steps.length * TOKENS_PER_STEP.output };
  return {
    state: {
      $schemaVersion: '1.22',
      currentTurn: steps.length + 1,
      currentAgent: agent,
      originalInput: 'Book a flight',
      modelResponses: [],
      context: { usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens }, approvals: {}, context: {} },
      currentStep: { type: 'next_step_final_output', output: 'Done.' },
      generatedItems,
    },
  };
}
/** `defaultToolErrorFunction`'s text in `@openai/agents-core`. */
const AGENTS_TOOL_ERROR = 'An error occurred while running the tool. Please try again.';

/**
 * The messages the Claude Agent SDK's `query()` yields: `system`/`init`, each `tool_use` block as an
 * `assistant` message of its own (the step's share `message.id`), each `tool_result` in a `user`
 * message of its own, and the `result` with `modelUsage` and `duration_ms`.
 */
function claudeAgent(calls) {
  const session = { session_id: 'session-1', parent_tool_use_id: null };
  let uuid = 0;
  const next = () => `uuid-${++uuid}`;
  const steps = stepsOf(calls);
  const messages = [{ type: 'system', subtype: 'init', tools: NAMES, model: 'claude-sonnet-4-5', session_id: 'session-1', uuid: next() }];
  steps.forEach((step, index) => {
    const id = `msg_${index}`;
    const usage = { input_tokens: TOKENS_PER_STEP.input, output_tokens: TOKENS_PER_STEP.output };
    for (const c of step) messages.push({ type: 'assistant', message: { id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id: c.id, name: c.toolName, input: c.input }], usage }, ...session, uuid: next() });
    for (const c of step) {
      const block = c.error === undefined ? { type: 'tool_result', tool_use_id: c.id, content: JSON.stringify(c.output) } : { type: 'tool_result', tool_use_id: c.id, content: c.error, is_error: true };
      messages.push({ type: 'user', message: { role: 'user', content: [block] }, ...session, uuid: next() });
    }
  });
  messages.push({ type: 'assistant', message: { id: 'msg_last', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'Done.' }], usage: { input_tokens: 0, output_tokens: 0 } }, ...session, uuid: next() });
  const inputTokens = steps.length * TOKENS_PER_STEP.input;
  const outputTokens = steps.length * TOKENS_PER_STEP.output;
  messages.push({
    type: 'result',
    subtype: 'success',
    is_error: false,
    duration_ms: calls.length,
    num_turns: steps.length + 1,
    result: 'Done.',
    total_cost_usd: 0,
    usage: { input_tokens: inputTokens, output_tokens: outputTokens },
    modelUsage: { 'claude-sonnet-4-5': { inputTokens, outputTokens, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 } },
    permission_denials: [],
    session_id: 'session-1',
    uuid: next(),
  });
  return messages;
}

/** A plain list of calls, as `getToolCalls` returns them. */
const plain = (calls) =>
  calls.map((c) => (c.error === undefined ? { toolName: c.toolName, input: c.input, toolCallId: c.id, output: c.output } : { toolName: c.toolName, input: c.input, toolCallId: c.id, error: c.error }));

/**
 * A Mastra trajectory as `extractTrajectoryFromTrace` returns it: one `model_generation` step (it
 * covers the whole tool loop) holding a `tool_call` step per call, `success: false` on a failed one.
 */
function mastraTrajectory(calls) {
  const steps = Math.ceil(calls.length / PER_STEP);
  return {
    steps: [
      {
        stepType: 'model_generation',
        name: 'gpt-4o',
        promptTokens: steps * TOKENS_PER_STEP.input,
        completionTokens: steps * TOKENS_PER_STEP.output,
        children: calls.map((c) =>
          c.error === undefined
            ? { stepType: 'tool_call', name: c.toolName, toolArgs: c.input, toolResult: c.output, success: true }
            : { stepType: 'tool_call', name: c.toolName, toolArgs: c.input, toolResult: { message: c.error }, success: false },
        ),
      },
    ],
    totalDurationMs: calls.length,
  };
}

// The floor of a shape that keeps values as JSON text: JSON.parse of every string a reader of it
// must parse, and nothing else (no checks, no call objects). No reader can go under it.
const parseChatArguments = (run) => {
  for (const message of run) for (const item of message.tool_calls ?? []) JSON.parse(item.function.arguments);
};
const parseResponsesArguments = (run) => {
  for (const item of run) if (item.type === 'function_call') JSON.parse(item.arguments);
};
const parseAgentsArguments = (run) => {
  for (const item of run.state.generatedItems) if (item.rawItem.type === 'function_call') JSON.parse(item.rawItem.arguments);
};
const parseTraceValues = (run) => {
  for (const span of run.resourceSpans[0].scopeSpans[0].spans) {
    for (const { key, value } of span.attributes) if (key === 'gen_ai.output.messages' || key === 'gen_ai.tool.call.result') JSON.parse(value.stringValue);
  }
};

// The floor of a shape whose tool names live in its parts' types (`tool-search`): the name cut out
// of every tool part's type, which every reader of it must do, and nothing else.
const sliceUiToolNames = (run) => {
  // The names are kept (as a read keeps them), so that no compiler drops the work.
  const names = [];
  for (const message of run) for (const part of message.parts) if (part.type.startsWith('tool-')) names.push(part.type.slice(5));
  return names;
};
// The floor of a shape that lists results apart from their calls (Mastra's generate()): each
// result's id compared with its call's, walking both lists in step (results in the calls' order,
// the best case), and nothing else.
const pairGenerateResults = (run) => {
  const { toolCalls, toolResults } = run;
  for (let index = 0; index < toolResults.length; index++) if (toolResults[index].payload.toolCallId !== toolCalls[index].payload.toolCallId) throw new Error('out of order');
};

/**
 * name: the format as `getToolCalls` detects it; build: calls -> run; floor (for shapes that keep
 * values as JSON text, or make every reader do some other work of its own): that work alone, which
 * bench/matchers.mjs times beside the reading.
 * What a shape records decides which cases it can answer (bench/matchers.mjs skips the others and
 * says so): `errors: false` for a format with no field for a failed call (the error goes in as an
 * ordinary result), `tokens: true` for one whose runs carry token usage (`tokensOf(count)` in all),
 * `textResults: true` for one that keeps each result as the text it was sent as (JSON here).
 */
export const SHAPES = [
  { name: 'ai-sdk-result', build: aiSdkResult, tokens: true },
  { name: 'ai-sdk-ui-messages', build: aiSdkUiMessages, floor: sliceUiToolNames },
  { name: 'ai-sdk-model-messages', build: aiSdkModelMessages },
  { name: 'ai-sdk-4', build: aiSdk4Result, tokens: true },
  { name: 'mastra-run', build: mastraRun },
  { name: 'mastra-messages', build: mastraMessages },
  { name: 'mastra-generate', build: mastraGenerate, floor: pairGenerateResults, tokens: true },
  { name: 'mastra-trajectory', build: mastraTrajectory, tokens: true },
  { name: 'openai-chat', build: openaiChat, floor: parseChatArguments, errors: false, textResults: true },
  { name: 'openai-responses', build: openaiResponses, floor: parseResponsesArguments, errors: false, textResults: true },
  { name: 'anthropic', build: anthropic, tokens: true, textResults: true },
  { name: 'langchain', build: langchain, tokens: true, textResults: true },
  { name: 'otel-trace', build: otelTrace, floor: parseTraceValues, tokens: true },
  { name: 'google-genai', build: googleGenAI },
  { name: 'bedrock-converse', build: bedrockConverse },
  { name: 'openai-agents', build: openaiAgents, floor: parseAgentsArguments, tokens: true, textResults: true },
  { name: 'claude-agent', build: claudeAgent, tokens: true, textResults: true },
  { name: 'plain', build: plain },
];
