// toolRefs, turn, parallel and within under real Jest, on a real OpenTelemetry trace of an AI SDK
// tool loop (ai@6, whose CommonJS build Jest loads; its experimental_telemetry drives the
// OpenTelemetry SDK's in-memory exporter).
const { failureMessage } = require('./failureMessage.cjs');
const { generateText, stepCountIs, tool } = require('ai6');
const { MockLanguageModelV3 } = require('ai6/test');
const { context } = require('@opentelemetry/api');
const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks');
const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { z } = require('zod');
const { parallel, toolRefs, turn, within } = require('tool-call-accuracy');

const usage = { inputTokens: { total: 1, noCache: 1 }, outputTokens: { total: 1, text: 1 } };
const step = (calls) => ({
  content: calls.map(([toolCallId, toolName, input]) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) })),
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  usage,
  warnings: [],
});
const answer = { content: [{ type: 'text', text: 'Done.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };

const tools = {
  weather: tool({ inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => `sunny in ${city}` }),
  news: tool({ inputSchema: z.object({ topic: z.string() }), execute: async () => ['headline'] }),
  refund: tool({ inputSchema: z.object({ orderId: z.string() }), execute: async () => 'refunded' }),
};

// ai@6 nests its spans through the active context, which needs a context manager.
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

async function tracedConversation() {
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('jest');
  const turns = [
    [step([['c1', 'weather', { city: 'Paris' }], ['c2', 'news', { topic: 'rain' }]]), answer],
    [step([['c1', 'refund', { orderId: 'A1' }]]), answer],
  ];
  for (const doGenerate of turns) {
    await generateText({ model: new MockLanguageModelV3({ doGenerate }), tools, stopWhen: stepCountIs(5), prompt: 'hi', experimental_telemetry: { isEnabled: true, tracer } });
  }
  return exporter.getFinishedSpans();
}


describe('assertions on turns, steps and typed references under Jest', () => {
  test('pass and fail on a real trace', async () => {
    const spans = await tracedConversation();
    const t = toolRefs(tools);
    expect(turn(spans, 2)).toCallOnly(t.refund);
    expect(turn(spans, 1)).toCallTool(t.weather, { city: expect.stringContaining('Par') });
    expect(turn(spans, 1)).toCallToolsInOrder([parallel(t.news, 'weather')], { strict: true });
    expect(spans).toCallToolsInOrder([parallel('weather', 'news'), 'refund']);
    expect(spans).not.toCallToolsInOrder([parallel('news', 'refund')]);
    const message = failureMessage(() => expect(spans).toCallToolsInOrder([parallel('news', 'refund')]));
    expect(message).toContain('Calls by model step: [1 "weather", 2 "news"] [3 "refund"]');
    expect(message).toContain('parallel("news", "refund") (expected 1st): no single model step after the calls matched before it issued all of these.');
    // The Jest entry writes the diff into the message.
    expect(message).toContain('- Expected');
    expect(() => expect(within(spans, 'weather')).toCallNoTools()).toThrow('holds no agent run');
  });
});
