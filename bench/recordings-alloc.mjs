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
import { generateText, jsonSchema, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { recordedModel } from '../dist/index.js';

const { values: options } = parseArgs({ options: { steps: { type: 'string', default: '1000' } } });
const STEPS = Number(options.steps);

const usage = { inputTokens: { total: 900, noCache: 900, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 30, text: 30, reasoning: undefined } };
const answer = (index) => ({
  content: [{ type: 'tool-call', toolCallId: `call_${index}`, toolName: 'book-flight', input: JSON.stringify({ flightId: `UA ${1000 + index}`, seat: '14C' }) }],
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  usage,
  warnings: [],
  response: { id: `resp_${index}`, timestamp: new Date(Date.UTC(2026, 0, 1)), modelId: 'gpt-5-mini' },
});
const seen = [];
const bare = () => {
  let index = 0;
  return new MockLanguageModelV4({
    provider: 'openai.responses',
    modelId: 'gpt-5-mini',
    doGenerate: async (callOptions) => {
      seen.push(callOptions);
      return answer(index++);
    },
  });
};
const schemas = {
  'search-flights': { description: 'Find flights between two airports on a date', inputSchema: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, date: { type: 'string' } }, required: ['from', 'to', 'date'], additionalProperties: false } },
  'book-flight': { description: 'Book a seat on a flight', inputSchema: { type: 'object', properties: { flightId: { type: 'string' }, seat: { type: 'string' } }, required: ['flightId', 'seat'], additionalProperties: false } },
};
const tools = Object.fromEntries(Object.entries(schemas).map(([name, { description, inputSchema }]) => [name, tool({ description, inputSchema: jsonSchema(inputSchema) })]));
/** Step `index` as bench/recordings.mjs makes it: a conversation of its own, ~1 KB, two tools. */
const step = (model, index) => ({
  model,
  system: 'You are a booking agent. Use the tools to find and book flights; confirm by email.',
  messages: [
    { role: 'user', content: [{ type: 'text', text: `Booking ${index}: the morning flight from SFO to JFK on July 1st, seat 14C, and email ada@example.com.` }] },
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: `search_${index}`, toolName: 'search-flights', input: { from: 'SFO', to: 'JFK', date: '2026-07-01' } }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: `search_${index}`, toolName: 'search-flights', output: { type: 'json', value: { flights: [{ id: `UA ${1000 + index}`, departs: '07:05' }] } } }] },
  ],
  tools,
  maxOutputTokens: 1024,
  temperature: 0,
});

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
  const recorder = recordedModel(bare(), { mode: 'record', dir, name: 'alloc' });
  for (let index = 0; index <= STEPS; index++) await generateText(step(recorder, index));
  await globalThis[Symbol.for('tool-call-accuracy.flush-recordings')]?.();
  const callOptions = [...seen];
  /** A replaying model over a fresh copy of the recording (this process has not opened it), its file opened by step 0. */
  const replaying = async (name) => {
    const copy = path.join(work, name);
    cpSync(dir, copy, { recursive: true });
    const model = recordedModel(bare(), { mode: 'replay', dir: copy, name: 'alloc' });
    await model.doGenerate(callOptions[0]);
    return model;
  };
  const plain = bare();
  await generateText(step(plain, 0));
  const replayModel = await replaying('text');
  const bareStep = await allocated((index) => generateText(step(plain, index)));
  const replayStep = await allocated((index) => generateText(step(replayModel, index)));
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
