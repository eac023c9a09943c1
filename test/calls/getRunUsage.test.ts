import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { getRunUsage, shapesRecording } from '../../src/calls/getRunUsage.js';
import { turn } from '../../src/calls/views.js';
import { Agent, createTool, noopLogger } from '../../reference/mastra/index.js';
import { loopSteps, makeTools, roundTrip, sdks } from '../fixtures/aiSdk.js';
import { otlpJson, telemetries, traceOf } from '../fixtures/otel.js';
import { call } from '../fixtures/aiSdk.js';
import { aiSdk4Fixtures } from '../fixtures/aiSdk4.js';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';

// The scripted models of fixtures/aiSdk.ts report 10 input and 20 output tokens per model call.

describe('getRunUsage: AI SDK 5, 6 and 7 tool loops', () => {
  for (const sdk of sdks) {
    it(`${sdk.name}: steps and tokens of generateText and streamText results, their steps, and JSON`, async () => {
      const { generateText, streamText, stepCountIs } = sdk.ai;
      const result = await generateText({ model: sdk.model(loopSteps), tools: makeTools(sdk), stopWhen: stepCountIs(5), prompt: 'go' });
      const expected = { steps: 3, tokens: { input: 30, output: 60, modelCalls: 3 } };
      expect(getRunUsage(result)).toEqual({ format: 'ai-sdk-result', usage: expected });
      expect(getRunUsage(roundTrip(result)).usage).toEqual(expected);
      expect(getRunUsage(result.steps)).toEqual({ format: 'ai-sdk-steps', usage: expected });
      // The SDK's own total agrees with the sum over steps.
      expect(result.totalUsage.inputTokens + result.totalUsage.outputTokens).toBe(90);
      const streamed = streamText({ model: sdk.model(loopSteps), tools: makeTools(sdk), stopWhen: stepCountIs(5), prompt: 'go' });
      expect(getRunUsage(await streamed.steps).usage).toEqual(expected);
      // No wall time: a result records none (ai@7's per-step performance is the model's response time, not the run's).
      expect(getRunUsage(result).usage.durationMs).toBeUndefined();
    });
  }

  it('a step whose provider reported no output tokens leaves the sum unknown, and says which step', async () => {
    const sdk = sdks.find((each) => each.name === 'ai7')!;
    const result = roundTrip(await sdk.ai.generateText({ model: sdk.model(loopSteps), tools: makeTools(sdk), stopWhen: sdk.ai.stepCountIs(5), prompt: 'go' })) as {
      steps: Array<{ usage: Record<string, unknown> }>;
    };
    delete result.steps[1]!.usage.outputTokens;
    expect(getRunUsage(result).usage).toEqual({ steps: 3, lacking: { tokens: 'its 2nd step has no outputTokens in its usage' } });
  });

  it('ai@5 and 6 model messages: one assistant message per step, no tokens', async () => {
    const sdk = sdks.find((each) => each.name === 'ai6')!;
    const result = await sdk.ai.generateText({ model: sdk.model(loopSteps), tools: makeTools(sdk), stopWhen: sdk.ai.stepCountIs(5), prompt: 'go' });
    expect(getRunUsage(sdk.responseMessages(result))).toEqual({
      format: 'ai-sdk-model-messages',
      usage: { steps: 3, lacking: { tokens: 'a list of messages carries no token usage' } },
    });
  });
});

describe('getRunUsage: AI SDK 4 (its own mock model, promptTokens and completionTokens)', () => {
  it('reads the steps and usage of a v4 result, its JSON and its steps; UI messages record neither', async () => {
    const fixtures = await aiSdk4Fixtures();
    const byName = (name: string) => fixtures.find((fixture) => fixture.name === `ai4 tool loop (${name})`)!.run;
    const expected = { steps: 3, tokens: { input: 30, output: 60, modelCalls: 3 } };
    for (const name of ['generateText result', 'generateText JSON round trip', 'generateText steps', 'await streamText steps']) {
      expect(getRunUsage(byName(name))).toEqual({ format: 'ai-sdk-4', usage: expected });
    }
    expect(getRunUsage(byName('UI messages')).usage).toEqual({ lacking: { steps: 'UI messages record no model steps', tokens: 'UI messages carry no usage' } });
  });
});

