// Speed and memory on built code (`npm run bench` builds first), printed as the rows of
// bench/RESULTS.md. Not part of `npm test`: figures vary between machines and runs; ratios measured
// side by side in one process, in interleaved rounds with medians, are what to compare.
// Mastra 1.x declares Node 22: its rows come from child processes on the node@22 package's binary
// (BENCH_NODE22=/path/to/node to use another).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
 * it awaits an empty async function (the caller's own cost of awaiting). Each figure is the median
 * of 7 such loops taking turns: one loop's figure moved by ±150 bytes between processes (720 to
 * 1,005 for the Mastra run over five processes), as the engine's own allocations (compiled code,
 * feedback) land in one loop or another.
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
  const loops = {
    baseline: async () => {},
    mastraScorer: () => order.run(typical),
    mastraRead: async () => { getToolCalls(typical); },
    aiSdkScorer: () => order.run(typicalAiSdk),
    aiSdkRead: async () => { getToolCalls(typicalAiSdk); },
  };
  const figures = Object.fromEntries(Object.keys(loops).map((name) => [name, []]));
  for (let round = 0; round < 7; round++) for (const [name, fn] of Object.entries(loops)) figures[name].push(await growth(fn));
  const middle = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const baseline = middle(figures.baseline);
  const net = (name) => middle(figures[name]) - baseline;
  return {
    mastra: { scorerRun: net('mastraScorer'), getToolCalls: net('mastraRead') },
    aiSdk: { scorerRun: net('aiSdkScorer'), getToolCalls: net('aiSdkRead') },
  };
}

if (process.argv[2] === '--bytes') {
  console.log(JSON.stringify(await bytesPerRun()));
  process.exit(0);
}

const node22 =
  process.env.BENCH_NODE22 ??
  execFileSync('npx', ['-y', '-p', 'node@22.23.3', 'node', '-p', 'process.execPath'], { encoding: 'utf8' }).trim();
