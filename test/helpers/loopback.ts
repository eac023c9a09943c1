import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';

/** What the server does with one request. */
export type Reply =
  | { kind: 'answer'; content: string }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'raw'; body: string }
  | { kind: 'toolCalls'; calls: Array<{ id: string; name: string; arguments: unknown }> }
  | { kind: 'hang' };

/** A reply chosen by the request: its body, and its number (0-based) among the requests so far. */
export type Script = Reply | ((body: Record<string, unknown>, index: number) => Reply);

export const answer = (content: unknown): Reply => ({ kind: 'answer', content: typeof content === 'string' ? content : JSON.stringify(content) });
/** An assistant turn that calls tools, as the agent's model (not the judge) answers. */
export const callTools = (...calls: Array<{ id: string; name: string; arguments: unknown }>): Reply => ({ kind: 'toolCalls', calls });
export const status = (code: number, headers?: Record<string, string>): Reply => ({
  kind: 'status',
  status: code,
  body: JSON.stringify({ error: { message: code === 429 ? 'Rate limit reached, slow down' : 'The server had an error', type: 'server_error' } }),
  ...(headers && { headers }),
});

export interface Loopback {
  /** An AI SDK chat model served by this server, through the real OpenAI-compatible provider. */
  model(options?: { apiKey?: string; headers?: Record<string, string> }): ReturnType<ReturnType<typeof createOpenAICompatible>>;
  requests: Array<{ body: Record<string, unknown>; headers: IncomingHttpHeaders; path: string }>;
  url: string;
  close(): Promise<void>;
}

/**
 * A model server on 127.0.0.1 (a free port), answering requests with `replies` in turn (the last
 * one repeats; a function chooses its reply by the request). It speaks the protocol the request's path names: OpenAI's Chat Completions
 * (`…/chat/completions`, also OpenAI-compatible providers), OpenAI's Responses (`…/responses`) and
 * Anthropic's Messages (`…/messages`); a request with `"stream": true` is answered with the
 * protocol's server-sent events. Close it after the test.
 */
