import { ToolCallAccuracyError } from '../errors.js';
import type { UnknownRecord } from './adapter.js';
import { isRecord } from './adapter.js';

/** One finished span, from either source, reduced to what the trace reader uses. */
export interface Span {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly name: string;
  /** Start time in nanoseconds since the epoch. */
  readonly start: bigint;
  readonly attributes: Readonly<Record<string, unknown>>;
  /** The status message (or 'error') when the span's status is ERROR. */
  readonly error: string | undefined;
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
  const status = isRecord(span.status) ? span.status : {};
  return {
    traceId: context.traceId,
    spanId: context.spanId,
    parentSpanId: typeof parent === 'string' && parent !== '' ? parent : undefined,
    name: span.name as string,
    start: BigInt(seconds) * 1_000_000_000n + BigInt(nanos),
    attributes: span.attributes as Record<string, unknown>,
    error: status.code === 2 ? (typeof status.message === 'string' && status.message !== '' ? status.message : 'error') : undefined,
  };
}

function readOtlp(request: { resourceSpans: unknown[] }, spans: Span[]): void {
  request.resourceSpans.forEach((resource, r) => {
    if (!isRecord(resource) || !Array.isArray(resource.scopeSpans)) return;
    resource.scopeSpans.forEach((scope, s) => {
      if (!isRecord(scope) || !Array.isArray(scope.spans)) return;
      scope.spans.forEach((span, index) => spans.push(fromOtlpSpan(span, r, s, index)));
    });
  });
}

/** A span of the export, at `resourceSpans[r].scopeSpans[s].spans[index]` (named only in an error: a trace may hold 100,000 spans). */
function fromOtlpSpan(span: unknown, r: number, s: number, index: number): Span {
  if (!isRecord(span) || typeof span.traceId !== 'string' || typeof span.spanId !== 'string' || typeof span.name !== 'string') {
    const missing = ['traceId', 'spanId', 'name'].filter((key) => !isRecord(span) || typeof span[key] !== 'string');
    throw new ToolCallAccuracyError(
      `the OTLP export's resourceSpans[${r}].scopeSpans[${s}].spans[${index}] has no ${missing.join(', ')}: expected the OTLP JSON encoding of a span ({ traceId, spanId, parentSpanId, name, startTimeUnixNano, attributes }, ids in hex).`,
    );
  }
  const status = isRecord(span.status) ? span.status : {};
  const isError = status.code === 2 || status.code === 'STATUS_CODE_ERROR';
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    parentSpanId: typeof span.parentSpanId === 'string' && span.parentSpanId !== '' ? span.parentSpanId : undefined,
    name: span.name,
    start: BigInt(String(span.startTimeUnixNano ?? 0)),
    attributes: attributesOf(span.attributes),
    error: isError ? (typeof status.message === 'string' && status.message !== '' ? status.message : 'error') : undefined,
  };
}

/** OTLP `[{ key, value }]` attributes as a record. */
function attributesOf(list: unknown): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (!Array.isArray(list)) return attributes;
  for (const attribute of list) {
    if (isRecord(attribute) && typeof attribute.key === 'string') attributes[attribute.key] = anyValue(attribute.value);
  }
  return attributes;
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

/**
 * The end time of each span `spansOf(value)` returns, in the same order, in nanoseconds since the
 * epoch; undefined where the input records none. Read apart from `spansOf`, and only for budgets,
 * so that reading a trace's calls does not pay for it.
 */
export function spanEnds(value: unknown): Array<bigint | undefined> {
  if (value instanceof SpanSubset) return value.spans.map(() => undefined);
  const ends: Array<bigint | undefined> = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    if (isOtlpExport(item)) {
      for (const resource of item.resourceSpans) {
        if (!isRecord(resource) || !Array.isArray(resource.scopeSpans)) continue;
        for (const scope of resource.scopeSpans) {
          if (!isRecord(scope) || !Array.isArray(scope.spans)) continue;
          for (const span of scope.spans) ends.push(otlpEnd(span));
        }
      }
    } else if (isRecord(item)) {
      const end = item.endTime;
      ends.push(Array.isArray(end) && typeof end[0] === 'number' && typeof end[1] === 'number' && end[0] > 0 ? BigInt(end[0]) * 1_000_000_000n + BigInt(end[1]) : undefined);
    }
  }
  return ends;
}

function otlpEnd(span: unknown): bigint | undefined {
  const end = isRecord(span) ? span.endTimeUnixNano : undefined;
  if ((typeof end !== 'string' && typeof end !== 'number') || !/^\d+$/.test(String(end))) return undefined;
  const nanos = BigInt(String(end));
  return nanos > 0n ? nanos : undefined;
}
