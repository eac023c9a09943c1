/**
 * The trajectory scorers' options, reasons and errors: what Mastra's ids and defaults are, what a
 * reason says about a real run that failed and retried (and about hostile tool names), how a
 * dataset item's expectation overrides the defaults, and the errors for options that mean nothing
 * and for budgets a run does not record.
 */
import { describe, expect, it } from 'vitest';
import { createTrajectoryAccuracyScorerCode, createTrajectoryScorerCode, scoreRuns, ToolCallAccuracyError } from '../../src/index.js';
import { extractTrajectory } from '../../reference/mastra1/runtime.js';
import { flakySteps, loopOf, mastraRun, sdks } from '../helpers/outcomeRuns.js';
import { travelAgent } from '../helpers/mastra1.js';

const ai7 = sdks.find((sdk) => sdk.name === 'ai7')!;

async function rejection(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'resolved',
    (error: Error) => `${error.name}: ${error.message}`,
  );
}

describe("Mastra's ids, names, types and defaults", () => {
  it('names what they compare, and are trajectory scorers (Mastra hands them the run\'s trajectory)', () => {
    const accuracy = createTrajectoryAccuracyScorerCode({ expectedTrajectory: ['search', 'book'] });
    const scorer = createTrajectoryScorerCode();
    expect([accuracy.id, accuracy.name, accuracy.type, accuracy.description]).toEqual([
      'code-trajectory-accuracy-scorer',
      'Trajectory Accuracy Scorer',
      'trajectory',
      'Evaluates whether the trajectory matches the expected path: [search → book] (relaxed ordering)',
    ]);
    expect([scorer.id, scorer.name, scorer.type]).toEqual(['code-trajectory-scorer', 'Trajectory Scorer', 'trajectory']);
    expect(createTrajectoryAccuracyScorerCode({ comparisonOptions: { ordering: 'unordered' } }).description).toBe(
      'Evaluates trajectory accuracy against expected trajectory from dataset items (unordered ordering)',
    );
  });

  it('without options, the trajectory scorer scores 1: nothing applies until a call is retried after failing', async () => {
    const result = await createTrajectoryScorerCode().run([{ toolName: 'search', input: {} }]);
    expect({ score: result.score, reason: result.reason.split('\n')[0], config: result.preprocessStepResult.config }).toEqual({
      score: 1,
      reason: 'Score 1: nothing to score (no expected steps, budgets, blacklist, or retried failures).',
      config: {},
    });
  });

  it('a name is a step: the same score as { name }', async () => {
    const run = [{ toolName: 'book', input: {} }, { toolName: 'search', input: {} }];
    const byName = await createTrajectoryAccuracyScorerCode({ expectedTrajectory: ['search', 'book'] }).run(run);
    const byStep = await createTrajectoryAccuracyScorerCode({ expectedTrajectory: [{ name: 'search' }, { name: 'book' }] }).run(run);
    expect(byName.score).toBe(0.5);
    expect(byStep.score).toBe(byName.score);
  });

  it('takes a Mastra trajectory as the expected one: its tool steps, with their args, results and success', async () => {
    const booked = (await travelAgent().generate('Book me the SFO to JFK flight, seat 14C.', { returnScorerData: true })).scoringData!.output;
    const expected = extractTrajectory(booked as never);
    const scorer = createTrajectoryAccuracyScorerCode({ expectedTrajectory: expected, comparisonOptions: { ordering: 'strict' } });
    expect((await scorer.run(booked)).score).toBe(1);
    const otherSeat = (await scorer.run(extractTrajectory(booked as never).steps.map((step: any) => ({ toolName: step.name, input: { ...step.toolArgs, seat: '2A' }, output: step.toolResult })))).score;
    expect(otherSeat).toBe(0);
  });
});