export async function startLoopback(...replies: Script[]): Promise<Loopback> {
  const requests: Loopback['requests'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body || '{}') as Record<string, unknown>;
      requests.push({ body: parsed, headers: request.headers, path: request.url ?? '' });
      const script = replies[Math.min(requests.length - 1, replies.length - 1)]!;
      respond(response, typeof script === 'function' ? script(parsed, requests.length - 1) : script, protocolOf(request.url ?? ''), parsed, requests.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/v1`;
  return {
    url,
    requests,
    model: ({ apiKey = 'loopback-key', headers } = {}) =>
      createOpenAICompatible({ baseURL: url, name: 'loopback', apiKey, ...(headers && { headers }) })('judge-model'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Protocol = 'chat' | 'responses' | 'anthropic';

function protocolOf(path: string): Protocol {
  if (/\/responses(\?|$)/.test(path)) return 'responses';
  if (/\/messages(\?|$)/.test(path)) return 'anthropic';
  return 'chat';
}

/** One answer of the model, whatever the protocol: its text, or the tools it calls. */
interface Turn {
  text: string | null;
  calls: Array<{ id: string; name: string; arguments: unknown }>;
  /** The request's number (1-based) on this server: each answer gets its own id, as a real API's does (LangGraph merges messages with one id). */
  number: number;
}

function respond(response: ServerResponse, reply: Reply, protocol: Protocol, request: Record<string, unknown>, number: number): void {
  switch (reply.kind) {
    case 'hang':
      return; // never answers; the client's timeout must end it
    case 'raw':
      response.writeHead(200, { 'content-type': 'application/json' }).end(reply.body);
      return;
    case 'status':
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(reply.body ?? '');
      return;
    case 'answer':
      return answerTurn(response, protocol, request, { text: reply.content, calls: [], number });
    case 'toolCalls':
      return answerTurn(response, protocol, request, { text: null, calls: reply.calls, number });
  }
}

function answerTurn(response: ServerResponse, protocol: Protocol, request: Record<string, unknown>, turn: Turn): void {
  const model = typeof request.model === 'string' ? request.model : 'judge-model';
  if (request.stream === true) {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const [event, data] of streamEvents(protocol, model, turn)) response.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    response.end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(wholeAnswer(protocol, model, turn)));
}

const USAGE = { input: 100, output: 50 };

function wholeAnswer(protocol: Protocol, model: string, turn: Turn): unknown {
  switch (protocol) {
    case 'chat':
      return {
        id: `chatcmpl-loopback-${turn.number}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, message: chatMessage(turn), finish_reason: turn.calls.length > 0 ? 'tool_calls' : 'stop' }],
        usage: { prompt_tokens: USAGE.input, completion_tokens: USAGE.output, total_tokens: USAGE.input + USAGE.output },
      };
    case 'responses':
      return {
        id: `resp_loopback_${turn.number}`,
        object: 'response',
        created_at: 1_700_000_000,
        status: 'completed',
        model,
        output: responsesOutput(turn),
        incomplete_details: null,
        usage: { input_tokens: USAGE.input, input_tokens_details: { cached_tokens: 0 }, output_tokens: USAGE.output, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: USAGE.input + USAGE.output },
      };
    case 'anthropic':
      return {
        id: `msg_loopback_${turn.number}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [
          ...(turn.text === null ? [] : [{ type: 'text', text: turn.text }]),
          ...turn.calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments })),
        ],
        stop_reason: turn.calls.length > 0 ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: USAGE.input, output_tokens: USAGE.output },
      };
  }
}

function chatMessage(turn: Turn): Record<string, unknown> {
  if (turn.calls.length === 0) return { role: 'assistant', content: turn.text };
  return {
    role: 'assistant',
    content: turn.text,
    tool_calls: turn.calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } })),
  };
}

function responsesOutput(turn: Turn): Array<Record<string, unknown>> {
  return [
    ...(turn.text === null ? [] : [{ type: 'message', id: `msg_loopback_${turn.number}`, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: turn.text, annotations: [] }] }]),
    ...turn.calls.map((call, index) => ({ type: 'function_call', id: `fc_loopback_${index}`, call_id: call.id, name: call.name, arguments: JSON.stringify(call.arguments), status: 'completed' })),
  ];
}

/** The answer as the protocol streams it: `[event name or undefined, data]` in order. */
function streamEvents(protocol: Protocol, model: string, turn: Turn): Array<[string | undefined, unknown]> {
  const halves = (text: string) => [text.slice(0, Math.ceil(text.length / 2)), text.slice(Math.ceil(text.length / 2))].filter((part) => part !== '');
  switch (protocol) {
    case 'chat': {
      const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
        id: `chatcmpl-loopback-${turn.number}`,
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
      const events: Array<[string | undefined, unknown]> = [[undefined, chunk({ role: 'assistant', content: '' })]];
      for (const part of halves(turn.text ?? '')) events.push([undefined, chunk({ content: part })]);
      turn.calls.forEach((call, index) => {
        const [first = '', second = ''] = halves(JSON.stringify(call.arguments));
        events.push([undefined, chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: first } }] })]);
        if (second) events.push([undefined, chunk({ tool_calls: [{ index, function: { arguments: second } }] })]);
      });
      events.push([undefined, chunk({}, turn.calls.length > 0 ? 'tool_calls' : 'stop')]);
      events.push([undefined, { id: `chatcmpl-loopback-${turn.number}`, object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage: { prompt_tokens: USAGE.input, completion_tokens: USAGE.output, total_tokens: USAGE.input + USAGE.output } }]);
      events.push([undefined, '[DONE]']);
      return events;
    }
    case 'responses': {
      const whole = wholeAnswer(protocol, model, turn) as Record<string, unknown>;
      const output = whole.output as Array<Record<string, unknown>>;
      const events: Array<[string | undefined, unknown]> = [];
      let sequence = 0;
      const event = (type: string, data: Record<string, unknown>) => events.push([type, { type, sequence_number: sequence++, ...data }]);
      event('response.created', { response: { ...whole, status: 'in_progress', output: [], usage: null } });
      output.forEach((item, index) => {
        if (item.type === 'message') {
          event('response.output_item.added', { output_index: index, item: { ...item, status: 'in_progress', content: [] } });
          for (const delta of halves(turn.text ?? '')) event('response.output_text.delta', { item_id: item.id, output_index: index, content_index: 0, delta, logprobs: [] });
          event('response.output_text.done', { item_id: item.id, output_index: index, content_index: 0, text: turn.text, logprobs: [] });
        } else {
          event('response.output_item.added', { output_index: index, item: { ...item, status: 'in_progress', arguments: '' } });
          for (const delta of halves(item.arguments as string)) event('response.function_call_arguments.delta', { item_id: item.id, output_index: index, delta });
          event('response.function_call_arguments.done', { item_id: item.id, output_index: index, arguments: item.arguments });
        }
        event('response.output_item.done', { output_index: index, item });
      });
      event('response.completed', { response: whole });
      return events;
    }
    case 'anthropic': {
      const events: Array<[string | undefined, unknown]> = [];
      const event = (type: string, data: Record<string, unknown>) => events.push([type, { type, ...data }]);
      event('message_start', {
        message: { id: `msg_loopback_${turn.number}`, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: USAGE.input, output_tokens: 1 } },
      });
      let index = 0;
      if (turn.text !== null) {
        event('content_block_start', { index, content_block: { type: 'text', text: '' } });
        for (const text of halves(turn.text)) event('content_block_delta', { index, delta: { type: 'text_delta', text } });
        event('content_block_stop', { index: index++ });
      }
      for (const call of turn.calls) {
        event('content_block_start', { index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } });
        for (const partial_json of halves(JSON.stringify(call.arguments))) event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
        event('content_block_stop', { index: index++ });
      }
      event('message_delta', { delta: { stop_reason: turn.calls.length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: USAGE.output } });
      event('message_stop', {});
      return events;
    }
  }
}