describe('getRunUsage: a real Mastra agent', () => {
  it('reads steps and totalUsage of agent.generate(), live and after JSON', async () => {
    const sdk = sdks.find((each) => each.name === 'ai5')!;
    const tools = {
      'auth-tool': createTool({ id: 'auth-tool', description: 'Authenticate', inputSchema: z.object({ user: z.string() }), execute: async ({ context }) => ({ token: `tok-${context.user}` }) }),
      'fetch-tool': createTool({ id: 'fetch-tool', description: 'Fetch', inputSchema: z.object({ url: z.string() }), execute: async ({ context }) => ({ status: 200, url: context.url }) }),
    };
    const agent = new Agent({ name: 'budget-agent', instructions: 'Use the tools.', model: sdk.model(loopSteps), tools });
    agent.__setLogger(noopLogger);
    const result = await agent.generate('go', { maxSteps: 10 });
    const expected = { steps: 3, tokens: { input: 30, output: 60, modelCalls: 3 } };
    expect(getRunUsage(result)).toEqual({ format: 'mastra-generate', usage: expected });
    expect(getRunUsage(roundTrip(result)).usage).toEqual(expected);
  });
});

describe('getRunUsage: OpenTelemetry traces', () => {
  for (const kind of telemetries) {
    it(`${kind}: model-call spans, their usage, and the trace's wall time`, async () => {
      const before = process.hrtime.bigint();
      const spans = await traceOf(kind, [{ steps: [[call('c1', 'weather', { city: 'Oslo' })], [{ type: 'text', text: 'Done.' }]] }]);
      const elapsed = Number(process.hrtime.bigint() - before) / 1e6;
      const { format, usage } = getRunUsage(spans);
      expect(format).toBe('otel-trace');
      expect(usage).toEqual({ steps: 2, tokens: { input: 20, output: 40, modelCalls: 2 }, durationMs: expect.any(Number) });
      expect(usage.durationMs).toBeGreaterThan(0);
      expect(usage.durationMs).toBeLessThanOrEqual(elapsed);
      expect(getRunUsage(otlpJson(spans)).usage).toEqual(usage);
    });
  }

  it('counts a sub-agent run inside a tool, and sums the wall time of each trace', async () => {
    const spans = await traceOf('genai', [
      { steps: [[call('c1', 'research-agent', { topic: 'snow' })], [{ type: 'text', text: 'Done.' }]], subAgentSteps: [[call('s1', 'web-search', { q: 'snow' })], [{ type: 'text', text: 'Found.' }]] },
      { steps: [[{ type: 'text', text: 'Hi.' }]] },
    ]);
    const usage = getRunUsage(spans).usage;
    expect(usage.steps).toBe(5);
    expect(usage.tokens).toEqual({ input: 50, output: 100, modelCalls: 5 });
  });

  it("times each trace from its earliest start to its latest end, to the nanosecond", async () => {
    const spans = await traceOf('genai', [{ steps: [[call('c1', 'weather', { city: 'Oslo' })], [{ type: 'text', text: 'Done.' }]] }, { steps: [[{ type: 'text', text: 'Hi.' }]] }]);
    type OtlpSpan = { traceId: string; startTimeUnixNano: string; endTimeUnixNano: string };
    const json = otlpJson(spans) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> };
    const list = json.resourceSpans[0]!.scopeSpans[0]!.spans;
    // Two spans end 1 ns apart, past what a double holds at this scale: the later one counts.
    const latest = list.reduce((last, span) => (BigInt(span.endTimeUnixNano) > BigInt(last.endTimeUnixNano) && span.traceId === list[0]!.traceId ? span : last), list[0]!);
    const other = list.find((span) => span !== latest && span.traceId === latest.traceId)!;
    other.endTimeUnixNano = String(BigInt(latest.endTimeUnixNano) + 1n);
    // Read after the one it ends later than.
    list.splice(list.indexOf(other), 1);
    list.push(other);
    expect(Number(other.endTimeUnixNano)).toBe(Number(latest.endTimeUnixNano));
    const byTrace = new Map<string, { start: bigint; end: bigint }>();
    for (const span of list) {
      const trace = byTrace.get(span.traceId) ?? { start: BigInt(span.startTimeUnixNano), end: BigInt(span.endTimeUnixNano) };
      if (BigInt(span.startTimeUnixNano) < trace.start) trace.start = BigInt(span.startTimeUnixNano);
      if (BigInt(span.endTimeUnixNano) > trace.end) trace.end = BigInt(span.endTimeUnixNano);
      byTrace.set(span.traceId, trace);
    }
    expect(byTrace.size).toBe(2);
    const nanos = [...byTrace.values()].reduce((sum, { start, end }) => sum + end - start, 0n);
    expect(getRunUsage(json).usage.durationMs).toBe(Number(nanos) / 1e6);
  });

  it('a span name from the trace is escaped in what the run lacks', async () => {
    const spans = await traceOf('genai', [{ steps: [[{ type: 'text', text: 'Hi.' }]] }]);
    const json = otlpJson(spans) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<Record<string, unknown>> }> }> };
    const first = json.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    first.name = '\u001b[2Jchat\nFAKE LINE';
    first.endTimeUnixNano = '0';
    expect(getRunUsage(json).usage.lacking?.durationMs).toBe(`its span "\\u001b[2Jchat\\nFAKE LINE" (span ${String(first.spanId)}) has no end time`);
  });

  it('an OTLP span without an end time: no wall time, said why', async () => {
    const spans = await traceOf('genai', [{ steps: [[{ type: 'text', text: 'Hi.' }]] }]);
    const json = otlpJson(spans) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<Record<string, unknown>> }> }> };
    const first = json.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    delete first.endTimeUnixNano;
    expect(getRunUsage(json).usage.lacking).toEqual({ durationMs: `its span ${JSON.stringify(first.name)} (span ${String(first.spanId)}) has no end time` });
  });
});

