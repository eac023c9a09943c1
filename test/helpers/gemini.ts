import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { CallableTool, Content, FunctionCall, Part, Tool } from '@google/genai';
import type { LoopFunction } from './hotelFunctions.js';
import { API_KEY, listenOnLoopback } from './providerServers.js';

/**
 * A loopback server speaking the Gemini API's `generateContent` (`v1`, as `@google/genai` 3.x
 * calls it), for the real `GoogleGenAI` client pointed at it with `httpOptions: { baseUrl }`.
 * It answers each request with the next model turn of its script (the last one repeats), with
 * the `usageMetadata` Gemini reports, and records every request.
 */

/** One model turn: the parts the model answers with, and the tokens it reports. */
export interface GeminiTurn {
  parts: Part[];
  usage?: { prompt: number; candidates: number; thoughts?: number };
}

export interface GeminiServer {
  /** The client for this server, as a user makes one (`new GoogleGenAI({ apiKey, httpOptions })`). */
  client(): Promise<import('@google/genai').GoogleGenAI>;
  requests: Array<{ path: string; headers: IncomingHttpHeaders; body: { contents?: Content[]; tools?: unknown[] } }>;
  /** What the server found wrong with a request (each also answered with Gemini's 400). */
  problems: string[];
  close(): Promise<void>;
}

export const GEMINI_MODEL = 'gemini-2.5-flash';

export async function startGeminiServer(...script: GeminiTurn[]): Promise<GeminiServer> {
  const requests: GeminiServer['requests'] = [];
  const problems: string[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      const body = JSON.parse(text || '{}') as GeminiServer['requests'][number]['body'];
      requests.push({ path, headers: request.headers, body });
      const problem =
        path !== `/v1/models/${GEMINI_MODEL}:generateContent`
          ? `unexpected path ${path}`
          : request.headers['x-goog-api-key'] !== API_KEY
            ? 'API key not valid. Please pass a valid API key.'
            : !Array.isArray(body.contents) || body.contents.length === 0
              ? 'contents is not specified'
              : undefined;
      if (problem) {
        problems.push(problem);
        response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 400, message: problem, status: 'INVALID_ARGUMENT' } }));
        return;
      }
      const turn = script[Math.min(requests.length - 1, script.length - 1)]!;
      const { prompt, candidates, thoughts } = turn.usage ?? { prompt: 100 * requests.length, candidates: 20 };
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          candidates: [{ content: { role: 'model', parts: turn.parts }, finishReason: 'STOP', index: 0 }],
          usageMetadata: {
            promptTokenCount: prompt,
            candidatesTokenCount: candidates,
            ...(thoughts !== undefined && { thoughtsTokenCount: thoughts }),
            totalTokenCount: prompt + candidates + (thoughts ?? 0),
          },
          modelVersion: GEMINI_MODEL,
          responseId: `loopback-${requests.length}`,
        }),
      );
    });
  });
  const { port, close } = await listenOnLoopback(server);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    requests,
    problems,
    close,
    client: async () => {
      const { GoogleGenAI } = await import('@google/genai');
      return new GoogleGenAI({ apiKey: API_KEY, httpOptions: { baseUrl } });
    },
  };
}

/**
 * The tools as a user hands them to automatic function calling: a `CallableTool` (what
 * `mcpToTool` makes, written out) whose declarations use `parametersJsonSchema`, and which
 * answers each call as Google's function-calling guide prescribes: `response: { output }` for a
 * result, `response: { error }` for a failure, with the call's `id` when it had one.
 */
export function callableTool(functions: Record<string, LoopFunction>): CallableTool {
  return {
    tool: async (): Promise<Tool> => ({
      functionDeclarations: Object.entries(functions).map(([name, fn]) => ({ name, description: fn.description, parametersJsonSchema: fn.schema })),
    }),
    callTool: async (calls: FunctionCall[]): Promise<Part[]> =>
      calls.map((call) => {
        const name = call.name ?? '';
        let response: Record<string, unknown>;
        try {
          const fn = functions[name];
          if (!fn) throw new Error(`unknown function ${name}`);
          response = { output: fn.run(call.args ?? {}) };
        } catch (error) {
          response = { error: (error as Error).message };
        }
        return { functionResponse: { ...(call.id !== undefined && { id: call.id }), name, response } };
      }),
  };
}
