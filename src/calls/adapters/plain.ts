import { ToolCallAccuracyError } from '../../errors.js';
import type { ToolCall } from '../../types.js';
import type { FormatAdapter } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';

const isNamedCall = (item: unknown) => isRecord(item) && isNonEmptyString(item.toolName) && !('type' in item);

/** `['search', 'book']`, `[{ toolName, input }]` (already-normalized calls), or `[]`. */
export const plainCalls: FormatAdapter = {
  format: 'plain',
  shape: "a plain array of tool names (['search']) or of calls ([{ toolName, input }])",
  detect: (value) =>
    Array.isArray(value) && (value.every(isNonEmptyString) || value.every(isNamedCall)),
  turns() {
    throw new ToolCallAccuracyError("turn(run, n): a plain list of calls does not say which user message each call answered. Pass the conversation's messages instead.");
  },
  // A tool that returns a list of names or calls did not run an agent.
  subRun: false,
  read(value, calls) {
    for (const item of value as unknown[]) {
      if (typeof item === 'string') {
        calls.add({ toolName: item, input: undefined });
      } else {
        // One copy, so pairing and merging never write into the caller's objects.
        const call = { ...(item as ToolCall) };
        if ('toolCallId' in call && !isNonEmptyString(call.toolCallId)) delete call.toolCallId;
        calls.add(call);
      }
    }
  },
};
