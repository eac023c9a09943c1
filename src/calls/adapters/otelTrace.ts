import { ToolCallAccuracyError } from '../../errors.js';
import type { ToolCall } from '../../types.js';
import type { FormatAdapter, RunText, RunUsage } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { Pairing } from '../pairing.js';
import { recordSubRun } from '../subAgents.js';
import { toolCallWithJsonInput } from '../toolCall.js';
import type { Span } from '../otelSpans.js';
import { apart, attribute, attributesOf, compareStarts, endNanos, isSpanInput, spanEnd, spanError, spansOf, SpanSubset, startNanos } from '../otelSpans.js';
import { AI_SDK_4_TOKENS, AI_SDK_TOKENS, tokensOf } from '../runUsage.js';
import { formatName, printableName } from '../../value.js';
import { jsonOrText } from '../../json.js';

/**
 * Tool calls from OpenTelemetry traces: the GenAI semantic conventions (`execute_tool {name}` spans,
 * chat spans with `gen_ai.output.messages`; AI SDK 7's `OpenTelemetry`) and the AI SDK's own spans
 * (`ai.toolCall`, `ai.response.toolCalls` on each model call; ai@7's `LegacyOpenTelemetry`, ai@6's
 * `experimental_telemetry`).
 *
 * A model call's span says what the model issued and is one step; a tool span fills in the issued
 * call it ran. The root span (`invoke_agent` / `ai.generateText`), which repeats the run's calls,
 * is read only when a trace has no model-call spans. Calls inside a tool span are a sub-agent's.
 */
export const otelTrace: FormatAdapter = {
  format: 'otel-trace',
  shape: 'OpenTelemetry spans: the SDK\'s finished spans (InMemorySpanExporter.getFinishedSpans()) or an OTLP JSON export ({ resourceSpans })',
  detect: isSpanInput,
  // One agent run (one turn) per trace.
  turns: (value) => ({ unit: 'trace', turns: splitTraces(value) }),
  read(value, calls) {
    for (const trace of splitTraces(value)) readScope(trace.spans, calls);
  },
  text(value) {
    const texts = splitTraces(value).map((trace) => traceText(trace.spans));
    const request = texts.findLast((text) => text.request !== undefined)?.request;
    const replies = texts.flatMap((text) => (text.reply ? [text.reply] : []));
    return { ...(request !== undefined && { request }), ...(replies.length > 0 && { reply: replies.join('\n\n') }) };
  },
  usage: {
    records: {
      steps: 'OpenTelemetry traces (model-call spans: ai.generateText.doGenerate and ai.streamText.doStream, GenAI chat spans)',
      tokens: 'OpenTelemetry traces (gen_ai.usage.input_tokens and output_tokens, or ai.usage.inputTokens and outputTokens, on model-call spans)',
      durationMs: 'OpenTelemetry traces (span start and end times)',
    },
    read: traceUsage,
  },
};

/** The usage attributes of a model-call span: GenAI's, then the AI SDK's (v5+, then v4). */
const SPAN_TOKENS = [
  { input: ['gen_ai.usage.input_tokens'], output: ['gen_ai.usage.output_tokens'] },
  { input: AI_SDK_TOKENS.input.map((key) => `ai.usage.${key}`), output: AI_SDK_TOKENS.output.map((key) => `ai.usage.${key}`) },
  { input: AI_SDK_4_TOKENS.input.map((key) => `ai.usage.${key}`), output: AI_SDK_4_TOKENS.output.map((key) => `ai.usage.${key}`) },
];

/**
 * A trace's model calls are its model-call spans, sub-agents' included, each counted once (the root
 * span repeats their sum). Wall time is each trace's first start to its last end, summed over the
 * traces (one per turn): the time between turns is not counted.
 */
