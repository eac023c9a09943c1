// Speed and memory of the code scorer on built code (`npm run bench` builds first).
// Not part of `npm test`: figures vary between machines and runs; run it twice to see the spread.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createToolCallAccuracyScorerCode, getToolCalls } from '../dist/index.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../dist/testing.js';

const ourBuilders = { createAgentTestRun, createMessage: createTestMessage, createToolInvocation };

/** A Mastra agent run whose one assistant message made calls with these names, built with `builders`. */
function builtRun(builders, names) {
  return builders.createAgentTestRun({
    inputMessages: [builders.createMessage({ content: 'Book a flight', role: 'user', id: 'in' })],
    output: [
      builders.createMessage({
        content: 'Done.',
        role: 'assistant',
        id: 'out',
        toolInvocations: names.map((toolName, index) =>
          builders.createToolInvocation({ toolCallId: `call-${index}`, toolName, args: { n: index }, result: {}, state: 'result' }),
        ),
      }),
    ],
  });
}

const mastraRun = (names) => builtRun(ourBuilders, names);

/** An AI SDK generateText result as saved to JSON (steps[].content), with no runId of its own. */
function aiSdkRun(stepsOfNames) {
  return {
    steps: stepsOfNames.map((names, step) => ({
      content: names.map((toolName, index) => ({ type: 'tool-call', toolCallId: `call-${step}-${index}`, toolName, input: { n: index } })),
      finishReason: names.length > 0 ? 'tool-calls' : 'stop',
    })),
  };
}

// Mastra's own scorer and builders, from the reference/mastra workspace (@mastra/evals 0.14.4, the
// newest that runs on Node 20), for a side-by-side figure in this same process.
const fromMastra = createRequire(new URL('../reference/mastra/package.json', import.meta.url));
const mastra = {
  ...(await import(fromMastra.resolve('@mastra/evals/scorers/code'))),
  ...(await import(fromMastra.resolve('@mastra/evals/scorers/utils'))),
};

/** The same run as `mastraRun`, built with Mastra's own test helpers, for Mastra's scorer. */
const mastraBuiltRun = (names) =>
  builtRun({ createAgentTestRun: mastra.createAgentTestRun, createMessage: mastra.createUIMessage, createToolInvocation: mastra.createToolInvocation }, names);

const names = (count) => Array.from({ length: count }, (_, index) => ['search', 'book', 'email', 'log'][index % 4]);
const order = createToolCallAccuracyScorerCode({ expectedToolOrder: ['search', 'book', 'email'] });
const typical = mastraRun(['search', 'book', 'email']);
const typicalAiSdk = aiSdkRun([['search'], ['book', 'email'], []]);

async function warmUp(scorer, run) {
  for (let i = 0; i < 5000; i++) await scorer.run(run);
}

/** Runs per second over about `seconds` of batches, timed by the clock (a batch may overrun). */
async function runsPerSecond(scorer, run, seconds = 1) {
  let runs = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) await scorer.run(run);
    runs += 100;
  }
  return runs / ((performance.now() - start) / 1000);
}

/**
 * Bytes allocated per scored run: heap growth over many runs in a process whose young generation
 * is large enough that no garbage collection happens meanwhile, less the same loop's growth when
 * it awaits an empty async function (the caller's own cost of awaiting).
 */
async function bytesPerRun() {
  const runs = 50_000;
  const growth = async (fn) => {
    for (let i = 0; i < 5000; i++) await fn();
    globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < runs; i++) await fn();
    return (process.memoryUsage().heapUsed - before) / runs;
  };
  const baseline = await growth(async () => {});
  const measure = async (run) => ({
    scorerRun: (await growth(() => order.run(run))) - baseline,
    getToolCalls: (await growth(async () => { getToolCalls(run); })) - baseline,
  });
  return { mastra: await measure(typical), aiSdk: await measure(typicalAiSdk) };
}

if (process.argv[2] === '--bytes') {
  console.log(JSON.stringify(await bytesPerRun()));
  process.exit(0);
}

console.log('code scorer, 3 calls, flexible order: runs per second');
// Ours and Mastra's take turns, so a slow spell of the machine hits both; the ratio is the median
// of the rounds' ratios.
const mastraScorer = mastra.createToolCallAccuracyScorerCode({ expectedToolOrder: ['search', 'book', 'email'] });
const mastraTypical = mastraBuiltRun(['search', 'book', 'email']);
await warmUp(order, typical);
await warmUp(mastraScorer, mastraTypical);
const rounds = [];
for (let round = 0; round < 5; round++) {
  rounds.push({ ours: await runsPerSecond(order, typical, 0.4), theirs: await runsPerSecond(mastraScorer, mastraTypical, 0.4) });
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ours = median(rounds.map((r) => r.ours));
const theirs = median(rounds.map((r) => r.theirs));
const ratio = median(rounds.map((r) => r.ours / r.theirs));
console.log(`  a Mastra run: ${Math.round(ours).toLocaleString('en')}`);
console.log(`  the same run, Mastra's own scorer (@mastra/evals 0.14.4): ${Math.round(theirs).toLocaleString('en')} (ours is ${Math.round(ratio).toLocaleString('en')}x, median of 5 alternating rounds)`);
await warmUp(order, typicalAiSdk);
console.log(`  an AI SDK result (JSON, 3 steps): ${Math.round(await runsPerSecond(order, typicalAiSdk)).toLocaleString('en')}`);
const child = spawnSync(
  process.execPath,
  ['--expose-gc', '--min-semi-space-size=512', '--max-semi-space-size=512', fileURLToPath(import.meta.url), '--bytes'],
  { encoding: 'utf8' },
);
const bytes = JSON.parse(child.stdout);
console.log('bytes allocated per scored run (of which reading the calls)');
for (const [label, figures] of [['a Mastra run', bytes.mastra], ['an AI SDK result', bytes.aiSdk]]) {
  console.log(`  ${label}: ${Math.round(figures.scorerRun)} (${Math.round(figures.getToolCalls)})`);
}

console.log('scaling (flexible order over n calls): nanoseconds per call, median of 7');
for (const count of [100, 1_000, 10_000, 100_000]) {
  const run = mastraRun(names(count));
  for (let i = 0; i < 3; i++) await order.run(run);
  const samples = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    await order.run(run);
    samples.push(((performance.now() - start) * 1e6) / count);
  }
  samples.sort((a, b) => a - b);
  console.log(`  n=${count.toLocaleString('en').padStart(7)}: ${samples[3].toFixed(0)}`);
}
