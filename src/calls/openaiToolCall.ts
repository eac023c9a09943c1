import { isNonEmptyString, isRecord } from './adapter.js';
import type { CallCollector } from './collector.js';
import { toolCall, toolCallWithJsonInput } from './toolCall.js';
import { refuseUnknown } from './unknownParts.js';

/** Adds one item of an OpenAI `tool_calls` list (a function or a custom tool's call) to `calls`; false for anything else (`refuseToolCall`). */
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
