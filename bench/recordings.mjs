// What replaying recordings costs, on built code (`npm run bench` builds first), in one process:
//
// 1. Per model step: `doGenerate` of ai's own MockLanguageModelV4 (the bare model), against the
//    same model through recordedModel replaying that step from its recording file (the model is
//    never called), and a whole one-step `generateText` over each; the same for `doStream` and a
//    one-step `streamText` (its stream read to the end). Each step asks something of its own (a
//    prompt of 4 messages, ~1 KB, with 2 tools) and answers one tool call, as an agent's steps do.
//    Medians of rounds that take turns; the ratio is replay / bare. The part runs in --processes
//    separate processes (default 3) and reports each and their median: the ratio moves between
//    processes more than between rounds of one.
// 2. Loading a test's recordings at 1,000 steps (~3.7 MB of JSON): the first replayed answer from a
//    file this process has not opened (read, parse, key the request), and the 1,000 steps replayed
//    in order. Each round copies the file to a fresh folder, so nothing is cached between rounds.
// 3. Growth (--scale 100,1000,10000): recording n steps in one recording (record mode, the bare model
//    answering; the time includes the write that a test's end makes, `flushRecordings` below) and
//    replaying them (a fresh copy of the file, the load included), at each n (each in a process of
//    its own), with the growth per 10×.
//
// Run: npm run build && node bench/recordings.mjs [--rounds 7] [--per-round 1000] [--processes 3] [--steps 1000] [--scale 100,1000,10000] [--only step|load|scale]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateText, streamText } from 'ai';
import { recordedModel } from '../dist/index.js';
import { bare, callOptions, textOptions } from './bookingSteps.mjs';
import { collect } from './collect.mjs';

const { values: options } = parseArgs({ options: { rounds: { type: 'string', default: '7' }, steps: { type: 'string', default: '1000' }, scale: { type: 'string', default: '100,1000,10000' }, only: { type: 'string', default: '' }, 'per-round': { type: 'string', default: '1000' }, processes: { type: 'string', default: '3' }, json: { type: 'boolean', default: false } } });
const ROUNDS = Number(options.rounds);
const STEPS = Number(options.steps);
// Steps timed per round in part 1, plus one (the first opens the file). A round of a few hundred
// generateText steps holds about one young-generation collection of each side, which on a loaded
// machine took 15-30 ms (bench/RESULTS.md, issue 45, i45c): which side it fell on decided the
// round's ratio (0.7x to 4.4x in one run). A thousand steps a round hold several of each.
const PER_STEP = Number(options['per-round']) + 1;
const BLOCK = 20; // steps per block, bare and replay taking turns

// What a test's end does: writes the steps a long recording left unwritten (the store's hook for the setup entries).
const flushRecordings = () => globalThis[Symbol.for('tool-call-accuracy.flush-recordings')]?.();

const work = mkdtempSync(path.join(tmpdir(), 'tca-bench-recordings-'));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const us = (ms) => `${(ms * 1000).toFixed(1)} µs`;

/** Records `count` steps under `name` into `dir` (the bare model answers), and returns the file. */
async function record(dir, name, count) {
  const model = recordedModel(bare(), { mode: 'record', dir, name });
  for (let index = 0; index < count; index++) await model.doGenerate(callOptions(index));
  await flushRecordings();
  return path.join(dir, readdirSync(dir).find((file) => file.endsWith('.json')));
}

/** One streamText step, read to its end: what a user's loop waits for. */
async function streamStep(model, index) {
  const result = streamText(textOptions(model, index));
  await result.consumeStream();
  return result.toolCalls;
}

/** A folder of its own holding a copy of `file`: a recording this process has not opened. */
let fresh = 0;
function freshCopy(file) {
  const dir = path.join(work, `replay-${fresh++}`);
  cpSync(path.dirname(file), dir, { recursive: true });
  return dir;
}

try {
  if (options.only === '' || options.only === 'step') await perStep();
  if (options.only === '' || options.only === 'load') await load();
  if (options.only === '' || options.only === 'scale') await scale();
  if (options.only === 'scale-one') await scaleOne();
} finally {
  rmSync(work, { recursive: true, force: true });
}

