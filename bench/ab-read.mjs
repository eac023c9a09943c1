// Reading alone (getToolCalls), a base build against this one (npm run build), in one process taking
// turns: CPU ms per read, medians of rounds and of the rounds' ratios. CPU time, with the garbage
// collector's work kept on this thread, is what a read costs whatever else the machine runs (wall
// time on a shared 2-core machine moved by 2x between runs). The base is another build's dist/:
//   git archive <commit> | tar -x -C /tmp/base && (cd /tmp/base && npm ci && npm run build)
//   BENCH_BASE=/tmp/base/dist SHAPES=openai-chat,mastra-generate NS=10000,100000 \
//     node --single-threaded-gc --max-old-space-size=4096 bench/ab-read.mjs
// Read the ratios beside an unchanged shape's (SHAPES=…,plain): the order of turns alone has moved
// it to 1.2–1.4 at 10,000 calls.
import { SHAPES, callsOf } from './shapes.mjs';

const base = await import(`${process.env.BENCH_BASE ?? '/tmp/base/dist'}/index.js`);
const now = await import('../dist/index.js');
const READS = Number(process.env.READS ?? 5);
const ROUNDS = Number(process.env.R ?? 15);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

for (const name of (process.env.SHAPES ?? 'plain').split(',')) {
  const shape = SHAPES.find((candidate) => candidate.name === name);
  if (!shape) throw new Error(`no shape ${name}: ${SHAPES.map((candidate) => candidate.name).join(', ')}`);
  for (const count of (process.env.NS ?? '10000,100000').split(',').map(Number)) {
    const run = shape.build(callsOf(count));
    const reads = { base: () => base.getToolCalls(run), now: () => now.getToolCalls(run), ...(shape.floor && { floor: () => shape.floor(run) }) };
    const cpu = { base: [], now: [], floor: [] };
    for (let round = 0; round <= ROUNDS; round++) {
      for (const which of round % 2 ? ['base', 'now', 'floor'] : ['now', 'base', 'floor']) {
        if (!reads[which]) continue;
        // The last result stays alive while the next read runs, as a test's would.
        let kept;
        const start = process.cpuUsage();
        for (let index = 0; index < READS; index++) kept = reads[which]();
        const used = process.cpuUsage(start);
        if (round > 0 && kept !== null) cpu[which].push((used.user + used.system) / 1000 / READS);
      }
    }
    const ratio = median(cpu.base.map((ms, index) => cpu.now[index] / ms));
    const floor = cpu.floor.length ? `, floor ${median(cpu.floor).toFixed(2)}` : '';
    console.log(`${name} ${count}: CPU ms a read: base ${median(cpu.base).toFixed(2)}, now ${median(cpu.now).toFixed(2)}, now/base ${ratio.toFixed(2)}${floor}`);
  }
}
