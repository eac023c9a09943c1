import { isNonEmptyString, isRecord } from './adapter.js';
import type { CallCollector } from './collector.js';
import { toolCall, toolCallWithJsonInput } from './toolCall.js';
import { refuseUnknown } from './unknownParts.js';

/**
 * One item of an OpenAI `tool_calls` list (Chat Completions, and LangChain's OpenAI-shaped
 * messages): a function or a custom tool's call, added to `calls`. Anything else is not read: false,
 * and the caller refuses it with `refuseToolCall`, saying where it sits (the text is made only then).
 */
export function readOpenAiToolCall(item: unknown, calls: CallCollector): boolean {
  if (isRecord(item) && isRecord(item.function) && isNonEmptyString(item.function.name)) {
    calls.add(toolCallWithJsonInput(item.function.name, item.function.arguments, item.id));
  } else if (isRecord(item) && isRecord(item.custom) && isNonEmptyString(item.custom.name)) {
    calls.add(toolCall(item.custom.name, item.custom.input, item.id));
  } else {
    return false;
  }
  return true;
}

/** What an item of an OpenAI `tool_calls` list is, for errors. */
export const OPENAI_TOOL_CALLS = "tool_calls items { type: 'function', function: { name, arguments } } and { type: 'custom', custom: { name, input } }";

/** Refuses an item of a `tool_calls` list that `readOpenAiToolCall` did not read, at `where` of a run read as `format`. */
export function refuseToolCall(format: string, where: string, item: unknown): never {
  refuseUnknown(format, where, item, OPENAI_TOOL_CALLS);
}
