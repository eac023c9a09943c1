import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { detectFormat } from '../../src/calls/detect.js';
import { getToolCalls } from '../../src/calls/getToolCalls.js';
import { getRunText } from '../../src/calls/getRunText.js';
import { ToolCallAccuracyError } from '../../src/errors.js';

/** Values shaped like messages and parts, so the generator reaches the adapters, not only the error. */
const partLike = fc.record(
  {
    type: fc.constantFrom('tool-call', 'tool-result', 'tool-error', 'tool-approval-request', 'text', 'tool_use', 'tool_result', 'function_call', 'tool-x', 'dynamic-tool', 'tool-invocation'),
    toolCallId: fc.constantFrom('a', 'b', ''),
    toolName: fc.oneof(fc.constantFrom('t1', 't2'), fc.anything()),
    input: fc.anything(),
    state: fc.constantFrom('input-streaming', 'input-available', 'output-available', 'call', 'result', 'approval-requested'),
    name: fc.anything(),
    output: fc.anything(),
  },
  { requiredKeys: ['type'] },
);
const messageLike = fc.record(
  {
    role: fc.constantFrom('user', 'assistant', 'tool', 'system'),
    content: fc.oneof(fc.string(), fc.array(partLike), fc.record({ format: fc.constant(2), parts: fc.array(partLike) })),
    parts: fc.array(partLike),
    tool_calls: fc.anything(),
    type: fc.constantFrom('ai', 'message', 'function_call'),
  },
  { requiredKeys: ['role'] },
);
const runLike = fc.oneof(
  fc.anything(),
  fc.array(messageLike),
  fc.record({ steps: fc.array(fc.record({ content: fc.array(partLike), finishReason: fc.constant('stop') })) }),
  fc.record({ messages: fc.array(messageLike) }),
);

describe('any value', () => {
  test('detection and reading never throw anything but ToolCallAccuracyError', () => {
    fc.assert(
      fc.property(runLike, (value) => {
        expect(() => detectFormat(value)).not.toThrow();
        try {
          const calls = getToolCalls(value);
          for (const call of calls) expect(typeof call.toolName === 'string' && call.toolName.length > 0).toBe(true);
          getRunText(value);
        } catch (error) {
          expect(error).toBeInstanceOf(ToolCallAccuracyError);
        }
      }),
      { numRuns: 2_000 },
    );
    // 2,000 arbitrary values take about 5 s on a loaded 2-core machine.
  }, 30_000);
});
