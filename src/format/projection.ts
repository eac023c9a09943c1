import type { ExpectedCall } from '../matchers/shared.js';
import type { ToolCall } from '../types.js';
import { printableName } from './value.js';

/**
 * The small values a matcher returns as `expected`/`actual` so runners draw a diff: tool names,
 * or `{ toolName, input }` when the expectation names inputs. Never the raw run.
 */
export function projectionOf(items: readonly ExpectedCall[]) {
  const withInput = items.some((item) => item.hasInput);
  return {
    expected: (item: ExpectedCall): unknown => {
      const toolName = nameOf(item.toolName);
      return withInput ? (item.hasInput ? { toolName, input: item.input } : { toolName }) : toolName;
    },
    actual: (call: ToolCall, item?: ExpectedCall): unknown => {
      const toolName = nameOf(call.toolName);
      return withInput ? (item && !item.hasInput ? { toolName } : { toolName, input: call.input }) : toolName;
    },
  };
}

/** Names in a diff are escaped and cut as in the message (a matcher, such as StringMatching, stays itself). */
export function nameOf(name: unknown): unknown {
  return typeof name === 'string' ? printableName(name) : name;
}