async function scale() {
  // Each n in a process of its own: the recordings an earlier n left in memory (this process holds
  // every file it opened) would slow the next one's garbage collection.
  const sizes = options.scale.split(',').map(Number);
  const rows = [];
  for (const n of sizes) {
    rows.push(JSON.parse(again(['--only', 'scale-one', '--scale', String(n)]).trim().split('\n').at(-1)));
  }
  console.log('recordings: one recording of n steps, recorded (record mode, its last write included) and replayed (a fresh copy of its file, loading included), one round each, each n in a process of its own');
  for (const [index, row] of rows.entries()) {
    const before = rows[index - 1];
    const growth = (now, then) => (before ? ` (${(now / then).toFixed(1)}× the ${before.n.toLocaleString('en')})` : '');
    console.log(`  ${row.n.toLocaleString('en').padStart(6)} steps (${row.mb.toFixed(2)} MB): record ${row.recordMs.toFixed(0)} ms${growth(row.recordMs, before?.recordMs)}, replay ${row.replayMs.toFixed(0)} ms${growth(row.replayMs, before?.replayMs)}`);
  }
}

/** One n of `scale`, printed as a JSON line. */
async function scaleOne() {
  const n = Number(options.scale);
  const start = performance.now();
  const file = await record(path.join(work, `scale-${n}`), `scale ${n}`, n);
  const recordMs = performance.now() - start;
  const model = recordedModel(bare(), { mode: 'replay', dir: freshCopy(file), name: `scale ${n}` });
  const replayStart = performance.now();
  for (let index = 0; index < n; index++) await model.doGenerate(callOptions(index));
  console.log(JSON.stringify({ n, recordMs, replayMs: performance.now() - replayStart, mb: statSync(file).size / 1024 / 1024 }));
}

/** This script again, in a process of its own, with `args`; its output, or an error with its stderr. */
function again(args) {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (child.status !== 0) throw new Error(`bench/recordings.mjs ${args.join(' ')} failed: ${child.stderr}`);
  return child.stdout;
}

async function perStep() {
  const processes = Number(options.processes);
  if (processes > 1) return perStepProcesses(processes);
  // 1. Per model step.
  const perStepFile = await record(path.join(work, 'per-step'), 'per step', PER_STEP);
  const textRecorder = recordedModel(bare(), { mode: 'record', dir: path.join(work, 'text'), name: 'text steps' });
  for (let index = 0; index < PER_STEP; index++) await generateText(textOptions(textRecorder, index));
  await flushRecordings();
  const textFile = path.join(work, 'text', readdirSync(path.join(work, 'text'))[0]);
  const streamRecorder = recordedModel(bare(), { mode: 'record', dir: path.join(work, 'stream'), name: 'stream steps' });
  for (let index = 0; index < PER_STEP; index++) await streamStep(streamRecorder, index);
  await flushRecordings();
  const streamFile = path.join(work, 'stream', readdirSync(path.join(work, 'stream'))[0]);

  const rows = [
    ['bare MockLanguageModelV4.doGenerate', 'recordedModel replaying it (model never called)', perStepFile, 'per step', (model, index) => model.doGenerate(callOptions(index))],
    // What a user's loop sees (the tools are not executed: the step ends at the call).
    ['generateText, one step, over the bare model', 'generateText, one step, over the replay', textFile, 'text steps', (model, index) => generateText(textOptions(model, index))],
    ['streamText, one step, over the bare model', 'streamText, one step, over the replay', streamFile, 'stream steps', streamStep],
  ];
  console.log(`recordings: replay overhead per model step (${ROUNDS} rounds of ${PER_STEP - 1} steps in blocks of ${BLOCK}, bare and replay taking turns, after a full collection; medians of the rounds; each step a ~1 KB prompt with 2 tools, answered by one tool call)`);
  const ratios = [];
  for (const [bareLabel, replayLabel, file, name, step] of rows) {
    const { wall, cpu, cpuTotal } = await compare(file, name, step);
    console.log(`  ${`${bareLabel}:`.padEnd(50)} ${us(wall.bare)} per step (CPU ${us(cpu.bare)})`);
    console.log(`  ${`${replayLabel}:`.padEnd(50)} ${us(wall.replay)} per step (CPU ${us(cpu.replay)})  ${wall.ratio.toFixed(2)}× the bare model's (CPU ${cpu.ratio.toFixed(2)}×, rounds ${cpu.range.map((ratio) => ratio.toFixed(2)).join('–')}, all rounds' CPU ${cpuTotal.toFixed(2)}×), medians of the rounds' ratios`);
    ratios.push({ row: replayLabel, wall: wall.ratio, cpu: cpu.ratio });
  }
  if (options.json) console.log(JSON.stringify({ ratios })); // for perStepProcesses
}

