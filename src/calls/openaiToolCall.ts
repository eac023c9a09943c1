import { isNonEmptyString, isRecord } from './adapter.js';
import type { CallCollector } from './collector.js';
import { toolCall, toolCallWithJsonInput } from './toolCall.js';
import { refuseUnknown } from './unknownParts.js';

/**
 * One item of an OpenAI `tool_calls` list (Chat Completions, and LangChain's OpenAI-shaped
 * messages): a function or a custom tool's call. Anything else is refused (`format`, `where`: for the error).
 */
export function readOpenAiToolCall(item: unknown, calls: CallCollector, format: string, where: string): void {
  if (isRecord(item) && isRecord(item.function) && isNonEmptyString(item.function.name)) {
    calls.add(toolCallWithJsonInput(item.function.name, item.function.arguments, item.id));
  } else if (isRecord(item) && isRecord(item.custom) && isNonEmptyString(item.custom.name)) {
    calls.add(toolCall(item.custom.name, item.custom.input, item.id));
  } else {
    refuseUnknown(format, where, item, "tool_calls items { type: 'function', function: { name, arguments } } and { type: 'custom', custom: { name, input } }");
  }
}