describe('over many runs (scoreRuns)', () => {
  it('a mean over the runs; a run whose budget cannot be measured stops scoreRuns, naming the run: never a score', async () => {
    const scorer = createTrajectoryScorerCode({ defaults: { steps: ['search', 'book'], maxTotalDurationMs: 1_000 } });
    const timed = (names: string[], totalDurationMs: number) => ({ steps: names.map((name) => ({ stepType: 'tool_call', name, toolArgs: {}, success: true })), totalDurationMs });
    const result = await scoreRuns(scorer, [timed(['search', 'book'], 800), timed(['search'], 1_500)]);
    // The second: 1 of 2 steps (0.5, weight 0.4), and 1,500 ms over 1,000 by half (efficiency (0.5 + 1) / 2 = 0.75, weight 0.3): 0.61.
    expect({ scores: result.runs.map((run) => ('score' in run ? run.score : 'error')), mean: result.mean }).toEqual({ scores: [1, 0.61], mean: expect.closeTo(0.805, 9) });
    const untimed = scoreRuns(scorer, [timed(['search', 'book'], 800), [{ toolName: 'search', input: {} }]]);
    expect((await rejection(untimed)).split('\n')[0]).toMatchInlineSnapshot(`"ToolCallAccuracyError: scoreRuns: run 2 of 2: code-trajectory-scorer: cannot evaluate the duration budget: the budget limits maxTotalDurationMs, but this run (read as plain) records no wall time."`);
  });
});

describe('reasons', () => {
  it('a real AI SDK run that failed and retried: each dimension says what cost it', async () => {
    const run = await loopOf(ai7, flakySteps);
    const scorer = createTrajectoryScorerCode({
      defaults: { steps: ['lookup', 'search', 'book'], ordering: 'strict', maxSteps: 4, maxTotalTokens: 100, maxRetriesPerTool: 1 },
    });
    const result = await scorer.run(run);
    expect(result.reason).toMatchInlineSnapshot(`
      "Score 0.3: the weighted mean of accuracy 0 (weight 0.4), efficiency 0.5 (weight 0.3), tool failures 0.6 (weight 0.2).
      Accuracy 0: 0 of 3 expected steps matched (strict order).
        Missing: "lookup" (expected 1st): call 1 is "search".
        Missing: "search" (expected 2nd): call 2 is "lookup".
        Missing: "book" (expected 3rd): call 3 is "lookup".
        The run made 3 more calls than the 3 expected steps (strict order: 0.5 off).
      Efficiency 0.5: over 2 budgets, no redundant calls.
          maxSteps          6  over the limit of 4 by 2
          maxTotalTokens  210  over the limit of 100 by 110 (70 input + 140 output, 7 model calls)
      Tool failures 0.6: 3 retries after failed calls, too many for "lookup".
        "lookup" was retried 3 times in a row after failing, 2 more than maxRetriesPerTool (1): 0.4 off; then it succeeded:
          call 2: "lookup" {"url":"https://x.test/bad/1"} failed: "502 bad gateway for https://x.test/bad/1"
          call 3: "lookup" {"url":"https://x.test/bad/2"} failed: "502 bad gateway for https://x.test/bad/2"
          call 4: "lookup" {"url":"https://x.test/bad/3"} failed: "502 bad gateway for https://x.test/bad/3"

      Received 6 tool calls:
        1. search  {"q":"cats"}
        2. lookup  {"url":"https://x.test/bad/1"} (failed)
        3. lookup  {"url":"https://x.test/bad/2"} (failed)
        4. lookup  {"url":"https://x.test/bad/3"} (failed)
        5. lookup  {"url":"https://x.test/good"}
        6. search  {"q":"cats"}"
    `);
  });

  it('a forbidden tool or sequence scores 0, and says where', async () => {
    const scorer = createTrajectoryScorerCode({ defaults: { steps: ['lookup'], blacklistedTools: ['search'], blacklistedSequences: [['lookup', 'lookup', 'lookup']] } });
    const result = await scorer.run(await loopOf(ai7, flakySteps));
    expect(result.score).toBe(0);
    expect(result.reason).toMatchInlineSnapshot(`
      "Score 0: the run made a forbidden call, which scores 0 whatever else it did.
      Forbidden tool called: "search" (calls 1, 6).
      Forbidden sequence called: "lookup" → "lookup" → "lookup" (calls 2–4).

      Received 6 tool calls:
        1. search  {"q":"cats"}
        2. lookup  {"url":"https://x.test/bad/1"} (failed)
        3. lookup  {"url":"https://x.test/bad/2"} (failed)
        4. lookup  {"url":"https://x.test/bad/3"} (failed)
        5. lookup  {"url":"https://x.test/good"}
        6. search  {"q":"cats"}"
    `);
  });

  it('hostile tool names are escaped and cut, as the matchers print them', async () => {
    const evil = `rm -rf\u001b[31m\n${'x'.repeat(80)}`;
    const run = [
      { toolName: evil, input: { a: 1 } },
      { toolName: 'search', input: { q: 'x' } },
      { toolName: 'search', input: { q: 'x' } },
    ];
    const accuracy = await createTrajectoryAccuracyScorerCode({ expectedTrajectory: ['search', evil, 'serach'], comparisonOptions: { allowRepeatedSteps: false } }).run(run);
    expect(accuracy.reason).toMatchInlineSnapshot(`
      "Score 0.23: 1 of 3 expected steps matched (relaxed order).
      Out of order: "rm -rf\\u001b[31m\\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (92 characters) (expected 2nd) was called (call 1) before "search" (expected 1st), matched by call 2.
      Never called: "serach" (expected 3rd). Did you mean "search"?
      Called more than once, and allowRepeatedSteps is false (0.1 off each): "search" (2 times).

      Received 3 tool calls:
        1. rm -rf\\u001b[31m\\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (92 characters)  {"a":1}
        2. search                            {"q":"x"}
        3. search                            {"q":"x"}"
    `);
    const blacklisted = await createTrajectoryScorerCode({ defaults: { blacklistedSequences: [[evil, 'search']] } }).run(run);
    expect(blacklisted.reason.split('\n').slice(0, 2)).toMatchInlineSnapshot(`
      [
        "Score 0: the run made a forbidden call, which scores 0 whatever else it did.",
        "Forbidden sequence called: "rm -rf\\u001b[31m\\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (92 characters) → "search" (calls 1–2).",
      ]
    `);
  });

  it('data an expected step asks for, and not enough calls for repeated steps', async () => {
    const run = [
      { toolName: 'search', input: { q: 'a' }, output: { hits: 1 } },
      { toolName: 'book', input: { seat: '1A' }, error: 'sold out' },
    ];
    const scorer = createTrajectoryAccuracyScorerCode({
      expectedTrajectory: ['search', 'search', { name: 'book', stepType: 'tool_call', toolArgs: { seat: '1A' }, success: true }],
      comparisonOptions: { ordering: 'unordered' },
    });
    expect((await scorer.run(run)).reason).toMatchInlineSnapshot(`
      "Score 0.33: 1 of 3 expected steps matched (in any order).
      Not enough calls to "search" (expected 2nd): its only call already matched another step.
      "book" (expected 3rd) was called once, but never with the expected toolArgs and success.

      Received 2 tool calls:
        1. search  {"q":"a"}
        2. book    {"seat":"1A"} (failed)"
    `);
  });
});

