// Self and inclusive shares of the functions in the first .cpuprofile of a directory (node --cpu-prof).
//   node bench/cpuprofile-summary.mjs <dir> [self rows] [inclusive rows]
import { label, readProfile, stackOf } from './cpuprofile.mjs';

const { profile, nodes, parents } = readProfile(process.argv[2]);
const counts = new Map();
for (const sample of profile.samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
const self = new Map();
const inclusive = new Map();
let total = 0;
for (const [id, count] of counts) {
  total += count;
  const key = label(nodes.get(id));
  self.set(key, (self.get(key) ?? 0) + count);
  for (const frame of stackOf(id, nodes, parents)) inclusive.set(frame, (inclusive.get(frame) ?? 0) + count);
}
const show = (map, rows) => [...map].sort((a, b) => b[1] - a[1]).slice(0, rows).forEach(([key, count]) => console.log(((100 * count) / total).toFixed(1).padStart(5), key));
console.log('total samples', total);
console.log('--- self');
show(self, Number(process.argv[3] ?? 30));
console.log('--- inclusive');
show(inclusive, Number(process.argv[4] ?? 50));
