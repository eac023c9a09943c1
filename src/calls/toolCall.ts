import type { ToolCall } from '../types.js';
import { isNonEmptyString } from './adapter.js';
import { parseInput } from './collector.js';

/** A call with its name, input and (when it is a non-empty string) id; adapters set the rest. */
export function toolCall(toolName: string, input: unknown, toolCallId: unknown): ToolCall {
  const call: ToolCall = { toolName, input };
  if (isNonEmptyString(toolCallId)) call.toolCallId = toolCallId;
  return call;
}

/**
 * A call whose arguments arrive as a JSON string (OpenAI, LangChain's invalid calls): parsed, or,
 * when the string does not parse, kept as it is with `unparsedInput` set, never dropped.
 */
export function toolCallWithJsonInput(toolName: string, rawInput: unknown, toolCallId: unknown): ToolCall {
  const { input, unparsedInput } = parseInput(rawInput);
  const call = toolCall(toolName, input, toolCallId);
  if (unparsedInput !== undefined) call.unparsedInput = unparsedInput;
  return call;
}
