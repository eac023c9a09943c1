// A CPU profile of bench/recordings-parts.mjs read per model: the samples that fell inside each
// model's timed blocks (the spans it wrote with --spans), as milliseconds per function, self and
// inclusive, and the difference of the replay's from the recorded answers' ("stored"): what the
// replay adds, and where.
//   node --cpu-prof --cpu-prof-dir=/tmp/parts bench/recordings-parts.mjs --rounds 10 --spans /tmp/parts/spans.json
//   node bench/cpuprofile-by-model.mjs /tmp/parts /tmp/parts/spans.json [rows]
import { readFileSync } from 'node:fs';
import { label, readProfile, stackOf } from './cpuprofile.mjs';

const [dir, spansFile, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 25);
const { profile, nodes, parents } = readProfile(dir);
const spans = JSON.parse(readFileSync(spansFile, 'utf8')).sort((a, b) => a[1] - b[1]);
// This package's own code: a build's dist/, not a dependency's.
const ours = new Set(profile.nodes.filter(({ callFrame: frame }) => /\/dist[^/]*\//.test(frame.url) && !frame.url.includes('/node_modules/')).map((node) => label(node)));

const by = {}; // model -> { total, self: Map, inclusive: Map }
let time = profile.startTime;
let at = 0;
for (let index = 0; index < profile.samples.length; index++) {
  time += profile.timeDeltas[index];
  while (at < spans.length && spans[at][2] < time) at++;
  if (at === spans.length || spans[at][1] > time) continue;
  const ms = profile.timeDeltas[index] / 1000;
  const model = (by[spans[at][0]] ??= { total: 0, self: new Map(), inclusive: new Map() });
  model.total += ms;
  const add = (map, key) => map.set(key, (map.get(key) ?? 0) + ms);
  const id = profile.samples[index];
  add(model.self, label(nodes.get(id)));
  for (const frame of stackOf(id, nodes, parents)) add(model.inclusive, frame);
}
for (const [name, model] of Object.entries(by)) console.log(`${name}: ${model.total.toFixed(0)} ms sampled`);
const { stored, replay } = by;
if (stored && replay) {
  console.log(`\nwhat the replay adds to the recorded answers, self ms (replay − stored, stored, replay):`);
  const keys = new Set([...stored.self.keys(), ...replay.self.keys()]);
  const diff = [...keys].map((key) => [key, stored.self.get(key) ?? 0, replay.self.get(key) ?? 0]).sort((a, b) => b[2] - b[1] - (a[2] - a[1]));
  for (const [key, before, after] of diff.slice(0, rows)) console.log(`${(after - before).toFixed(1).padStart(8)} ${before.toFixed(1).padStart(8)} ${after.toFixed(1).padStart(8)}  ${key}`);
}
// Per model that replays (this build's, and BENCH_BASE's as "base"): this package's functions, inclusive ms per 1,000 steps sampled.
for (const name of ['replay', 'base']) {
  const model = by[name];
  if (!model) continue;
  const steps = spans.filter(([kind]) => kind === name).reduce((sum, span) => sum + span[3], 0);
  console.log(`\n${name}: this package's functions, inclusive ms per 1,000 steps:`);
  const own = [...model.inclusive].filter(([key]) => ours.has(key)).sort((a, b) => b[1] - a[1]);
  for (const [key, ms] of own.slice(0, rows)) console.log(`${((ms * 1000) / steps).toFixed(1).padStart(8)}  ${key}`);
}
