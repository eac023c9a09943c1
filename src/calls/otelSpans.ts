import { ToolCallAccuracyError } from '../errors.js';
import type { UnknownRecord } from './adapter.js';
import { isNonEmptyString, isRecord } from './adapter.js';

/**
 * One finished span, from either source, reduced to what the trace reader uses. A trace has about
 * twice as many spans as calls, and most are read only to learn that they are a tool call: so a
 * span keeps the few attributes that say what it is, as the source holds them (an OTLP `AnyValue`
 * is converted, and JSON text parsed, only when the reader uses it), and the rest stay in the
 * source (`attribute`, `attributesOf`).
 */
export interface Span {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly name: string;
  /** Start time in nanoseconds since the epoch, rounded above 2^53: two closer starts are ordered by `startNanos` (`compareStarts`). */
  readonly start: number;
  /** The tool a tool span ran (`gen_ai.tool.name`, else `ai.toolCall.name`): set only on tool spans. */
  readonly toolName: string | undefined;
  /** Which conventions named the tool: the call's id, arguments and result are read from the same ones. */
  readonly genAiTool: boolean;
  /** A tool span's `gen_ai.tool.call.id` / `ai.toolCall.id`, `gen_ai.tool.call.result` / `ai.toolCall.result` and `error.type`. */
  readonly toolCallId: unknown;
  readonly result: unknown;
  readonly errorType: unknown;
  /** `gen_ai.operation.name`. */
  readonly operation: unknown;
  /** What a span that is not a tool's says the model issued (JSON text): `gen_ai.output.messages` (then `issuedGenAi`), else `ai.response.toolCalls`. */
  readonly issued: unknown;
  readonly issuedGenAi: boolean;
  /** The exporter's span (`ReadableSpan`) or the OTLP JSON one. */
  readonly source: UnknownRecord;
  readonly otlp: boolean;
}

/** A span of an OTLP export: its ids and name are read from the export's span, as each field copied is copied again by every garbage collection. */
class OtlpSpan implements Span {
  constructor(
    readonly source: UnknownRecord,
    readonly start: number,
    readonly toolName: string | undefined,
    readonly genAiTool: boolean,
    readonly toolCallId: unknown,
    readonly result: unknown,
    readonly errorType: unknown,
    readonly operation: unknown,
    readonly issued: unknown,
    readonly issuedGenAi: boolean,
  ) {}

  get traceId(): string {
    return this.source.traceId as string;
  }

  get spanId(): string {
    return this.source.spanId as string;
  }

  get parentSpanId(): string | undefined {
    const parent = this.source.parentSpanId;
    return typeof parent === 'string' && parent !== '' ? parent : undefined;
  }

  get name(): string {
    return this.source.name as string;
  }

  get otlp(): boolean {
    return true;
  }
}

/** A finished span of the OpenTelemetry JS SDK (`ReadableSpan`, as `InMemorySpanExporter.getFinishedSpans()` gives them). */
export function isReadableSpan(value: unknown): value is UnknownRecord {
  return isRecord(value) && typeof value.spanContext === 'function' && typeof value.name === 'string' && isRecord(value.attributes) && Array.isArray(value.startTime);
}

/** An OTLP JSON export (`ExportTraceServiceRequest`): `{ resourceSpans: [{ scopeSpans: [{ spans }] }] }`. */
export function isOtlpExport(value: unknown): value is { resourceSpans: unknown[] } {
  return isRecord(value) && Array.isArray(value.resourceSpans);
}

/** Spans already read, handed back to the reader: a sub-agent's subtree, or one trace of several. */
export class SpanSubset {
  constructor(readonly spans: readonly Span[]) {}
}

/** Is `value` spans of a trace: SDK spans, an OTLP JSON export, or a list of exports? */
export function isSpanInput(value: unknown): boolean {
  if (isOtlpExport(value) || value instanceof SpanSubset) return true;
  return Array.isArray(value) && value.length > 0 && (isReadableSpan(value[0]) || isOtlpExport(value[0]));
}

/** The spans of any accepted input, in input order. Spans that are not well formed are an error. */
export function spansOf(value: unknown): readonly Span[] {
  if (value instanceof SpanSubset) return value.spans;
  const spans: Span[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    if (isOtlpExport(item)) readOtlp(item, spans);
    else if (isReadableSpan(item)) spans.push(fromReadableSpan(item));
    else throw new ToolCallAccuracyError(`a list of spans holds ${isRecord(item) ? 'an object that is not a span' : typeof item}; pass the exporter's finished spans (or an OTLP JSON export) as they are.`);
  }
  return spans;
}

