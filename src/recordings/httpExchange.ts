import { jsonOrText } from '../json.js';
/**
 * One HTTP exchange as `recordedFetch` keys, writes and replays it. The request is what the client
 * asked (method, URL without credentials, body as data); the response is what the provider
 * answered (status, content type, body), with a server-sent-event stream kept as its events so a
 * reviewer reads each one. Headers never reach a key or a file, either way: they carry the
 * credentials, and nothing the agent decides.
 */

/** The request as keyed and written: a JSON body is parsed (its keys sorted by the store), any other body kept as text. */
export interface HttpRequestData {
  method: string;
  url: string;
  body: unknown;
}

/** One server-sent event: its `event:` name and `id:` when given, and its data (parsed when JSON). */
export interface RecordedEvent {
  event?: string;
  id?: string;
  data: unknown;
}

/** The response as written. Exactly one of `json`, `text`, `events`, `base64` holds the body (none: no body). */
export interface HttpResponseData {
  status: number;
  statusText?: string;
  contentType?: string;
  json?: unknown;
  text?: string;
  events?: RecordedEvent[];
  base64?: string;
}

/**
 * Query parameters that carry credentials (Google's `?key=`, signed URLs, tokens): dropped from the
 * URL before it is keyed or written, so that a recording is the same whoever made it.
 */
const SECRET_PARAM = /(^|[-_.])(key|api[-_]?key|token|access[-_]?token|secret|sig|signature|password|auth|authorization|credential|credentials|code)$/i;

/**
 * What keys an exchange: the method, the URL's path and query (credential parameters removed) and
 * the body. The origin is written for reviewers but not keyed, so the same recordings replay
 * whatever base URL the client is given: the provider, a proxy or gateway, a loopback server.
 */
export function requestKey(request: HttpRequestData): { method: string; path: string; body: unknown } {
  const parsed = URL.canParse(request.url) ? new URL(request.url) : undefined;
  // A URL that is not absolute is keyed as it is.
  return { method: request.method, path: parsed ? `${parsed.pathname}${parsed.search}` : request.url, body: request.body };
}

/** The URL as recorded: no user name or password, no credential parameters, no fragment. */
export function recordedUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  parsed.hash = '';
  for (const name of [...parsed.searchParams.keys()]) if (SECRET_PARAM.test(name)) parsed.searchParams.delete(name);
  parsed.searchParams.sort();
  return parsed.toString();
}

/** Reads what a `fetch(input, init)` call asks: the request to key, and one to send (its body read once, sent again as bytes). */
export async function readRequest(input: string | URL | Request, init: RequestInit | undefined): Promise<{ data: HttpRequestData; send: Request }> {
  const request = new Request(input, init);
  const method = request.method.toUpperCase();
  const bytes = method === 'GET' || method === 'HEAD' || request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
  const send = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    redirect: request.redirect,
    ...(bytes !== undefined && { body: bytes }),
  });
  return { data: { method, url: recordedUrl(request.url), body: bytes === undefined ? null : bodyData(bytes, request.headers.get('content-type')) }, send };
}

function bodyData(bytes: Uint8Array, contentType: string | null): unknown {
  if (bytes.length === 0) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // a body that is not JSON after all is its text
  return contentType === null || /json/i.test(contentType) ? jsonOrText(text) : text;
}

/** Reads a live response whole, for writing. A stream of server-sent events is kept as its events. */
export async function readResponse(response: Response): Promise<HttpResponseData> {
  const contentType = response.headers.get('content-type') ?? undefined;
  const head: HttpResponseData = { status: response.status, ...(response.statusText && { statusText: response.statusText }), ...(contentType && { contentType }) };
  if (response.body === null) return head;
  if (contentType !== undefined && /^text\/event-stream/i.test(contentType)) return { ...head, events: parseEvents(await response.text()) };
  if (contentType === undefined || /json|^text\/|xml|javascript|x-www-form-urlencoded/i.test(contentType)) {
    const text = await response.text();
    if (text === '') return head;
    // A body that says JSON and is not is kept as it came (no JSON text parses to itself).
    const json = contentType !== undefined && /json/i.test(contentType) ? jsonOrText(text) : text;
    return json === text ? { ...head, text } : { ...head, json };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return bytes.length === 0 ? head : { ...head, base64: Buffer.from(bytes).toString('base64') };
}

/** The events of a whole `text/event-stream` body (comments and `retry:` lines dropped). */
export function parseEvents(text: string): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n\n+/)) {
    let event: string | undefined;
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (event === undefined && id === undefined && data.length === 0) continue;
    const joined = data.join('\n');
    // `[DONE]` and plain text stay text
    events.push({ ...(event !== undefined && { event }), ...(id !== undefined && { id }), data: /^\s*[[{"]/.test(joined) ? jsonOrText(joined) : joined });
  }
  return events;
}

/** A recorded event as the wire carries it. */
function eventText({ event, id, data }: RecordedEvent): string {
  const lines = [...(event !== undefined ? [`event: ${event}`] : []), ...(id !== undefined ? [`id: ${id}`] : [])];
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  for (const line of payload.split('\n')) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n\n`;
}

/** The recorded response as a fresh `Response`: a stream of events is streamed again, one event per chunk. */
export function replayResponse(recorded: HttpResponseData): Response {
  const init = { status: recorded.status, ...(recorded.statusText !== undefined && { statusText: recorded.statusText }), ...(recorded.contentType !== undefined && { headers: { 'content-type': recorded.contentType } }) };
  // A null-body status (204, 304, …) takes no body, not even an empty one.
  if ([101, 103, 204, 205, 304].includes(recorded.status)) return new Response(null, init);
  if (recorded.events !== undefined) {
    const encoder = new TextEncoder();
    const events = recorded.events;
    let next = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (next < events.length) controller.enqueue(encoder.encode(eventText(events[next++]!)));
        else controller.close();
      },
    });
    return new Response(stream, init);
  }
  if (recorded.json !== undefined) return new Response(JSON.stringify(recorded.json), init);
  if (recorded.text !== undefined) return new Response(recorded.text, init);
  if (recorded.base64 !== undefined) return new Response(Buffer.from(recorded.base64, 'base64'), init);
  return new Response(null, init);
}

/** Whether a stored value has the shape of a recorded response (a corrupt file is refused, never replayed as something else). */
export function isResponseData(value: unknown): value is HttpResponseData {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { status, events } = value as Record<string, unknown>;
  return Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599 && (events === undefined || Array.isArray(events));
}
