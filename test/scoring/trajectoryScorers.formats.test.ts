/**
 * The trajectory scorers on every run format `getToolCalls` reads (test/fixtures: real AI SDK 4–7
 * loops, Mastra runs and trajectories, OpenAI, Anthropic, LangChain, OpenTelemetry traces, plain
 * lists): each run scores what Mastra's own scorer gives on the trajectory of the same calls (the
 * calls of the agents it handed off to or ran as tools nested under the step before them, as Mastra
 * nests them), and what the plain list of those calls scores, directly and as Mastra hands a run to a scorer.
 */
import { describe, expect, it } from 'vitest';
import { createTrajectoryAccuracyScorerCode, createTrajectoryScorerCode, getToolCalls, type ToolCall } from '../../src/index.js';
import { mastraTrajectoryAccuracyScorerCode, mastraTrajectoryScorerCode } from '../../reference/mastra1/runtime.js';
import { allFixtures, type Fixture } from '../fixtures/index.js';

/** One tool step, as extractTrajectory writes it. */
function stepOf(call: ToolCall) {
  return {
    stepType: call.providerExecuted ? 'provider_tool_call' : 'tool_call',
    name: call.toolName,
    toolArgs: call.input,
    ...(call.output !== undefined && { toolResult: call.output }),
    success: call.error === undefined,
  };
}

/**
 * The Mastra trajectory of these calls: a tool step for each of the top agent's, and, as Mastra
 * nests what a tool ran under its step, each other agent's call among the `children` of the top
 * agent's step before it. Mastra's scorers score the top-level steps.
 */
function trajectoryOf(calls: readonly ToolCall[]) {
  const steps: Array<ReturnType<typeof stepOf> & { children?: unknown[] }> = [];
  for (const call of calls) {
    const parent = steps.at(-1);
    if (call.agent !== undefined && parent) (parent.children ??= []).push(stepOf(call));
    else steps.push(stepOf(call));
  }
  return { steps };
}

/** Three configurations per run, from its own tool names: partial credit, budgets and retries, a forbidden sequence. */
function configurations(names: string[]) {
  const distinct = [...new Set(names)];
  const steps = [...distinct].reverse().map((name) => ({ name }));
  return [
    { kind: 'accuracy' as const, options: { expectedTrajectory: [...steps, { name: 'never-called' }] } },
    {
      kind: 'trajectory' as const,
      options: { defaults: { steps: steps.slice(0, 2), ordering: 'strict' as const, maxSteps: Math.max(0, names.length - 1), maxRetriesPerTool: 0, noRedundantCalls: true } },
    },
    { kind: 'trajectory' as const, options: { defaults: { steps, ordering: 'unordered' as const, blacklistedSequences: distinct.length > 1 ? [[names[0]!, names[1]!]] : [['never-called']] } } },
  ];
}

const wrap = (output: unknown) => ({ input: { inputMessages: [] }, output, runId: 'r' });

// Built before the tests are collected, so each run is a test of its own.
const fixtures: Fixture[] = await allFixtures();

describe('every format', () => {
  it('covers every reader', () => {
    expect(new Set(fixtures.map((fixture) => fixture.format)).size).toBeGreaterThan(10);
  });

  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))("%s: scores as Mastra's scorers score the trajectory of its calls, and as the plain list of them", async (_name, fixture) => {
    const calls = getToolCalls(fixture.run);
    const topLevel = calls.filter((call) => call.agent === undefined);
    for (const { kind, options } of configurations(topLevel.map((call) => call.toolName))) {
      const ours = kind === 'accuracy' ? createTrajectoryAccuracyScorerCode(options as never) : createTrajectoryScorerCode(options as never);
      const theirs = kind === 'accuracy' ? mastraTrajectoryAccuracyScorerCode(options as never) : mastraTrajectoryScorerCode(options as never);
      const expected = (await theirs.run(wrap(trajectoryOf(calls)) as never)).score;
      const scores = {
        direct: (await ours.run(fixture.run)).score,
        asMastraRuns: (await ours.run(wrap(fixture.run))).score,
        plainList: (await ours.run(calls.map((call) => ({ ...call })))).score,
      };
      expect({ kind, ...scores }).toEqual({ kind, direct: expected, asMastraRuns: expected, plainList: expected });
    }
  });
});

