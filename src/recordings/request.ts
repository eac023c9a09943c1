import { escapeUnsafe } from '../printable.js';
import { dataChanges, nearest, type DataPath, type StoredStep } from '../store/index.js';
import { formatInline, ordinal } from '../value.js';
import { toStored, unchanged } from './data.js';

/** Which method made the request: `generate` (doGenerate: generateText, Agent.generate) or `stream` (doStream). */
export type CallKind = 'generate' | 'stream';

/** What a request is keyed by: the method, the model, and the request's data. */
export interface RequestIdentity {
  call: CallKind;
  model: { provider: string; modelId: string };
  request: Record<string, unknown>;
}

// Not data: how the request travels, never what the agent asked. Headers also carry credentials.
const LEFT_OUT = new Set(['abortSignal', 'headers']);

/**
 * The request's data, as keyed and written: every call option but headers and the abort signal
 * (the prompt, tools with their names, descriptions and schemas, tool choice, response format,
 * sampling settings, provider options, and whatever a later specification adds), cleaned by
 * `redact`, functions and other non-data left out, keys sorted.
 */
export function requestData(options: unknown, redact: (text: string) => string): Record<string, unknown> {
  const given = (options ?? {}) as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  // Keys sorted here and by toStored, so the data is canonical as made: no second pass per request.
  for (const key of Object.keys(given).sort()) {
    if (LEFT_OUT.has(key)) continue;
    const stored = toStored(given[key], redact);
    if (stored !== undefined) data[key] = stored;
  }
  if (Array.isArray(data.prompt)) data.prompt = data.prompt.map(withoutFrameworkStamps);
  return data;
}

/**
 * The text a model request is keyed by (the step's key is its sha256): the JSON of
 * `{ call, model: { modelId, provider }, request }`, `request` being `requestData`'s (keys sorted as
 * made, so the text is canonical). A request in the order its test recorded it needs no text at
 * all: `sameRequest` finds its step.
 */
