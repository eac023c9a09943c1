/**
 * Mastra trajectories as runs: what Mastra 1.x's own `extractTrajectory` (from a real agent's
 * output) and `extractTrajectoryFromTrace` (from span records) return, and what its `runEvals`
 * hands a trajectory scorer, read by every matcher like any other run.
 */
import { describe, expect, it } from 'vitest';
import { check, getToolCalls, own, parallel, within } from '../../../src/index.js';
import { extractTrajectory, extractTrajectoryFromTrace, runEvals, type Trajectory } from '../../../reference/mastra1/runtime.js';
import { failureOf, matcherErrorOf } from '../../helpers/failureOf.js';
import { travelAgent } from '../../helpers/mastra1.js';
import { traceExpected, traceSpans } from '../../fixtures/mastraTrajectory.js';

async function bookingRun() {
  const result = await travelAgent().generate('Book me the SFO to JFK flight, seat 14C.', { returnScorerData: true });
  return result.scoringData!.output as Parameters<typeof extractTrajectory>[0];
}

describe('extractTrajectory: a real agent run', () => {
  it('reads the same calls as the messages it came from, with inputs and results', async () => {
    const output = await bookingRun();
    const trajectory = extractTrajectory(output);
    expect(getToolCalls(trajectory)).toEqual([
      { toolName: 'search-flights', input: { from: 'SFO', to: 'JFK' }, output: { flights: [{ id: 'UA 1234', from: 'SFO', to: 'JFK' }] } },
      { toolName: 'book-flight', input: { flightId: 'UA 1234', seat: '14C' }, output: { confirmation: 'CONF-UA1234' } },
    ]);
    expect(getToolCalls(trajectory).map(({ toolName, input, output: result }) => ({ toolName, input, output: result }))).toEqual(
      getToolCalls(output).map(({ toolName, input, output: result }) => ({ toolName, input, output: result })),
    );
  });

  it('every matcher reads it', async () => {
    const trajectory = extractTrajectory(await bookingRun());
    expect(trajectory).toCallToolsInOrder(['search-flights', 'book-flight'], { strict: true });
    expect(trajectory).toCallTool('book-flight', { flightId: 'UA 1234', seat: expect.stringMatching(/^\d+[A-F]$/) });
    expect(trajectory).toCallToolTimes('search-flights', 1);
    expect(trajectory).toCallOnly(['book-flight', 'search-flights']);
    expect(trajectory).not.toCallNoTools();
    expect(failureOf(() => expect(trajectory).toCallToolsInOrder(['book-flight', 'search-flights'])).message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Expected these calls, in this order (other calls allowed):
        1. book-flight
        2. search-flights

      Received 2 tool calls:
        1. search-flights  {"from":"SFO","to":"JFK"}
        2. book-flight     {"flightId":"UA 1234","seat":"14C"}

      First out of order: "search-flights" (expected 2nd) came before "book-flight" (expected 1st)"
    `);
  });

  it('is what runEvals hands a trajectory scorer', async () => {
    const seen: unknown[] = [];
    const trajectoryScorer = {
      id: 'books-after-searching',
      name: 'Books after searching',
      description: 'search-flights, then book-flight',
      type: 'trajectory' as const,
      __registerMastra() {},
      async run({ output }: { output: Trajectory }) {
        seen.push(output);
        check(output).toCallToolsInOrder(['search-flights', 'book-flight']);
        return { score: 1 };
      },
    };
    const result = await runEvals({ target: travelAgent(), data: [{ input: 'Book me the SFO to JFK flight.' }], scorers: { trajectory: [trajectoryScorer] } as never });
    expect(result.scores).toEqual({ trajectory: { 'books-after-searching': 1 } });
    expect((seen[0] as Trajectory).steps.map((step) => step.stepType)).toEqual(['tool_call', 'tool_call']);
  });
});

describe('extractTrajectoryFromTrace: a trace with a sub-agent', () => {
  const trajectory = extractTrajectoryFromTrace(traceSpans as never);

  it("reads every call: tool, MCP and failed calls, and the sub-agent's under its tool step, naming it; own(run) leaves those out", () => {
    expect(getToolCalls(trajectory)).toEqual(traceExpected);
    expect(failureOf(() => expect(trajectory).not.toCallTool('web-search')).message).toContain('4. web-search      {"q":"JFK lounges"} (research-agent, run by call 3)');
    expect(getToolCalls(own(trajectory))).toEqual(traceExpected.filter((call) => !('agent' in call)));
    expect(own(trajectory)).not.toCallTool('web-search');
  });

  it('within(run, tool) reads the sub-agent the tool ran', () => {
    expect(within(trajectory, 'research-agent')).toCallOnly('web-search');
    expect(getToolCalls(within(trajectory, 'research-agent'))).toEqual([{ toolName: 'web-search', input: { q: 'JFK lounges' }, output: { hits: 2 } }]);
  });

  it('keeps the token counts and durations on its model_generation steps (what budgets would read)', () => {
    const generation = trajectory.steps[0]!;
    expect({ stepType: generation.stepType, promptTokens: (generation as { promptTokens?: number }).promptTokens, completionTokens: (generation as { completionTokens?: number }).completionTokens, durationMs: generation.durationMs }).toEqual({
      stepType: 'model_generation',
      promptTokens: 120,
      completionTokens: 45,
      durationMs: 5,
    });
  });

  it('refuses parallel(…): the trajectory does not say which model step issued a call', () => {
    expect(matcherErrorOf(() => expect(trajectory).toCallToolsInOrder([parallel('search-flights', 'weather')]))).toContain('parallel(…) needs to know which calls the model issued in one step');
  });
});

describe('the steps of a trajectory', () => {
  it("an agent_run step outside a tool is a call to that sub-agent, named by its agentId; within() reads its children", () => {
    const trajectory: Trajectory = {
      steps: [
        { stepType: 'tool_call', name: 'plan', toolArgs: { goal: 'trip' }, success: true },
        { stepType: 'agent_run', name: "agent run: 'researcher'", agentId: 'researcher', children: [{ stepType: 'tool_call', name: 'web-search', toolArgs: { q: 'Paris' }, success: true }] },
        { stepType: 'processor_run', name: 'moderation', children: [{ stepType: 'tool_call', name: 'classify', success: true }] },
      ],
    };
    expect(trajectory).toCallToolsInOrder(['plan', 'researcher', 'web-search'], { strict: true });
    expect(getToolCalls(trajectory)[2]).toEqual({ toolName: 'web-search', input: { q: 'Paris' }, output: undefined, agent: { name: 'researcher' } });
    expect(own(trajectory)).toCallToolsInOrder(['plan', 'researcher'], { strict: true });
    expect(within(trajectory, 'researcher')).toCallTool('web-search', { q: 'Paris' });
    // The strict claim fails only because of the sub-agent's call: the message says so.
    expect(failureOf(() => expect(trajectory).toCallToolsInOrder(['plan', 'researcher'], { strict: true })).message).toContain(
      "Of these, call 3 was made by another agent than the top one (researcher). The top agent's own calls pass this check: to check only them, write expect(own(run)).",
    );
  });

  it('reads calls inside workflow steps, and provider-executed calls', () => {
    const trajectory: Trajectory = {
      steps: [
        { stepType: 'workflow_step', name: 'research', stepId: 'research', children: [{ stepType: 'provider_tool_call', name: 'web_search', toolArgs: { query: 'SFO' }, toolResult: { hits: 3 }, success: true }] },
        { stepType: 'workflow_step', name: 'book', stepId: 'book', children: [{ stepType: 'tool_call', name: 'book-flight', toolArgs: { flightId: 'UA 1' }, success: true }] },
      ],
    };
    expect(getToolCalls(trajectory)).toEqual([
      { toolName: 'web_search', input: { query: 'SFO' }, output: { hits: 3 }, providerExecuted: true },
      { toolName: 'book-flight', input: { flightId: 'UA 1' } },
    ]);
  });

  it("an empty trajectory (runEvals' for a run without output) made no calls", () => {
    expect({ steps: [] }).toCallNoTools();
    expect({ steps: [], totalDurationMs: 3 }).toCallNoTools();
  });

  it('prints hostile names from a trajectory safely', () => {
    const trajectory: Trajectory = { steps: [{ stepType: 'tool_call', name: `evil\u001b[31m${'x'.repeat(300)}`, toolArgs: { q: 'a\nb' }, success: true }] };
    expect(failureOf(() => expect(trajectory).toCallTool('search')).message).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName)

      Expected a call to "search"

      Received 1 tool call:
        1. evil\\u001b[31mxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (309 characters)  {"q":"a\\nb"}

      "search" was never called."
    `);
  });
});

describe('budgets on trajectories, as Mastra\'s trajectory scorer reads them', () => {
  it('a trace\'s trajectory: tokens of every model_generation step (the sub-agent\'s too), its wall time', () => {
    const trajectory = extractTrajectoryFromTrace(traceSpans as never) as Trajectory;
    // 120 + 45 for the agent, 30 + 10 for the researcher it ran.
    expect(trajectory).toStayWithinBudget({ tokens: 205, toolCalls: 5 });
    expect(own(trajectory)).toStayWithinBudget({ toolCalls: 4 });
    expect(failureOf(() => expect(trajectory).toStayWithinBudget({ toolCalls: 4 })).message).toMatchInlineSnapshot(`
      "expect(run).toStayWithinBudget(budget)

      Expected the run to stay within its budget, but it went over its limit:
        toolCalls  5  over the limit of 4 by 1

      Received 5 tool calls:
        1. search-flights  {"from":"SFO","to":"JFK"}
        2. weather         {"city":"New York"}
        3. research-agent  {"topic":"JFK lounges"}
        4. web-search      {"q":"JFK lounges"} (research-agent, run by call 3)
        5. book-flight     {"flightId":"UA 1234"} (failed)

      Of these, call 4 was made by another agent than the top one (research-agent). The top agent's own calls pass this check: to check only them, write expect(own(run))."
    `);
    expect(trajectory).not.toStayWithinBudget({ tokens: 204 });
    expect(failureOf(() => expect(trajectory).toStayWithinBudget({ tokens: 200 })).message).toMatchInlineSnapshot(`
      "expect(run).toStayWithinBudget(budget)

      Expected the run to stay within its budget, but it went over its limit:
        tokens  205  over the limit of 200 by 5 (150 input + 55 output, 2 model calls)"
    `);
    const total = trajectory.totalDurationMs ?? trajectory.steps.reduce((sum, step) => sum + (step.durationMs ?? 0), 0);
    expect(total).toBeGreaterThan(0);
    expect(trajectory).toStayWithinBudget({ durationMs: total });
    expect(trajectory).not.toStayWithinBudget({ durationMs: total - 1 });
  });

  it('model steps are never counted from a trajectory, and one built from messages has neither tokens nor times: an error, not a guess', async () => {
    const fromTrace = extractTrajectoryFromTrace(traceSpans as never);
    expect(matcherErrorOf(() => expect(fromTrace).toStayWithinBudget({ steps: 10 }))).toMatchInlineSnapshot(`
      "expect(run).toStayWithinBudget(budget)

      Matcher error: the budget limits steps, but this run (read as mastra-trajectory) records no model steps: a trajectory keeps no model steps (one model_generation step covers a whole tool loop).
      Model steps are recorded by:
        - OpenTelemetry traces (model-call spans: ai.generateText.doGenerate and ai.streamText.doStream, GenAI chat spans)
        - Mastra agent.generate() results (steps[])
        - AI SDK 5/6/7 results and their steps (steps[])
        - AI SDK 4 results and their steps (steps[])
        - OpenAI Agents SDK: a RunResult or its JSON (usage.requests)
        - Claude Agent SDK: the messages query() yields (assistant messages, one model call per message.id)
        - LangChain messages (one AIMessage per model call)
        - Google Gen AI: a GenerateContentResponse (one model call, plus the model turns of its automaticFunctionCallingHistory) or Content[] (one model content per call)
        - Bedrock Converse: a ConverseResponse (one model call) or Message[] (one assistant message per call)
        - LlamaIndex chat() responses (one model call), messages and an agent's run (one assistant message per response), runStream() events
        - Ollama chat responses (one model call) and messages (one assistant message per response)
        - Cohere v2 chat responses (one model call) and messages (one assistant message per response)
        - Mistral chat.complete responses (one model call) and messages (one assistant message per response)
        - OpenAI Chat completions (one model call) and messages (one assistant message per completion)
        - OpenAI Responses: a Response (one model call)
        - Anthropic Messages: a Message (one model call) or messages (one assistant message per Message)
        - AI SDK model messages (one assistant message per step; not Mastra's v1 messages, which merge steps)
      Leave steps out of this run's budget, or pass the run in a shape that records it."
    `);
    const fromMessages = extractTrajectory(await bookingRun());
    expect(fromMessages).toStayWithinBudget({ toolCalls: 2 });
    expect(matcherErrorOf(() => expect(fromMessages).toStayWithinBudget({ tokens: 1000 }))).toMatchInlineSnapshot(`
      "expect(run).toStayWithinBudget(budget)

      Matcher error: the budget limits tokens, but this run (read as mastra-trajectory) records no token usage: it has no model_generation step (extractTrajectory(messages) keeps tool steps only; extractTrajectoryFromTrace keeps the model generations).
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
    expect(matcherErrorOf(() => expect(fromMessages).not.toStayWithinBudget({ durationMs: 1000 }))).toMatchInlineSnapshot(`
      "expect(run).not.toStayWithinBudget(budget)

      Matcher error: the budget limits durationMs, but this run (read as mastra-trajectory) records no wall time: it has no totalDurationMs, and not every top-level step has a durationMs.
      Wall time is recorded by:
        - OpenTelemetry traces (span start and end times)
        - Mastra trajectories from a trace (totalDurationMs, or every top-level step's durationMs)
        - Claude Agent SDK: the messages query() yields, with its result message (duration_ms)
        - Bedrock Converse: a ConverseResponse (metrics.latencyMs)
        - Ollama chat responses (total_duration)
      Leave durationMs out of this run's budget, or pass the run in a shape that records it."
    `);
  });

  it('a model_generation step without token counts makes the sum unknown', () => {
    const trajectory = {
      steps: [
        { stepType: 'model_generation', name: 'llm', promptTokens: 10, completionTokens: 5, durationMs: 40 },
        { stepType: 'tool_call', name: 'search', toolArgs: { q: 'x' }, success: true, durationMs: 10 },
        { stepType: 'model_generation', name: 'llm', promptTokens: 12, durationMs: 30 },
      ],
    };
    expect(trajectory).toStayWithinBudget({ durationMs: 80 });
    expect(trajectory).not.toStayWithinBudget({ durationMs: 79 });
    expect(matcherErrorOf(() => expect(trajectory).toStayWithinBudget({ tokens: 100 }))).toMatchInlineSnapshot(`
      "expect(run).toStayWithinBudget(budget)

      Matcher error: the budget limits tokens, but this run (read as mastra-trajectory) records no token usage: its 2nd model_generation step has no completionTokens.
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
  });
});
