// Every run shape the package reads, generated at any size for the benchmarks (bench/matchers.mjs).
// Each shape turns one list of calls (`callsOf(count)`: names cycling through four tools, an input
// and a result each, issued `PER_STEP` to a model step) into a run in that format's own field
// names, as its library writes it. To add a format: one line in SHAPES.
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../dist/testing.js';

export const NAMES = ['search', 'book', 'email', 'log'];
/** Calls per model step (an assistant message, a step, a response): a step's calls were issued together. */
export const PER_STEP = 4;

/** `count` calls: `{ id, toolName, input, output }`, the same for every shape. */
export function callsOf(count) {
  return Array.from({ length: count }, (_, index) => ({ id: `call_${index}`, toolName: NAMES[index % 4], input: { n: index }, output: { ok: index } }));
}

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
          ...step.map((c) => ({ type: 'tool-result', toolCallId: c.id, toolName: c.toolName, input: c.input, output: c.output })),
        ],
        finishReason: 'tool-calls',
      })),
      { content: [{ type: 'text', text: 'Done.' }], finishReason: 'stop' },
    ],
  };
}

/** AI SDK 5-7 UI messages (`useChat`): one assistant message, a `step-start` part before each step. */
function aiSdkUiMessages(calls) {
  const parts = [];
  for (const step of stepsOf(calls)) {
    parts.push({ type: 'step-start' });
    for (const c of step) parts.push({ type: `tool-${c.toolName}`, toolCallId: c.id, state: 'output-available', input: c.input, output: c.output });
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
      { role: 'tool', content: step.map((c) => ({ type: 'tool-result', toolCallId: c.id, toolName: c.toolName, output: { type: 'json', value: c.output } })) },
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
      toolResults: step.map((c) => ({ type: 'tool-result', toolCallId: c.id, toolName: c.toolName, args: c.input, result: c.output })),
      finishReason: 'tool-calls',
    })),
  };
}

/** The run Mastra hands a scorer, built with this package's builders (Mastra's own shape). */
function mastraRun(calls) {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'Book a flight', role: 'user', id: 'in' })],
    output: [
      createTestMessage({
        content: 'Done.',
        role: 'assistant',
        id: 'out',
        toolInvocations: calls.map((c) => createToolInvocation({ toolCallId: c.id, toolName: c.toolName, args: c.input, result: c.output, state: 'result' })),
      }),
    ],
  });
}

/** Mastra stored messages (`format: 2`): `tool-invocation` parts, and the same calls in `content.toolInvocations`. */
function mastraMessages(calls) {
  const invocations = calls.map((c) => ({ state: 'result', toolCallId: c.id, toolName: c.toolName, args: c.input, result: c.output }));
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
    toolResults: calls.map((c) => ({ type: 'tool-result', runId: 'r', from: 'AGENT', payload: { toolCallId: c.id, toolName: c.toolName, args: c.input, result: c.output } })),
    steps: [],
  };
}

/** OpenAI Chat Completions messages: `tool_calls` with JSON-string arguments, then a `tool` message per call. */
function openaiChat(calls) {
  return [
    user,
    ...stepsOf(calls).flatMap((step) => [
      { role: 'assistant', content: null, tool_calls: step.map((c) => ({ id: c.id, type: 'function', function: { name: c.toolName, arguments: JSON.stringify(c.input) } })) },
      ...step.map((c) => ({ role: 'tool', tool_call_id: c.id, content: JSON.stringify(c.output) })),
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
      ...step.map((c) => ({ type: 'function_call_output', call_id: c.id, output: JSON.stringify(c.output) })),
    ]),
    { type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] },
  ];
}

/** Anthropic messages: `tool_use` blocks, their `tool_result` blocks in the next user message. */
function anthropic(calls) {
  return [
    user,
    ...stepsOf(calls).flatMap((step) => [
      { role: 'assistant', content: step.map((c) => ({ type: 'tool_use', id: c.id, name: c.toolName, input: c.input })) },
      { role: 'user', content: step.map((c) => ({ type: 'tool_result', tool_use_id: c.id, content: JSON.stringify(c.output) })) },
    ]),
    { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
  ];
}

/** Real `@langchain/core` messages: an `AIMessage` per step with its `ToolMessage`s. */
function langchain(calls) {
  return [
    new HumanMessage('Book a flight'),
    ...stepsOf(calls).flatMap((step) => [
      new AIMessage({ content: '', tool_calls: step.map((c) => ({ id: c.id, name: c.toolName, args: c.input, type: 'tool_call' })) }),
      ...step.map((c) => new ToolMessage({ tool_call_id: c.id, content: JSON.stringify(c.output) })),
    ]),
    new AIMessage('Done.'),
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
      attributes: [attribute('gen_ai.operation.name', 'chat'), attribute('gen_ai.output.messages', JSON.stringify([{ role: 'assistant', parts }]))],
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
          attribute('gen_ai.tool.call.result', JSON.stringify(c.output)),
        ],
      });
    }
  }
  return { resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'bench' }, spans }] }] };
}

/** A plain list of calls, as `getToolCalls` returns them. */
const plain = (calls) => calls.map((c) => ({ toolName: c.toolName, input: c.input, toolCallId: c.id, output: c.output }));

// The floor of a shape that keeps values as JSON text: JSON.parse of every string a reader of it
// must parse, and nothing else (no checks, no call objects). No reader can go under it.
const parseChatArguments = (run) => {
  for (const message of run) for (const item of message.tool_calls ?? []) JSON.parse(item.function.arguments);
};
const parseResponsesArguments = (run) => {
  for (const item of run) if (item.type === 'function_call') JSON.parse(item.arguments);
};
const parseTraceValues = (run) => {
  for (const span of run.resourceSpans[0].scopeSpans[0].spans) {
    for (const { key, value } of span.attributes) if (key === 'gen_ai.output.messages' || key === 'gen_ai.tool.call.result') JSON.parse(value.stringValue);
  }
};

/**
 * name: the format as `getToolCalls` detects it; build: calls -> run; floor (for shapes that keep
 * values as JSON text): the parsing alone, which bench/matchers.mjs times beside the reading.
 */
export const SHAPES = [
  { name: 'ai-sdk-result', build: aiSdkResult },
  { name: 'ai-sdk-ui-messages', build: aiSdkUiMessages },
  { name: 'ai-sdk-model-messages', build: aiSdkModelMessages },
  { name: 'ai-sdk-4', build: aiSdk4Result },
  { name: 'mastra-run', build: mastraRun },
  { name: 'mastra-messages', build: mastraMessages },
  { name: 'mastra-generate', build: mastraGenerate },
  { name: 'openai-chat', build: openaiChat, floor: parseChatArguments },
  { name: 'openai-responses', build: openaiResponses, floor: parseResponsesArguments },
  { name: 'anthropic', build: anthropic },
  { name: 'langchain', build: langchain },
  { name: 'otel-trace', build: otelTrace, floor: parseTraceValues },
  { name: 'plain', build: plain },
];