describe('getRunUsage: OpenAI and Anthropic objects', () => {
  const completion = {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_760_000_000,
    model: 'gpt-5',
    choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content: 'Hi', refusal: null } }],
    usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
  } satisfies OpenAI.Chat.Completions.ChatCompletion;

  it('an OpenAI ChatCompletion: one model call with its usage; messages: no tokens', () => {
    expect(getRunUsage(completion)).toEqual({ format: 'openai-chat', usage: { steps: 1, tokens: { input: 120, output: 30, modelCalls: 1 } } });
    const { usage: _usage, ...withoutUsage } = completion;
    expect(getRunUsage(withoutUsage).usage).toEqual({ steps: 1, lacking: { tokens: 'the completion has no usage' } });
    const messages = [
      { role: 'user', content: 'Book it' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'book', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'ok' },
      { role: 'assistant', content: 'Booked.' },
    ] satisfies OpenAI.Chat.Completions.ChatCompletionMessageParam[];
    expect(getRunUsage(messages).usage).toEqual({
      steps: 2,
      lacking: { tokens: 'a list of messages carries no token usage (a ChatCompletion does: pass it, or check each one)' },
    });
  });

  it('an OpenAI Response: one model call with input_tokens and output_tokens', () => {
    const response = {
      id: 'resp_1',
      object: 'response',
      output: [{ type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'search', arguments: '{}', status: 'completed' }],
      usage: { input_tokens: 300, output_tokens: 12, total_tokens: 312, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
    } satisfies Pick<OpenAI.Responses.Response, 'id' | 'object' | 'output' | 'usage'>;
    expect(getRunUsage(response)).toEqual({ format: 'openai-responses', usage: { steps: 1, tokens: { input: 300, output: 12, modelCalls: 1 } } });
    expect(getRunUsage(response.output).usage.steps).toBeUndefined();
  });

  it('Anthropic: a Message, and a conversation of whole Messages (cache tokens are input too)', () => {
    const usage = {
      input_tokens: 10,
      output_tokens: 20,
      cache_creation_input_tokens: 5,
      cache_read_input_tokens: 100,
      server_tool_use: null,
      service_tier: null,
      cache_creation: null,
      inference_geo: null,
      output_tokens_details: null,
      speed: null,
    } as const;
    const message = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      stop_reason: 'tool_use',
      stop_sequence: null,
      stop_details: null,
      container: null,
      diagnostics: null,
      content: [{ type: 'tool_use', id: 'toolu_01', name: 'search', input: { q: 'x' }, caller: { type: 'direct' } }],
      usage,
    } satisfies Anthropic.Message;
    expect(getRunUsage(message)).toEqual({ format: 'anthropic', usage: { steps: 1, tokens: { input: 115, output: 20, modelCalls: 1 } } });
    const conversation = [
      { role: 'user', content: 'Find x' },
      message,
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'found' }] },
      { ...message, id: 'msg_2', content: [{ type: 'text', text: 'Found it.', citations: null }] },
    ];
    expect(getRunUsage(conversation).usage).toEqual({ steps: 2, tokens: { input: 230, output: 40, modelCalls: 2 } });
    const built = conversation.map((each) => ({ role: each.role, content: each.content }));
    expect(getRunUsage(built).usage).toEqual({
      steps: 2,
      lacking: { tokens: 'its 1st assistant message has no usage (a message built as { role, content } keeps none)' },
    });
  });
});

