// Bytes getToolCalls allocates per call on a 3-call Mastra run and AI SDK result, a base build
// (BENCH_BASE, as in ab-matchers.mjs) against this one, in one process; synchronous, so no promise
// of the caller's is counted. A young generation large enough that no collection happens meanwhile:
// BENCH_BASE=/tmp/base/dist node --expose-gc --min-semi-space-size=512 --max-semi-space-size=512 bench/ab-bytes.mjs
const base = await import(`${process.env.BENCH_BASE ?? '/tmp/base/dist'}/index.js`);
const now = await import('../dist/index.js');
const { createAgentTestRun, createTestMessage, createToolInvocation } = await import('../dist/testing.js');
const mastra = createAgentTestRun({ inputMessages: [createTestMessage({ content: 'Book', role: 'user', id: 'in' })], output: [createTestMessage({ content: 'Done.', role: 'assistant', id: 'out', toolInvocations: ['search', 'book', 'email'].map((toolName, i) => createToolInvocation({ toolCallId: `c${i}`, toolName, args: { n: i }, result: {}, state: 'result' })) })] });
const aiSdk = { steps: [[ 'search'], ['book', 'email'], []].map((names, step) => ({ content: names.map((toolName, i) => ({ type: 'tool-call', toolCallId: `c${step}-${i}`, toolName, input: { n: i } })), finishReason: names.length ? 'tool-calls' : 'stop' })) };
const N = 200_000;
const growth = (fn, run) => { for (let i = 0; i < 5000; i++) fn(run); globalThis.gc(); const before = process.memoryUsage().heapUsed; for (let i = 0; i < N; i++) fn(run); return (process.memoryUsage().heapUsed - before) / N; };
for (let round = 0; round < 3; round++) for (const [label, run] of [['mastra', mastra], ['aiSdk', aiSdk]]) console.log(round, label, 'base', growth(base.getToolCalls, run).toFixed(1), 'new', growth(now.getToolCalls, run).toFixed(1));