export function requestKeyText(call: CallKind, model: { provider: string; modelId: string }, request: Record<string, unknown>): string {
  return JSON.stringify({ call, model: { modelId: model.modelId, provider: model.provider }, request });
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Whether `requestData(options, redact)` would be `stored`, a recorded step's request as its file
 * holds it: what a replayed step is found by when it is the one a request in order asks for, with
 * no copy made, no text written and nothing hashed (a step's key is the hash of that data's text).
 * It answers false for what requestData turns into something else (a Date, bytes, a bigint, a
 * number JSON cannot hold, a class instance), for keys whose place in the text JSON decides (array
 * indexes, `__proto__`), and for a prompt's providerOptions (where framework stamps are left out):
 * the key is then made from the copy's text as usual, so a false is never a wrong answer, only a
 * slower one.
 */
export function sameRequest(options: unknown, stored: unknown, redact: (text: string) => string): boolean {
  if (typeof options !== 'object' || options === null || Array.isArray(options) || !isStoredObject(stored)) return false;
  return sameObject(options, stored, redact === unchanged ? undefined : redact, 'request');
}

/** The values toStored leaves out of an object (and writes as null in a list). */
const leftOut = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';
/** Keys whose place in JSON text JSON.stringify decides (array indexes), or that an object cannot hold as data (`__proto__`). */
const unusualKey = (key: string) => (key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57) || key === '__proto__';
const isStoredObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a value stands: the request itself (headers and the abort signal are not data), its prompt (framework stamps are left out), or elsewhere. */
type Place = 'request' | 'prompt' | 'other';

// `redact` is undefined when nothing is redacted: a string is then compared as it is, with no call.
function sameValue(value: unknown, stored: unknown, redact: ((text: string) => string) | undefined, place: Place): boolean {
  switch (typeof value) {
    case 'string':
      return redact === undefined ? value === stored : typeof stored === 'string' && redact(value) === stored;
    case 'number':
      return value === stored && Number.isFinite(value);
    case 'boolean':
      return value === stored;
    case 'object': {
      if (value === null) return stored === null;
      if (Array.isArray(value)) {
        if (!Array.isArray(stored) || stored.length !== value.length) return false;
        for (let index = 0; index < value.length; index++) {
          const item: unknown = value[index];
          if (leftOut(item) ? stored[index] !== null : !sameValue(item, stored[index], redact, place)) return false;
        }
        return true;
      }
      return isStoredObject(stored) && sameObject(value, stored, redact, place);
    }
    default:
      return false; // bigints: the copy's way
  }
}

function sameObject(value: object, stored: Record<string, unknown>, redact: ((text: string) => string) | undefined, place: Place): boolean {
  if (!isPlainObject(value)) return false;
  // for…in walks the own keys of a plain object (and of parsed JSON) with no list made.
  let count = 0;
  for (const key in value) {
    if (place === 'request' && LEFT_OUT.has(key)) continue;
    const inner = (value as Record<string, unknown>)[key];
    if (leftOut(inner)) continue;
    // A key the stored data lacks reads undefined, or a function of Object.prototype that equals no value.
    const kept = stored[key];
    if (kept === undefined || unusualKey(key) || (place === 'prompt' && key === 'providerOptions')) return false;
    if (!sameValue(inner, kept, redact, place === 'request' ? (key === 'prompt' ? 'prompt' : 'other') : place)) return false;
    count++;
  }
  for (const _key in stored) count--;
  return count === 0;
}

// Namespaces of a message's providerOptions that no provider reads: a framework's own notes.
// Mastra stamps every message it sends with `providerOptions.mastra.createdAt`, the time it was
// made, which would make every request new.
const FRAMEWORK_NAMESPACES = ['mastra'];

function withoutFrameworkStamps(message: unknown): unknown {
  if (typeof message !== 'object' || message === null) return message;
  const stamped = message as Record<string, unknown>;
  const { content } = stamped;
  const parts = Array.isArray(content) ? content.map((part) => (typeof part === 'object' && part !== null ? withoutStamp(part as Record<string, unknown>) : part)) : content;
  // `content` keeps its place among the (sorted) keys.
  return { ...withoutStamp(stamped), ...(content !== undefined && { content: parts }) };
}

function withoutStamp(value: Record<string, unknown>): Record<string, unknown> {
  const options = value.providerOptions;
  if (typeof options !== 'object' || options === null || !FRAMEWORK_NAMESPACES.some((name) => name in options)) return value;
  const kept = Object.fromEntries(Object.entries(options).filter(([name]) => !FRAMEWORK_NAMESPACES.includes(name)));
  // Rebuilt in the same (sorted) key order as the rest of the data.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key !== 'providerOptions') out[key] = value[key];
    else if (Object.keys(kept).length > 0) out[key] = kept;
  }
  return out;
}

const MAX_LINES = 8;

/** What differs between a recorded request and this one, one line each: which message, which field, old and new text. */
export function requestChanges(stored: StoredStep, now: RequestIdentity): string[] {
  const lines: string[] = [];
  if (stored.call !== now.call) lines.push(`the call: was ${describeCall(stored.call)}, now ${describeCall(now.call)}`);
  const model = (stored.model ?? {}) as { provider?: unknown; modelId?: unknown };
  if (model.provider !== now.model.provider || model.modelId !== now.model.modelId) {
    lines.push(`the model: was ${show(model.modelId)} (${show(model.provider)}), now ${show(now.model.modelId)} (${show(now.model.provider)})`);
  }
  const before = comparable(stored.request);
  const after = comparable(now.request);
  const changes = dataChanges(before, after, 50);
  for (const change of changes.slice(0, MAX_LINES)) lines.push(`${where(change.path, before, after)}: ${describeValueChange(change.before, change.after)}`);
  if (changes.length > MAX_LINES) lines.push(`… and ${changes.length - MAX_LINES}${changes.length === 50 ? '+' : ''} more differences`);
  return lines;
}

function describeCall(call: unknown): string {
  return call === 'generate' ? 'doGenerate (generateText)' : call === 'stream' ? 'doStream (streamText)' : show(call);
}

/** Tools by name rather than position, so a tool added or moved names itself rather than every tool after it. */
function comparable(request: unknown): Record<string, unknown> {
  const data = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>;
  if (!Array.isArray(data.tools)) return data;
  const tools = Object.fromEntries(data.tools.map((tool: unknown, index) => [String((tool as { name?: unknown })?.name ?? `#${index + 1}`), tool]));
  return { ...data, tools };
}