describe('getRunUsage: LangChain messages', () => {
  it('one AIMessage per model call, tokens from usage_metadata; also as JSON and toDict()', () => {
    const usage = (input: number, output: number) => ({ input_tokens: input, output_tokens: output, total_tokens: input + output });
    const messages = [
      new HumanMessage('Book UA 1234'),
      new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'book', args: { flight: 'UA 1234' }, type: 'tool_call' }], usage_metadata: usage(100, 12) }),
      new ToolMessage({ tool_call_id: 'call_1', content: 'booked' }),
      new AIMessage({ content: 'Booked.', usage_metadata: usage(130, 5) }),
    ];
    const expected = { steps: 2, tokens: { input: 230, output: 17, modelCalls: 2 } };
    expect(getRunUsage(messages)).toEqual({ format: 'langchain', usage: expected });
    expect(getRunUsage({ messages }).usage).toEqual(expected);
    expect(getRunUsage(JSON.parse(JSON.stringify(messages))).usage).toEqual(expected);
    expect(getRunUsage(messages.map((message) => message.toDict())).usage).toEqual(expected);
    const withoutUsage = [messages[0]!, new AIMessage('Hi.')];
    expect(getRunUsage(withoutUsage).usage).toEqual({ steps: 1, lacking: { tokens: 'its 1st AIMessage has no usage' } });
  });
});

describe('getRunUsage: what is not measured', () => {
  it('plain lists and parts of runs record nothing; every quantity names the shapes that record it', () => {
    expect(getRunUsage([{ toolName: 'a', input: {} }])).toEqual({ format: 'plain', usage: {} });
    const messages = [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }];
    expect(getRunUsage(turn(messages, 1)).usage.lacking?.tokens).toBe('turn(run, 1) is a part of a run, and budgets measure a whole run');
    expect(shapesRecording('durationMs')).toEqual([
      'OpenTelemetry traces (span start and end times)',
      "Mastra trajectories from a trace (totalDurationMs, or every top-level step's durationMs)",
      'Claude Agent SDK: the messages query() yields, with its result message (duration_ms)',
      'Bedrock Converse: a ConverseResponse (metrics.latencyMs)',
      'Ollama chat responses (total_duration)',
    ]);
    expect(shapesRecording('tokens')).toMatchInlineSnapshot(`
      [
        "OpenTelemetry traces (gen_ai.usage.input_tokens and output_tokens, or ai.usage.inputTokens and outputTokens, on model-call spans)",
        "Mastra agent.generate() results (totalUsage)",
        "Mastra trajectories from a trace (extractTrajectoryFromTrace: model_generation steps' promptTokens and completionTokens)",
        "AI SDK 5/6/7 results and their steps (steps[].usage)",
        "AI SDK 4 results and their steps (steps[].usage)",
        "OpenAI Agents SDK: a RunResult or its JSON (usage.inputTokens and outputTokens)",
        "Claude Agent SDK: the messages query() yields, with its result message (modelUsage)",
        "LangChain messages whose AIMessages carry usage_metadata (input_tokens and output_tokens)",
        "Google Gen AI: a GenerateContentResponse without automatic function calling (usageMetadata.promptTokenCount and candidatesTokenCount)",
        "Bedrock Converse: a ConverseResponse (usage.inputTokens and outputTokens)",
        "LlamaIndex chat() responses of OpenAI-compatible LLMs (raw.usage.prompt_tokens and completion_tokens)",
        "Ollama chat responses (prompt_eval_count and eval_count)",
        "Cohere v2 chat responses (usage.tokens.inputTokens and outputTokens)",
        "Mistral chat.complete responses (usage.promptTokens and completionTokens)",
        "OpenAI Chat completions (usage.prompt_tokens and completion_tokens)",
        "OpenAI Responses: a Response (usage.input_tokens and output_tokens)",
        "Anthropic Messages: a Message, or messages that are whole Message objects (usage.input_tokens and output_tokens)",
      ]
    `);
  });
});
