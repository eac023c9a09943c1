import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { describe, expect, it } from 'vitest';
import { getRunText } from '../../../src/calls/getRunText.js';
import { getToolCalls, own, parallel, turn, within } from '../../../src/index.js';
import { call } from '../../fixtures/aiSdk.js';
import type { ProviderStep } from '../../fixtures/aiSdk.js';
import { otlpJson, telemetries, traceOf } from '../../fixtures/otel.js';
import { failureOf, matcherErrorOf } from '../../helpers/failureOf.js';

/** Turn 1: two calls in one step, then the sub-agent; turn 2: a failing tool. */
const conversation: Array<{ steps: ProviderStep[]; subAgentSteps?: ProviderStep[] }> = [
  {
    steps: [
      [call('c1', 'weather', { city: 'Paris' }), call('c2', 'news', { topic: 'rain' })],
      [call('c3', 'research-agent', { topic: 'cats' })],
      [{ type: 'text', text: 'Here is what I found.' }],
    ],
    subAgentSteps: [[call('s1', 'web-search', { q: 'cats' })], [call('s2', 'web-search', { q: 'more cats' })], [{ type: 'text', text: 'found' }]],
  },
  { steps: [[call('c1', 'broken', {})], [{ type: 'text', text: 'Sorry.' }]] },
];

/** The top agent's own calls. */
const ownCalls = [
  { toolName: 'weather', toolCallId: 'c1', input: { city: 'Paris' }, output: { city: 'Paris', celsius: 21 } },
  { toolName: 'news', toolCallId: 'c2', input: { topic: 'rain' }, output: ['rain headline'] },
  { toolName: 'research-agent', toolCallId: 'c3', input: { topic: 'cats' }, output: 'found' },
  { toolName: 'broken', toolCallId: 'c1', input: {}, error: 'backend down' },
];

/** Every call of the run: the sub-agent's, under the research-agent span, after the call that ran it. */
const expectedCalls = [
  ...ownCalls.slice(0, 3),
  { toolName: 'web-search', toolCallId: 's1', input: { q: 'cats' }, output: ['result for cats'], agent: { name: 'research-agent' } },
  { toolName: 'web-search', toolCallId: 's2', input: { q: 'more cats' }, output: ['result for more cats'], agent: { name: 'research-agent' } },
  ownCalls[3],
];

