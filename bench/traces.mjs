// Speed of reading tool calls from an OpenTelemetry trace (OTLP JSON, GenAI conventions), on built
// code: `npm run build && node bench/traces.mjs`. Not part of `npm test`; figures vary by machine.
import { getToolCalls, turn, within } from '../dist/index.js';

/** One trace: `steps` model calls, each issuing `perStep` calls that run as execute_tool spans; one of them runs a sub-agent. */
function otlpTrace(traceIndex, steps, perStep) {
  const traceId = traceIndex.toString(16).padStart(32, '0');
  let spanCounter = 0;
  const spanId = () => (traceIndex * 1_000_000 + ++spanCounter).toString(16).padStart(16, '0');
  let clock = BigInt(traceIndex) * 10_000_000_000n;
  const at = () => String((clock += 1000n));
  const attribute = (key, stringValue) => ({ key, value: { stringValue } });
  const spans = [];
  const root = spanId();
  spans.push({ traceId, spanId: root, name: 'invoke_agent model', startTimeUnixNano: at(), attributes: [attribute('gen_ai.operation.name', 'invoke_agent')] });
  for (let step = 0; step < steps; step++) {
    const stepSpan = spanId();
    spans.push({ traceId, spanId: stepSpan, parentSpanId: root, name: `step ${step + 1}`, startTimeUnixNano: at(), attributes: [attribute('gen_ai.operation.name', 'agent_step')] });
    const calls = Array.from({ length: perStep }, (_, index) => ({ type: 'tool_call', id: `c${step}-${index}`, name: index === 0 && step === 0 ? 'research-agent' : `tool-${index}`, arguments: { step, index } }));
    spans.push({
      traceId,
      spanId: spanId(),
      parentSpanId: stepSpan,
      name: 'chat model',
      startTimeUnixNano: at(),
      attributes: [attribute('gen_ai.operation.name', 'chat'), attribute('gen_ai.output.messages', JSON.stringify([{ role: 'assistant', parts: calls }]))],
    });
    for (const call of calls) {
      const tool = spanId();
      spans.push({
        traceId,
        spanId: tool,
        parentSpanId: stepSpan,
        name: `execute_tool ${call.name}`,
        startTimeUnixNano: at(),
        attributes: [
          attribute('gen_ai.operation.name', 'execute_tool'),
          attribute('gen_ai.tool.name', call.name),
          attribute('gen_ai.tool.call.id', call.id),
          attribute('gen_ai.tool.call.arguments', JSON.stringify(call.arguments)),
          attribute('gen_ai.tool.call.result', '{"ok":true}'),
        ],
      });
      if (call.name === 'research-agent') {
        spans.push({
          traceId,
          spanId: spanId(),
          parentSpanId: tool,
          name: 'execute_tool web-search',
          startTimeUnixNano: at(),
          attributes: [attribute('gen_ai.tool.name', 'web-search'), attribute('gen_ai.tool.call.id', 's1'), attribute('gen_ai.tool.call.arguments', '{"q":"x"}')],
        });
      }
    }
  }
  return spans;
}

function measure(label, run, rounds = 15) {
  const times = [];
  let calls = 0;
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    calls = run().length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(52)} ${calls.toString().padStart(6)} calls  median ${times[Math.floor(times.length / 2)].toFixed(2)} ms`);
}

for (const [traces, steps, perStep] of [[1, 3, 2], [1, 50, 4], [10, 50, 4], [1, 500, 10]]) {
  const spans = Array.from({ length: traces }, (_, index) => otlpTrace(index + 1, steps, perStep)).flat();
  const otlp = { resourceSpans: [{ scopeSpans: [{ scope: { name: 'bench' }, spans }] }] };
  const label = `${traces} trace(s) × ${steps} steps × ${perStep} calls (${spans.length} spans)`;
  measure(`getToolCalls: ${label}`, () => getToolCalls(otlp));
  measure(`  turn(-1)`, () => getToolCalls(turn(otlp, -1)));
  measure(`  within(turn(1), 'research-agent')`, () => getToolCalls(within(turn(otlp, 1), 'research-agent')));
}