describe("a dataset item's expectedTrajectory", () => {
  const run = { input: { inputMessages: [] }, output: [{ toolName: 'search', input: {} }, { toolName: 'search', input: {} }] };

  it('overrides the defaults field by field; an explicit undefined removes one', async () => {
    const scorer = createTrajectoryScorerCode({ defaults: { steps: ['book'], maxSteps: 1, blacklistedTools: ['delete'] } });
    expect((await scorer.run(run)).score).toBe(0.28);
    const result = await scorer.run({ ...run, expectedTrajectory: { steps: ['search'], maxSteps: undefined } });
    expect(result.preprocessStepResult.config).toEqual({ steps: [{ name: 'search' }], blacklistedTools: ['delete'] });
    expect(result.score).toBe(1);
  });

  it("gives the accuracy scorer its steps, and overrides the scorer's ordering", async () => {
    const scorer = createTrajectoryAccuracyScorerCode({ comparisonOptions: { ordering: 'relaxed' } });
    expect((await scorer.run({ ...run, expectedTrajectory: { steps: ['search'] } })).score).toBe(1);
    expect((await scorer.run({ ...run, expectedTrajectory: { steps: ['search'], ordering: 'strict' } })).score).toBe(0.5);
    expect(await rejection(scorer.run(run))).toMatchInlineSnapshot(`"ToolCallAccuracyError: code-trajectory-accuracy-scorer has no expected steps for this run: pass expectedTrajectory to createTrajectoryAccuracyScorerCode, or give the dataset item an expectedTrajectory with steps. (Mastra's scorer scores such a run 0.)"`);
  });

  it('is checked like the options, and its errors say where it came from', async () => {
    const scorer = createTrajectoryScorerCode();
    expect(await rejection(scorer.run({ ...run, expectedTrajectory: { steps: ['search'], maxStep: 3 } }))).toMatchInlineSnapshot(`"ToolCallAccuracyError: code-trajectory-scorer: the dataset item's expectedTrajectory has unknown field "maxStep"; it takes steps, ordering, allowRepeatedSteps, maxSteps, maxTotalTokens, maxTotalDurationMs, noRedundantCalls, blacklistedTools, blacklistedSequences, maxRetriesPerTool."`);
  });
});