describe.each(telemetries)('OpenTelemetry trace of the AI SDK (%s)', (kind) => {
  it('reads each call once, in order, with its result or error, from the SDK spans and from OTLP JSON', async () => {
    const spans = await traceOf(kind, conversation);
    expect(getToolCalls(spans)).toEqual(expectedCalls);
    expect(getToolCalls(otlpJson(spans))).toEqual(expectedCalls);
    // The order does not depend on the order the exporter finished the spans in.
    expect(getToolCalls([...spans].reverse())).toEqual(expectedCalls);
    expect(getToolCalls(own(spans))).toEqual(ownCalls);
    expect(getToolCalls(own(otlpJson(spans)))).toEqual(ownCalls);
  });

  it("gives the judge each turn's request and reply, not the sub-agent's", async () => {
    const spans = await traceOf(kind, conversation);
    expect(getRunText(turn(spans, 1))).toEqual({ request: 'request 1', reply: 'Here is what I found.' });
    expect(getRunText(spans)).toEqual({ request: 'request 2', reply: 'Here is what I found.\n\nSorry.' });
    expect(getRunText(turn(otlpJson(spans), -1))).toEqual({ request: 'request 2', reply: 'Sorry.' });
  });

  it('splits the traces into turns', async () => {
    const spans = await traceOf(kind, conversation);
    expect(turn(spans, 1)).toCallToolsInOrder(['weather', 'news', 'research-agent', 'web-search', 'web-search'], { strict: true });
    expect(own(turn(spans, 1))).toCallToolsInOrder(['weather', 'news', 'research-agent'], { strict: true });
    expect(turn(spans, 2)).toCallOnly('broken');
    expect(turn(otlpJson(spans), -1)).toCallOnly('broken');
    expect(turn(spans, -2)).not.toCallTool('broken');
    expect(matcherErrorOf(() => expect(turn(spans, 3)).toCallNoTools())).toContain('turn(run, 3): the otel-trace run has 2 turns (one per trace); use 1 to 2, or -1 for the last.');
  });

  it("counts a sub-agent's calls among the run's, naming it; own() leaves them out, within() reads them alone", async () => {
    const spans = await traceOf(kind, conversation);
    expect(spans).toCallToolTimes('web-search', 2);
    expect(failureOf(() => expect(spans).not.toCallTool('web-search')).message).toContain('4. web-search      {"q":"cats"} (research-agent, run by call 3)');
    expect(own(spans)).not.toCallTool('web-search');
    expect(within(spans, 'research-agent')).toCallToolsInOrder([{ toolName: 'web-search', input: { q: 'cats' } }, 'web-search'], { strict: true });
    expect(within(turn(otlpJson(spans), 1), 'research-agent')).toCallToolTimes('web-search', 2);
    expect(getToolCalls(within(spans, 'research-agent'))[0]).toMatchObject({ toolName: 'web-search', output: ['result for cats'] });
  });

  it('knows which calls one step issued', async () => {
    const spans = await traceOf(kind, conversation);
    expect(turn(spans, 1)).toCallToolsInOrder([parallel('news', 'weather'), 'research-agent']);
    // The sub-agent's calls keep their own steps: two steps, none shared with the top agent's.
    expect(turn(spans, 1)).toCallToolsInOrder([parallel('news', 'weather'), 'research-agent', 'web-search', 'web-search'], { strict: true });
    expect(turn(spans, 1)).not.toCallToolsInOrder([parallel('web-search', 'web-search')]);
    expect(own(turn(spans, 1))).toCallToolsInOrder([parallel('news', 'weather'), 'research-agent'], { strict: true });
    expect(spans).not.toCallToolsInOrder([parallel('weather', 'research-agent')]);
  });
});

