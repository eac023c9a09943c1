// The matchers on large runs, through Jest's own `expect` with the Jest setup file (which also
// writes the diff into the message), pass and fail paths, the failure message built each time.
// Run: npm run build && node bench/matchers.mjs. Prints one JSON object.
import { expect } from 'expect';

globalThis.expect = expect;
await import('../dist/jest.js');

const names = ['search', 'book', 'email', 'log'];
/** A plain array of `count` calls, cycling through four tool names, each with a small input. */
const runOf = (count) => Array.from({ length: count }, (_, index) => ({ toolName: names[index % 4], input: { n: index } }));

/** Milliseconds for one assertion (median of `samples`) and the length of its failure message. */
function measure(assertion, samples) {
  let messageLength = 0;
  const times = [];
  for (let i = 0; i < samples + 1; i++) {
    const start = performance.now();
    try {
      assertion();
    } catch (error) {
      messageLength = error.message.length;
    }
    if (i > 0) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], messageLength };
}

// Each case: a passing and a failing assertion about a run of `count` calls.
const cases = {
  'toCallTool': (run) => ({
    pass: () => expect(run).toCallTool(run.at(-1).toolName, { n: run.length - 1 }),
    fail: () => expect(run).toCallTool('lgo'),
  }),
  'toCallToolsInOrder (3 items)': (run) => ({
    pass: () => expect(run).toCallToolsInOrder(['email', 'log', { toolName: run.at(-1).toolName, input: { n: run.length - 1 } }]),
    fail: () => expect(run).toCallToolsInOrder(['log', 'email', 'search', 'missing']),
  }),
  'toCallToolsInOrder (every call, strict)': (run) => {
    const expected = run.map((call) => call.toolName);
    const wrong = [...expected];
    wrong[wrong.length >> 1] = 'other';
    return {
      pass: () => expect(run).toCallToolsInOrder(expected, { strict: true }),
      fail: () => expect(run).toCallToolsInOrder(wrong, { strict: true }),
    };
  },
  'toCallOnly (every call, reversed)': (run) => {
    const expected = run.map((call) => call.toolName).reverse();
    const wrong = [...expected];
    wrong[0] = 'other';
    return {
      pass: () => expect(run).toCallOnly(expected),
      fail: () => expect(run).toCallOnly(wrong),
    };
  },
  // Patterns whose inputs are plain data are grouped by key (name and input), not compared pair by pair.
  'toCallOnly (every call, with inputs)': (run) => {
    const expected = run.map((call) => ({ toolName: call.toolName, input: call.input })).reverse();
    const wrong = [...expected];
    wrong[0] = { toolName: 'search', input: { n: -1 } };
    return {
      pass: () => expect(run).toCallOnly(expected),
      fail: () => expect(run).toCallOnly(wrong),
    };
  },
};

const counts = (process.env.BENCH_COUNTS ?? '10,1000,10000,100000').split(',').map(Number);
const results = {};
for (const [name, make] of Object.entries(cases)) {
  results[name] = {};
  for (const count of counts) {
    const { pass, fail } = make(runOf(count));
    const samples = count >= 100_000 ? 3 : count >= 10_000 ? 5 : 21;
    const passed = measure(pass, samples);
    if (passed.messageLength !== 0) throw new Error(`${name} on ${count} calls failed where it should pass`);
    const failed = measure(fail, samples);
    if (failed.messageLength === 0) throw new Error(`${name} on ${count} calls passed where it should fail`);
    results[name][count] = { passMs: passed.ms, failMs: failed.ms, messageLength: failed.messageLength };
    if (process.env.BENCH_PROGRESS) console.error(name, count, results[name][count]);
  }
}
console.log(JSON.stringify(results));