function traceUsage(value: unknown): RunUsage {
  const spans = spansOf(value);
  const usage: RunUsage = {};
  const lacking: Record<string, string> = {};
  const modelCalls = spans.filter(isModelCallSpan);
  usage.steps = modelCalls.length;
  let input = 0;
  let output = 0;
  for (const span of modelCalls) {
    const attributes = attributesOf(span);
    const found = SPAN_TOKENS.map((fields) => tokensOf(attributes, fields)).find((tokens) => typeof tokens !== 'string');
    if (found === undefined || typeof found === 'string') {
      lacking.tokens = `its model-call span ${spanName(span)} has no gen_ai.usage.input_tokens and output_tokens, nor ai.usage.inputTokens and outputTokens`;
      break;
    }
    input += found.input;
    output += found.output;
  }
  if (lacking.tokens === undefined) usage.tokens = { input, output, modelCalls: modelCalls.length };
  // Each trace's earliest start and latest end, compared as numbers (exactly when close).
  const traces = new Map<string, { first: Span; last: Span; end: number }>();
  const subset = value instanceof SpanSubset;
  for (const span of spans) {
    // A sub-agent's spans (a subset) are not timed: the run they belong to is.
    const end = subset ? undefined : spanEnd(span);
    if (end === undefined) {
      lacking.durationMs = `its span ${spanName(span)} has no end time`;
      break;
    }
    const trace = traces.get(span.traceId);
    if (!trace) traces.set(span.traceId, { first: span, last: span, end });
    else {
      if (compareStarts(span, trace.first) < 0) trace.first = span;
      if (apart(end, trace.end) ? end > trace.end : endNanos(span) > endNanos(trace.last)) {
        trace.last = span;
        trace.end = end;
      }
    }
  }
  if (lacking.durationMs === undefined) {
    let nanos = 0n;
    for (const { first, last } of traces.values()) nanos += endNanos(last) - startNanos(first);
    usage.durationMs = Number(nanos) / 1e6;
  }
  return Object.keys(lacking).length > 0 ? { ...usage, lacking } : usage;
}

/** A span in an error: its name and id are the trace's data, escaped and cut like a tool name. */
function spanName(span: Span): string {
  return `${formatName(span.name)} (span ${printableName(span.spanId)})`;
}

function isModelCallSpan(span: Span): boolean {
  const operation = span.operation;
  return (span.name.startsWith('ai.') && AI_SDK_MODEL_CALLS.test(span.name)) || (typeof operation === 'string' && GENAI_MODEL_OPERATIONS.has(operation) && span.toolName === undefined);
}

/**
 * The request and reply of one trace, from its root span (a sub-agent's spans are not the run's):
 * `gen_ai.input.messages` / `gen_ai.output.messages` (GenAI), `ai.prompt` / `ai.response.text` (the AI SDK).
 */
function traceText(spans: readonly Span[]): RunText {
  const ids = new Set(spans.map((span) => span.spanId));
  const root = spans.filter((span) => span.parentSpanId === undefined || !ids.has(span.parentSpanId)).sort(compareStarts)[0];
  if (!root) return {};
  const attributes = attributesOf(root);
  const input = parseJson(attributes['gen_ai.input.messages']);
  const prompt = parseJson(attributes['ai.prompt']);
  const messages = Array.isArray(input) ? input : isRecord(prompt) && Array.isArray(prompt.messages) ? prompt.messages : [];
  const lastUser = messages.findLast((message) => isRecord(message) && message.role === 'user');
  const request = isRecord(prompt) && typeof prompt.prompt === 'string' ? prompt.prompt : isRecord(lastUser) ? messageText(lastUser) : undefined;
  const output = parseJson(attributes['gen_ai.output.messages']);
  const reply = Array.isArray(output)
    ? output.map((message) => (isRecord(message) && message.role !== 'user' ? messageText(message) : '')).filter(Boolean).join('\n\n')
    : typeof attributes['ai.response.text'] === 'string'
      ? attributes['ai.response.text']
      : '';
  return { ...(request && { request }), ...(reply && { reply }) };
}

/** The text of a GenAI message (`parts: [{ type: 'text', content }]`) or an AI SDK one (`content`: a string or `[{ type: 'text', text }]`). */
function messageText(message: Record<string, unknown>): string {
  const parts = Array.isArray(message.parts) ? message.parts : message.content;
  if (typeof parts === 'string') return parts;
  if (!Array.isArray(parts)) return '';
  return parts
    .map((part) => (isRecord(part) && part.type === 'text' ? (typeof part.content === 'string' ? part.content : typeof part.text === 'string' ? part.text : '') : ''))
    .filter(Boolean)
    .join('\n');
}

/** The spans of each trace, traces in the order they started: one agent run (one turn) each. */
function splitTraces(value: unknown): SpanSubset[] {
  const spans = spansOf(value);
  let oneTrace = true;
  for (const span of spans) {
    if (span.parentSpanId === undefined && (AI_SDK_MODEL_CALLS.test(span.name) || span.name === 'ai.toolCall')) throw lostContext(span);
    if (span.traceId !== spans[0]!.traceId) oneTrace = false;
  }
  // One trace (a run of one turn) is the list as it is: no copy of it.
  if (oneTrace) return spans.length > 0 ? [new SpanSubset(spans)] : [];
  const traces = new Map<string, Span[]>();
  // A trace's spans mostly come together: the last trace's list is kept at hand.
  let lastId: string | undefined;
  let last: Span[] = [];
  for (const span of spans) {
    if (span.traceId !== lastId) {
      lastId = span.traceId;
      const trace = traces.get(lastId);
      if (trace) last = trace;
      else traces.set(lastId, (last = []));
    }
    last.push(span);
  }
  const earliest = (spans: Span[]) => spans.reduce((min, span) => (compareStarts(span, min) < 0 ? span : min), spans[0]!);
  return [...traces.values()]
    .map((spans) => ({ spans, first: earliest(spans) }))
    .sort((a, b) => compareStarts(a.first, b.first))
    .map(({ spans }) => new SpanSubset(spans));
}