/** `message 3 (tool), part 1, output.value` · `tool "get-weather", inputSchema.properties.city.type` · `temperature`. */
function where(path: DataPath, before: Record<string, unknown>, after: Record<string, unknown>): string {
  const [head, index, ...rest] = path;
  if (head === 'prompt' && typeof index === 'number') {
    const role = roleAt(after, index) ?? roleAt(before, index);
    const message = `message ${index + 1}${role === undefined ? '' : ` (${role})`}`;
    if (rest[0] === 'content' && typeof rest[1] === 'number') return [message, `part ${rest[1] + 1}`, ...fields(rest.slice(2))].join(', ');
    return [message, ...fields(rest)].join(', ');
  }
  if (head === 'tools' && index !== undefined) return [`tool ${escapeUnsafe(JSON.stringify(String(index)))}`, ...fields(rest)].join(', ');
  return escapeUnsafe(path.map(String).join('.')) || 'the request';
}

const fields = (rest: DataPath) => (rest.length === 0 ? [] : [escapeUnsafe(rest.map(String).join('.'))]);

function roleAt(request: Record<string, unknown>, index: number): string | undefined {
  const message = Array.isArray(request.prompt) ? (request.prompt[index] as { role?: unknown } | undefined) : undefined;
  return typeof message?.role === 'string' ? escapeUnsafe(message.role) : undefined;
}

/**
 * `was "…Tokyo", now "…Paris"`: long texts are shown from just before where they first differ. Both
 * replay misses (recordedModel's and recordedFetch's) word a change with it.
 */
export function describeValueChange(before: unknown, after: unknown): string {
  if (before === undefined) return `added, ${show(after)}`;
  if (after === undefined) return `removed, was ${show(before)}`;
  if (typeof before === 'string' && typeof after === 'string') {
    let at = 0;
    while (at < before.length && before[at] === after[at]) at++;
    const from = at > 30 ? at - 20 : 0;
    return `was ${quoted(before, from)}, now ${quoted(after, from)}`;
  }
  return `was ${show(before)}, now ${show(after)}`;
}

/**
 * A text from `from` on, quoted, at most about 70 characters: an ellipsis inside the quotes where
 * it was cut at either end, so the closing quote is always there.
 */
function quoted(text: string, from: number): string {
  const start = from === 0 ? '' : '…';
  let shown = `${start}${text.slice(from)}`;
  let cut = false;
  while (escapeUnsafe(JSON.stringify(shown)).length > 70) {
    shown = shown.slice(0, Math.max(start.length, shown.length - Math.max(1, escapeUnsafe(JSON.stringify(shown)).length - 70)));
    cut = true;
  }
  return escapeUnsafe(JSON.stringify(cut ? `${shown.slice(0, -1)}…` : shown));
}

const show = (value: unknown) => (value === undefined ? 'absent' : formatInline(value, 70));

/** For a replay miss: the nearest recorded request of the test and what differs, or why there is none. */
export function missNote(
  steps: readonly StoredStep[],
  now: RequestIdentity | undefined,
  key: string,
  exists: boolean,
  // recordedFetch names the changes of an HTTP request its own way (and passes no `now`).
  changesOf: (step: StoredStep) => string[] = (step) => requestChanges(step, now!),
): { lines: string[]; changes: string[] } {
  if (steps.length === 0) {
    const line = exists ? 'The file holds no recorded requests.' : 'There is no such file: this test (or name) was never recorded here.';
    return { lines: [line], changes: [] };
  }
  const same = steps.filter((step) => step.key === key).length;
  if (same > 0) {
    const line = `This request was recorded ${same === 1 ? 'once' : `${same} times`} in this test; this is its ${ordinal(same + 1)} time (a run now makes more requests than when it was recorded).`;
    return { lines: [line], changes: [line] };
  }
  const { candidate: index, changes } = nearest(steps.keys(), (at) => changesOf(steps[at]!))!;
  return { lines: [`The nearest recorded request is step ${index + 1} of ${steps.length} in that file; it differs in:`, ...changes.map((change) => `  - ${change}`)], changes };
}
