// Writes trajectory-scorers.json: seeded generated trajectories scored by Mastra 1.x's own
// createTrajectoryAccuracyScorerCode and createTrajectoryScorerCode (@mastra/evals 1.10.2 in
// reference/mastra1), with the score this package must give. Run on demand, after a change of the
// generator or of Mastra's version:
//
//   node test/scoring/conformance/generateTrajectoryCases.mjs            (Node 20.19+ runs it;
//   npx -p node@22 node test/scoring/conformance/generateTrajectoryCases.mjs   Mastra declares 22)
//
// test/scoring/trajectoryScorers.conformance.test.ts checks every case; the README beside this file
// describes the fields. Divergences are decided here, each named by a key that docs/scorers.md explains.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mastra from '../../../reference/mastra1/index.js';

const SEED = 30;
const ACCURACY_CASES = 440;
const TRAJECTORY_CASES = 660;

/** mulberry32: a small seeded generator, so the file is the same on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(SEED);
const chance = (p) => next() < p;
const int = (min, max) => min + Math.floor(next() * (max - min + 1));
const pick = (list) => list[Math.floor(next() * list.length)];
const TOOLS = ['search', 'book', 'pay', 'notify', 'refund'];
const ARGS = [{ q: 'a' }, { q: 'b' }, {}, { q: 'a', n: 1 }];

/** A tool step as extractTrajectory makes one: args, success, a result object when it succeeded. */
function toolStep(name) {
  const success = !chance(0.3);
  const step = { stepType: 'tool_call', name, toolArgs: pick(ARGS), success };
  if (success) step.toolResult = pick([{ ok: 1 }, { ok: 2 }]);
  else if (chance(0.5)) step.toolResult = { error: 'timeout' };
  return step;
}

/**
 * A trajectory of tool steps. Tokens ride on model_generation steps under a tool step (a sub-agent
 * the tool ran), which both readers sum at any depth without making them calls; times are the
 * trajectory's total or every step's own.
 */
function trajectory() {
  const length = chance(0.1) ? 0 : int(1, 8);
  const names = chance(0.5) ? TOOLS.slice(0, 3) : TOOLS;
  const steps = [];
  for (let index = 0; index < length; index++) {
    // Runs of one tool in a row, for retries and redundant calls.
    const name = index > 0 && chance(0.35) ? steps[index - 1].name : pick(names);
    steps.push(toolStep(name));
  }
  const tokens = next();
  if (tokens < 0.5 && steps.length > 0) {
    for (const step of steps) {
      if (!chance(0.4)) continue;
      const generation = { stepType: 'model_generation', name: 'llm', promptTokens: int(5, 200), completionTokens: int(5, 100) };
      if (tokens < 0.05) delete generation.completionTokens;
      step.children = [generation];
    }
  }
  const time = next();
  const result = { steps };
  if (time < 0.4) result.totalDurationMs = int(0, 500);
  else if (time < 0.7 && steps.length > 0) for (const step of steps) step.durationMs = int(1, 120);
  else if (time < 0.8 && steps.length > 1) steps[0].durationMs = 10;
  return result;
}

/** An expected step: a name, sometimes with a stepType and the data it asks. */
function expectedStep(actual) {
  const name = actual.length > 0 && chance(0.6) ? pick(actual).name : pick(TOOLS);
  if (chance(0.75)) return { name };
  const step = { name, stepType: 'tool_call' };
  if (chance(0.6)) step.toolArgs = pick(ARGS);
  if (chance(0.4)) step.success = chance(0.7);
  if (chance(0.2)) step.toolResult = pick([{ ok: 1 }, { ok: 2 }]);
  return step;
}

function expectedSteps(actual) {
  const count = chance(0.08) ? 0 : int(1, 5);
  return Array.from({ length: count }, () => expectedStep(actual.steps));
}

const maybe = (p, make) => (chance(p) ? make() : undefined);
const ordering = () => maybe(0.8, () => pick(['strict', 'relaxed', 'unordered']));
const repeats = () => maybe(0.5, () => chance(0.5));