function readScope(spans: readonly Span[], calls: CallCollector): void {
  // The parent walk looks up only spans that are some span's parent (the root, steps, model calls,
  // a tool running a sub-agent): a small part of a large trace, where a table of every span would
  // cost more than the rest of grouping it. Without a tool span among them, no span nests in a tool's.
  const parentIds = new Set<string>();
  let lastParent: string | undefined;
  for (const span of spans) {
    const parent = span.parentSpanId;
    if (parent !== undefined && parent !== lastParent) parentIds.add((lastParent = parent));
  }
  let toolsHoldSpans = false;
  for (const span of spans) {
    if (span.toolName !== undefined && parentIds.has(span.spanId)) {
      toolsHoldSpans = true;
      break;
    }
  }
  let own: Span[];
  const nested = new Map<Span, Span[]>();
  if (!toolsHoldSpans) own = spans.slice();
  else {
    const byId = new Map<string, Span>();
    for (const span of spans) if (parentIds.has(span.spanId)) byId.set(span.spanId, span);
    const toolAncestor = (span: Span): Span | undefined => {
      // A chain of parents longer than the trace has spans loops (a malformed export): it ends there,
      // without a set of the spans seen for every span read.
      let steps = spans.length;
      for (let parent = byId.get(span.parentSpanId ?? ''); parent && steps-- > 0; parent = byId.get(parent.parentSpanId ?? '')) {
        if (parent.toolName !== undefined) return parent;
      }
      return undefined;
    };
    own = [];
    for (const span of spans) {
      const ancestor = toolAncestor(span);
      if (!ancestor) own.push(span);
      // Only the nearest tool ancestor matters for the sub-run; deeper levels nest inside it.
      else if (!toolAncestor(ancestor)) {
        const subtree = nested.get(ancestor);
        if (subtree) subtree.push(span);
        else nested.set(ancestor, [span]);
      }
    }
  }
  own.sort(compareStarts);

  // The calls the model issued: those of each model-call span (a step each), or, in a trace
  // without model-call spans, those of the span that repeats the whole run.
  const fromSteps = own.some((span) => issuesAt(span) === 'step');
  // Model calls that start in the same clock tick (tracers keep milliseconds; mocked steps take
  // less) are ordered by their prompts: a later step's prompt holds the earlier steps' calls and
  // results, so it is longer. Otherwise the exporter's order would decide.
  const issuers = own.filter((span) => issuesAt(span) === (fromSteps ? 'step' : 'root')).sort((a, b) => compareStarts(a, b) || promptLength(a) - promptLength(b));
  // Every call in order, with its step; the issued ones are also in `issued`, where tool spans pair with them.
  const made: ToolCall[] = [];
  const steps: Array<string | undefined> = [];
  const issued: ToolCall[] = [];
  const pairing = new Pairing(issued, 'earliest');
  // A call read from the root span gets its step from the tool span that ran it: where it sits.
  const rootIssued = fromSteps ? undefined : new Map<ToolCall, number>();
  const issue = (span: Span) => {
    for (const source of issuedBy(span)) {
      const call = toolCallWithJsonInput(...source);
      rootIssued?.set(call, made.length);
      made.push(call);
      issued.push(call);
      steps.push(fromSteps ? span.spanId : undefined);
    }
  };
  // A tool span runs the earliest call issued before it started (or as it started) that no tool
  // span ran yet, with its tool and id (or, without an id, its tool): issuers and tool spans are
  // walked together in start order, an issuer first at the same start.
  let nextIssuer = 0;
  for (const span of own) {
    const toolName = span.toolName;
    if (toolName === undefined) continue;
    while (nextIssuer < issuers.length && compareStarts(issuers[nextIssuer]!, span) <= 0) issue(issuers[nextIssuer++]!);
    let call = pairing.take(span.toolCallId, toolName);
    if (call) {
      // Issued by the root span: the tool span's parent is the step that ran it (the AI SDK's step span or model call span).
      if (rootIssued) steps[rootIssued.get(call)!] = span.parentSpanId;
    } else {
      // No span issued it: its input is read from the tool span, and it joins the calls at its start.
      call = toolCallWithJsonInput(toolName, attribute(span, span.genAiTool ? 'gen_ai.tool.call.arguments' : 'ai.toolCall.args'), span.toolCallId);
      made.push(call);
      steps.push(span.parentSpanId ?? span.spanId);
    }
    // A tool span's result is JSON text.
    if (span.result !== undefined) call.output = parseJson(span.result);
    const error = spanError(span) ?? (isNonEmptyString(span.errorType) ? span.errorType : undefined);
    if (error !== undefined) call.error = error;
    const subRun = nested.get(span);
    if (subRun) recordSubRun(call, new SpanSubset(subRun));
  }
  while (nextIssuer < issuers.length) issue(issuers[nextIssuer++]!);
  // Span ids are unique within a trace; the trace id keeps steps of two traces apart. A step's
  // calls come together, so each step's key is made once. A call no tool span ran (an unknown
  // tool, a run cut short) has no result.
  let lastStep: string | undefined;
  let lastKey: string | undefined;
  for (let index = 0; index < made.length; index++) {
    const step = steps[index];
    if (step !== lastStep) {
      lastStep = step;
      lastKey = step === undefined ? undefined : `${spans[0]!.traceId}/${step}`;
    }
    calls.add(made[index]!, lastKey);
  }
}

