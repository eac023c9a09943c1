// The LLM judge beside Mastra's (@mastra/evals 1.x createToolCallAccuracyScorerLLM) on the same
// run, each with a mock model that counts its calls and the characters of the prompts it was sent;
// then a cached verdict answered again in a fresh process where `ai` cannot be resolved.
// Runs on Node 22 (Mastra 1.x); bench/run.mjs starts it. Prints one JSON object.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [mode, cacheDir] = process.argv.slice(2);
const availableTools = [
  { id: 'weather-tool', description: 'Get current weather information for any location' },
  { id: 'calendar-tool', description: 'Check calendar events and scheduling' },
  { id: 'search-tool', description: 'Search the web for general information' },
];
const judgeModelId = { provider: 'bench-judge', modelId: 'scripted' };

if (mode === '--replay') {
  // A fresh process where `ai` cannot be resolved: a stored verdict must not need it. (zod checks
  // the stored verdict, so it stays.)
  const { register } = await import('node:module');
  register(
    `data:text/javascript,${encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        if (specifier === 'ai' || specifier.startsWith('ai/')) throw Object.assign(new Error('ai was loaded'), { code: 'ERR_MODULE_NOT_FOUND' });
        return next(specifier, context);
      }`)}`,
  );
  const { createToolCallAccuracyScorerLLM } = await import('../dist/index.js');
  const { createAgentTestRun, createTestMessage, createToolInvocation } = await import('../dist/testing.js');
  const run = weatherRun({ createAgentTestRun, createTestMessage, createToolInvocation });
  const model = { ...judgeModelId, specificationVersion: 'v3', doGenerate: () => Promise.reject(new Error('the model was called')) };
  const scorer = createToolCallAccuracyScorerLLM({ model, availableTools, cache: { mode: 'replay', dir: cacheDir } });
  const firstStart = performance.now();
  const first = await scorer.run(run);
  const firstMs = performance.now() - firstStart;
  const samples = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    await scorer.run(run);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  console.log(JSON.stringify({ score: first.score, firstMs, medianMs: samples[100] }));
  process.exit(0);
}

/** The seed's weather run, built with the given Mastra-compatible builders. */
function weatherRun({ createAgentTestRun, createTestMessage, createToolInvocation }) {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'What is the weather like in San Francisco today?', role: 'user', id: 'in' })],
    output: [
      createTestMessage({
        content: 'It is 18°C and sunny in San Francisco.',
        role: 'assistant',
        id: 'out',
        toolInvocations: [
          createToolInvocation({ toolCallId: 'c1', toolName: 'weather-tool', args: { location: 'San Francisco' }, result: { temperature: 18 }, state: 'result' }),
        ],
      }),
    ],
  });
}

const { MockLanguageModelV3 } = await import('ai6/test');
/** A mock model answering every call with one JSON object that satisfies both judges' schemas. */
function countingModel() {
  const answer = {
    evaluations: [{ toolCalled: 'weather-tool', wasAppropriate: true, reasoning: 'The user asked for the weather.' }],
    missingTools: [],
    reason: 'The weather tool answered the weather question.',
  };
  const text = JSON.stringify(answer);
  const finishReason = { unified: 'stop', raw: 'stop' };
  const usage = { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 20, text: 20 } };
  // Ours generates, Mastra's agent streams: both are answered and counted.
  const model = new MockLanguageModelV3({
    ...judgeModelId,
    doGenerate: async () => ({ content: [{ type: 'text', text }], finishReason, usage, warnings: [] }),
    doStream: async () => ({
      stream: new ReadableStream({
        start(controller) {
          for (const part of [
            { type: 'stream-start', warnings: [] },
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: text },
            { type: 'text-end', id: 't' },
            { type: 'finish', finishReason, usage },
          ]) controller.enqueue(part);
          controller.close();
        },
      }),
    }),
  });
  const calls = () => [...model.doGenerateCalls, ...model.doStreamCalls];
  const promptChars = () => calls().reduce((sum, call) => sum + JSON.stringify(call.prompt.map((message) => message.content)).length, 0);
  return { model, calls, promptChars };
}

const ours = await import('../dist/index.js');
const oursTesting = await import('../dist/testing.js');
const mastra = await import('../reference/mastra1/index.js');
const dir = mkdtempSync(path.join(tmpdir(), 'tca-judge-'));
try {
  const our = countingModel();
  const ourResult = await ours
    .createToolCallAccuracyScorerLLM({ model: our.model, availableTools, cache: { mode: 'record', dir } })
    .run(weatherRun(oursTesting));
  const their = countingModel();
  const theirResult = await mastra.createToolCallAccuracyScorerLLM({ model: their.model, availableTools }).run(weatherRun(mastra));
  const replay = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--replay', dir],
    { encoding: 'utf8' },
  );
  if (replay.status !== 0) throw new Error(`the cached-verdict process failed:\n${replay.stderr}`);
  console.log(
    JSON.stringify({
      ours: { score: ourResult.score, modelCalls: our.calls().length, promptChars: our.promptChars() },
      mastra: { score: theirResult.score, modelCalls: their.calls().length, promptChars: their.promptChars() },
      cached: JSON.parse(replay.stdout),
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
