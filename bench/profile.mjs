// Where one matcher's time goes on one run shape: the case's pass and fail, run in rounds under V8's
// CPU profiler, and the functions that took the most time themselves (self time), each named with
// the source module it was bundled from (the `// src/…` comments esbuild writes in dist/).
// bench/run.mjs runs it for each shape's slowest case at 100,000 calls; alone:
//   npm run build && node --max-old-space-size=4096 bench/profile.mjs <shape> '<case name>' [calls] [rounds]
// Prints one JSON object: { shape, case, count, rounds, totalMs, top: [{ fn, where, ms, share }] }.
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { CASES, timeOne } from './cases.mjs';
import { SHAPES, callsOf } from './shapes.mjs';

const [shapeName, caseName, countText = '100000', roundsText = '5'] = process.argv.slice(2);
const shape = SHAPES.find((entry) => entry.name === shapeName);
const found = CASES.find(([name]) => name === caseName);
if (!shape || !found) throw new Error(`usage: node bench/profile.mjs <shape> '<case name>' [calls] [rounds]; shapes: ${SHAPES.map((entry) => entry.name).join(', ')}`);
const count = Number(countText);
const calls = callsOf(count);
const run = shape.build(calls);
const [pass, fail] = found[1](calls);
// A warm-up round outside the profile, as bench/matchers.mjs has.
timeOne(() => pass(run, shape));
timeOne(() => fail(run, shape));

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
for (let round = 0; round < Number(roundsText); round++) {
  timeOne(() => pass(run, shape));
  timeOne(() => fail(run, shape));
}
const { profile } = await session.post('Profiler.stop');
session.disconnect();

/** The source module a line of a dist/ file was bundled from, by the last `// src/…` comment above it. */
const modulesOf = new Map();
function sourceOf(url, line) {
  if (!url.includes('/dist/')) return url.startsWith('file://') ? url.slice(url.lastIndexOf('/') + 1) : url || 'V8';
  let marks = modulesOf.get(url);
  if (!marks) {
    marks = [];
    readFileSync(fileURLToPath(url), 'utf8')
      .split('\n')
      .forEach((text, index) => text.startsWith('// src/') && marks.push([index, text.slice(3)]));
    modulesOf.set(url, marks);
  }
  let module = 'dist';
  for (const [at, name] of marks) if (at <= line) module = name;
  return module;
}

// Self time per function: each sample's time goes to the node it landed in.
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
let total = 0;
// The inspector's own work (answering Profiler.stop) and idle time are not the case's.
const NOT_THE_CASE = new Set(['dispatch', '(idle)']);
profile.samples.forEach((id, index) => {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  if (url === '' && NOT_THE_CASE.has(functionName)) return;
  const key = `${functionName || '(anonymous)'}\t${sourceOf(url, lineNumber)}`;
  const delta = profile.timeDeltas[index] ?? 0;
  self.set(key, (self.get(key) ?? 0) + delta);
  total += delta;
});
const top = [...self]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 8)
  .map(([key, micros]) => {
    const [fn, where] = key.split('\t');
    return { fn, where, ms: micros / 1000, share: micros / total };
  });
console.log(JSON.stringify({ shape: shapeName, case: caseName, count, rounds: Number(roundsText), totalMs: total / 1000, top }));
