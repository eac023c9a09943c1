/**
 * The "real" models recordings are made against in tests: each major's own mock model (ai@5
 * MockLanguageModelV2, ai@6 V3, ai@7 V4), answering by the prompt like a provider would: a weather
 * question gets a get-weather call (a fresh provider id each time), a prompt holding its result
 * gets a text answer. Every answer is numbered by the model's call count, so runs differ and a
 * replay can be told from a live call; `calls()` counts what reached the model.
 */
import * as ai7 from 'ai';
import * as test7 from 'ai/test';
import * as ai6 from 'ai6';
import * as test6 from 'ai6/test';
import * as ai5 from 'ai5';
import * as test5 from 'ai5/test';
import { z } from 'zod';

type Any = any;

export interface Major {
  name: 'ai5' | 'ai6' | 'ai7';
  ai: Any;
  /** A fresh counting model; `secret` is echoed in its text answers (to test redaction of answers). */
  model(options?: { echo?: string }): Any & { calls(): number };
  /** The agent class of this major: ToolLoopAgent (6, 7) or Experimental_Agent (5). */
  Agent: Any;
  stopAfter(steps: number): Record<string, unknown>;
}

const usageV3 = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 20, text: 20, reasoning: undefined } };
const usageV2 = { inputTokens: 10, outputTokens: 20, totalTokens: 30 };

type Part = { type: 'tool-call'; toolCallId: string; toolName: string; input: string } | { type: 'text'; text: string };

function answer(prompt: Array<{ role: string; content: unknown }>, n: number, echo: string | undefined): Part[] {
  const answered = prompt.some((message) => message.role === 'tool');
  if (answered) return [{ type: 'text', text: `Sunny, answer ${n}${echo === undefined ? '' : ` (${echo})`}` }];
  const user = JSON.stringify(prompt.filter((message) => message.role === 'user').map((message) => message.content));
  const city = /Paris/.test(user) ? 'Paris' : 'Tokyo';
  return [{ type: 'tool-call', toolCallId: `call-${n}-${Math.random().toString(36).slice(2, 8)}`, toolName: 'get-weather', input: JSON.stringify({ city }) }];
}

function counting(Mock: Any, helpers: Any, v2: boolean, echo: string | undefined) {
  let count = 0;
  const finish = (parts: Part[]) => {
    const unified = parts.some((part) => part.type === 'tool-call') ? 'tool-calls' : 'stop';
    return v2 ? unified : { unified, raw: unified };
  };
  const usage = v2 ? usageV2 : usageV3;
  const model = new Mock({
    provider: 'weather-provider',
    modelId: 'weather-1',
    doGenerate: async ({ prompt }: Any) => {
      const parts = answer(prompt, ++count, echo);
      return { content: parts, finishReason: finish(parts), usage, warnings: [], response: { id: `resp-${count}`, timestamp: new Date(Date.UTC(2026, 0, count)), modelId: 'weather-1', headers: { 'set-cookie': 'session=abc' } } };
    },
    doStream: async ({ prompt }: Any) => {
      const parts = answer(prompt, ++count, echo);
      const stream: unknown[] = [{ type: 'stream-start', warnings: [] }, { type: 'response-metadata', id: `resp-${count}`, timestamp: new Date(Date.UTC(2026, 0, count)), modelId: 'weather-1' }];
      for (const part of parts) {
        if (part.type === 'text') stream.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: part.text }, { type: 'text-end', id: 't' });
        else stream.push(part);
      }
      stream.push({ type: 'finish', finishReason: finish(parts), usage });
      return { stream: helpers.convertArrayToReadableStream(stream), response: { headers: { 'x-request-id': 'r' } } };
    },
  });
  return Object.assign(model, { calls: () => count });
}

export const majors: Major[] = [
  { name: 'ai5', ai: ai5, model: (o = {}) => counting(test5.MockLanguageModelV2, test5, true, o.echo), Agent: (ai5 as Any).Experimental_Agent, stopAfter: (n) => ({ stopWhen: (ai5 as Any).stepCountIs(n) }) },
  { name: 'ai6', ai: ai6, model: (o = {}) => counting(test6.MockLanguageModelV3, test6, false, o.echo), Agent: (ai6 as Any).ToolLoopAgent, stopAfter: (n) => ({ stopWhen: (ai6 as Any).stepCountIs(n) }) },
  { name: 'ai7', ai: ai7, model: (o = {}) => counting(test7.MockLanguageModelV4, test7, false, o.echo), Agent: (ai7 as Any).ToolLoopAgent, stopAfter: (n) => ({ stopWhen: (ai7 as Any).stepCountIs(n) }) },
];

/** The weather tool; `withUnit` changes its input schema. */
export function weatherTools(major: Major, options: { withUnit?: boolean; description?: string } = {}) {
  const schema = options.withUnit ? z.object({ city: z.string(), unit: z.enum(['C', 'F']).optional() }) : z.object({ city: z.string() });
  return {
    'get-weather': major.ai.tool({
      description: options.description ?? 'The weather in a city',
      inputSchema: schema,
      execute: async ({ city }: { city: string }) => ({ city, forecast: 'sunny' }),
    }),
  };
}
