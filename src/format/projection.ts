import type { ExpectedCall } from '../matchers/shared.js';
import type { ToolCall } from '../types.js';

/**
 * The small values a matcher returns as `expected`/`actual` so runners draw a diff: tool names,
 * or `{ toolName, input }` when the expectation names inputs. Never the raw run.
 */
export function projectionOf(items: readonly ExpectedCall[]) {
  const withInput = items.some((item) => item.hasInput);
  return {
    expected: (item: ExpectedCall): unknown =>
      withInput ? (item.hasInput ? { toolName: item.toolName, input: item.input } : { toolName: item.toolName }) : item.toolName,
    actual: (call: ToolCall, item?: ExpectedCall): unknown =>
      withInput ? (item && !item.hasInput ? { toolName: call.toolName } : { toolName: call.toolName, input: call.input }) : call.toolName,
  };
}
