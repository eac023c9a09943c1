// The floor of reading an OpenTelemetry trace (the otel-trace shape of bench/shapes.mjs, OTLP JSON
// with the GenAI conventions), step by step, beside getToolCalls of this build (and of a base build
// when BENCH_BASE names its dist/), in one process, the steps taking turns: medians of rounds.
//   npm run build && N=100000 node --max-old-space-size=4096 bench/trace-floor.mjs
//   BENCH_BASE=/tmp/base/dist N=100000 node --max-old-space-size=4096 bench/trace-floor.mjs
// What each step does, each one more than the last:
//   parse: JSON.parse of each model call's output messages and each tool's result, thrown away
//     (the shape's `floor` in bench/matchers.mjs);
//   kept: the same, the parsed values kept, as a reader returns them (the garbage collector then
//     copies them while the read lasts);
//   calls: kept, and a call object per tool call with its name, input, id and result: the least a
//     reader of this shape returns.
// The reader does more than `calls` for each span: it learns what the span is (tool, model call,
// other) from its attributes, orders the spans by start, and pairs each tool span with the call it ran.
import { SHAPES, callsOf } from './shapes.mjs';

const now = await import('../dist/index.js');
const base = process.env.BENCH_BASE ? await import(`${process.env.BENCH_BASE}/index.js`) : undefined;
const n = Number(process.env.N ?? 100000);
const run = SHAPES.find((shape) => shape.name === 'otel-trace').build(callsOf(n));
const spans = run.resourceSpans[0].scopeSpans[0].spans;

const steps = {
  parse: () => {
    for (const span of spans) for (const { key, value } of span.attributes) if (key === 'gen_ai.output.messages' || key === 'gen_ai.tool.call.result') JSON.parse(value.stringValue);
  },
  kept: () => {
    const kept = [];
    for (const span of spans) for (const { key, value } of span.attributes) if (key === 'gen_ai.output.messages' || key === 'gen_ai.tool.call.result') kept.push(JSON.parse(value.stringValue));
    return kept;
  },
  calls: () => {
    const parts = [];
    const results = [];
    for (const span of spans) {
      for (const { key, value } of span.attributes) {
        if (key === 'gen_ai.output.messages') for (const message of JSON.parse(value.stringValue)) parts.push(...message.parts);
        else if (key === 'gen_ai.tool.call.result') results.push(JSON.parse(value.stringValue));
      }
    }
    // The bench's calls that failed have no result: their index in `results` is off, which does not change the cost.
    return parts.map((part, index) => ({ toolName: part.name, input: part.arguments, toolCallId: part.id, output: results[index] }));
  },
  read: () => now.getToolCalls(run),
  ...(base && { 'base read': () => base.getToolCalls(run) }),
};

const rounds = Number(process.env.R ?? 9);
const times = Object.fromEntries(Object.keys(steps).map((name) => [name, []]));
for (let round = 0; round <= rounds; round++) {
  // The order alternates: a step pays for the garbage the one before it left.
  const names = Object.keys(steps);
  if (round % 2) names.reverse();
  for (const name of names) {
    const start = performance.now();
    steps[name]();
    if (round > 0) times[name].push(performance.now() - start);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(JSON.stringify({ calls: n, spans: spans.length, ms: Object.fromEntries(Object.entries(times).map(([name, values]) => [name, Number(median(values).toFixed(1))])) }));
