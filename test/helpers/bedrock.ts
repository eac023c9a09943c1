import { createServer } from 'node:http2';
import type { IncomingHttpHeaders } from 'node:http2';
import type { BedrockRuntimeClient, ContentBlock, ConverseCommandInput, ConverseResponse, Message, Tool, ToolResultContentBlock } from '@aws-sdk/client-bedrock-runtime';
import type { LoopFunction } from './hotelFunctions.js';
import { listenOnLoopback } from './providerServers.js';

/**
 * A loopback server speaking Amazon Bedrock's Converse API, for the real `BedrockRuntimeClient`
 * pointed at it with `endpoint` and dummy credentials. The client's default request handler
 * (`NodeHttp2Handler`) speaks HTTP/2 and connects with `http2.connect(endpoint)`, which over
 * `http://` is cleartext HTTP/2 with prior knowledge (h2c): `node:http2`'s `createServer` (no TLS)
 * answers it, so the client runs with its own handler, as users run it. Each request is answered
 * with the next assistant turn of the script (the last repeats), with `usage` and `metrics`.
 */

export interface BedrockTurn {
  content: ContentBlock[];
  usage?: { input: number; output: number };
  latencyMs?: number;
}

export interface BedrockServer {
  client(): Promise<BedrockRuntimeClient>;
  requests: Array<{ path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }>;
  problems: string[];
  close(): Promise<void>;
}

export const BEDROCK_MODEL = 'anthropic.claude-sonnet-4-5-v1:0';

export async function startBedrockServer(...script: BedrockTurn[]): Promise<BedrockServer> {
  const requests: BedrockServer['requests'] = [];
  const problems: string[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      requests.push({ path, headers: request.headers, body });
      const problem =
        path !== `/model/${encodeURIComponent(BEDROCK_MODEL)}/converse`
          ? `unexpected path ${path}`
          : !String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=AKIDLOOPBACK/')
            ? 'The security token included in the request is invalid.'
            : !Array.isArray(body.messages)
              ? 'messages is required'
              : undefined;
      if (problem) {
        problems.push(problem);
        response.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'ValidationException' }).end(JSON.stringify({ message: problem }));
        return;
      }
      const turn = script[Math.min(requests.length - 1, script.length - 1)]!;
      const { input, output } = turn.usage ?? { input: 100 * requests.length, output: 30 };
      const toolUse = turn.content.some((block) => block.toolUse !== undefined);
      response.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': `loopback-${requests.length}` }).end(
        JSON.stringify({
          output: { message: { role: 'assistant', content: turn.content } },
          stopReason: toolUse ? 'tool_use' : 'end_turn',
          usage: { inputTokens: input, outputTokens: output, totalTokens: input + output },
          metrics: { latencyMs: turn.latencyMs ?? 250 },
        }),
      );
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    requests,
    problems,
    close,
    client: async () => {
      const { BedrockRuntimeClient } = await import('@aws-sdk/client-bedrock-runtime');
      return new BedrockRuntimeClient({
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        credentials: { accessKeyId: 'AKIDLOOPBACK', secretAccessKey: 'loopback-secret' },
        maxAttempts: 1,
      });
    },
  };
}

/** The Converse `toolConfig.tools` of these functions, as the user declares them. */
export function toolSpecs(functions: Record<string, LoopFunction>): Tool[] {
  return Object.entries(functions).map(([name, fn]) => ({ toolSpec: { name, description: fn.description, inputSchema: { json: fn.schema as never } } }));
}

/**
 * The tool-use loop of Bedrock's guide ("Call a tool with the Converse API"), as a user writes
 * it: send the messages, append the assistant message, run each `toolUse` and answer in one user
 * message of `toolResult` blocks (`json` content for an object, `text` for a string, `status:
 * 'error'` with the message for a failure), until the model stops asking. Returns the messages
 * and every `ConverseResponse`.
 */
export async function converseLoop(
  client: BedrockRuntimeClient,
  request: string,
  functions: Record<string, LoopFunction>,
  messages: Message[] = [],
): Promise<{ messages: Message[]; responses: ConverseResponse[] }> {
  const { ConverseCommand } = await import('@aws-sdk/client-bedrock-runtime');
  messages.push({ role: 'user', content: [{ text: request }] });
  const responses: ConverseResponse[] = [];
  for (let round = 0; round < 10; round++) {
    const input: ConverseCommandInput = { modelId: BEDROCK_MODEL, messages, toolConfig: { tools: toolSpecs(functions) } };
    const response = await client.send(new ConverseCommand(input));
    responses.push(response);
    const message = response.output?.message;
    if (!message) break;
    messages.push(message);
    if (response.stopReason !== 'tool_use') break;
    const results: ContentBlock[] = [];
    for (const block of message.content ?? []) {
      if (!block.toolUse) continue;
      const { toolUseId, name = '', input: args } = block.toolUse;
      try {
        const fn = functions[name];
        if (!fn) throw new Error(`unknown tool ${name}`);
        const output = fn.run(args as Record<string, unknown>);
        const content: ToolResultContentBlock[] = [typeof output === 'string' ? { text: output } : { json: output as never }];
        results.push({ toolResult: { toolUseId, content } });
      } catch (error) {
        results.push({ toolResult: { toolUseId, content: [{ text: (error as Error).message }], status: 'error' } });
      }
    }
    messages.push({ role: 'user', content: results });
  }
  return { messages, responses };
}
