// Samples at scale on built code (`npm run bench` builds first): a sample of 1,000 runs of 100
// calls each through every matcher (targets: < 200 ms each), and scoreRuns over 10,000 such runs
// (target: < 1 s). One run in 20 lacks its last call: those runs fail each matcher, so the failing
// runs' messages are built for the record, and the sample still passes at its minimum pass rate.
// Jest's standalone expect (installed with jest): a real runner's matcher context outside a test.
// BENCH_SHAPE=openai-chat (a name from bench/shapes.mjs) runs the same on another shape; default the Mastra run.
import { expect } from 'expect';
import { createToolCallAccuracyScorerCode, matchers, sample, scoreRuns } from '../dist/index.js';
import { z } from 'zod';
import { NAMES, SHAPES, callsOf, tokensOf } from './shapes.mjs';

expect.extend(matchers);

const RUNS = 1000;
const CALLS = 100;
const shape = SHAPES.find((entry) => entry.name === (process.env.BENCH_SHAPE ?? 'mastra-run'));
const calls = callsOf(CALLS);
const whole = shape.build(calls);
const short = shape.build(calls.slice(0, -1));
/** RUNS runs, one in 20 of them `failing` (the others the whole run). */
const mixed = (failing) => Array.from({ length: RUNS }, (_, index) => (index % 20 === 0 ? failing : whole));
const runs = mixed(short);
const taken = await sample(runs, { minPassRate: 0.9 });
const names = calls.map((call) => call.toolName);
const outcomes = calls.map((call) => (call.error === undefined ? call.toolName : { toolName: call.toolName, error: true }));
const last = calls.at(-1);

// Each case: [name, assertion on a sample or a run, failing?]. To add a matcher: one line.
// `failing` makes the calls of the runs that fail (one in 20) from the run's calls; without it, they
// lack the last call. `needs`: as in bench/matchers.mjs, a case the shape cannot answer is skipped, and said.
const lastFails = (list) => [...list.slice(0, -1), { ...list.at(-1), output: undefined, error: 'timeout after 30 s' }];
const oneMore = (list) => [...list, { ...list.at(-1), id: 'call_extra', input: { n: -1 } }];
const schemas = Object.fromEntries(NAMES.map((name) => [name, z.object({ n: z.number().int().min(0) })]));
const CASES = [
  ['toCallTool (last call, with its input)', (run) => expect(run).toCallTool(last.toolName, last.input)],
  ['toCallToolsInOrder (every name)', (run) => expect(run).toCallToolsInOrder(names)],
  ['toCallOnly (every name, reversed)', (run) => expect(run).toCallOnly([...names].reverse())],
  ['toCallToolTimes', (run) => expect(run).toCallToolTimes('log', CALLS / 4)],
  // The matchers of outcomes, errors, retries, repeats, budgets and valid inputs (issue 18).
  ['toCallTool (last call, with its input and { output })', (run) => expect(run).toCallTool(last.toolName, last.input, { output: shape.textResults ? JSON.stringify(last.output) : last.output })],
  ['toCallToolsInOrder (every name, failed calls as { error: true })', (run) => expect(run).toCallToolsInOrder(outcomes), undefined, 'errors'],
  ['toCallToolsWithoutErrors ({ retries: 2 })', (run) => expect(run).toCallToolsWithoutErrors({ retries: 2 }), lastFails, 'errors'],
  ['toCallToolTimes (expect.any(String), { max })', (run) => expect(run).toCallToolTimes(expect.any(String), { max: CALLS }), oneMore],
  ['toRepeatToolCalls (.not)', (run) => expect(run).not.toRepeatToolCalls(), (list) => [...list, { ...list.at(-1), id: 'call_again' }]],
  // The generated runs repeat a failed call's input in its retry; the failing runs repeat none.
  ['toRepeatToolCalls ({ consecutive: false })', (run) => expect(run).toRepeatToolCalls({ consecutive: false }), (list) => list.map((call, index) => ({ ...call, input: { n: index } }))],
  ['toStayWithinBudget ({ toolCalls })', (run) => expect(run).toStayWithinBudget({ toolCalls: CALLS }), oneMore],
  ['toStayWithinBudget ({ tokens })', (run) => expect(run).toStayWithinBudget({ tokens: tokensOf(CALLS) }), oneMore, 'tokens'],
  ['toCallToolsWithValidInputs (zod schemas)', (run) => expect(run).toCallToolsWithValidInputs(schemas), oneMore],
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
for (const [name, assertion, failing, needs] of CASES) {
  if ((needs === 'errors' && shape.errors === false) || (needs === 'tokens' && !shape.tokens)) {
    console.log(`  ${name}: skipped (${shape.name} records no ${needs === 'errors' ? 'failed calls' : 'token usage'})`);
    continue;
  }
  const failingRun = failing ? shape.build(failing(calls)) : short;
  // The runs meant to fail must fail (and the whole run pass), or the sample would time other work.
  let failed = false;
  try {
    assertion(failingRun);
  } catch (error) {
    if (!error?.matcherResult) throw error;
    failed = true;
  }
  if (!failed) throw new Error(`${name}: the failing run (${shape.name}) passes`);
  assertion(whole);
  const thisSample = failing ? await sample(mixed(failingRun), { minPassRate: 0.9 }) : taken;
  const sampled = await median(() => assertion(thisSample));
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
