import { describe, expect, it } from 'vitest';
import { sample } from '../../src/index.js';
import { turn } from '../../src/calls/views.js';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';
import { runWithCalls } from '../helpers/runs.js';
import { call, loopSteps, makeTools, sdks } from '../fixtures/aiSdk.js';
import { traceOf } from '../fixtures/otel.js';

// Real AI SDK tool loops: three steps, three calls, 10 input and 20 output tokens per step.
async function loop(name: 'ai5' | 'ai6' | 'ai7') {
  const sdk = sdks.find((each) => each.name === name)!;
  return sdk.ai.generateText({ model: sdk.model(loopSteps), tools: makeTools(sdk), stopWhen: sdk.ai.stepCountIs(5), prompt: 'go' });
}

/** The same call over and over: an agent that loops. */
const loopingSteps = Array.from({ length: 6 }, (_, index) => [call(`c${index}`, 'fetch-tool', { url: 'https://x.test/a' })]);

describe('toStayWithinBudget', () => {
  for (const name of ['ai5', 'ai6', 'ai7'] as const) {
    it(`${name}: passes within every limit, each inclusive`, async () => {
      const result = await loop(name);
      expect(result).toStayWithinBudget({ toolCalls: 3, steps: 3, tokens: 90 });
      expect(result).toStayWithinBudget({ tokens: 1000 });
      expect(result).not.toStayWithinBudget({ toolCalls: 2 });
      expect(result).not.toStayWithinBudget({ toolCalls: 10, tokens: 89 });
    });
  }

  it('fails listing each limit with what the run measured, and the calls', async () => {
    const sdk = sdks.find((each) => each.name === 'ai7')!;
    const result = await sdk.ai.generateText({ model: sdk.model(loopingSteps), tools: makeTools(sdk), stopWhen: sdk.ai.stepCountIs(6), prompt: 'go' });
    const failure = failureOf(() => expect(result).toStayWithinBudget({ toolCalls: 4, steps: 8, tokens: 150 }));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toStayWithinBudget(budget)

      Expected the run to stay within its budget, but it went over 2 of 3 limits:
        toolCalls    6  over the limit of 4 by 2
        steps        6  within the limit of 8
        tokens     180  over the limit of 150 by 30 (60 input + 120 output, 6 model calls)

      Received 6 tool calls:
        1. fetch-tool  {"url":"https://x.test/a"}
        2. fetch-tool  {"url":"https://x.test/a"}
        3. fetch-tool  {"url":"https://x.test/a"}
        4. fetch-tool  {"url":"https://x.test/a"}
        5. fetch-tool  {"url":"https://x.test/a"}
        6. fetch-tool  {"url":"https://x.test/a"}"
    `);
    // The diff: only the limits it went over.
    expect(failure.expected).toEqual({ toolCalls: 4, tokens: 150 });
    expect(failure.actual).toEqual({ toolCalls: 6, tokens: 180 });
  });

  it('one limit over: no call list when tool calls are not limited', async () => {
    const result = await loop('ai6');
    expect(failureOf(() => expect(result).toStayWithinBudget({ steps: 2 })).message).toMatchInlineSnapshot(`
      "expect(run).toStayWithinBudget(budget)

      Expected the run to stay within its budget, but it went over its limit:
        steps  3  over the limit of 2 by 1"
    `);
  });

  it('.not fails when the run stayed within every limit', async () => {
    const result = await loop('ai5');
    expect(failureOf(() => expect(result).not.toStayWithinBudget({ steps: 3, tokens: 100 })).message).toMatchInlineSnapshot(`
      "expect(run).not.toStayWithinBudget(budget)

      Expected the run to go over its budget, but it stayed within both limits:
        steps    3  within the limit of 3
        tokens  90  within the limit of 100 (30 input + 60 output, 3 model calls)"
    `);
  });

  it('limits the wall time of a trace', async () => {
    const spans = await traceOf('genai', [{ steps: [[call('c1', 'weather', { city: 'Oslo' })], [{ type: 'text', text: 'Done.' }]] }]);
    expect(spans).toStayWithinBudget({ durationMs: 60_000, steps: 2, tokens: 60, toolCalls: 1 });
    const failure = failureOf(() => expect(spans).toStayWithinBudget({ durationMs: 0 }));
    expect(failure.message).toMatch(/^expect\(run\)\.toStayWithinBudget\(budget\)\n\nExpected the run to stay within its budget, but it went over its limit:\n {2}durationMs {2}[\d.,]+ ms {2}over the limit of 0 ms by [\d.,]+ ms$/);
  });

  it('throws, also under .not, when the run does not record what a limit needs, naming the shapes that do', () => {
    const messages = [
      { role: 'user', content: 'Book it' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'book', arguments: '{}' } }] },
    ];
    expect(messages).toStayWithinBudget({ toolCalls: 1, steps: 1 });
    expect(matcherErrorOf(() => expect(messages).not.toStayWithinBudget({ tokens: 100 }))).toMatchInlineSnapshot(`
      "expect(run).not.toStayWithinBudget(budget)

      Matcher error: the budget limits tokens, but this run (read as openai-chat) records no token usage: a list of messages carries no token usage (a ChatCompletion does: pass it, or check each one).
      Token usage is recorded by:
        - OpenTelemetry traces (gen_ai.usage.input_tokens and output_tokens, or ai.usage.inputTokens and outputTokens, on model-call spans)
        - Mastra agent.generate() results (totalUsage)
        - Mastra trajectories from a trace (extractTrajectoryFromTrace: model_generation steps' promptTokens and completionTokens)
        - AI SDK 5/6/7 results and their steps (steps[].usage)
        - AI SDK 4 results and their steps (steps[].usage)
        - OpenAI Agents SDK: a RunResult or its JSON (usage.inputTokens and outputTokens)
        - Claude Agent SDK: the messages query() yields, with its result message (modelUsage)
        - LangChain messages whose AIMessages carry usage_metadata (input_tokens and output_tokens)
        - Google Gen AI: a GenerateContentResponse without automatic function calling (usageMetadata.promptTokenCount and candidatesTokenCount)
        - Bedrock Converse: a ConverseResponse (usage.inputTokens and outputTokens)
        - LlamaIndex chat() responses of OpenAI-compatible LLMs (raw.usage.prompt_tokens and completion_tokens)
        - Ollama chat responses (prompt_eval_count and eval_count)
        - Cohere v2 chat responses (usage.tokens.inputTokens and outputTokens)
        - Mistral chat.complete responses (usage.promptTokens and completionTokens)
        - OpenAI Chat completions (usage.prompt_tokens and completion_tokens)
        - OpenAI Responses: a Response (usage.input_tokens and output_tokens)
        - Anthropic Messages: a Message, or messages that are whole Message objects (usage.input_tokens and output_tokens)
      Leave tokens out of this run's budget, or pass the run in a shape that records it."
    `);
    expect(matcherErrorOf(() => expect(runWithCalls('a')).toStayWithinBudget({ durationMs: 100 }))).toMatchInlineSnapshot(`
      "expect(run).toStayWithinBudget(budget)

      Matcher error: the budget limits durationMs, but this run (read as mastra-run) records no wall time.
      Wall time is recorded by:
        - OpenTelemetry traces (span start and end times)
        - Mastra trajectories from a trace (totalDurationMs, or every top-level step's durationMs)
        - Claude Agent SDK: the messages query() yields, with its result message (duration_ms)
        - Bedrock Converse: a ConverseResponse (metrics.latencyMs)
        - Ollama chat responses (total_duration)
      Leave durationMs out of this run's budget, or pass the run in a shape that records it."
    `);
    expect(matcherErrorOf(() => expect(turn(messages, 1)).toStayWithinBudget({ steps: 1 }))).toContain(
      'this run (read as turn(run, 1)) records no model steps: turn(run, 1) is a part of a run, and budgets measure a whole run.',
    );
    // Tool calls are counted on every run, a part of one too.
    expect(turn(messages, 1)).toStayWithinBudget({ toolCalls: 1 });
  });

  it('throws on a bad budget, also under .not', () => {
    const run = runWithCalls('a');
    expect(matcherErrorOf(() => expect(run).toStayWithinBudget(5 as never))).toContain(
      'budget must be an object of limits, e.g. { toolCalls: 8, steps: 5, tokens: 20_000, durationMs: 30_000 }; received number 5.',
    );
    expect(matcherErrorOf(() => expect(run).not.toStayWithinBudget({}))).toContain('budget sets no limit; give at least one of toolCalls, steps, tokens, durationMs');
    expect(matcherErrorOf(() => expect(run).not.toStayWithinBudget({ toolCalls: -1 }))).toContain('budget.toolCalls must be a whole number (0 or more); received number -1.');
    expect(matcherErrorOf(() => expect(run).toStayWithinBudget({ steps: 1.5 }))).toContain('budget.steps must be a whole number (0 or more); received number 1.5.');
    expect(matcherErrorOf(() => expect(run).toStayWithinBudget({ tokens: '100' as never }))).toContain('budget.tokens must be a whole number (0 or more); received "100".');
    expect(matcherErrorOf(() => expect(run).toStayWithinBudget({ durationMs: Number.NaN }))).toContain('budget.durationMs must be a number of milliseconds (0 or more); received number NaN.');
    expect(matcherErrorOf(() => expect(run).not.toStayWithinBudget({ toolcalls: 3, 'maxSteps\n': 2 } as never))).toContain(
      'budget: unknown options "toolcalls", "maxSteps\\n". Known: toolCalls, steps, tokens, durationMs. Did you mean "toolCalls"?',
    );
    // A long key is cut as a tool name is, its quote closed and its length said.
    expect(matcherErrorOf(() => expect(run).toStayWithinBudget({ ['k'.repeat(300)]: 1 } as never))).toContain(`budget: unknown option "${'k'.repeat(64)}"… (300 characters). Known: toolCalls`);
    // A limit given as undefined is no limit.
    expect(run).toStayWithinBudget({ toolCalls: 1, durationMs: undefined });
  });

  it('over sample(…): one verdict per run, the arguments checked once', async () => {
    const runs = await sample([loop('ai7'), loop('ai6'), loop('ai5')]);
    expect(runs).toStayWithinBudget({ tokens: 90, steps: 3 });
    const failure = failureOf(() => expect(runs).toStayWithinBudget({ tokens: 89 }));
    expect(failure.message).toContain('expect(runs).toStayWithinBudget(budget)');
    expect(failure.message).toContain('Passed in 0 of 3 runs (failing); all 3 required (minPassRate 1).');
    expect(matcherErrorOf(() => expect(runs).toStayWithinBudget({ tokenz: 1 } as never))).toContain('budget: unknown option "tokenz". Known: toolCalls, steps, tokens, durationMs. Did you mean "tokens"?');
    const listed = await sample([[{ toolName: 'a', input: {} }]]);
    expect(matcherErrorOf(() => expect(listed).toStayWithinBudget({ tokens: 1 }))).toContain('In run 1 of 1: the budget limits tokens, but this run (read as plain) records no token usage.');
  });
});

describe('toStayWithinBudget outside a runner: check(run)', () => {
  it('returns quietly within the budget, throws the failure message over it, and a matcher error for what the run lacks', async () => {
    const { check, ToolCallCheckError } = await import('../../src/index.js');
    const result = await loop('ai7');
    check(result).toStayWithinBudget({ steps: 3, tokens: 90 });
    check(result).not.toStayWithinBudget({ toolCalls: 2 });
    expect(() => check(result).toStayWithinBudget({ tokens: 80 })).toThrow(ToolCallCheckError);
    expect(() => check(result).toStayWithinBudget({ tokens: 80 })).toThrow('tokens  90  over the limit of 80 by 10 (30 input + 60 output, 3 model calls)');
    expect(() => check(runWithCalls('a')).not.toStayWithinBudget({ tokens: 1 })).toThrow('records no token usage');
  });
});
