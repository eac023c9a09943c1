// What a replayed model step allocates, on built code, in bytes per step (the sampling heap
// profiler of node:inspector, every 512 bytes, objects the young and old collections took counted
// too): a one-step generateText over ai's bare MockLanguageModelV4 and over a replay of the same
// steps, and recordedModel's doGenerate alone (the options generateText passed it). Allocation is
// what a load-independent figure can show on a shared machine: each young-generation collection
// there took 15-30 ms (bench/RESULTS.md, issue 45, i45c), so the bytes a step allocates decide
// much of its CPU cost in bench/recordings.mjs.
//
// Run: npm run build && node bench/recordings-alloc.mjs [--steps 1000]
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateText } from 'ai';
import { recordedModel } from '../dist/index.js';
import { bare, textOptions } from './bookingSteps.mjs';

const { values: options } = parseArgs({ options: { steps: { type: 'string', default: '1000' } } });
const STEPS = Number(options.steps);

const seen = [];

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
/** Bytes allocated per call of `run(index)` over indexes 1..STEPS. */
async function allocated(run) {
  await session.post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  for (let index = 1; index <= STEPS; index++) await run(index);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  let total = 0;
  const walk = (node) => {
    total += node.selfSize;
    node.children.forEach(walk);
  };
  walk(profile.head);
  return total / STEPS;
}

const work = mkdtempSync(path.join(tmpdir(), 'tca-bench-alloc-'));
try {
  const dir = path.join(work, 'recorded');
  const recorder = recordedModel(bare(seen), { mode: 'record', dir, name: 'alloc' });
  for (let index = 0; index <= STEPS; index++) await generateText(textOptions(recorder, index));
  await globalThis[Symbol.for('tool-call-accuracy.flush-recordings')]?.();
  const callOptions = [...seen];
  /** A replaying model over a fresh copy of the recording (this process has not opened it), its file opened by step 0. */
  const replaying = async (name) => {
    const copy = path.join(work, name);
    cpSync(dir, copy, { recursive: true });
    const model = recordedModel(bare(seen), { mode: 'replay', dir: copy, name: 'alloc' });
    await model.doGenerate(callOptions[0]);
    return model;
  };
  const plain = bare(seen);
  await generateText(textOptions(plain, 0));
  const replayModel = await replaying('text');
  const bareStep = await allocated((index) => generateText(textOptions(plain, index)));
  const replayStep = await allocated((index) => generateText(textOptions(replayModel, index)));
  const model = await replaying('generate');
  const doGenerate = await allocated((index) => model.doGenerate(callOptions[index]));
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`recordings: bytes allocated per step (${STEPS.toLocaleString('en')} steps each, sampling heap profiler, every 512 bytes)`);
  console.log(`  generateText, one step, over the bare model:  ${kb(bareStep)}`);
  console.log(`  generateText, one step, over the replay:      ${kb(replayStep)} (${(replayStep / bareStep).toFixed(2)}× the bare model's)`);
  console.log(`  recordedModel.doGenerate replaying alone:     ${kb(doGenerate)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
