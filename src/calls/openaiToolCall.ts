import { isNonEmptyString, isRecord } from './adapter.js';
import type { CallCollector } from './collector.js';
import { toolCallWithJsonInput, withOutput } from './toolCall.js';

/**
 * One item of an OpenAI `tool_calls` list (Chat Completions, and LangChain's OpenAI-shaped messages).
 * `output`: its result when it was read ahead (resultsAhead.ts); undefined for none.
 */
export function readOpenAiToolCall(item: unknown, calls: CallCollector, output?: unknown): void {
  if (!isRecord(item)) return;
  if (isRecord(item.function) && isNonEmptyString(item.function.name)) {
    calls.add(toolCallWithJsonInput(item.function.name, item.function.arguments, item.id, output));
  } else if (isRecord(item.custom) && isNonEmptyString(item.custom.name)) {
    calls.add(withOutput(item.custom.name, item.custom.input, item.id, output));
  }
}

/** The call id of an item of a `tool_calls` list, when the item is a call `readOpenAiToolCall` reads. */
export function openAiToolCallId(item: unknown): unknown {
  if (!isRecord(item)) return undefined;
  const isCall = (isRecord(item.function) && isNonEmptyString(item.function.name)) || (isRecord(item.custom) && isNonEmptyString(item.custom.name));
  return isCall ? item.id : undefined;
}
