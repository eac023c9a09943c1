/**
 * The trajectory scorers in Mastra 1.x's own runtime (reference/mastra1: @mastra/core 1.71,
 * @mastra/evals 1.10.2) over a real Mastra agent with a scripted model (test/helpers/mastra1.ts):
 * `runEvals` as trajectory scorers (with each dataset item's `expectedTrajectory`), as agent
 * scorers (the run's messages), as gates, beside a `mastraGate`, and as an agent's live scorer,
 * each time with the scores Mastra's own scorers give.
 */
import { describe, expect, it } from 'vitest';
import { check, createTrajectoryAccuracyScorerCode, createTrajectoryScorerCode, mastraGate } from '../../src/index.js';
import { InMemoryStore, Mastra, mastraTrajectoryAccuracyScorerCode, mastraTrajectoryScorerCode, runEvals } from '../../reference/mastra1/runtime.js';
import { travelAgent } from '../helpers/mastra1.js';

const book = 'Book me the SFO to JFK flight, seat 14C.';
const ask = 'Which flights go from SFO to JFK?';

const accuracyOptions = { expectedTrajectory: [{ name: 'search-flights' }, { name: 'book-flight' }], comparisonOptions: { ordering: 'strict' as const } };
const trajectoryOptions = {
  defaults: { steps: [{ name: 'search-flights' }, { name: 'book-flight' }], maxSteps: 1, blacklistedTools: ['cancel-booking'] },
  weights: { accuracy: 0.5, efficiency: 0.5 },
};
// The second item's expectation overrides the defaults: only a search was asked for, in at most 2 calls.
const data = [
  { input: book },
  { input: ask, expectedTrajectory: { steps: [{ name: 'search-flights' }], maxSteps: 2 } },
];

describe('runEvals', () => {
  it('as trajectory scorers: the scores of Mastra\'s own scorers, each item\'s expectedTrajectory over the defaults', async () => {
    const items: Array<Record<string, any>> = [];
    const ours = await runEvals({
      target: travelAgent(),
      data,
      scorers: { trajectory: [createTrajectoryAccuracyScorerCode(accuracyOptions), createTrajectoryScorerCode(trajectoryOptions)] } as never,
      onItemComplete: ({ scorerResults }) => void items.push(scorerResults),
    });
    const theirs = await runEvals({
      target: travelAgent(),
      data,
      scorers: { trajectory: [mastraTrajectoryAccuracyScorerCode(accuracyOptions), mastraTrajectoryScorerCode(trajectoryOptions as never)] } as never,
    });
    expect(ours.scores).toEqual(theirs.scores);
    // book: 2 of 2 steps; 2 calls over a budget of 1 and no redundant call (efficiency 0.5); the blacklist holds: 0.77.
    // ask: 1 of 1 step (the item's), within its 2 calls: 1.
    expect(ours.scores).toEqual({ trajectory: { 'code-trajectory-accuracy-scorer': 0.75, 'code-trajectory-scorer': 0.885 } });
    const [booked, asked] = items.map((results) => results.trajectory['code-trajectory-scorer']);
    expect(booked.reason.split('\n').slice(0, 3)).toEqual([
      'Score 0.77: the weighted mean of accuracy 1 (weight 0.5), efficiency 0.5 (weight 0.5), blacklist 1 (weight 0.1).',
      'Accuracy 1: 2 of 2 expected steps matched (relaxed order).',
      'Efficiency 0.5: over a budget, no redundant calls.',
    ]);
    expect(asked.preprocessStepResult.config).toEqual({ steps: [{ name: 'search-flights' }], maxSteps: 2, blacklistedTools: ['cancel-booking'] });
  });

  it('as agent scorers they read the run\'s messages, and score as on its trajectory', async () => {
    const result = await runEvals({
      target: travelAgent(),
      data,
      scorers: [createTrajectoryAccuracyScorerCode(accuracyOptions), createTrajectoryScorerCode(trajectoryOptions)] as never,
    });
    // An agent scorer gets no dataset item's expectation: the defaults score both items.
    expect(result.scores).toEqual({ 'code-trajectory-accuracy-scorer': 0.75, 'code-trajectory-scorer': 0.77 });
  });

  it('as gates, beside a mastraGate of the same trajectory', async () => {
    const seen: unknown[] = [];
    const result = await runEvals({
      target: travelAgent(),
      data,
      gates: [
        createTrajectoryScorerCode({ defaults: { blacklistedSequences: [['search-flights', 'book-flight']] } }),
        mastraGate(
          'books',
          (run) => {
            seen.push(run.output);
            check(run.output).toCallTool('book-flight');
          },
          { type: 'trajectory' },
        ),
      ] as never,
    });
    expect(result.gateResults).toEqual([
      { id: 'code-trajectory-scorer', passed: false, score: 0.5 },
      { id: 'books', passed: false, score: 0.5 },
    ]);
    expect(seen).toHaveLength(2);
  });

  it('a budget the run does not record fails the scorer, naming the budget: never a score', async () => {
    const run = runEvals({ target: travelAgent(), data: [{ input: book }], scorers: { trajectory: [createTrajectoryScorerCode({ defaults: { maxTotalDurationMs: 5_000 } })] } as never });
    const error = await run.then(() => undefined, (thrown: Error & { cause?: Error }) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(String(error!.cause?.message ?? error!.message)).toContain('cannot evaluate the duration budget: the budget limits maxTotalDurationMs, but this run (read as mastra-trajectory) records no wall time');
  });
});

describe('live scoring', () => {
  it("an agent's trajectory scorer scores each generate() into Mastra's storage, with its reason", async () => {
    const agent = travelAgent({
      id: 'live-trajectory-agent',
      scorers: { trajectory: { scorer: createTrajectoryScorerCode({ defaults: { steps: ['search-flights', 'book-flight'], maxSteps: 3 } }) } },
    });
    const storage = new InMemoryStore();
    const mastra = new Mastra({ agents: { travel: agent }, storage, logger: false });
    await mastra.getAgent('travel').generate(ask);
    const scores = await storage.getStore('scores');
    let rows: any[] = [];
    for (let attempt = 0; attempt < 100 && rows.length === 0; attempt++) {
      ({ scores: rows } = await scores!.listScoresByScorerId({ scorerId: 'code-trajectory-scorer', pagination: { page: 0, perPage: 10 } }));
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(rows).toHaveLength(1);
    // 1 of 2 steps (0.5, weight 0.4) and within 3 calls (1, weight 0.3): 0.71.
    expect({ score: rows[0].score, source: rows[0].source, reason: rows[0].reason.split('\n').slice(0, 3) }).toEqual({
      score: 0.71,
      source: 'LIVE',
      reason: [
        'Score 0.71: the weighted mean of accuracy 0.5 (weight 0.4), efficiency 1 (weight 0.3).',
        'Accuracy 0.5: 1 of 2 expected steps matched (relaxed order).',
        '  Never called: "book-flight" (expected 2nd).',
      ],
    });
  });
});
