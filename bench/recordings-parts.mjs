// Where a replayed generateText step's extra time is: the AI SDK over the recorded answers
// themselves, or recordedModel's own path to them. Three models take turns in blocks of 20 steps,
// in one process: ai's bare MockLanguageModelV4 (its answers made per call, as bench/recordings.mjs's
// bare model), a MockLanguageModelV4 handing back the answers of a recording file, parsed and revived
// before the round (the recorded shapes, sorted keys and all, with no look-up and no copy), and
// recordedModel replaying that file. CPU per step, medians of the rounds and of the rounds' ratios.
//
// With BENCH_BASE=<another build's dist>, that build's recordedModel replays the same file too, as a
// fourth model in the same rounds ("base"): a before/after of the replay path in one process.
//
// --spans <file> writes when each timed block of each model ran ([model, start µs, end µs, steps], on the
// clock of V8's CPU profiles), so that a profile of this run (node --cpu-prof) can be read per model:
// node bench/cpuprofile-by-model.mjs <profile dir> <file>.
//
// As in bench/recordings.mjs, each round's timed blocks begin after a full collection, so that moving
// the parsed files to the old generation is not charged to the model whose block runs first.
//
// --no-collect leaves the collection out, to see that bias: with BENCH_BASE=dist (this very build as
// the "base") and --models replay,base, an A/A check, the two replays then differ by their order alone.
//
// Run: npm run build && [BENCH_BASE=/tmp/base/dist] node bench/recordings-parts.mjs [--rounds 15] [--spans file] [--no-collect] [--models bare,stored,replay,base]
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { recordedModel } from '../dist/index.js';
import { bare, textOptions } from './bookingSteps.mjs';
import { collect } from './collect.mjs';

const base = process.env.BENCH_BASE ? await import(path.resolve(process.env.BENCH_BASE, 'index.js')) : undefined;

const { values: options } = parseArgs({ options: { rounds: { type: 'string', default: '15' }, spans: { type: 'string' }, 'no-collect': { type: 'boolean', default: false }, models: { type: 'string' } } });
const ROUNDS = Number(options.rounds);
const STEPS = 1000;
const BLOCK = 20;
const flushRecordings = () => globalThis[Symbol.for('tool-call-accuracy.flush-recordings')]?.();
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

const work = mkdtempSync(path.join(tmpdir(), 'tca-bench-parts-'));
try {
  const recorder = recordedModel(bare(), { mode: 'record', dir: path.join(work, 'recorded'), name: 'parts' });
  for (let index = 0; index < STEPS; index++) await generateText(textOptions(recorder, index));
  await flushRecordings();
  const file = path.join(work, 'recorded', readdirSync(path.join(work, 'recorded'))[0]);
  const texts = JSON.parse(readFileSync(file, 'utf8')).steps.map((step) => JSON.stringify(step.response));
  // The file's one marked value in these answers: the response's timestamp, written as { $date }.
  const revive = (_key, value) => (value !== null && typeof value === 'object' && typeof value.$date === 'string' ? new Date(value.$date) : value);
  let copies = 0;
  const models = {
    bare: () => bare(),
    stored: () => {
      const answers = texts.map((text) => JSON.parse(text, revive));
      let index = 0;
      return new MockLanguageModelV4({ provider: 'openai.responses', modelId: 'gpt-5-mini', doGenerate: async () => answers[index++] });
    },
    replay: () => replaying(recordedModel),
    ...(base && { base: () => replaying(base.recordedModel) }),
  };
  function replaying(recorded) {
    const dir = path.join(work, `replay-${copies++}`);
    cpSync(file, path.join(dir, path.basename(file)));
    return recorded(bare(), { mode: 'replay', dir, name: 'parts' });
  }
  // --models replay,base: two models alone take turns in mirrored order (an A/A check with BENCH_BASE=dist).
  const kinds = options.models ? options.models.split(',') : Object.keys(models);
  const unknown = kinds.filter((kind) => !Object.hasOwn(models, kind));
  if (unknown.length > 0) throw new Error(`--models: no model ${unknown.join(', ')}; the models are ${Object.keys(models).join(', ')} (base with BENCH_BASE=<a build's dist>).`);
  const first = kinds[0];
  const spent = Object.fromEntries(kinds.map((kind) => [kind, []]));
  const spans = [];
  for (let round = 0; round < ROUNDS + 2; round++) {
    const model = Object.fromEntries(kinds.map((kind) => [kind, models[kind]()]));
    for (const kind of kinds) await generateText(textOptions(model[kind], 0)); // the replay opens its file
    if (!options['no-collect']) collect();
    const cpu = Object.fromEntries(kinds.map((kind) => [kind, 0]));
    for (let from = 1, block = 0; from < STEPS; from += BLOCK, block++) {
      for (const kind of block % 2 === 0 ? kinds : [...kinds].reverse()) {
        const start = process.cpuUsage();
        const began = process.hrtime.bigint();
        for (let index = from; index < Math.min(STEPS, from + BLOCK); index++) await generateText(textOptions(model[kind], index));
        const used = process.cpuUsage(start);
        cpu[kind] += used.user + used.system;
        if (round >= 2) spans.push([kind, Number(began / 1000n), Number(process.hrtime.bigint() / 1000n), Math.min(STEPS, from + BLOCK) - from]);
      }
    }
    if (round >= 2) for (const kind of kinds) spent[kind].push(cpu[kind] / (STEPS - 1)); // two warm-up rounds
  }
  if (options.spans) writeFileSync(options.spans, JSON.stringify(spans));
  console.log(`recordings: a one-step generateText over ${kinds.length} models, ${kinds.join(', ')} (${ROUNDS} rounds of ${STEPS - 1} steps, blocks of ${BLOCK} taking turns; CPU per step)`);
  for (const kind of kinds) {
    const ratio = median(spent[kind].map((value, round) => value / spent[first][round]));
    console.log(`  ${`${kind}:`.padEnd(8)} ${median(spent[kind]).toFixed(1)} µs, ${ratio.toFixed(2)}× the ${first} model's`);
  }
  if (kinds.includes('base') && kinds.includes('replay')) console.log(`  replay / base: ${median(spent.replay.map((value, round) => value / spent.base[round])).toFixed(2)}× (median of the rounds' ratios)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
