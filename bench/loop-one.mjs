// One matcher case in a loop, this build alone (DIST=<dist> for another), for node --cpu-prof:
//   rm -rf /tmp/p && FN=onlyFail N=10 R=100000 node --cpu-prof --cpu-prof-dir=/tmp/p --cpu-prof-interval 50 bench/loop-one.mjs && node bench/cpuprofile-summary.mjs /tmp/p
import { expect } from 'expect';
import { callsOf, SHAPES, swallow } from './shapes.mjs';
const now = await import(process.env.DIST ? process.env.DIST + '/index.js' : '../dist/index.js');
expect.extend(now.matchers);
const n = Number(process.env.N ?? 10);
const calls = callsOf(n);
const run = SHAPES.find((s) => s.name === "plain").build(calls);
const names = calls.map((c) => c.toolName);
const swapped = [...names]; [swapped[n>>1], swapped[(n>>1)+1]] = [swapped[(n>>1)+1], swapped[n>>1]];
const CASES = {
  onlyFail: () => swallow(() => expect(run).toCallOnly(['other', ...names.slice(1)])),
  inOrderFail: () => swallow(() => expect(run).toCallToolsInOrder(swapped)),
  only: () => swallow(() => expect(run).toCallOnly(names)),
  inOrderErr: () => swallow(() => expect(run).toCallToolsInOrder(calls.map((c) => (c.error === undefined ? c.toolName : { toolName: c.toolName, error: true })))),
};
const f = CASES[process.env.FN ?? 'onlyFail'];
const R = Number(process.env.R ?? 100000);
const s = performance.now();
for (let i = 0; i < R; i++) f();
console.log(((performance.now() - s) / R * 1000).toFixed(2), 'us per');
for (let k = 0; k < 5; k++) { const t = []; for (let i = 0; i < 2000; i++) { const s = performance.now(); f(); t.push(performance.now() - s); } t.sort((a, b) => a - b); console.log('median', (t[1000]*1000).toFixed(1), 'mean', (t.reduce((a,b)=>a+b)/2*1).toFixed(1), 'p99', (t[1980]*1000).toFixed(0)); }
