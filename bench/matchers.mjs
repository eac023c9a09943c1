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
// To add a matcher: one line in CASES. To add a format: one line in SHAPES (bench/shapes.mjs).
import { expect } from 'expect';
import { z } from 'zod';
import { getToolCalls } from '../dist/index.js';
import { NAMES, SHAPES, callsOf, tokensOf } from './shapes.mjs';

globalThis.expect = expect;
await import('../dist/jest.js');

/** Two adjacent items swapped in the middle of a copy of `list`. */
const swapped = (list) => {
  const copy = [...list];
  const at = copy.length >> 1;
  [copy[at], copy[at + 1]] = [copy[at + 1], copy[at]];
  return copy;
};
const names = (calls) => calls.map((call) => call.toolName);
const count = (calls, name) => calls.filter((call) => call.toolName === name).length;
/** Every name, a failed call's as `{ toolName, error: true }`. */
const outcomes = (calls) => calls.map((call) => (call.error === undefined ? call.toolName : { toolName: call.toolName, error: true }));
/** A zod schema per tool, each taking every input of the run (`{ n }` from 0 up to `below`). */
const schemas = (below) => Object.fromEntries(NAMES.map((name) => [name, z.object({ n: z.number().int().min(0).max(below) })]));

/**
 * Each case: [name, (calls) => [pass, fail], needs?], where pass and fail take the run (and its shape). `calls` are
 * the run's calls as callsOf gives them ({ id, toolName, input, output or error }); anything derived
 * from them (lists of names, counts, schemas) is computed here, once per size, outside the timing.
 * `needs`: what the run must record for the case to mean anything, 'errors' or 'tokens' (SHAPES
 * says which shapes record them); the others skip the case, and the results list each skip.
 */
const CASES = [
  ['toCallTool (last call, with its input)', (c) => [(run) => expect(run).toCallTool(c.at(-1).toolName, c.at(-1).input), (run) => expect(run).toCallTool('lgo')]],
  ['toCallToolsInOrder (every name)', (c, n = names(c), w = swapped(n)) => [(run) => expect(run).toCallToolsInOrder(n), (run) => expect(run).toCallToolsInOrder(w)]],
  ['toCallToolsInOrder (every name, strict)', (c, n = names(c), w = swapped(n)) => [(run) => expect(run).toCallToolsInOrder(n, { strict: true }), (run) => expect(run).toCallToolsInOrder(w, { strict: true })]],
  ['toCallOnly (every name, reversed)', (c, n = names(c).reverse(), w = ['other', ...n.slice(1)]) => [(run) => expect(run).toCallOnly(n), (run) => expect(run).toCallOnly(w)]],
  ['toCallOnly (every call with its input, reversed)', (c, p = c.map((x) => ({ toolName: x.toolName, input: x.input })).reverse(), w = [{ toolName: 'search', input: { n: -1 } }, ...p.slice(1)]) => [(run) => expect(run).toCallOnly(p), (run) => expect(run).toCallOnly(w)]],
  ['toCallToolTimes', (c, k = count(c, 'search')) => [(run) => expect(run).toCallToolTimes('search', k), (run) => expect(run).toCallToolTimes('search', k + 1)]],
  ['toCallNoTools (.not passes)', () => [(run) => expect(run).not.toCallNoTools(), (run) => expect(run).toCallNoTools()]],
  // The matchers of outcomes, errors, retries, repeats, budgets and valid inputs (issue 18).
  // A format that keeps results as text (`textResults` in SHAPES) is asked for the text.
  ['toCallTool (last call, with its input and { output })', (c, l = c.at(-1), text = JSON.stringify(l.output)) => [(run, shape) => expect(run).toCallTool(l.toolName, l.input, { output: shape.textResults ? text : l.output }), (run) => expect(run).toCallTool(l.toolName, l.input, { output: { ok: -1 } })]],
  ['toCallToolsInOrder (every name, failed calls as { error: true })', (c, p = outcomes(c), w = [...p.slice(0, -1), { toolName: c.at(-1).toolName, error: true }]) => [(run) => expect(run).toCallToolsInOrder(p), (run) => expect(run).toCallToolsInOrder(w)], 'errors'],
  ['toCallToolsWithoutErrors (.not passes)', () => [(run) => expect(run).not.toCallToolsWithoutErrors(), (run) => expect(run).toCallToolsWithoutErrors()], 'errors'],
  ['toCallToolsWithoutErrors ({ retries: 2 }; fails under .not)', () => [(run) => expect(run).toCallToolsWithoutErrors({ retries: 2 }), (run) => expect(run).not.toCallToolsWithoutErrors({ retries: 2 })], 'errors'],
  ['toCallToolTimes (expect.any(String), { max })', (c) => [(run) => expect(run).toCallToolTimes(expect.any(String), { max: c.length }), (run) => expect(run).toCallToolTimes(expect.any(String), { max: c.length - 1 })]],
  ['toRepeatToolCalls (.not passes)', () => [(run) => expect(run).not.toRepeatToolCalls(), (run) => expect(run).toRepeatToolCalls()]],
  ['toRepeatToolCalls ({ consecutive: false }; fails under .not)', () => [(run) => expect(run).toRepeatToolCalls({ consecutive: false }), (run) => expect(run).not.toRepeatToolCalls({ consecutive: false })]],
  ['toStayWithinBudget ({ toolCalls })', (c) => [(run) => expect(run).toStayWithinBudget({ toolCalls: c.length }), (run) => expect(run).toStayWithinBudget({ toolCalls: c.length - 1 })]],
  ['toStayWithinBudget ({ tokens })', (c, t = tokensOf(c.length)) => [(run) => expect(run).toStayWithinBudget({ tokens: t }), (run) => expect(run).toStayWithinBudget({ tokens: t - 1 })], 'tokens'],
  // Failing: the last 20 calls' inputs are over the schemas' maximum (5 to each tool).
  ['toCallToolsWithValidInputs (zod schemas)', (c, ok = schemas(c.length), bad = schemas(c.length - 21)) => [(run) => expect(run).toCallToolsWithValidInputs(ok), (run) => expect(run).toCallToolsWithValidInputs(bad)]],
];