/** Part 1 in `count` processes one after another: each one's lines, then each row's ratio per process and the median. */
function perStepProcesses(count) {
  const runs = [];
  for (let run = 0; run < count; run++) {
    const args = ['--only', 'step', '--processes', '1', '--json', '--rounds', options.rounds, '--per-round', options['per-round']];
    const lines = again(args).trim().split('\n');
    console.log(`process ${run + 1} of ${count}:`);
    console.log(lines.slice(0, -1).join('\n'));
    runs.push(JSON.parse(lines.at(-1)).ratios);
  }
  console.log(`recordings: replay / bare per step in ${count} processes (wall; CPU), and their median`);
  for (const [index, { row }] of runs[0].entries()) {
    const of = (clock) => runs.map((ratios) => ratios[index][clock]);
    const list = (values) => values.map((value) => value.toFixed(2)).join(', ');
    console.log(`  ${`${row}:`.padEnd(50)} ${list(of('wall'))}; CPU ${list(of('cpu'))}  median ${median(of('wall')).toFixed(2)}× (CPU ${median(of('cpu')).toFixed(2)}×)`);
  }
}

/**
 * A step over the bare model and over the replay of `file`, in blocks of BLOCK steps that take
 * turns (bare, replay, replay, bare, …), so that the load of a shared machine (and the garbage
 * collector's pauses) fall on both alike. Per round, each side's mean per step over all its blocks,
 * in wall time and in this process's CPU time (`process.cpuUsage`: what the step costs, without
 * the time other processes held the cores); the medians over the rounds, and of the rounds' ratios.
 */
async function compare(file, name, step) {
  const rounds = { wall: { bare: [], replay: [], ratio: [] }, cpu: { bare: [], replay: [], ratio: [] } };
  const totals = { bare: 0, replay: 0 };
  for (let round = 0; round < ROUNDS + 2; round++) {
    const replaying = recordedModel(bare(), { mode: 'replay', dir: freshCopy(file), name });
    await step(replaying, 0); // opens the file: part 2 times that
    const plain = bare();
    await step(plain, 0);
    collect(); // the parsed file moved to the old generation before any block is timed (bench/collect.mjs)
    const spent = { wall: { bare: 0, replay: 0 }, cpu: { bare: 0, replay: 0 } };
    for (let from = 1, block = 0; from < PER_STEP; from += BLOCK, block++) {
      const to = Math.min(PER_STEP, from + BLOCK);
      for (const which of (round + block) % 2 === 0 ? ['bare', 'replay'] : ['replay', 'bare']) {
        const model = which === 'bare' ? plain : replaying;
        const cpu = process.cpuUsage();
        const start = performance.now();
        for (let index = from; index < to; index++) await step(model, index);
        spent.wall[which] += performance.now() - start;
        const used = process.cpuUsage(cpu);
        spent.cpu[which] += (used.user + used.system) / 1000;
      }
    }
    if (round < 2) continue; // two warm-up rounds
    totals.bare += spent.cpu.bare;
    totals.replay += spent.cpu.replay;
    for (const clock of ['wall', 'cpu']) {
      rounds[clock].bare.push(spent[clock].bare / (PER_STEP - 1));
      rounds[clock].replay.push(spent[clock].replay / (PER_STEP - 1));
      rounds[clock].ratio.push(spent[clock].replay / spent[clock].bare);
    }
  }
  const of = (clock) => ({ bare: median(rounds[clock].bare), replay: median(rounds[clock].replay), ratio: median(rounds[clock].ratio), range: [Math.min(...rounds[clock].ratio), Math.max(...rounds[clock].ratio)] });
  return { wall: of('wall'), cpu: of('cpu'), cpuTotal: totals.replay / totals.bare };
}

async function load() {
  // 2. A test's recordings at STEPS steps.
  const bigFile = await record(path.join(work, 'big'), 'a long test', STEPS);
  const first = [];
  const all = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    const dir = freshCopy(bigFile);
    const model = recordedModel(bare(), { mode: 'replay', dir, name: 'a long test' });
    const start = performance.now();
    await model.doGenerate(callOptions(0));
    const opened = performance.now() - start;
    for (let index = 1; index < STEPS; index++) await model.doGenerate(callOptions(index));
    const whole = performance.now() - start;
    if (round >= 1) {
      first.push(opened);
      all.push(whole);
    }
  }
  const size = statSync(bigFile).size;
  console.log(`recordings: a test's recording of ${STEPS.toLocaleString('en')} steps (${(size / 1024 / 1024).toFixed(2)} MB), ${ROUNDS} rounds, medians`);
  console.log(`  load (read, parse, first answer replayed): ${median(first).toFixed(1)} ms`);
  console.log(`  all ${STEPS.toLocaleString('en')} steps replayed in order:          ${median(all).toFixed(1)} ms (${us(median(all) / STEPS)} per step)`);
}
