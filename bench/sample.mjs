// Samples at scale on built code (`npm run bench` builds first): a sample of 1,000 runs of 100
// calls each through every matcher (targets: < 200 ms each), and scoreRuns over 10,000 such runs
// (target: < 1 s). One run in 20 lacks its last call: those runs fail each matcher, so the failing
// runs' messages are built for the record, and the sample still passes at its minimum pass rate.
// Jest's standalone expect (installed with jest): a real runner's matcher context outside a test.
// BENCH_SHAPE=openai-chat (a name from bench/shapes.mjs) runs the same on another shape; default the Mastra run.
import { expect } from 'expect';
import { createToolCallAccuracyScorerCode, matchers, sample, scoreRuns } from '../dist/index.js';
import { SHAPES, callsOf } from './shapes.mjs';

expect.extend(matchers);

const RUNS = 1000;
const CALLS = 100;
const shape = SHAPES.find((entry) => entry.name === (process.env.BENCH_SHAPE ?? 'mastra-run'));
const calls = callsOf(CALLS);
const whole = shape.build(calls);
const short = shape.build(calls.slice(0, -1));
const runs = Array.from({ length: RUNS }, (_, index) => (index % 20 === 0 ? short : whole));
const taken = await sample(runs, { minPassRate: 0.9 });
const names = calls.map((call) => call.toolName);
const last = calls.at(-1);

// Each case: [name, assertion on a sample or a run]. To add a matcher: one line.
const CASES = [
  ['toCallTool (last call, with its input)', (run) => expect(run).toCallTool(last.toolName, last.input)],
  ['toCallToolsInOrder (every name)', (run) => expect(run).toCallToolsInOrder(names)],
  ['toCallOnly (every name, reversed)', (run) => expect(run).toCallOnly([...names].reverse())],
  ['toCallToolTimes', (run) => expect(run).toCallToolTimes('log', CALLS / 4)],
];

/** Median of 7 timings of `fn` after 3 untimed ones, in milliseconds. */
async function median(fn) {
  for (let i = 0; i < 3; i++) await fn();
  const times = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[3];
}

const verdict = (ms, limit) => (ms < limit ? 'met' : 'NOT MET');
console.log(`a sample of ${RUNS.toLocaleString('en')} runs (${shape.name}) of ${CALLS} calls, one in 20 failing; target < 200 ms`);
for (const [name, assertion] of CASES) {
  const sampled = await median(() => assertion(taken));
  // The same assertion made run by run on passing runs: what the sample adds on top of the matcher.
  const oneByOne = await median(() => {
    for (let i = 0; i < RUNS; i++) assertion(whole);
  });
  console.log(`  ${name}: ${sampled.toFixed(1)} ms (${verdict(sampled, 200)}); run by run on ${RUNS} passing runs ${oneByOne.toFixed(1)} ms`);
}

const scorer = createToolCallAccuracyScorerCode({ expectedToolOrder: ['search', 'book', 'email'] });
const batch = Array.from({ length: 10 }, () => runs).flat();
const scored = await median(() => scoreRuns(scorer, batch));
console.log(`scoreRuns, code scorer, ${batch.length.toLocaleString('en')} runs of ${CALLS} calls: ${scored.toFixed(1)} ms (${verdict(scored, 1000)}), ${((scored * 1000) / batch.length).toFixed(1)} µs per run`);