describe('OpenTelemetry traces', () => {
  it('counts a call the model issued that no tool ran (an unknown tool)', async () => {
    const spans = await traceOf('genai', [{ steps: [[call('c1', 'no-such-tool', { x: 1 }), call('c2', 'weather', { city: 'Oslo' })], [{ type: 'text', text: 'ok' }]] }]);
    expect(getToolCalls(spans).map((call) => call.toolName)).toEqual(['no-such-tool', 'weather']);
    expect(failureOf(() => expect(spans).not.toCallTool('no-such-tool')).message).toContain('Matching call: 1');
  });

  it('reads the run span and the tool spans when there are no model call spans', async () => {
    const spans = (await traceOf('genai', conversation)).filter((span) => !span.name.startsWith('chat'));
    expect(getToolCalls(spans)).toEqual(expectedCalls);
    // A step's tool spans share the step's span, so parallel calls are still known.
    expect(own(turn(spans, 1))).toCallToolsInOrder([parallel('weather', 'news'), 'research-agent'], { strict: true });
  });

  it('refuses a within() it cannot answer, and says why', async () => {
    const spans = await traceOf('genai', conversation);
    expect(matcherErrorOf(() => expect(within(spans, 'research-agnet')).toCallNoTools())).toMatchInlineSnapshot(`
      "expect(run).toCallNoTools()

      Matcher error: within(run, "research-agnet"): the run never called "research-agnet", so there is no sub-agent run to look in. Did you mean "research-agent"? It called: "weather", "news", "research-agent", "broken"."
    `);
    expect(matcherErrorOf(() => expect(within(spans, 'weather')).toCallNoTools())).toMatchInlineSnapshot(`
      "expect(run).toCallNoTools()

      Matcher error: within(run, "weather"): call 1 to "weather" holds no agent run: its result is an object with keys { city, celsius }. A sub-agent's calls are known from an OpenTelemetry trace of the run, or when the tool returns the sub-agent's run (its UI message, generateText result or messages)."
    `);
  });

  it('explains a parallel group that was not one step', async () => {
    const spans = await traceOf('genai', conversation);
    const failure = failureOf(() => expect(spans).toCallToolsInOrder([parallel('weather', 'research-agent'), 'broken']));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Expected these calls, in this order (other calls allowed; each parallel group in one step, in any order):
        1. parallel("weather", "research-agent")
        2. broken

      Received 6 tool calls:
        1. weather         {"city":"Paris"}
        2. news            {"topic":"rain"}
        3. research-agent  {"topic":"cats"}
        4. web-search      {"q":"cats"} (research-agent, run by call 3)
        5. web-search      {"q":"more cats"} (research-agent, run by call 3)
        6. broken          {} (failed)

      Calls by model step: [1 "weather", 2 "news"] [3 "research-agent"] [4 "web-search"] [5 "web-search"] [6 "broken"]

      parallel("weather", "research-agent") (expected 1st): no single model step after the calls matched before it issued all of these."
    `);
    expect(failure.expected).toEqual([['weather', 'research-agent'], 'broken']);
    expect(failure.actual).toEqual([['weather', 'news'], 'research-agent', 'web-search', 'web-search', 'broken']);
  });

  it("refuses ai@6 spans that lost their parent (no context manager): one run would read as many", async () => {
    context.disable();
    try {
      const spans = await traceOf('ai6', conversation);
      expect(matcherErrorOf(() => expect(spans).toCallTool('weather'))).toMatch(
        /Matcher error: the AI SDK span "ai\.generateText\.doGenerate" \(span [0-9a-f]{16}\) has no parent, so the trace cannot say which run it belongs to: the OpenTelemetry context did not follow the SDK's async calls\. Register a context manager before the run/,
      );
    } finally {
      context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    }
  });

  it('pairs each tool span with the call it ran, whatever order the tool spans started in, by id or else by tool', async () => {
    const spans = await traceOf('genai', [{ steps: [[call('c1', 'weather', { city: 'Paris' }), call('c2', 'news', { topic: 'rain' }), call('c3', 'weather', { city: 'Oslo' })], [{ type: 'text', text: 'ok' }]] }]);
    const expected = [
      { toolName: 'weather', toolCallId: 'c1', input: { city: 'Paris' }, output: { city: 'Paris', celsius: 21 } },
      { toolName: 'news', toolCallId: 'c2', input: { topic: 'rain' }, output: ['rain headline'] },
      { toolName: 'weather', toolCallId: 'c3', input: { city: 'Oslo' }, output: { city: 'Oslo', celsius: 21 } },
    ];
    type OtlpSpan = { name: string; startTimeUnixNano: string; attributes: Array<{ key: string; value: { stringValue?: string } }> };
    const exportOf = () => otlpJson(spans) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> };
    const toolSpans = (trace: ReturnType<typeof exportOf>) => trace.resourceSpans[0]!.scopeSpans[0]!.spans.filter((span) => span.name.startsWith('execute_tool'));
    // The last tool span started first, the first last: the calls stay in the order the model issued them.
    const reordered = exportOf();
    const [first, , last] = toolSpans(reordered);
    [first!.startTimeUnixNano, last!.startTimeUnixNano] = [last!.startTimeUnixNano, first!.startTimeUnixNano];
    expect(getToolCalls(reordered)).toEqual(expected);
    // Without ids, a tool span runs the earliest call to its tool not yet run.
    const withoutIds = exportOf();
    for (const span of withoutIds.resourceSpans[0]!.scopeSpans[0]!.spans) {
      span.attributes = span.attributes.filter((attribute) => attribute.key !== 'gen_ai.tool.call.id');
      const messages = span.attributes.find((attribute) => attribute.key === 'gen_ai.output.messages');
      if (messages) messages.value.stringValue = messages.value.stringValue!.replace(/"id":"c\d",/g, '');
    }
    const [, news, oslo] = toolSpans(withoutIds);
    [news!.startTimeUnixNano, oslo!.startTimeUnixNano] = [oslo!.startTimeUnixNano, news!.startTimeUnixNano];
    expect(getToolCalls(withoutIds)).toEqual(expected.map(({ toolCallId, ...rest }) => rest));
  });

  it('orders spans by their exact start, closer than a number holds at nanoseconds since the epoch', () => {
    const span = (id: string, name: string, start: string) => ({
      traceId: 'aa'.repeat(16),
      spanId: id.repeat(16),
      name: `execute_tool ${name}`,
      startTimeUnixNano: start,
      attributes: [{ key: 'gen_ai.tool.name', value: { stringValue: name } }],
    });
    // 1796322255220000001 and ...000 are the same number in a double: the digits decide.
    expect(Number('1796322255220000001')).toBe(Number('1796322255220000000'));
    const trace = { resourceSpans: [{ scopeSpans: [{ spans: [span('b', 'later', '1796322255220000001'), span('c', 'earlier', '1796322255220000000'), span('d', 'first', '1796322255219999000')] }] }] };
    expect(getToolCalls(trace).map((call) => call.toolName)).toEqual(['first', 'earlier', 'later']);
    const fractional = { resourceSpans: [{ scopeSpans: [{ spans: [span('b', 'x', '1.5')] }] }] };
    expect(matcherErrorOf(() => expect(fractional).toCallNoTools())).toMatchInlineSnapshot(`
      "expect(run).toCallNoTools()

      Matcher error: the OTLP export's resourceSpans[0].scopeSpans[0].spans[0] has a startTimeUnixNano that is not a whole number: expected nanoseconds since the epoch, as a string of digits."
    `);
  });

  it('names a malformed OTLP export', () => {
    const broken = { resourceSpans: [{ scopeSpans: [{ spans: [{ name: 'execute_tool x' }] }] }] };
    expect(matcherErrorOf(() => expect(broken).toCallNoTools())).toMatchInlineSnapshot(`
      "expect(run).toCallNoTools()

      Matcher error: the OTLP export's resourceSpans[0].scopeSpans[0].spans[0] has no traceId, spanId: expected the OTLP JSON encoding of a span ({ traceId, spanId, parentSpanId, name, startTimeUnixNano, attributes }, ids in hex)."
    `);
  });

  it('prints hostile tool names from a trace on one line', () => {
    const span = (spanId: string, name: string, start: string) => ({
      traceId: 'aa'.repeat(16),
      spanId,
      name: `execute_tool ${name}`,
      startTimeUnixNano: start,
      attributes: [
        { key: 'gen_ai.tool.name', value: { stringValue: name } },
        { key: 'gen_ai.tool.call.arguments', value: { stringValue: JSON.stringify({ text: 'x'.repeat(1_000_000) }) } },
      ],
    });
    const trace = { resourceSpans: [{ scopeSpans: [{ spans: [span('b'.repeat(16), 'evil\nname\u001b[31m', '2'), span('c'.repeat(16), 'ok', '1')] }] }] };
    const failure = failureOf(() => expect(trace).toCallTool('missing'));
    expect(failure.message.length).toBeLessThan(2_000);
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName)

      Expected a call to "missing"

      Received 2 tool calls:
        1. ok                    {"text":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…
        2. evil\\nname\\u001b[31m  {"text":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…

      "missing" was never called."
    `);
    const grouped = failureOf(() => expect(trace).toCallToolsInOrder([parallel('ok', 'evil\nname\u001b[31m')]));
    expect(grouped.message.split('\n').filter((line) => line.startsWith('Calls by model step'))).toEqual(['Calls by model step: [1 "ok"] [2 "evil\\nname\\u001b[31m"]']);
    expect(within(trace, 'evil\nname\u001b[31m').toString()).toBe('within(run, "evil\\nname\\u001b[31m")');
  });
});
