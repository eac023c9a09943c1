// The code scorer beside Mastra's own (@mastra/evals 1.x), in one process, on the same run object.
// Mastra 1.x declares Node 22, so bench/run.mjs starts this file with the node@22 package's binary
// (run it alone: node bench/scorer.mjs, on Node 22, after npm run build). Prints one JSON object.
//
// Mastra 1.x's scorer runs inside an AsyncLocalStorage; on Node 22 the first such run installs
// promise hooks for the whole process, and from then on every `await` in it costs more, ours
// included. So the figures come in two phases: before Mastra's scorer has run once, and after.
// `--experimental-async-context-frame` (Node 22's AsyncLocalStorage without promise hooks) is the
// third condition bench/run.mjs starts, to show what the hooks cost Mastra's own runs.
import { createToolCallAccuracyScorerCode, createTrajectoryScorerCode } from '../dist/index.js';
import * as mastra from '../reference/mastra1/index.js';

const expectedToolOrder = ['search', 'book', 'email'];

/** The 3-call run, built with Mastra's own test helpers; both scorers get this same object. */
const run = mastra.createAgentTestRun({
  inputMessages: [mastra.createTestMessage({ content: 'Book a flight', role: 'user', id: 'in' })],
  output: [
    mastra.createTestMessage({
      content: 'Done.',
      role: 'assistant',
      id: 'out',
      toolInvocations: expectedToolOrder.map((toolName, index) =>
        mastra.createToolInvocation({ toolCallId: `call-${index}`, toolName, args: { n: index }, result: {}, state: 'result' }),
      ),
    }),
  ],
});

// The ceiling: a scorer that does nothing but answer, awaited in the same loop.
const noop = { run: async (scored) => ({ runId: scored.runId, score: 1 }) };

// The same rules as a plain function over this one shape (no format detection, no result object
// beyond the score): what the work itself costs.
const plain = {
  async run(scored) {
    let item = 0;
    for (const message of scored.output) {
      for (const invocation of message.content.toolInvocations ?? []) {
        if (invocation.toolName === expectedToolOrder[item]) item++;
      }
    }
    return { runId: scored.runId, score: item === expectedToolOrder.length ? 1 : 0 };
  },
};

const ours = createToolCallAccuracyScorerCode({ expectedToolOrder });
const theirs = mastra.createToolCallAccuracyScorerCode({ expectedToolOrder });
/** Every scorer must score the run 1, or the figures compare different work. */
async function checkScores(scorers) {
  for (const [label, scorer] of scorers) {
    const { score } = await scorer.run(run);
    if (score !== 1) throw new Error(`bench run scored ${score} by ${label}; expected 1`);
  }
}
// Mastra's scorer is checked only after the "before" phase: its first run installs the hooks.
await checkScores([['ours', ours], ['plain', plain]]);

/** Runs per second over about `ms` of batches of 100, timed by the clock. */
async function runsPerSecond(scorer, ms) {
  let runs = 0;
  const start = performance.now();
  const end = start + ms;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) await scorer.run(run);
    runs += 100;
  }
  return runs / ((performance.now() - start) / 1000);
}

/**
 * The scorers take turns for `rounds` rounds, so a slow spell of the shared machine hits all of
 * them; each figure is the median over rounds, each ratio the median of the rounds' ratios.
 */
async function interleaved(scorers, rounds, ms) {
  for (const scorer of Object.values(scorers)) await runsPerSecond(scorer, ms);
  const samples = Object.fromEntries(Object.keys(scorers).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, scorer] of Object.entries(scorers)) samples[name].push(await runsPerSecond(scorer, ms));
  }
  const ratio = (a, b) => median(samples[a].map((value, index) => value / samples[b][index]));
  return { perSecond: Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)])), ratio };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
const before = await interleaved({ noop, plain, ours }, rounds, 200);
await checkScores([['Mastra', theirs]]);
const after = await interleaved({ noop, plain, ours, mastra: theirs }, rounds, 200);

// The trajectory scorer beside Mastra's, as runEvals calls a trajectory scorer: the run's trajectory
// as output (the same 3 calls as tool steps), with accuracy, budgets, redundancy, retries and a blacklist.
const trajectoryRun = {
  ...run,
  output: { steps: expectedToolOrder.map((name, index) => ({ stepType: 'tool_call', name, toolArgs: { n: index }, toolResult: {}, success: true })) },
};
const trajectoryOptions = { defaults: { steps: expectedToolOrder.map((name) => ({ name })), maxSteps: 5, blacklistedTools: ['delete'] } };
const oursTrajectory = createTrajectoryScorerCode(trajectoryOptions);
const mastraTrajectory = mastra.createTrajectoryScorerCode(trajectoryOptions);
for (const [label, scorer] of [['ours', oursTrajectory], ['Mastra', mastraTrajectory]]) {
  const { score } = await scorer.run(trajectoryRun);
  if (score !== 1) throw new Error(`bench trajectory scored ${score} by ${label}; expected 1`);
}
const runTrajectory = (scorer) => ({ run: () => scorer.run(trajectoryRun) });
const trajectory = await interleaved({ ours: runTrajectory(oursTrajectory), mastra: runTrajectory(mastraTrajectory) }, rounds, 200);

console.log(
  JSON.stringify({
    trajectory: { perSecond: trajectory.perSecond, oursOverMastra: trajectory.ratio('ours', 'mastra') },
    node: process.version,
    asyncContextFrame: process.execArgv.includes('--experimental-async-context-frame'),
    rounds,
    before: before.perSecond,
    after: after.perSecond,
    oursOverMastra: after.ratio('ours', 'mastra'),
    // Each as a process that uses only it has it: ours before Mastra's first run (no hooks), Mastra
    // with the hooks its runs install. Two phases, so a ratio of medians, not of interleaved rounds.
    oursAloneOverMastra: before.perSecond.ours / after.perSecond.mastra,
    plainOverMastra: after.ratio('plain', 'mastra'),
    noopOverMastra: after.ratio('noop', 'mastra'),
    oursOverNoop: { before: before.ratio('ours', 'noop'), after: after.ratio('ours', 'noop') },
    oursOverPlain: { before: before.ratio('ours', 'plain'), after: after.ratio('ours', 'plain') },
  }),
);
