// How late the judge's hard time limit fires, on built code (`npm run bench` builds first): a judge
// model that never answers and ignores its abort signal, timeoutMs = 200, concurrency 1, judged
// over and over. Measured from the model call (the limit's clock starts just before it, so a
// figure slightly below zero is expected). Reports how long after the limit each judge rejected, and how long the next
// queued judge waited for the freed slot. Not part of `npm test`: figures vary between machines.
import { performance } from 'node:perf_hooks';
import { MockLanguageModelV4 } from 'ai/test';
import { configureJudge, createToolCallAccuracyScorerLLM } from '../dist/index.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../dist/testing.js';

const TIMEOUT_MS = 200;
const ROUNDS = Number(process.env.ROUNDS ?? 20);

const run = createAgentTestRun({
  inputMessages: [createTestMessage({ content: 'What is the weather in Paris?', role: 'user' })],
  output: [
    createTestMessage({
      content: 'Checking.',
      role: 'assistant',
      toolInvocations: [createToolInvocation({ toolCallId: 'c1', toolName: 'weather-tool', args: { city: 'Paris' }, result: { t: 21 } })],
    }),
  ],
});
const availableTools = [{ name: 'weather-tool', description: 'Current weather' }];

let startedAt = 0;
const silent = new MockLanguageModelV4({
  doGenerate: () => {
    startedAt = performance.now();
    return new Promise(() => {}); // never settles, ignores the signal
  },
});
let nextStartedAt = 0;
const next = new MockLanguageModelV4({
  doGenerate: async () => {
    nextStartedAt = performance.now();
    const text = JSON.stringify({ evaluations: [{ toolCalled: 'weather-tool', wasAppropriate: true, reasoning: 'ok' }], missingTools: [], reason: 'ok' });
    const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
    return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
  },
});

configureJudge({ availableTools, timeoutMs: TIMEOUT_MS, concurrency: 1, cache: { mode: 'off' } });
const late = [];
const handover = [];
for (let round = 0; round < ROUNDS; round++) {
  const hung = createToolCallAccuracyScorerLLM({ model: silent }).run(run);
  const queued = createToolCallAccuracyScorerLLM({ model: next }).run(run);
  let rejectedAt = 0;
  await hung.catch(() => (rejectedAt = performance.now()));
  await queued;
  late.push(rejectedAt - startedAt - TIMEOUT_MS);
  handover.push(nextStartedAt - rejectedAt);
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted.at(-1).toFixed(1)} ms`;
};
console.log(`judge hard limit, timeoutMs ${TIMEOUT_MS}, ${ROUNDS} rounds (node ${process.version})`);
console.log(`  rejected after the limit by:        ${stats(late)}`);
console.log(`  next queued judge reached its model: ${stats(handover)} after the rejection`);