describe('nested trajectories: what a tool or an agent_run ran sits in its children, and scores as in Mastra', () => {
  const nested = {
    steps: [
      { stepType: 'tool_call', name: 'plan', toolArgs: { goal: 'trip' }, success: true, durationMs: 3 },
      {
        stepType: 'tool_call',
        name: 'research-agent',
        toolArgs: { topic: 'lounges' },
        success: true,
        durationMs: 40,
        children: [
          { stepType: 'model_generation', name: 'llm: researcher', promptTokens: 30, completionTokens: 10, children: [{ stepType: 'tool_call', name: 'web-search', toolArgs: { q: 'a' }, success: false }] },
          { stepType: 'tool_call', name: 'web-search', toolArgs: { q: 'a' }, success: false },
          { stepType: 'tool_call', name: 'refund_order', toolArgs: { order: 'A1' }, success: true },
        ],
      },
      { stepType: 'agent_run', name: "agent run: 'writer'", agentId: 'writer', durationMs: 7, children: [{ stepType: 'tool_call', name: 'draft', toolArgs: {}, success: true }] },
      { stepType: 'tool_call', name: 'book-flight', toolArgs: { id: 1 }, success: true, durationMs: 5 },
    ],
  };
  const configurations = [
    { kind: 'accuracy' as const, options: { expectedTrajectory: [{ name: 'plan' }, { name: 'research-agent' }, { name: 'book-flight' }], comparisonOptions: { ordering: 'strict' as const } } },
    { kind: 'accuracy' as const, options: { expectedTrajectory: [{ name: 'plan' }, { name: 'web-search' }, { name: 'book-flight' }] } },
    { kind: 'trajectory' as const, options: { defaults: { steps: [{ name: 'plan' }, { name: 'book-flight' }], maxSteps: 3, blacklistedTools: ['refund_order'] } } },
    { kind: 'trajectory' as const, options: { defaults: { blacklistedTools: ['draft'], maxRetriesPerTool: 0 } } },
    { kind: 'trajectory' as const, options: { defaults: { blacklistedSequences: [['research-agent', 'web-search']], maxSteps: 4 } } },
  ];

  it.each(configurations.map((configuration, index) => [index + 1, configuration] as const))('configuration %i: the top-level steps, as Mastra scores them', async (_index, { kind, options }) => {
    const ours = kind === 'accuracy' ? createTrajectoryAccuracyScorerCode(options as never) : createTrajectoryScorerCode(options as never);
    const theirs = kind === 'accuracy' ? mastraTrajectoryAccuracyScorerCode(options as never) : mastraTrajectoryScorerCode(options as never);
    const expected = (await theirs.run(wrap(nested) as never)).score;
    expect((await ours.run(wrap(nested))).score).toBe(expected);
    expect((await ours.run(nested)).score).toBe(expected);
  });

  it("the run's calls are every agent's, the scorers the top agent's: a sub-agent's forbidden call does not cost a blacklist score, as in Mastra", async () => {
    expect(getToolCalls(nested).map((call) => call.toolName)).toEqual(['plan', 'research-agent', 'web-search', 'web-search', 'refund_order', 'writer', 'draft', 'book-flight']);
    const scorer = createTrajectoryScorerCode({ defaults: { blacklistedTools: ['refund_order'] } });
    expect((await scorer.run(nested)).score).toBe((await mastraTrajectoryScorerCode({ defaults: { blacklistedTools: ['refund_order'] } } as never).run(wrap(nested) as never)).score);
    expect((await scorer.run(nested)).score).toBeGreaterThan(0);
  });
});
