// Issue 46's guard at 100,000 calls: each measured case at 10,000 and at 100,000 calls in one
// process, the two sizes taking turns round after round, so that the load of a shared machine
// falls on both alike; the growth is the median of the rounds' ratios (100,000 / 10,000), with the
// runner's own `toEqual` over the same data timed in the same rounds as the reference.
//
// The cases are the ones the issue names at this size: reading, name-only lists (in order, only
// these), and expected lists of up to 10 items with inputs (one call, ten in order, ten in any
// order). Two more are printed apart, as cases the issue does not list at this size: an expected
// list of every call with its input (`onlyInputs`: 100,000 items with inputs) and repeats among all
// calls (`repeatsAll`), which keep one entry per distinct input.
//
// Each case is printed twice: by the wall clock, and outside the collector (V8's collections, the
// perf_hooks 'gc' entries, taken out of each round). The collector's share decides the wall-clock
// growth at this size (see the floor); the matchers' own work is what grows outside it.
// Run: npm run build && node --max-old-space-size=4096 bench/growth.mjs [--rounds 15] [--only read,inOrder]
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { expect } from 'expect';
import { getToolCalls, matchers } from '../dist/index.js';
import { SHAPES, callsOf, pairOf, swallow, tenPairsOf } from './shapes.mjs';

const { values: options } = parseArgs({ options: { rounds: { type: 'string', default: '15' }, only: { type: 'string', default: '' } } });
const ROUNDS = Number(options.rounds);
const SIZES = [10_000, 100_000];
expect.extend(matchers);

const plain = SHAPES.find((shape) => shape.name === 'plain');
/** Everything a case needs at one size, made once. */
function dataOf(n) {
  const calls = callsOf(n);
  return { n, calls, run: plain.build(calls), names: calls.map((call) => call.toolName), tenPairs: tenPairsOf(calls), pairs: calls.map(pairOf).reverse(), seen: calls.map(pairOf) };
}

const CASES = {
  read: (d) => getToolCalls(d.run),
  toolInput: (d) => swallow(() => expect(d.run).toCallTool(d.calls.at(-1).toolName, d.calls.at(-1).input)),
  inOrder: (d) => swallow(() => expect(d.run).toCallToolsInOrder(d.names)),
  only: (d) => swallow(() => expect(d.run).toCallOnly(d.names)),
  inOrderInputs: (d) => swallow(() => expect(d.run).toCallToolsInOrder(d.tenPairs)),
  anyOrderInputs: (d) => swallow(() => expect(d.run).toCallToolsInAnyOrder([...d.tenPairs].reverse())),
};
const APART = {
  onlyInputs: (d) => swallow(() => expect(d.run).toCallOnly(d.pairs)),
  repeatsAll: (d) => swallow(() => expect(d.run).not.toRepeatToolCalls({ consecutive: false })),
};
// The references: the runner's toEqual over the run's calls as the expected items name them, and
// the floor of reading: a copy of each of the run's call objects, as a read must make them (its
// growth is the young generation's: the copies survive the collections that run meanwhile).
const reference = (d) => swallow(() => expect(d.seen).toEqual(d.calls.map((call) => ({ toolName: call.toolName, input: call.input }))));
const copies = (d) => d.run.map((call) => ({ ...call }));

const collections = [];
new PerformanceObserver((list) => collections.push(...list.getEntries())).observe({ entryTypes: ['gc'] });
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

const data = SIZES.map(dataOf);
const chosen = options.only === '' ? null : new Set(options.only.split(','));
const all = Object.entries({ ...CASES, ...APART, toEqual: reference, 'copy (floor)': copies }).filter(([name]) => chosen === null || chosen.has(name));

console.log(`growth from 10,000 to 100,000 calls (${ROUNDS} rounds, the sizes taking turns; medians of the rounds' ratios)`);
for (const [name, run] of all) {
  const rounds = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const spans = {};
    for (const d of round % 2 === 0 ? data : [...data].reverse()) {
      const start = performance.now();
      run(d);
      spans[d.n] = [start, performance.now()];
    }
    if (round > 0) rounds.push(spans); // round 0 warms up
  }
  await new Promise((resolve) => setTimeout(resolve, 50)); // the observer hears of the last collections
  const collector = ([start, end]) => collections.filter((c) => c.startTime >= start && c.startTime + c.duration <= end).reduce((sum, c) => sum + c.duration, 0);
  const ratio = (time) => rounds.map((spans) => time(spans[SIZES[1]]) / time(spans[SIZES[0]]));
  const wall = ratio(([start, end]) => end - start);
  const outside = ratio((span) => span[1] - span[0] - collector(span));
  collections.length = 0;
  const at = (n) => median(rounds.map((spans) => spans[n][1] - spans[n][0])).toFixed(2);
  const apart = name in APART ? " (not one of the issue's cases at this size)" : '';
  const gc = `, ${median(outside).toFixed(1)}× outside the collector`;
  console.log(`  ${`${name}:`.padEnd(16)} ${at(SIZES[0])} ms → ${at(SIZES[1])} ms, ${median(wall).toFixed(1)}× (rounds ${Math.min(...wall).toFixed(1)}–${Math.max(...wall).toFixed(1)})${gc}${apart}`);
}