/** Why a shape cannot answer a case that needs `needs`, or undefined when it can. */
function cannotAnswer(shape, needs) {
  if (needs === 'errors' && shape.errors === false) return 'the format has no field for a failed call';
  if (needs === 'tokens' && !shape.tokens) return 'the format records no token usage';
  return undefined;
}

/** Rounds per size (a first, untimed round warms up): medians of this many. */
const ROUNDS = { 1000: 9, 10000: 7, 100000: 5 };

const pick = (list, variable) => {
  const words = process.env[variable]?.split(',');
  return words ? list.filter((entry) => words.some((word) => (entry.name ?? entry[0]).includes(word))) : list;
};
const counts = (process.env.BENCH_COUNTS ?? '1000,10000,100000').split(',').map(Number);
const shapes = pick(SHAPES, 'BENCH_SHAPES');
const cases = pick(CASES, 'BENCH_CASES');

/** Milliseconds for one call of `fn`, and the failure message's length (0 when it passed). */
function timeOne(fn) {
  const start = performance.now();
  let messageLength = 0;
  try {
    fn();
  } catch (error) {
    // Only a failed assertion is a failure: a TypeError (a case written wrong) stops the bench.
    if (!error?.matcherResult) throw error;
    messageLength = error.message.length;
  }
  return { ms: performance.now() - start, messageLength };
}

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

const results = { counts, shapes: shapes.map((shape) => shape.name), cases: {}, read: {}, floor: {}, skipped: {} };
// The cases a shape cannot answer, with why: listed in the results (and in the tables), never dropped silently.
for (const shape of shapes) {
  for (const [name, , needs] of cases) {
    const why = cannotAnswer(shape, needs);
    if (why) (results.skipped[name] ??= {})[shape.name] = why;
  }
}
for (const count of counts) {
  const calls = callsOf(count);
  const rounds = ROUNDS[count] ?? 5;
  // What each case compares against, derived from the calls once per size.
  const made = cases.map(([name, make, needs]) => [name, ...make(calls), needs]);
  // The floor every shape shares: making the list of call objects a read returns, and nothing else.
  // Past the young generation's size, they outlive its collections and are copied: reading grows
  // faster than the number of calls from there, whatever the format.
  const objects = [];
  for (let round = 0; round <= rounds; round++) {
    const { ms } = timeOne(() => {
      const list = [];
      for (let index = 0; index < calls.length; index++) list.push({ toolName: calls[index].toolName, input: calls[index].input, toolCallId: calls[index].id });
      return list;
    });
    if (round > 0) objects.push(ms);
  }
  (results.floor.callObjects ??= {})[count] = median(objects);
  for (const shape of shapes) {
    // One run in memory at a time: 13 runs of 100,000 calls held together make every garbage
    // collection slower, which a test file holding one run does not pay.
    let run = shape.build(calls);
    checkRead(shape, run, calls);
    const answered = made.filter(([, , , needs]) => !cannotAnswer(shape, needs));
    // Reading alone (getToolCalls), and for shapes that keep values as JSON text, the floor: the
    // parsing alone. Then each case's pass and fail, the cases taking turns in each round.
    const samples = { read: [], floor: [], cases: answered.map(() => ({ pass: [], fail: [], messageLength: 0 })) };
    for (let round = 0; round <= rounds; round++) {
      const read = timeOne(() => getToolCalls(run));
      const floor = shape.floor ? timeOne(() => shape.floor(run)) : undefined;
      if (round > 0) {
        samples.read.push(read.ms);
        if (floor) samples.floor.push(floor.ms);
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
    answered.forEach(([name], index) => {
      const cell = { passMs: median(samples.cases[index].pass), failMs: median(samples.cases[index].fail), messageLength: samples.cases[index].messageLength };
      ((results.cases[name] ??= {})[shape.name] ??= {})[count] = cell;
      if (process.env.BENCH_PROGRESS) console.error(count, name, shape.name, cell.passMs.toFixed(1), cell.failMs.toFixed(1));
    });
  }
}
console.log(JSON.stringify(results));
