// Every matcher on every run shape at 1,000, 10,000 and 100,000 calls, passing and failing (the
// failure message built and read each time), through Jest's own `expect` with the Jest setup file
// (which also writes the diff into the message). Run: npm run build && node bench/matchers.mjs.
// Prints one JSON object (bench/run.mjs prints it as tables); BENCH_PROGRESS=1 reports as it goes.
//
// One shape's run is in memory at a time; its cases take turns in each round, so a slow spell of
// the machine hits them all. Figures are medians of the rounds (after one untimed round).
// Filters: BENCH_COUNTS=1000,10000 BENCH_SHAPES=openai-chat,mastra-run BENCH_CASES=toCallOnly
// (a case is kept when its name contains one of the words).
//
// To add a matcher: one line in CASES (bench/cases.mjs). To add a format: one line in SHAPES (bench/shapes.mjs).
import { getToolCalls } from '../dist/index.js';
import { CASES, COMPARES_INPUTS, cannotAnswer, pick, timeOne } from './cases.mjs';
import { SHAPES, callsOf } from './shapes.mjs';

/** Rounds per size (a first, untimed round warms up): medians of this many. */
const ROUNDS = { 1000: 9, 10000: 7, 100000: 5 };

const counts = (process.env.BENCH_COUNTS ?? '1000,10000,100000').split(',').map(Number);
const shapes = pick(SHAPES, 'BENCH_SHAPES');
const cases = pick(CASES, 'BENCH_CASES');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Each shape's run read as it should be: every call, in order, with its input and a result. A
 * fixture read wrong (a result not paired, a format not detected) would time other work.
 */
function checkRead(shape, run, calls) {
  const read = getToolCalls(run);
  const last = read.at(-1);
  const ok =
    read.length === calls.length &&
    last.toolName === calls.at(-1).toolName &&
    JSON.stringify(last.input) === JSON.stringify(calls.at(-1).input) &&
    read.every((call) => call.output !== undefined || call.error !== undefined) &&
    // A shape that records failed calls reads each as one; one that cannot has an output in its place.
    read.filter((call) => call.error !== undefined).length === (shape.errors === false ? 0 : calls.filter((call) => call.error !== undefined).length);
  if (!ok) throw new Error(`${shape.name} at ${calls.length} calls: the run is not read as generated`);
}

const results = { counts, shapes: shapes.map((shape) => shape.name), cases: {}, read: {}, floor: {}, reference: {}, compares: {}, skipped: {} };
for (const [name] of cases) results.compares[name] = COMPARES_INPUTS.has(name) ? 'calls' : 'names';
// The cases a shape cannot answer, with why: listed in the results (and in the tables), never dropped silently.
for (const shape of shapes) {
  for (const [name, , needs] of cases) {
    const why = cannotAnswer(shape, needs);
    if (why) (results.skipped[name] ??= {})[shape.name] = why;
  }
}

/**
 * The references, the same for every shape, timed in each shape's rounds beside its cases (so a
 * ratio compares figures of the same spell of the machine):
 * - callObjects: making the list of call objects a read returns, and nothing else: every reader's
 *   floor. Past the young generation's size they outlive its collections and are copied, so this
 *   grows faster than the number of calls from there, whatever the format.
 * - names / calls: the runner's own `expect(list).toEqual(copy)` over the run's names, or its
 *   `{ toolName, input }` pairs: what the same comparison costs when the runner makes it, the
 *   reference a case that compares names (or inputs) is measured against.
 */
function referencesOf(calls) {
  const names = calls.map((call) => call.toolName);
  const namesCopy = [...names];
  const pairs = calls.map((call) => ({ toolName: call.toolName, input: call.input }));
  const pairsCopy = calls.map((call) => ({ toolName: call.toolName, input: { ...call.input } }));
  return {
    callObjects: () => {
      const list = [];
      for (let index = 0; index < calls.length; index++) list.push({ toolName: calls[index].toolName, input: calls[index].input, toolCallId: calls[index].id });
      return list;
    },
    names: () => expect(names).toEqual(namesCopy),
    calls: () => expect(pairs).toEqual(pairsCopy),
  };
}

for (const count of counts) {
  const calls = callsOf(count);
  const rounds = ROUNDS[count] ?? 5;
  // What each case compares against, derived from the calls once per size.
  const made = cases.map(([name, make, needs]) => [name, ...make(calls), needs]);
  const references = Object.entries(referencesOf(calls));
  for (const shape of shapes) {
    // One run in memory at a time: 13 runs of 100,000 calls held together make every garbage
    // collection slower, which a test file holding one run does not pay.
    let run = shape.build(calls);
    checkRead(shape, run, calls);
    const answered = made.filter(([, , , needs]) => !cannotAnswer(shape, needs));
    // Reading alone (getToolCalls), and for shapes that keep values as JSON text, the floor: the
    // parsing alone. Then the references and each case's pass and fail, all taking turns in each round.
    const samples = { read: [], floor: [], references: references.map(() => []), cases: answered.map(() => ({ pass: [], fail: [], messageLength: 0 })) };
    for (let round = 0; round <= rounds; round++) {
      const read = timeOne(() => getToolCalls(run));
      const floor = shape.floor ? timeOne(() => shape.floor(run)) : undefined;
      const referenceTimes = references.map(([, fn]) => timeOne(fn).ms);
      if (round > 0) {
        samples.read.push(read.ms);
        if (floor) samples.floor.push(floor.ms);
        referenceTimes.forEach((ms, index) => samples.references[index].push(ms));
      }
      answered.forEach(([name, pass, fail], index) => {
        const passed = timeOne(() => pass(run, shape));
        if (passed.messageLength !== 0) throw new Error(`${name} on ${shape.name} (${count} calls) failed where it should pass`);
        const failed = timeOne(() => fail(run, shape));
        if (failed.messageLength === 0) throw new Error(`${name} on ${shape.name} (${count} calls) passed where it should fail`);
        if (round === 0) return;
        samples.cases[index].pass.push(passed.ms);
        samples.cases[index].fail.push(failed.ms);
        samples.cases[index].messageLength = failed.messageLength;
      });
    }
    run = undefined;
    (results.read[shape.name] ??= {})[count] = median(samples.read);
    if (shape.floor) (results.floor[shape.name] ??= {})[count] = median(samples.floor);
    references.forEach(([name], index) => (((results.reference[name] ??= {})[shape.name] ??= {})[count] = median(samples.references[index])));
    answered.forEach(([name], index) => {
      const cell = { passMs: median(samples.cases[index].pass), failMs: median(samples.cases[index].fail), messageLength: samples.cases[index].messageLength };
      ((results.cases[name] ??= {})[shape.name] ??= {})[count] = cell;
      if (process.env.BENCH_PROGRESS) console.error(count, name, shape.name, cell.passMs.toFixed(1), cell.failMs.toFixed(1));
    });
  }
}
console.log(JSON.stringify(results));
