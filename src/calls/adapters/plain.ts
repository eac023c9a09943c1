import type { FormatAdapter } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';

const isNamedCall = (item: unknown) => isRecord(item) && isNonEmptyString(item.toolName) && !('type' in item);

/** `['search', 'book']`, `[{ toolName, input }]` (already-normalized calls), or `[]`. */
export const plainCalls: FormatAdapter = {
  format: 'plain',
  shape: "a plain array of tool names (['search']) or of calls ([{ toolName, input }])",
  detect: (value) =>
    Array.isArray(value) && (value.every(isNonEmptyString) || value.every(isNamedCall)),
  read(value, calls) {
    for (const item of value as unknown[]) {
      if (typeof item === 'string') {
        calls.add({ toolName: item, input: undefined });
      } else {
        const { toolName, input, toolCallId, output, error, ...rest } = item as Record<string, unknown>;
        calls.add({
          ...rest,
          toolName: toolName as string,
          input,
          ...(isNonEmptyString(toolCallId) && { toolCallId }),
          ...(output !== undefined && { output }),
          ...(error !== undefined && { error }),
        });
      }
    }
  },
};
