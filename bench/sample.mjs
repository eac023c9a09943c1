// Cost of samples on built code (`npm run bench` builds first): a sampled assertion against the
// same assertion made run by run, and scoreRuns over a batch. Not part of `npm test`.
// Jest's standalone expect (installed with jest): a real runner's matcher context outside a test.
import { expect } from 'expect';
import { createToolCallAccuracyScorerCode, matchers, sample, scoreRuns } from '../dist/index.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../dist/testing.js';

expect.extend(matchers);

function run(names) {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'Book a table', role: 'user', id: 'in' })],
    output: [
      createTestMessage({
        content: 'Done.',
        role: 'assistant',
        id: 'out',
        toolInvocations: names.map((toolName, index) => createToolInvocation({ toolCallId: `c${index}`, toolName, args: { n: index }, result: {}, state: 'result' })),
      }),
    ],
  });
}

const ORDER = ['search', 'book'];
const N = 1000;
// One run in 20 skips the search: the sample passes at 0.9, and its failing runs are formatted for the record.
const runs = Array.from({ length: N }, (_, index) => run(index % 20 === 0 ? ['book'] : ['search', 'book', 'email']));
const taken = await sample(runs, { minPassRate: 0.9 });
const single = run(['search', 'book', 'email']);

/** Median of 7 timings of `fn`, in milliseconds. */
async function median(fn) {
  for (let i = 0; i < 3; i++) await fn();
  const times = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[3];
}

const sampled = await median(() => expect(taken).toCallToolsInOrder(ORDER));
const oneByOne = await median(() => {
  for (let i = 0; i < N; i++) expect(single).toCallToolsInOrder(ORDER);
});
console.log(`toCallToolsInOrder over a sample of ${N} runs (50 failing): ${sampled.toFixed(1)} ms, ${((sampled * 1000) / N).toFixed(1)} µs per run`);
console.log(`  the same assertion on ${N} passing runs one by one: ${oneByOne.toFixed(1)} ms, ${((oneByOne * 1000) / N).toFixed(1)} µs per run`);

const scorer = createToolCallAccuracyScorerCode({ expectedToolOrder: ORDER });
const batch = Array.from({ length: 10 }, () => runs).flat();
const scored = await median(() => scoreRuns(scorer, batch));
console.log(`scoreRuns, code scorer, ${batch.length.toLocaleString('en')} runs: ${scored.toFixed(1)} ms, ${((scored * 1000) / batch.length).toFixed(1)} µs per run`);
