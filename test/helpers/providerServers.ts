import { createServer, type IncomingHttpHeaders, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { Http2Server } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Loopback HTTP servers that speak each judge provider's wire protocol, for the real AI SDK
 * provider packages pointed at them by `baseURL`. Each checks a request as its provider would
 * (path, credentials header, the structured-output request and its schema rules), answers a bad
 * one with the provider's own 400 error, and otherwise plays its script: a verdict, or a fault.
 * They listen on 127.0.0.1 only, take at most `MAX_REQUESTS`, and close every connection on close().
 */

export type ProviderName = 'openai' | 'openai.chat' | 'anthropic' | 'google' | 'openai-compatible' | 'gateway';
export type AiMajor = 5 | 6 | 7;

/**
 * `rate-limit`: 429 with a zero retry-after; `server-error`: 500; `unavailable`: 503;
 * `overloaded`: Anthropic's 529; `reset`: the connection dropped halfway through a 200 body;
 * `not-json`: a 200 whose body is HTML; `refusal`: the provider's refusal or content-filter stop;
 * `length`: the answer cut at the token limit.
 */
export type Fault = 'rate-limit' | 'server-error' | 'unavailable' | 'overloaded' | 'reset' | 'not-json' | 'refusal' | 'length';
export type Step = { verdict: unknown } | { fault: Fault };

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface ProviderServer {
  url: string;
  requests: RecordedRequest[];
  /** What the server found wrong with a request (each also answered with a 400). */
  problems: string[];
  close(): Promise<void>;
}

/** Tokens every successful answer reports, in the provider's own fields. */
export const REPORTED_USAGE = { input: 812, output: 64 };
export const API_KEY = 'loopback-key';
const MAX_REQUESTS = 50;

/** The request path each provider posts to, under the base URL the test gives it. */
export const BASE_PATH: Record<ProviderName, string> = {
  openai: '/v1',
  'openai.chat': '/v1',
  anthropic: '/v1',
  google: '/v1beta',
  'openai-compatible': '/v1',
  gateway: '/v3/ai',
};

export async function startProviderServer(provider: ProviderName, major: AiMajor, ...script: Step[]): Promise<ProviderServer> {
  const requests: RecordedRequest[] = [];
  const problems: string[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      if (requests.length >= MAX_REQUESTS) return void response.writeHead(503).end('loopback server: too many requests');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return void badRequest(response, provider, 'the request body is not JSON', problems);
      }
      requests.push({ path: request.url ?? '', headers: request.headers, body });
      const problem = checkRequest(provider, major, request.url ?? '', request.headers, body);
      if (problem) return void badRequest(response, provider, problem, problems);
      const step = script[Math.min(requests.length - 1, script.length - 1)]!;
      try {
        if ('verdict' in step) return void json(response, 200, success(provider, major, body, JSON.stringify(step.verdict)));
        fault(response, provider, major, body, step.fault);
      } catch (error) {
        // A bug of this server must show in the test, not pass for a provider's silence.
        problems.push(`the loopback server failed: ${(error as Error).message}`);
        json(response, 500, errorBody(provider, 500, 'loopback server error'));
      }
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${port}${BASE_PATH[provider]}`, requests, problems, close };
}

/**
 * Starts `server` (node:http's or node:http2's) on 127.0.0.1 at a free port, unref'd so that a
 * forgotten close() never holds the test process open; close() ends every connection first.
 */
export async function listenOnLoopback(server: HttpServer | Http2Server): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function badRequest(response: ServerResponse, provider: ProviderName, problem: string, problems: string[]): void {
  problems.push(problem);
  json(response, 400, errorBody(provider, 400, problem));
}

// ---------------------------------------------------------------------------------------------
// What each provider accepts

function checkRequest(provider: ProviderName, major: AiMajor, path: string, headers: IncomingHttpHeaders, body: Record<string, unknown>): string | undefined {
  switch (provider) {
    case 'openai': {
      if (path !== '/v1/responses') return `unexpected path ${path}`;
      if (headers.authorization !== `Bearer ${API_KEY}`) return 'missing bearer credentials';
      const format = (body.text as { format?: Record<string, unknown> } | undefined)?.format;
      if (format?.type !== 'json_schema') return `text.format.type must be json_schema, got ${JSON.stringify(format?.type)}`;
      if (typeof format.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(format.name)) return `Invalid 'text.format.name': ${JSON.stringify(format.name)}`;
      return openaiStrictSchemaProblem(format.schema);
    }
    case 'openai.chat':
    case 'openai-compatible': {
      if (path !== '/v1/chat/completions') return `unexpected path ${path}`;
      if (headers.authorization !== `Bearer ${API_KEY}`) return 'missing bearer credentials';
      if (!Array.isArray(body.messages)) return "'messages' is a required property";
      const format = body.response_format as { type?: string; json_schema?: Record<string, unknown> } | undefined;
      if (format?.type !== 'json_schema') return `response_format.type must be json_schema, got ${JSON.stringify(format?.type)}`;
      const name = format.json_schema?.name;
      if (typeof name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(name)) return `Invalid 'response_format.json_schema.name': ${JSON.stringify(name)}`;
      return openaiStrictSchemaProblem(format.json_schema?.schema);
    }
    case 'anthropic': {
      if (path !== '/v1/messages') return `unexpected path ${path}`;
      if (headers['x-api-key'] !== API_KEY) return 'x-api-key header is required';
      if (headers['anthropic-version'] !== '2023-06-01') return 'anthropic-version header is required';
      if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
      const outputFormat = (body.output_config as { format?: Record<string, unknown> } | undefined)?.format;
      if (outputFormat !== undefined) {
        if (outputFormat.type !== 'json_schema') return `output_config.format.type: Input should be 'json_schema'`;
        return anthropicSchemaProblem(outputFormat.schema);
      }
      // Before structured outputs (ai@5's provider): one forced tool whose input is the answer.
      const tools = body.tools as Array<{ name?: string; input_schema?: Record<string, unknown> }> | undefined;
      const choice = body.tool_choice as { type?: string; name?: string } | undefined;
      if (!tools || tools.length !== 1 || choice?.type !== 'tool' || choice.name !== tools[0]!.name) return 'expected one forced tool for the JSON answer';
      if (tools[0]!.input_schema?.type !== 'object') return 'tools.0.input_schema.type: Input should be \'object\'';
      return undefined;
    }
    case 'google': {
      if (!/^\/v1beta\/models\/[^/:]+:generateContent$/.test(path)) return `unexpected path ${path}`;
      if (headers['x-goog-api-key'] !== API_KEY) return 'API key not valid. Please pass a valid API key.';
      const config = body.generationConfig as Record<string, unknown> | undefined;
      if (config?.responseMimeType !== 'application/json') return 'generationConfig.responseMimeType must be application/json';
      if (config.responseJsonSchema !== undefined) return googleJsonSchemaProblem(config.responseJsonSchema);
      if (config.responseSchema !== undefined) return googleOpenApiSchemaProblem(config.responseSchema);
      return 'no response schema';
    }
    case 'gateway': {
      if (path !== '/v3/ai/language-model') return `unexpected path ${path}`;
      if (headers.authorization !== `Bearer ${API_KEY}`) return 'missing bearer credentials';
      const spec = { 5: '2', 6: '3', 7: '4' }[major];
      if (headers['ai-language-model-specification-version'] !== spec) return `expected specification version ${spec}`;
      if (typeof headers['ai-language-model-id'] !== 'string') return 'missing ai-language-model-id';
      const format = body.responseFormat as { type?: string; schema?: unknown } | undefined;
      if (format?.type !== 'json' || typeof format.schema !== 'object') return 'responseFormat must be { type: "json", schema }';
      return undefined;
    }
  }
}

// OpenAI strict mode: every object lists all its properties in `required` and sets
// additionalProperties false; only these keywords are supported.
const OPENAI_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'description', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions', 'title', 'pattern', 'format']);

export function openaiStrictSchemaProblem(schema: unknown): string | undefined {
  if (!isObject(schema) || schema.type !== 'object') return "Invalid schema: the root must be a JSON Schema of 'type: \"object\"'";
  return walkSchema(schema, '(root)', (node, where) => {
    for (const key of Object.keys(node)) {
      if (key === '$schema' && where === '(root)') continue;
      if (!OPENAI_KEYWORDS.has(key)) return `Invalid schema: In context=${where}, '${key}' is not permitted.`;
    }
    if (node.type === 'object') {
      if (node.additionalProperties !== false) return `Invalid schema: In context=${where}, 'additionalProperties' is required to be supplied and to be false.`;
      const properties = Object.keys(isObject(node.properties) ? node.properties : {});
      const required = Array.isArray(node.required) ? node.required : [];
      const missing = properties.filter((name) => !required.includes(name));
      if (missing.length > 0) return `Invalid schema: In context=${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`;
    }
    return undefined;
  });
}

// Anthropic's structured outputs: objects close with additionalProperties false; no numeric or
// length constraints, and minItems only 0 or 1.
const ANTHROPIC_UNSUPPORTED = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'maxItems', 'uniqueItems', 'patternProperties', 'if', 'then', 'else', 'not'];

export function anthropicSchemaProblem(schema: unknown): string | undefined {
  if (!isObject(schema) || schema.type !== 'object') return 'output_config.format.schema: the root must be an object schema';
  return walkSchema(schema, '(root)', (node, where) => {
    const unsupported = ANTHROPIC_UNSUPPORTED.find((key) => key in node);
    if (unsupported) return `output_config.format.schema: '${unsupported}' is not supported (at ${where})`;
    if (typeof node.minItems === 'number' && node.minItems > 1) return `output_config.format.schema: minItems values other than 0 or 1 are not supported (at ${where})`;
    if (node.type === 'object' && node.additionalProperties !== false) return `output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly set to false (at ${where})`;
    return undefined;
  });
}

// Google's responseSchema: an OpenAPI 3.0 subset (no additionalProperties, $schema, $ref, const).
const GOOGLE_OPENAPI_KEYWORDS = new Set(['type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'propertyOrdering', 'items', 'anyOf', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'example', 'default']);
// responseJsonSchema: a JSON Schema subset.
const GOOGLE_JSON_KEYWORDS = new Set(['$schema', '$id', '$defs', '$ref', '$anchor', 'type', 'format', 'title', 'description', 'enum', 'items', 'prefixItems', 'minItems', 'maxItems', 'minimum', 'maximum', 'anyOf', 'oneOf', 'properties', 'additionalProperties', 'required', 'propertyOrdering', 'const', 'default']);

export function googleOpenApiSchemaProblem(schema: unknown): string | undefined {
  return googleProblem(schema, GOOGLE_OPENAPI_KEYWORDS, 'response_schema');
}

export function googleJsonSchemaProblem(schema: unknown): string | undefined {
  return googleProblem(schema, GOOGLE_JSON_KEYWORDS, 'response_json_schema');
}

function googleProblem(schema: unknown, keywords: ReadonlySet<string>, field: string): string | undefined {
  if (!isObject(schema)) return `Invalid JSON payload received. ${field} must be an object.`;
  return walkSchema(schema, field, (node, where) => {
    const unknown = Object.keys(node).find((key) => !keywords.has(key));
    return unknown === undefined ? undefined : `Invalid JSON payload received. Unknown name "${unknown}" at 'generation_config.${where}': Cannot find field.`;
  });
}

/** Visits every subschema (properties, items, anyOf, $defs) and returns the first problem. */
function walkSchema(node: Record<string, unknown>, where: string, check: (node: Record<string, unknown>, where: string) => string | undefined): string | undefined {
  const problem = check(node, where);
  if (problem) return problem;
  const children: Array<[string, unknown]> = [];
  if (isObject(node.properties)) for (const [name, child] of Object.entries(node.properties)) children.push([`${where}.properties.${name}`, child]);
  if (isObject(node.items)) children.push([`${where}.items`, node.items]);
  if (Array.isArray(node.anyOf)) node.anyOf.forEach((child, index) => children.push([`${where}.anyOf.${index}`, child]));
  for (const defs of [node.$defs, node.definitions]) if (isObject(defs)) for (const [name, child] of Object.entries(defs)) children.push([`${where}.$defs.${name}`, child]);
  for (const [childWhere, child] of children) {
    if (!isObject(child)) return `Invalid schema: In context=${childWhere}, a schema must be an object.`;
    const found = walkSchema(child, childWhere, check);
    if (found) return found;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------
// What each provider answers

/** The answer `text` in the provider's success body (Anthropic's tool mode puts it in the tool's input). */
function success(provider: ProviderName, major: AiMajor, request: Record<string, unknown>, text: string, stop: 'done' | 'refusal' | 'length' = 'done'): unknown {
  const { input, output } = REPORTED_USAGE;
  switch (provider) {
    case 'openai':
      return {
        id: 'resp_loopback',
        object: 'response',
        created_at: 1_700_000_000,
        status: stop === 'length' ? 'incomplete' : 'completed',
        model: request.model,
        output: [
          {
            type: 'message',
            id: 'msg_loopback',
            status: stop === 'length' ? 'incomplete' : 'completed',
            role: 'assistant',
            content: [stop === 'refusal' ? { type: 'refusal', refusal: text } : { type: 'output_text', text, annotations: [] }],
          },
        ],
        incomplete_details: stop === 'length' ? { reason: 'max_output_tokens' } : null,
        usage: { input_tokens: input, input_tokens_details: { cached_tokens: 0 }, output_tokens: output, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: input + output },
      };
    case 'openai.chat':
    case 'openai-compatible':
      return {
        id: 'chatcmpl-loopback',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: request.model,
        choices: [
          {
            index: 0,
            message: stop === 'refusal' ? { role: 'assistant', content: null, refusal: text } : { role: 'assistant', content: text, refusal: null },
            finish_reason: stop === 'length' ? 'length' : stop === 'refusal' && provider === 'openai-compatible' ? 'content_filter' : 'stop',
          },
        ],
        usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
      };
    case 'anthropic': {
      const toolMode = Array.isArray(request.tools);
      const content =
        stop === 'done' && toolMode
          ? [{ type: 'tool_use', id: 'toolu_loopback', name: (request.tools as Array<{ name: string }>)[0]!.name, input: JSON.parse(text) as unknown }]
          : [{ type: 'text', text }];
      return {
        id: 'msg_loopback',
        type: 'message',
        role: 'assistant',
        model: request.model,
        content,
        stop_reason: stop === 'length' ? 'max_tokens' : stop === 'refusal' ? 'refusal' : toolMode ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: input, output_tokens: output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      };
    }
    case 'google':
      return {
        candidates: [
          stop === 'refusal'
            ? { finishReason: 'SAFETY', index: 0, safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }] }
            : { content: { role: 'model', parts: [{ text }] }, finishReason: stop === 'length' ? 'MAX_TOKENS' : 'STOP', index: 0 },
        ],
        usageMetadata: { promptTokenCount: input, candidatesTokenCount: output, totalTokenCount: input + output },
        modelVersion: 'gemini-2.5-flash',
        responseId: 'loopback',
      };
    case 'gateway': {
      const reason = stop === 'length' ? 'length' : stop === 'refusal' ? 'content-filter' : 'stop';
      // The gateway answers a language model result in the caller's specification version.
      return major === 5
        ? { content: [{ type: 'text', text }], finishReason: reason, usage: { inputTokens: input, outputTokens: output, totalTokens: input + output }, warnings: [] }
        : {
            content: [{ type: 'text', text }],
            finishReason: { unified: reason, raw: reason },
            usage: { inputTokens: { total: input, noCache: input }, outputTokens: { total: output, text: output } },
            warnings: [],
          };
    }
  }
}

function errorBody(provider: ProviderName, status: number, message: string): unknown {
  switch (provider) {
    case 'anthropic': {
      const type = { 400: 'invalid_request_error', 429: 'rate_limit_error', 529: 'overloaded_error' }[status] ?? 'api_error';
      return { type: 'error', error: { type, message } };
    }
    case 'google': {
      const googleStatus = { 400: 'INVALID_ARGUMENT', 429: 'RESOURCE_EXHAUSTED', 503: 'UNAVAILABLE' }[status] ?? 'INTERNAL';
      return { error: { code: status, message, status: googleStatus } };
    }
    case 'gateway': {
      const type = { 400: 'invalid_request_error', 429: 'rate_limit_exceeded' }[status] ?? 'internal_server_error';
      return { error: { message, type } };
    }
    default:
      return { error: { message, type: status === 429 ? 'requests' : status === 400 ? 'invalid_request_error' : 'server_error', param: null, code: null } };
  }
}

const FAULT_STATUS = { 'rate-limit': 429, 'server-error': 500, unavailable: 503, overloaded: 529 } as const;
const FAULT_MESSAGE = {
  'rate-limit': 'Rate limit reached for requests',
  'server-error': 'The server had an error while processing your request',
  unavailable: 'The model is overloaded. Please try again later.',
  overloaded: 'Overloaded',
} as const;
export const REFUSAL_TEXT = "I'm sorry, but I can't help with that request.";

function fault(response: ServerResponse, provider: ProviderName, major: AiMajor, request: Record<string, unknown>, kind: Fault): void {
  switch (kind) {
    case 'rate-limit':
    case 'server-error':
    case 'unavailable':
    case 'overloaded': {
      const status = FAULT_STATUS[kind];
      // A zero wait keeps the SDK's retry fast (without one it backs off 2 s); providers send seconds, OpenAI milliseconds too.
      const headers: Record<string, string> = { 'retry-after': '0', ...(provider.startsWith('openai') && { 'retry-after-ms': '0' }) };
      return json(response, status, errorBody(provider, status, FAULT_MESSAGE[kind]), headers);
    }
    case 'reset': {
      // A whole answer (Anthropic's tool mode parses it), of which only the start is sent.
      const text = JSON.stringify(success(provider, major, request, JSON.stringify({ evaluations: [], missingTools: [], reason: 'cut' })));
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length) });
      response.write(text.slice(0, 40));
      // Half a body, then the connection drops.
      setTimeout(() => response.socket?.destroy(), 5);
      return;
    }
    case 'not-json':
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
      return;
    case 'refusal':
      return json(response, 200, success(provider, major, request, REFUSAL_TEXT, 'refusal'));
    case 'length':
      return json(response, 200, success(provider, major, request, '{"evaluations":[{"toolCalled":"weather-tool","wasAppro', 'length'));
  }
}

// ---------------------------------------------------------------------------------------------
// The real provider packages, per ai major, pointed at a server

type Factory = (options: Record<string, unknown>) => ((modelId: string) => unknown) & { chat?(modelId: string): unknown };

const PACKAGES: Record<AiMajor, { ai: string; openai: string; anthropic: string; google: string; compatible: string }> = {
  5: { ai: 'ai5', openai: 'openai5', anthropic: 'anthropic5', google: 'google5', compatible: 'openai-compatible5' },
  6: { ai: 'ai6', openai: 'openai6', anthropic: 'anthropic6', google: 'google6', compatible: 'openai-compatible6' },
  7: { ai: 'ai', openai: '@ai-sdk/openai', anthropic: '@ai-sdk/anthropic', google: '@ai-sdk/google', compatible: '@ai-sdk/openai-compatible' },
};

/** The `ai` module of a major, for setAiLoaderForTesting. */
export function loadAiMajor(major: AiMajor): () => Promise<never> {
  return async () => (await import(PACKAGES[major].ai)) as never;
}

/** A judge model object of `provider` from its real package for `major`, served by `server`. */
export async function providerModel(provider: ProviderName, major: AiMajor, server: ProviderServer): Promise<{ readonly modelId: string; readonly provider: string }> {
  const packages = PACKAGES[major];
  const baseURL = server.url;
  const load = async (name: string, factory: string) => ((await import(name)) as Record<string, Factory>)[factory]!;
  switch (provider) {
    case 'openai':
      return (await load(packages.openai, 'createOpenAI'))({ baseURL, apiKey: API_KEY })('gpt-5-mini') as never;
    case 'openai.chat':
      return (await load(packages.openai, 'createOpenAI'))({ baseURL, apiKey: API_KEY }).chat!('gpt-5-mini') as never;
    case 'anthropic':
      return (await load(packages.anthropic, 'createAnthropic'))({ baseURL, apiKey: API_KEY })('claude-sonnet-4-5') as never;
    case 'google':
      return (await load(packages.google, 'createGoogleGenerativeAI'))({ baseURL, apiKey: API_KEY })('gemini-2.5-flash') as never;
    case 'openai-compatible':
      // A provider that declares structured outputs gets the strict JSON schema, as OpenAI does.
      return (await load(packages.compatible, 'createOpenAICompatible'))({ baseURL, apiKey: API_KEY, name: 'loopback', supportsStructuredOutputs: true })('judge-model') as never;
    case 'gateway':
      return (await gatewayProvider(major, server))('openai/gpt-5-mini') as never;
  }
}

/** The AI Gateway provider of `ai` itself (its `createGateway`), at the server. */
export async function gatewayProvider(major: AiMajor, server: ProviderServer): Promise<(modelId: string) => unknown> {
  const { createGateway } = (await import(PACKAGES[major].ai)) as unknown as { createGateway: Factory };
  return createGateway({ baseURL: server.url, apiKey: API_KEY });
}