/** A TrajectoryExpectation with a random subset of its fields. */
function expectation(actual, { steps }) {
  const config = {};
  const set = (key, p, make) => {
    if (chance(p)) config[key] = make();
  };
  if (steps) set('steps', 0.6, () => expectedSteps(actual));
  set('ordering', 0.4, () => pick(['strict', 'relaxed', 'unordered']));
  set('allowRepeatedSteps', 0.3, () => chance(0.5));
  set('maxSteps', 0.35, () => int(0, 8));
  set('maxTotalTokens', 0.15, () => int(0, 600));
  set('maxTotalDurationMs', 0.15, () => int(0, 400));
  set('noRedundantCalls', 0.3, () => chance(0.5));
  set('blacklistedTools', 0.2, () => Array.from({ length: int(1, 2) }, () => pick(TOOLS)));
  set('blacklistedSequences', 0.2, () => Array.from({ length: int(1, 2) }, () => Array.from({ length: int(1, 3) }, () => pick(TOOLS))));
  set('maxRetriesPerTool', 0.3, () => int(0, 3));
  return config;
}

function scorerInput(output, expectedTrajectory) {
  return {
    input: { inputMessages: [], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
    output,
    ...(expectedTrajectory !== undefined && { expectedTrajectory }),
    runId: 'conformance',
  };
}

async function mastraScore(create, options, output, item) {
  let scorer;
  try {
    scorer = create(options);
  } catch (error) {
    return { score: 'throw', error: String(error.message ?? error) };
  }
  try {
    const result = await scorer.run(scorerInput(output, item));
    return { score: result.score };
  } catch (error) {
    return { score: 'run-error', error: String(error.cause?.message ?? error.message ?? error) };
  }
}

/** Where this package decides otherwise, on purpose (docs/scorers.md, "Where this differs from Mastra"). */
function divergenceOf(kind, options, item, output, mastraResult) {
  if (kind === 'accuracy') {
    const steps = options.expectedTrajectory ?? item?.steps;
    if (!steps) return { key: 'no-expected-steps', expected: 'run-error' };
  }
  return undefined;
}

const cases = [];
async function addCase(kind, options, output, item) {
  const create = kind === 'accuracy' ? mastra.createTrajectoryAccuracyScorerCode : mastra.createTrajectoryScorerCode;
  const result = await mastraScore(create, options, output, item);
  const divergence = divergenceOf(kind, options, item, output, result);
  const testCase = {
    id: `${kind === 'accuracy' ? 'a' : 't'}${String(cases.length).padStart(5, '0')}`,
    scorer: kind,
    options,
    ...(item !== undefined && { item }),
    trajectory: output,
    mastra: result.score,
    expected: divergence ? divergence.expected : result.score,
    ...(divergence && { divergence: divergence.key }),
  };
  if (result.error) testCase.mastraError = result.error;
  cases.push(testCase);
}

for (let index = 0; index < ACCURACY_CASES; index++) {
  const output = trajectory();
  const options = {};
  const form = next();
  // The expected steps as a list, as a trajectory (its tool steps), or only on the dataset item.
  if (form < 0.6) options.expectedTrajectory = expectedSteps(output);
  else if (form < 0.75) options.expectedTrajectory = trajectory();
  const comparisonOptions = {};
  const order = ordering();
  if (order) comparisonOptions.ordering = order;
  const repeated = repeats();
  if (repeated !== undefined) comparisonOptions.allowRepeatedSteps = repeated;
  if (Object.keys(comparisonOptions).length > 0) options.comparisonOptions = comparisonOptions;
  let item;
  if (form >= 0.75 || chance(0.25)) {
    item = {};
    if (form >= 0.75 && chance(0.9)) item.steps = expectedSteps(output);
    const itemOrder = maybe(0.4, () => pick(['strict', 'relaxed', 'unordered']));
    if (itemOrder) item.ordering = itemOrder;
    const itemRepeats = maybe(0.3, () => chance(0.5));
    if (itemRepeats !== undefined) item.allowRepeatedSteps = itemRepeats;
  }
  await addCase('accuracy', options, output, item);
}

for (let index = 0; index < TRAJECTORY_CASES; index++) {
  const output = trajectory();
  const options = {};
  if (chance(0.85)) options.defaults = expectation(output, { steps: true });
  if (chance(0.3)) {
    options.weights = {};
    for (const key of ['accuracy', 'efficiency', 'toolFailures', 'blacklist']) if (chance(0.5)) options.weights[key] = pick([0, 0.1, 0.25, 0.5, 1]);
  }
  const item = chance(0.35) ? expectation(output, { steps: true }) : undefined;
  await addCase('trajectory', options, output, item);
}

// Where this package decides otherwise on purpose, one case each (the key names the paragraph of
// docs/scorers.md that says why); `expected` is this package's answer.
const trace = {
  steps: [
    {
      stepType: 'model_generation',
      name: "llm: 'gpt-5-mini'",
      promptTokens: 120,
      completionTokens: 45,
      children: [
        { stepType: 'tool_call', name: 'search', toolArgs: { q: 'a' }, success: true, toolResult: { ok: 1 } },
        { stepType: 'tool_call', name: 'book', toolArgs: { q: 'b' }, success: true, toolResult: { ok: 1 } },
      ],
    },
  ],
  totalDurationMs: 40,
};
const twoCalls = { steps: [toolStepOf('search', { q: 'a', n: 1 }), toolStepOf('book', { q: 'b' })] };
function toolStepOf(name, toolArgs) {
  return { stepType: 'tool_call', name, toolArgs, success: true, toolResult: { ok: 1 } };
}
const handCases = [
  ['trace-trajectory', 'accuracy', { expectedTrajectory: [{ name: 'search' }, { name: 'book' }] }, trace, undefined, 1],
  ['trace-trajectory', 'trajectory', { defaults: { steps: [{ name: 'search' }, { name: 'book' }], maxSteps: 2, maxTotalTokens: 200 } }, trace, undefined, 1],
  ['key-order', 'accuracy', { expectedTrajectory: [{ name: 'search', stepType: 'tool_call', toolArgs: { n: 1, q: 'a' } }] }, twoCalls, undefined, 1],
  ['mcp-step-type', 'accuracy', { expectedTrajectory: [{ name: 'weather', stepType: 'tool_call' }] }, { steps: [{ stepType: 'mcp_tool_call', name: 'weather', toolArgs: {}, mcpServer: 'forecasts', success: true }] }, undefined, 1],
  ['agent-run-step', 'accuracy', { expectedTrajectory: [{ name: 'researcher' }] }, { steps: [{ stepType: 'agent_run', name: "agent run: 'researcher'", agentId: 'researcher', children: [] }] }, undefined, 1],
  ['negative-weight', 'trajectory', { defaults: { steps: [{ name: 'search' }], maxSteps: 1 }, weights: { efficiency: -1 } }, twoCalls, undefined, 'throw'],
  ['empty-sequence', 'trajectory', { defaults: { blacklistedSequences: [[]] } }, twoCalls, undefined, 'throw'],
  ['invalid-budget', 'trajectory', { defaults: { maxSteps: -1 } }, twoCalls, undefined, 'throw'],
  ['invalid-budget', 'trajectory', { defaults: { maxRetriesPerTool: Number.NaN } }, twoCalls, undefined, 'throw'],
  ['unknown-ordering', 'accuracy', { expectedTrajectory: [{ name: 'search' }], comparisonOptions: { ordering: 'loose' } }, twoCalls, undefined, 'throw'],
  ['nested-children', 'trajectory', { defaults: { steps: [{ name: 'search', children: { steps: [{ name: 'web' }] } }] } }, twoCalls, undefined, 'throw'],
  ['no-expected-steps', 'accuracy', {}, twoCalls, { ordering: 'strict' }, 'run-error'],
];
for (const [key, kind, options, output, item, expected] of handCases) {
  await addCase(kind, options, output, item);
  const added = cases[cases.length - 1];
  added.expected = expected;
  added.divergence = key;
}

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'trajectory-scorers.json');
// One case a line: a regenerated file diffs case by case.
writeFileSync(file, `[\n${cases.map((testCase) => JSON.stringify(testCase)).join(',\n')}\n]\n`);
const count = (predicate) => cases.filter(predicate).length;
console.log(
  `${cases.length} cases (${count((c) => c.scorer === 'accuracy')} accuracy, ${count((c) => c.scorer === 'trajectory')} trajectory): ` +
    `${count((c) => typeof c.mastra === 'number' && c.mastra > 0 && c.mastra < 1)} partial scores, ${count((c) => c.mastra === 'run-error')} run errors, ${count((c) => c.divergence)} divergences -> ${path.relative(process.cwd(), file)}`,
);
