// Self and inclusive shares of the functions in the first .cpuprofile of a directory (node --cpu-prof).
//   node bench/cpuprofile-summary.mjs <dir> [self rows] [inclusive rows]
import { readFileSync, readdirSync } from 'node:fs';
const dir = process.argv[2];
const file = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => dir + '/' + f)[0];
const p = JSON.parse(readFileSync(file, 'utf8'));
const self = new Map(); const byId = new Map(p.nodes.map((n) => [n.id, n]));
const counts = new Map(); for (const s of p.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
let total = 0;
for (const [id, c] of counts) { const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + c); total += c; }
// inclusive
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, c] of counts) { const seen = new Set(); let cur = id; while (cur !== undefined) { const n = byId.get(cur); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; if (!seen.has(k)) { incl.set(k, (incl.get(k) ?? 0) + c); seen.add(k); } cur = parent.get(cur); } }
console.log('total samples', total);
console.log('--- self'); for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 30))) console.log((100 * v / total).toFixed(1).padStart(5), k);
console.log('--- inclusive'); for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[4] ?? 50))) console.log((100 * v / total).toFixed(1).padStart(5), k);
