import { isNonEmptyString, isRecord } from './adapter.js';
import type { CallCollector } from './collector.js';
import { toolCall, toolCallWithJsonInput } from './toolCall.js';

/** One item of an OpenAI `tool_calls` list (Chat Completions, and LangChain's OpenAI-shaped messages). */
export function readOpenAiToolCall(item: unknown, calls: CallCollector): void {
  if (!isRecord(item)) return;
  if (isRecord(item.function) && isNonEmptyString(item.function.name)) {
    calls.add(toolCallWithJsonInput(item.function.name, item.function.arguments, item.id));
  } else if (isRecord(item.custom) && isNonEmptyString(item.custom.name)) {
    calls.add(toolCall(item.custom.name, item.custom.input, item.id));
  }
}
