import type { ToolCall } from '../types.js';
import { isNonEmptyString } from './adapter.js';

/** A call with its name, input and (when it is a non-empty string) id; adapters set the rest. */
export function toolCall(toolName: string, input: unknown, toolCallId: unknown): ToolCall {
  // One literal per shape: an id added afterwards moves out of the object, and every call grows.
  return isNonEmptyString(toolCallId) ? { toolName, input, toolCallId } : { toolName, input };
}

/** A call the provider ran itself (a hosted or built-in tool): `providerExecuted`. */
export function providerCall(call: ToolCall): ToolCall {
  call.providerExecuted = true;
  return call;
}

/** A call with its result known when it is read (invocations, UI parts): one literal, as an `output` added afterwards grows the call. */
export function toolCallWithOutput(toolName: string, input: unknown, toolCallId: unknown, output: unknown): ToolCall {
  return isNonEmptyString(toolCallId) ? { toolName, input, toolCallId, output } : { toolName, input, output };
}

/** A call whose arguments may arrive as a JSON string: parsed, or kept as it is with `unparsedInput` set when it does not parse. */
export function toolCallWithJsonInput(toolName: string, rawInput: unknown, toolCallId: unknown): ToolCall {
  if (typeof rawInput !== 'string') return toolCall(toolName, rawInput, toolCallId);
  if (rawInput.trim() === '') return toolCall(toolName, {}, toolCallId);
  let input: unknown;
  try {
    input = JSON.parse(rawInput);
  } catch {
    const call = toolCall(toolName, rawInput, toolCallId);
    call.unparsedInput = rawInput;
    return call;
  }
  return toolCall(toolName, input, toolCallId);
}