function fromReadableSpan(span: UnknownRecord): Span {
  const context = (span.spanContext as () => { traceId: string; spanId: string })();
  // SDK 2.x: parentSpanContext; 1.x: parentSpanId.
  const parent = isRecord(span.parentSpanContext) ? span.parentSpanContext.spanId : span.parentSpanId;
  const [seconds, nanos] = span.startTime as [number, number];
  const attributes = span.attributes as Record<string, unknown>;
  const genAiName = attributes['gen_ai.tool.name'];
  const sdkName = attributes['ai.toolCall.name'];
  const genAiTool = isNonEmptyString(genAiName);
  const isTool = genAiTool || isNonEmptyString(sdkName);
  const outputMessages = attributes['gen_ai.output.messages'];
  const issuedGenAi = outputMessages !== undefined && !isTool;
  return {
    traceId: context.traceId,
    spanId: context.spanId,
    parentSpanId: typeof parent === 'string' && parent !== '' ? parent : undefined,
    name: span.name as string,
    // Each rounding is monotonic only within a second: seconds * 1e9 + nanos is not, so a close
    // call is left to the exact start (compareStarts).
    start: seconds * 1e9 + nanos,
    toolName: genAiTool ? genAiName : isTool ? (sdkName as string) : undefined,
    genAiTool,
    toolCallId: isTool ? attributes[genAiTool ? 'gen_ai.tool.call.id' : 'ai.toolCall.id'] : undefined,
    result: isTool ? attributes[genAiTool ? 'gen_ai.tool.call.result' : 'ai.toolCall.result'] : undefined,
    errorType: isTool ? attributes['error.type'] : undefined,
    operation: attributes['gen_ai.operation.name'],
    issued: issuedGenAi ? outputMessages : attributes['ai.response.toolCalls'],
    issuedGenAi,
    source: span,
    otlp: false,
  };
}

function readOtlp(request: { resourceSpans: unknown[] }, spans: Span[]): void {
  const resources = request.resourceSpans;
  for (let r = 0; r < resources.length; r++) {
    const resource = resources[r];
    if (!isRecord(resource) || !Array.isArray(resource.scopeSpans)) continue;
    for (let s = 0; s < resource.scopeSpans.length; s++) {
      const scope: unknown = resource.scopeSpans[s];
      if (!isRecord(scope) || !Array.isArray(scope.spans)) continue;
      const list = scope.spans;
      for (let index = 0; index < list.length; index++) spans.push(fromOtlpSpan(list[index], r, s, index));
    }
  }
}

/** A span of the export, at `resourceSpans[r].scopeSpans[s].spans[index]` (named only in an error: a trace may hold many spans). */
function fromOtlpSpan(span: unknown, r: number, s: number, index: number): Span {
  if (!isRecord(span) || typeof span.traceId !== 'string' || typeof span.spanId !== 'string' || typeof span.name !== 'string') {
    const missing = ['traceId', 'spanId', 'name'].filter((key) => !isRecord(span) || typeof span[key] !== 'string');
    throw new ToolCallAccuracyError(
      `the OTLP export's resourceSpans[${r}].scopeSpans[${s}].spans[${index}] has no ${missing.join(', ')}: expected the OTLP JSON encoding of a span ({ traceId, spanId, parentSpanId, name, startTimeUnixNano, attributes }, ids in hex).`,
    );
  }
  // One pass over the attributes keeps the few that say what the span is, unconverted.
  let genAiName: unknown;
  let sdkName: unknown;
  let operation: unknown;
  let outputMessages: unknown;
  let responseToolCalls: unknown;
  let genAiId: unknown;
  let sdkId: unknown;
  let genAiResult: unknown;
  let sdkResult: unknown;
  let errorType: unknown;
  const list = span.attributes;
  if (Array.isArray(list)) {
    for (let i = 0; i < list.length; i++) {
      const attribute: unknown = list[i];
      if (!isRecord(attribute)) continue;
      switch (attribute.key) {
        case 'gen_ai.tool.name':
          genAiName = attribute.value;
          break;
        case 'ai.toolCall.name':
          sdkName = attribute.value;
          break;
        case 'gen_ai.operation.name':
          operation = attribute.value;
          break;
        case 'gen_ai.output.messages':
          outputMessages = attribute.value;
          break;
        case 'ai.response.toolCalls':
          responseToolCalls = attribute.value;
          break;
        case 'gen_ai.tool.call.id':
          genAiId = attribute.value;
          break;
        case 'ai.toolCall.id':
          sdkId = attribute.value;
          break;
        case 'gen_ai.tool.call.result':
          genAiResult = attribute.value;
          break;
        case 'ai.toolCall.result':
          sdkResult = attribute.value;
          break;
        case 'error.type':
          errorType = attribute.value;
      }
    }
  }
  const genAiTool = isNonEmptyString((genAiName = anyValue(genAiName)));
  sdkName = anyValue(sdkName);
  const isTool = genAiTool || isNonEmptyString(sdkName);
  const issuedGenAi = outputMessages !== undefined && !isTool;
  const rawStart = span.startTimeUnixNano ?? 0;
  const start = typeof rawStart === 'number' ? rawStart : typeof rawStart === 'string' ? Number(rawStart) : Number.NaN;
  if (!Number.isInteger(start)) {
    throw new ToolCallAccuracyError(
      `the OTLP export's resourceSpans[${r}].scopeSpans[${s}].spans[${index}] has a startTimeUnixNano that is not a whole number: expected nanoseconds since the epoch, as a string of digits.`,
    );
  }
  // Number() rounds correctly, so a later start never reads as an earlier one.
  return new OtlpSpan(
    span,
    start,
    genAiTool ? (genAiName as string) : isTool ? (sdkName as string) : undefined,
    genAiTool,
    isTool ? anyValue(genAiTool ? genAiId : sdkId) : undefined,
    isTool ? anyValue(genAiTool ? genAiResult : sdkResult) : undefined,
    isTool ? anyValue(errorType) : undefined,
    anyValue(operation),
    anyValue(issuedGenAi ? outputMessages : responseToolCalls),
    issuedGenAi,
  );
}

