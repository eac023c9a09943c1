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
  requests: Array<{ body: Record<string, unknown>; headers: IncomingHttpHeaders }>;
  url: string;
  close(): Promise<void>;
}

/**
 * A chat-completions server on 127.0.0.1 (a free port), answering requests with `replies` in turn
 * (the last one repeats). Close it after the test.
 */
export async function startLoopback(...replies: Reply[]): Promise<Loopback> {
  const requests: Loopback['requests'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({ body: JSON.parse(body || '{}') as Record<string, unknown>, headers: request.headers });
      respond(response, replies[Math.min(requests.length - 1, replies.length - 1)]!);
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

function respond(response: ServerResponse, reply: Reply): void {
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
      completion(response, { role: 'assistant', content: reply.content }, 'stop');
      return;
    case 'toolCalls':
      completion(
        response,
        {
          role: 'assistant',
          content: null,
          tool_calls: reply.calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } })),
        },
        'tool_calls',
      );
  }
}

function completion(response: ServerResponse, message: Record<string, unknown>, finishReason: string): void {
  response.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      id: 'chatcmpl-loopback',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'judge-model',
      choices: [{ index: 0, message, finish_reason: finishReason }],
      usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
    }),
  );
}