/**
 * The AI SDK opens an `ai.generateText` (or `ai.streamText`) span around its model and tool calls,
 * so one of those without a parent lost it (the tracer's context did not follow the SDK's async
 * calls): each in a trace of its own would split one run into many.
 */
function lostContext(span: Span): ToolCallAccuracyError {
  return new ToolCallAccuracyError(
    `the AI SDK span ${JSON.stringify(span.name)} (span ${span.spanId}) has no parent, so the trace cannot say which run it belongs to: ` +
      "the OpenTelemetry context did not follow the SDK's async calls. Register a context manager before the run: " +
      'NodeTracerProvider.register() from @opentelemetry/sdk-trace-node, or context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable()) from @opentelemetry/context-async-hooks.',
  );
}

const GENAI_MODEL_OPERATIONS = new Set(['chat', 'generate_content', 'text_completion']);
const AI_SDK_ROOTS = /^ai\.(generateText|streamText)$/;
const AI_SDK_MODEL_CALLS = /^ai\.(generateText|streamText)\.do(Generate|Stream)$/;

/**
 * Which calls a span says the model issued: those of one model call ('step'), or of a whole run
 * repeating them ('root'); undefined for a span that records no output.
 */
function issuesAt(span: Span): 'step' | 'root' | undefined {
  if (span.issued === undefined) return undefined;
  if (span.issuedGenAi) {
    const operation = span.operation;
    return (typeof operation === 'string' ? GENAI_MODEL_OPERATIONS.has(operation) : !span.name.startsWith('invoke_agent')) ? 'step' : 'root';
  }
  return AI_SDK_MODEL_CALLS.test(span.name) || (!AI_SDK_ROOTS.test(span.name) && attribute(span, 'ai.operationId') !== span.name.replace(/\..*$/, '')) ? 'step' : 'root';
}

/** The calls a span `issuesAt` names: GenAI output messages' `tool_call` parts or the AI SDK's `[{ toolCallId, toolName, input }]`. */
function issuedBy(span: Span): Array<[toolName: string, input: unknown, toolCallId: unknown]> {
  const found: Array<[string, unknown, unknown]> = [];
  const list = parseJson(span.issued);
  if (!Array.isArray(list)) return found;
  if (span.issuedGenAi) {
    for (const message of list) {
      if (!isRecord(message) || message.role === 'user' || !Array.isArray(message.parts)) continue;
      for (const part of message.parts) if (isRecord(part) && part.type === 'tool_call' && isNonEmptyString(part.name)) found.push([part.name, part.arguments, part.id]);
    }
  } else {
    for (const call of list) if (isRecord(call) && isNonEmptyString(call.toolName)) found.push([call.toolName, call.input ?? call.args, call.toolCallId]);
  }
  return found;
}

/** Attributes hold JSON text; a value that is not JSON is kept as the text it is. */
function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? jsonOrText(value) : value;
}

/** How many messages a model-call span's prompt holds (AI SDK `ai.prompt.messages`, GenAI `gen_ai.input.messages`), 0 when it records none. */
function promptLength(span: Span): number {
  const messages = parseJson(attribute(span, 'ai.prompt.messages') ?? attribute(span, 'gen_ai.input.messages'));
  return Array.isArray(messages) ? messages.length : 0;
}
