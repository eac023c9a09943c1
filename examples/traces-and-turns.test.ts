/**
 * Typed tool references, a production trace, turns, a parallel step and a sub-agent, on a real AI
 * SDK agent: generateText with the SDK's mock model and its OpenTelemetry integration
 * (`@ai-sdk/otel`) writing spans to the OpenTelemetry SDK's in-memory exporter.
 */
import { OpenTelemetry } from '@ai-sdk/otel';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { own, parallel, toolRefs, turn, within } from 'tool-call-accuracy';

// A sub-agent's spans nest under the tool that runs it when the context follows async calls.
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
const exporter = new InMemorySpanExporter();
const telemetry = { integrations: [new OpenTelemetry({ tracer: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('example') })] };

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 20, text: 20, reasoning: undefined } };
const calls = (...list: Array<[string, string, object]>) => ({
  content: list.map(([toolCallId, toolName, input]) => ({ type: 'tool-call' as const, toolCallId, toolName, input: JSON.stringify(input) })),
  finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
  usage,
  warnings: [],
});
const answer = (text: string) => ({ content: [{ type: 'text' as const, text }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] });

const tools = {
  getWeather: tool({ description: 'Weather for a city', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => `sunny in ${city}` }),
  getNews: tool({ description: 'Headlines on a topic', inputSchema: z.object({ topic: z.string() }), execute: async ({ topic }) => [`${topic} headline`] }),
  research: tool({
    description: 'A research agent',
    inputSchema: z.object({ question: z.string() }),
    execute: async ({ question }) => {
      const searchTools = { webSearch: tool({ inputSchema: z.object({ q: z.string() }), execute: async ({ q }) => [`result for ${q}`] }) };
      const model = new MockLanguageModelV4({ doGenerate: [calls(['s1', 'webSearch', { q: question }]), answer('Found it.')] });
      return (await generateText({ model, tools: searchTools, stopWhen: stepCountIs(5), prompt: question, telemetry })).text;
    },
  }),
};
const t = toolRefs(tools);

describe('a traced two-turn conversation', () => {
  it('is checked turn by turn, step by step, and inside its sub-agent', async () => {
    exporter.reset();
    const turns = [
      [calls(['c1', 'getWeather', { city: 'Paris' }], ['c2', 'getNews', { topic: 'Paris' }]), answer('Sunny, and here is the news.')],
      [calls(['c1', 'research', { question: 'Best museums in Paris?' }]), answer('The Louvre.')],
    ];
    for (const [index, doGenerate] of turns.entries()) {
      await generateText({ model: new MockLanguageModelV4({ doGenerate }), tools, stopWhen: stepCountIs(5), prompt: `message ${index + 1}`, telemetry });
    }
    const spans = exporter.getFinishedSpans();

    expect(own(spans)).toCallToolsInOrder([parallel(t.getNews, t.getWeather), t.research], { strict: true });
    expect(turn(spans, 1)).toCallTool(t.getWeather, { city: 'Paris' });
    expect(own(turn(spans, -1))).toCallOnly(t.research);
    expect(spans).toCallTool('webSearch'); // the research sub-agent's call is one of the run's
    expect(own(spans)).not.toCallTool('webSearch');
    expect(within(spans, t.research)).toCallTool('webSearch', { q: expect.stringContaining('museums') });
  });
});
