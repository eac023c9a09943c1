/**
 * The trajectory scorers on every run format `getToolCalls` reads (test/fixtures: real AI SDK 4–7
 * loops, Mastra runs and trajectories, OpenAI, Anthropic, LangChain, OpenTelemetry traces, plain
 * lists): each run scores what Mastra's own scorer gives on the trajectory of the same calls, and
 * what the plain list of those calls scores, directly and as Mastra hands a run to a scorer.
 */
import { describe, expect, it } from 'vitest';
import { createTrajectoryAccuracyScorerCode, createTrajectoryScorerCode, getToolCalls, type ToolCall } from '../../src/index.js';
import { mastraTrajectoryAccuracyScorerCode, mastraTrajectoryScorerCode } from '../../reference/mastra1/runtime.js';
import { allFixtures, type Fixture } from '../fixtures/index.js';

/** The Mastra trajectory of these calls: one tool step each, as extractTrajectory writes them. */
function trajectoryOf(calls: readonly ToolCall[]) {
  return {
    steps: calls.map((call) => ({
      stepType: call.providerExecuted ? 'provider_tool_call' : 'tool_call',
      name: call.toolName,
      toolArgs: call.input,
      ...(call.output !== undefined && { toolResult: call.output }),
      success: call.error === undefined,
    })),
  };
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
    for (const { kind, options } of configurations(calls.map((call) => call.toolName))) {
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
