// Speed and memory of the code scorer on built code (`npm run bench` builds first).
// Figures are per scored run; run it again to see the spread. Not part of `npm test`.
import { createToolCallAccuracyScorerCode } from '../dist/index.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../dist/testing.js';

function mastraRun(names) {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'Book a flight', role: 'user', id: 'in' })],
    output: [
      createTestMessage({
        content: 'Done.',
        role: 'assistant',
        id: 'out',
        toolInvocations: names.map((toolName, index) =>
          createToolInvocation({ toolCallId: `call-${index}`, toolName, args: { n: index }, result: {} }),
        ),
      }),
    ],
  });
}

const names = (count) => Array.from({ length: count }, (_, index) => ['search', 'book', 'email', 'log'][index % 4]);

async function runsPerSecond(scorer, run, seconds = 1) {
  for (let i = 0; i < 2000; i++) await scorer.run(run); // warm up
  let runs = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 500; i++) await scorer.run(run);
    runs += 500;
  }
  return runs / seconds;
}

/** Heap growth per run with garbage collection out of the way (needs --expose-gc and a large young generation). */
async function bytesPerRun(scorer, run, runs = 20000) {
  if (typeof globalThis.gc !== 'function') return NaN;
  for (let i = 0; i < 1000; i++) await scorer.run(run);
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < runs; i++) await scorer.run(run);
  return (process.memoryUsage().heapUsed - before) / runs;
}

const order = createToolCallAccuracyScorerCode({ expectedToolOrder: ['search', 'book', 'email'] });
const typical = mastraRun(['search', 'book', 'email']);

console.log('code scorer, a Mastra run with 3 calls, flexible order');
console.log(`  runs per second: ${Math.round(await runsPerSecond(order, typical)).toLocaleString('en')}`);
console.log(`  bytes per run (heap growth): ${Math.round(await bytesPerRun(order, typical))}`);

console.log('scaling (flexible order over n calls): microseconds per call');
for (const count of [1_000, 10_000, 100_000]) {
  const run = mastraRun(names(count));
  const start = performance.now();
  const repeats = Math.max(3, Math.round(300_000 / count));
  for (let i = 0; i < repeats; i++) await order.run(run);
  const perCall = ((performance.now() - start) * 1000) / repeats / count;
  console.log(`  n=${count.toLocaleString('en').padStart(7)}: ${perCall.toFixed(3)}`);
}