/** Runs a bench file in a child process and parses the JSON it prints. */
function child(executable, args) {
  const result = spawnSync(executable, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}
const benchFile = (name) => fileURLToPath(new URL(name, import.meta.url));

// `node bench/run.mjs --matchers [results.json]`: the matcher tables and profiles alone, from a new
// run of bench/matchers.mjs, or from the JSON one printed before.
if (process.argv[2] === '--matchers') {
  const saved = process.argv[3];
  printProfiles(printMatcherTables(saved ? JSON.parse(readFileSync(saved, 'utf8')) : child(process.execPath, ['--max-old-space-size=4096', benchFile('matchers.mjs')])));
  process.exit(0);
}
const fmt = (value) => Math.round(value).toLocaleString('en');

const withHooks = child(node22, [benchFile('scorer.mjs')]);
const withFrames = child(node22, ['--experimental-async-context-frame', benchFile('scorer.mjs')]);
console.log(`code scorer vs @mastra/evals 1.x, 3 calls, flexible order, ${withHooks.node}, one process, median of ${withHooks.rounds} interleaved rounds: runs per second`);
console.log(
  `trajectory scorer vs @mastra/evals 1.x (createTrajectoryScorerCode, 3 tool steps: accuracy, budget, redundancy, retries, blacklist): ours ${fmt(withHooks.trajectory.perSecond.ours)}, Mastra ${fmt(withHooks.trajectory.perSecond.mastra)} runs per second, ours/Mastra ${fmt(withHooks.trajectory.oursOverMastra)}x`,
);
for (const [label, result] of [['default (promise hooks on once Mastra has run)', withHooks], ['--experimental-async-context-frame (no promise hooks)', withFrames]]) {
  console.log(`  ${label}:`);
  console.log(`    before Mastra's scorer has run: no-op ${fmt(result.before.noop)}, plain function ${fmt(result.before.plain)}, ours ${fmt(result.before.ours)} (ours/no-op ${result.oursOverNoop.before.toFixed(2)})`);
  console.log(`    after: no-op ${fmt(result.after.noop)}, plain function ${fmt(result.after.plain)}, ours ${fmt(result.after.ours)}, Mastra ${fmt(result.after.mastra)} (ours/no-op ${result.oursOverNoop.after.toFixed(2)})`);
  console.log(`    ours/Mastra ${fmt(result.oursOverMastra)}x, plain/Mastra ${fmt(result.plainOverMastra)}x, no-op/Mastra ${fmt(result.noopOverMastra)}x (the ceiling)`);
}
// Before and after are different spells of the machine, so on a loaded machine this comparison
// is noisier than the interleaved ratios above.
console.log(
  `  promise hooks, default run, before -> after Mastra's first run: no-op ${fmt(withHooks.before.noop)} -> ${fmt(withHooks.after.noop)}, ours ${fmt(withHooks.before.ours)} -> ${fmt(withHooks.after.ours)}; ` +
    `Mastra with hooks ${fmt(withHooks.after.mastra)}, without (async context frame) ${fmt(withFrames.after.mastra)}`,
);
console.log(
  `  each as a process that runs only it has it (ours before Mastra's first run, Mastra with its hooks; ratio of the two phases' medians): ours/Mastra ${fmt(withHooks.oursAloneOverMastra)}x`,
);

console.log(`code scorer on ${process.version}, 3 calls, flexible order: runs per second`);
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
const bytesChild = spawnSync(
  process.execPath,
  ['--expose-gc', '--min-semi-space-size=512', '--max-semi-space-size=512', fileURLToPath(import.meta.url), '--bytes'],
  { encoding: 'utf8' },
);
const bytes = JSON.parse(bytesChild.stdout);
console.log('bytes allocated per scored run (of which reading the calls), median of 7 loops of 50,000 runs');
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

const matcherResults = child(process.execPath, ['--max-old-space-size=4096', benchFile('matchers.mjs')]);
// Kept, so that the tables and profiles can be printed again without timing the grid again
// (node bench/run.mjs --matchers <file>).
const savedMatchers = join(tmpdir(), 'tool-call-accuracy-bench-matchers.json');
writeFileSync(savedMatchers, JSON.stringify(matcherResults));
console.log(`(the grid's figures are saved in ${savedMatchers})`);
printProfiles(printMatcherTables(matcherResults));

const judge = child(node22, [benchFile('judge.mjs')]);
console.log('judge, one call of the seed weather run, mock model counting calls and prompt characters');
console.log(`  ours: ${judge.ours.modelCalls} model call, ${judge.ours.promptChars} prompt characters; Mastra 1.x: ${judge.mastra.modelCalls} model calls, ${judge.mastra.promptChars} prompt characters`);
console.log(`  cached verdict, fresh process, \`ai\` unresolvable: first ${judge.cached.firstMs.toFixed(1)} ms (loads the judge, zod, reads the file), then median ${judge.cached.medianMs.toFixed(2)} ms`);

/**
 * The matcher figures as Markdown tables for bench/RESULTS.md: per case, a row per run shape with
 * pass / fail milliseconds at each size, the growth from 10,000 to 100,000 calls (the slower of pass
 * and fail), the slower of pass and fail at the largest size over the runner's own `toEqual` of what
 * the case compares (names, or names and inputs) measured in the same rounds, and whether the
 * targets hold (< 50 ms at 100,000, pass and fail; growth < 12x). Then the references and floors
 * per shape, and a summary. Returns the slowest case of each shape at the largest size, and the cases.
 */
function printMatcherTables(results) {
  const { counts, shapes } = results;
  const last = counts.at(-1);
  const previous = counts.at(-2);
  const ms = (value) => (value < 10 ? value.toFixed(1) : Math.round(value).toString());
  const slower = (cell) => Math.max(cell.passMs, cell.failMs);
  const growth = (cells) => Math.max(cells[last].passMs / cells[previous].passMs, cells[last].failMs / cells[previous].failMs);
  const overReference = (name, shape, cells) => slower(cells[last]) / results.reference[results.compares[name]][shape][last];
  const header = `| shape | ${counts.map((count) => count.toLocaleString('en')).join(' | ')} | growth | ÷ toEqual | met |`;
  console.log(`matchers through Jest's expect on ${process.version}, the failure message built and read: ms pass / fail, median of rounds;`);
  console.log(`÷ toEqual: the slower of the two at ${last.toLocaleString('en')} calls over Jest's own toEqual of the same ${last.toLocaleString('en')} names (or calls' names and inputs), timed in the same rounds`);
  const skipped = results.skipped ?? {};
  const tally = { cells: 0, met: 0, under50: 0, atMostReference: 0, atMostTwice: 0 };
  const slowest = {};
  for (const name of new Set([...Object.keys(results.cases), ...Object.keys(skipped)])) {
    const byShape = results.cases[name] ?? {};
    console.log(`\n#### ${name}\n\n${header}\n|${' --- |'.repeat(counts.length + 4)}`);
    for (const shape of shapes) {
      // A case the shape cannot answer (it records no errors, no tokens) is a row that says so.
      if (skipped[name]?.[shape]) {
        console.log(`| ${shape} | skipped: ${skipped[name][shape]} |${' |'.repeat(counts.length + 2)}`);
        continue;
      }
      const cells = byShape[shape];
      const met = slower(cells[last]) < 50 && growth(cells) < 12;
      const ratio = overReference(name, shape, cells);
      tally.cells++;
      if (met) tally.met++;
      if (slower(cells[last]) < 50) tally.under50++;
      if (ratio <= 1) tally.atMostReference++;
      if (ratio <= 2) tally.atMostTwice++;
      if (!slowest[shape] || slower(cells[last]) > slowest[shape].ms) slowest[shape] = { name, ms: slower(cells[last]) };
      console.log(`| ${shape} | ${counts.map((count) => `${ms(cells[count].passMs)} / ${ms(cells[count].failMs)}`).join(' | ')} | ${growth(cells).toFixed(1)}x | ${ratio.toFixed(2)} | ${met ? 'yes' : '**no**'} |`);
    }
  }
  console.log(`\n#### Reading alone, the floors and the references (ms, median of the same rounds)\n`);
  console.log("read: getToolCalls alone. (floor): the work the shape's format forces on any reader, alone (JSON.parse of the values it keeps as text; the names cut out of UI parts' types; generate()'s results walked beside their calls). objects: making the call objects a read returns, alone.");
  console.log("toEqual names / calls: Jest's own expect(list).toEqual(copy) over the run's names, or its { toolName, input } pairs.\n");
  console.log(`| shape | ${counts.map((count) => `${count.toLocaleString('en')}: read (floor) · objects · toEqual names · calls`).join(' | ')} |\n|${' --- |'.repeat(counts.length + 1)}`);
  const { callObjects, names, calls } = results.reference;
  for (const shape of shapes) {
    const floor = results.floor[shape];
    const cell = (count) => `${ms(results.read[shape][count])}${floor ? ` (${ms(floor[count])})` : ''} · ${ms(callObjects[shape][count])} · ${ms(names[shape][count])} · ${ms(calls[shape][count])}`;
    console.log(`| ${shape} | ${counts.map(cell).join(' | ')} |`);
  }
  const growthOf = (figures) => {
    const ratios = shapes.map((shape) => figures[shape][last] / figures[shape][previous]).sort((a, b) => a - b);
    return `${ratios[0].toFixed(0)}–${ratios.at(-1).toFixed(0)}x`;
  };
  console.log(`\nGrowth from ${previous.toLocaleString('en')} to ${last.toLocaleString('en')} calls, lowest–highest over the shapes' rounds: the call objects alone ${growthOf(callObjects)}, toEqual over the names ${growthOf(names)}, over the calls ${growthOf(calls)}.`);
  console.log(
    `\nSummary at ${last.toLocaleString('en')} calls: ${tally.cells} cells (case × shape); ${tally.met} meet both targets, ${tally.under50} are under 50 ms; ` +
      `${tally.atMostReference} take no longer than Jest's toEqual over what they compare, ${tally.atMostTwice} at most twice as long.`,
  );
  return { slowest, cases: results.cases };
}

/**
 * Where the time goes, from profiles each in a process of its own (bench/profile.mjs, 5 rounds of
 * pass and fail at 100,000 calls): each shape's slowest case (what its format costs), then each
 * case on the plain list (what the matcher itself costs, with the least reading).
 */
function printProfiles({ slowest, cases }) {
  const row = (shape, name, ms) => {
    const profile = child(process.execPath, ['--max-old-space-size=4096', benchFile('profile.mjs'), shape, name, '100000', '5']);
    const top = profile.top.slice(0, 5).map((entry) => `${entry.fn} (${entry.where}) ${Math.round(entry.share * 100)}%`).join('; ');
    console.log(`| ${shape} | ${name}${ms === undefined ? '' : ` (${Math.round(ms)})`} | ${top} |`);
  };
  console.log(`\n#### Where the time goes: each shape's slowest case at 100,000 calls, profiled (self time over 5 rounds of pass and fail)\n`);
  console.log('| shape | case (ms, the slower of pass and fail) | the functions that took the most time themselves |\n| --- | --- | --- |');
  for (const [shape, { name, ms }] of Object.entries(slowest)) row(shape, name, ms);
  if (!slowest.plain) return;
  console.log(`\n#### Where the time goes: each case on the plain list at 100,000 calls, profiled the same way\n`);
  console.log('| shape | case | the functions that took the most time themselves |\n| --- | --- | --- |');
  // A case the plain list cannot answer (it records no tokens) has no cell there, and no profile.
  for (const name of Object.keys(cases)) if (cases[name].plain) row('plain', name);
}