/** One attribute of a span, as a plain value (OTLP's converted); undefined when it has none. */
export function attribute(span: Span, key: string): unknown {
  if (!span.otlp) return (span.source.attributes as Record<string, unknown>)[key];
  const list = span.source.attributes;
  if (!Array.isArray(list)) return undefined;
  // The last of a repeated key, as a record of them would keep.
  for (let i = list.length - 1; i >= 0; i--) {
    const attribute: unknown = list[i];
    if (isRecord(attribute) && attribute.key === key) return anyValue(attribute.value);
  }
  return undefined;
}

/** All of a span's attributes as a record (for the few spans read whole: the root, model calls). */
export function attributesOf(span: Span): Readonly<Record<string, unknown>> {
  if (!span.otlp) return span.source.attributes as Record<string, unknown>;
  const attributes: Record<string, unknown> = {};
  const list = span.source.attributes;
  if (!Array.isArray(list)) return attributes;
  for (const attribute of list) {
    if (isRecord(attribute) && typeof attribute.key === 'string') attributes[attribute.key] = anyValue(attribute.value);
  }
  return attributes;
}

/** The status message (or 'error') when the span's status is ERROR. */
export function spanError(span: Span): string | undefined {
  const status = span.source.status;
  if (!isRecord(status)) return undefined;
  const isError = status.code === 2 || (span.otlp && status.code === 'STATUS_CODE_ERROR');
  return isError ? (typeof status.message === 'string' && status.message !== '' ? status.message : 'error') : undefined;
}

/** The exact start in nanoseconds since the epoch (made again at each call: it is needed only for starts closer than a number holds). */
export function startNanos(span: Span): bigint {
  if (!span.otlp) return hrNanos(span.source.startTime);
  const start = span.source.startTimeUnixNano ?? 0;
  // A string BigInt() does not take ('1e3') is one Number() did: its value is the number's.
  return typeof start === 'string' && /^\s*\d+\s*$/.test(start) ? BigInt(start) : BigInt(span.start);
}

/** Orders two spans by start: by their numbers when further apart than their rounding, else exactly. */
export function compareStarts(a: Span, b: Span): number {
  const difference = a.start - b.start;
  return apart(a.start, b.start) ? difference : compareExact(startNanos(a), startNanos(b));
}

/** Are two times (as numbers) further apart than their rounding could make them look? */
export function apart(a: number, b: number): boolean {
  return Math.abs(a - b) > Math.max(Math.abs(a), Math.abs(b)) * 2 ** -48;
}

export function compareExact(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An OTLP `AnyValue` as a plain value. */
function anyValue(value: unknown): unknown {
  if (!isRecord(value)) return undefined;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if (isRecord(value.arrayValue)) return (Array.isArray(value.arrayValue.values) ? value.arrayValue.values : []).map(anyValue);
  if (isRecord(value.kvlistValue)) {
    const entries = Array.isArray(value.kvlistValue.values) ? value.kvlistValue.values : [];
    return Object.fromEntries(entries.flatMap((entry) => (isRecord(entry) && typeof entry.key === 'string' ? [[entry.key, anyValue(entry.value)]] : [])));
  }
  return undefined;
}

/** A span's end time in nanoseconds, rounded as `start` is (`endNanos` is exact); undefined where it records none. Read only for budgets. */
export function spanEnd(span: Span): number | undefined {
  if (!span.otlp) {
    const end = span.source.endTime;
    return Array.isArray(end) && typeof end[0] === 'number' && typeof end[1] === 'number' && end[0] > 0 ? end[0] * 1e9 + end[1] : undefined;
  }
  const end = span.source.endTimeUnixNano;
  if ((typeof end !== 'string' && typeof end !== 'number') || !/^\d+$/.test(String(end))) return undefined;
  const nanos = Number(end);
  return nanos > 0 ? nanos : undefined;
}

/** The exact end of a span `spanEnd` gives one for. */
export function endNanos(span: Span): bigint {
  return span.otlp ? BigInt(String(span.source.endTimeUnixNano)) : hrNanos(span.source.endTime);
}

/** An SDK span's `[seconds, nanoseconds]` time, exactly. */
function hrNanos(time: unknown): bigint {
  const [seconds, fraction] = time as [number, number];
  return BigInt(seconds) * 1_000_000_000n + BigInt(fraction);
}