describe('options that mean nothing are refused at creation', () => {
  const refusals: Array<[string, () => unknown]> = [
    ['an unknown option', () => createTrajectoryScorerCode({ default: {} } as never)],
    ["Mastra's documented strictOrder, which its code ignores", () => createTrajectoryAccuracyScorerCode({ expectedTrajectory: ['a'], comparisonOptions: { strictOrder: true } as never })],
    ['an unknown ordering', () => createTrajectoryAccuracyScorerCode({ expectedTrajectory: ['a'], comparisonOptions: { ordering: 'loose' as never } })],
    ['data without a stepType', () => createTrajectoryAccuracyScorerCode({ expectedTrajectory: [{ name: 'a', toolArgs: { q: 1 } } as never] })],
    ['a step that is no tool call', () => createTrajectoryAccuracyScorerCode({ expectedTrajectory: { steps: [{ stepType: 'model_generation', name: 'llm' }] } })],
    ['an MCP server', () => createTrajectoryAccuracyScorerCode({ expectedTrajectory: [{ name: 'a', stepType: 'mcp_tool_call', mcpServer: 'x' } as never] })],
    ['a nested expectation', () => createTrajectoryScorerCode({ defaults: { steps: [{ name: 'a', children: { steps: [] } } as never] } })],
    ['a negative weight', () => createTrajectoryScorerCode({ weights: { efficiency: -1 } })],
    ['a budget that is no count', () => createTrajectoryScorerCode({ defaults: { maxTotalTokens: Number.POSITIVE_INFINITY } })],
    ['an empty forbidden sequence', () => createTrajectoryScorerCode({ defaults: { blacklistedSequences: [[]] } })],
  ];
  it.each(refusals)('%s', (_what, create) => {
    expect(create).toThrow(ToolCallAccuracyError);
    expect(() => create()).toThrowErrorMatchingSnapshot();
  });
});

describe('a budget the run does not record is an error naming the budget and what the run lacks', () => {
  it('tokens of a Mastra run (its messages record none)', async () => {
    const scorer = createTrajectoryScorerCode({ defaults: { maxTotalTokens: 1_000 } });
    expect(await rejection(scorer.run(mastraRun()))).toMatchInlineSnapshot(`
      "ToolCallAccuracyError: code-trajectory-scorer: cannot evaluate the token budget: the budget limits maxTotalTokens, but this run (read as mastra-run) records no token usage.
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
      Leave maxTotalTokens out of this run's budget, or pass the run in a shape that records it."
    `);
  });

  it("wall time of a trajectory from messages (Mastra's message: cannot evaluate the duration budget)", async () => {
    const booked = (await travelAgent().generate('Book me the SFO to JFK flight, seat 14C.', { returnScorerData: true })).scoringData!.output;
    const scorer = createTrajectoryScorerCode({ defaults: { maxTotalDurationMs: 1_000 } });
    const message = await rejection(scorer.run({ input: {}, output: extractTrajectory(booked as never) }));
    expect(message.split('\n')[0]).toMatchInlineSnapshot(`"ToolCallAccuracyError: code-trajectory-scorer: cannot evaluate the duration budget: the budget limits maxTotalDurationMs, but this run (read as mastra-trajectory) records no wall time: it has no totalDurationMs, and not every top-level step has a durationMs."`);
  });

  it('a run that records them is measured: tokens of an AI SDK result', async () => {
    const run = await loopOf(ai7, flakySteps);
    const total = run.totalUsage.inputTokens + run.totalUsage.outputTokens;
    const within = await createTrajectoryScorerCode({ defaults: { maxTotalTokens: total, noRedundantCalls: false } }).run(run);
    const over = await createTrajectoryScorerCode({ defaults: { maxTotalTokens: total / 2, noRedundantCalls: false } }).run(run);
    expect([within.preprocessStepResult.efficiency, over.preprocessStepResult.efficiency?.score]).toEqual([
      expect.objectContaining({ score: 1, totalTokens: total, overTokenBudget: false }),
      0,
    ]);
  });
});
