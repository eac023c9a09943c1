import type { MessageFit, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import { chatAdapter, hasChatRole } from '../chatFormat.js';
import { OPENAI_TOOL_CALLS, readOpenAiToolCall } from '../openaiToolCall.js';
import { MISTRAL_TOKENS, NO_MESSAGE_TOKENS, sumTokens } from '../runUsage.js';

/** A `chat.complete` response of `@mistralai/mistralai`: OpenAI's shape with camelCase keys, which OpenAI's SDK never writes. */
function isCompletion(value: unknown): value is UnknownRecord & { choices: unknown[] } {
  if (!isRecord(value) || !Array.isArray(value.choices)) return false;
  const first: unknown = value.choices[0];
  return isRecord(first) && isRecord(first.message) && ('finishReason' in first || 'toolCalls' in first.message);
}

/** `toolCalls`, `toolCallId` (never OpenAI's) or `prefix` shows the format, unless Cohere's `toolPlan` does; `{ role, content }` fits. */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  if (!hasChatRole(message) || 'toolPlan' in message) return undefined;
  if ('toolCalls' in message || 'toolCallId' in message || 'prefix' in message) return 'evidence';
  const content = message.content;
  return typeof content === 'string' || content === null || Array.isArray(content) ? 'fits' : undefined;
}

/**
 * Mistral (`@mistralai/mistralai` 1.x): a `chat.complete` response (its first choice's message) or
 * the messages of a tool loop: OpenAI's shape, camelCased. A tool message carries no error flag.
 */
export const mistral = chatAdapter({
  format: 'mistral',
  shape: "Mistral (@mistralai/mistralai): a chat.complete response or messages with toolCalls: [{ id, function: { name, arguments } }] and { role: 'tool', toolCallId }",
  message: { name: 'a Mistral message', fit: messageFit },
  keys: new Set(['role', 'content', 'toolCalls', 'toolCallId', 'name', 'prefix']),
  calls: { key: 'toolCalls', expected: OPENAI_TOOL_CALLS, read: readOpenAiToolCall },
  readResult(message, calls) {
    if (isNonEmptyString(message.toolCallId)) calls.output(message.toolCallId, message.content);
  },
  isResponse: isCompletion,
  messageOf: (response) => (response.choices as UnknownRecord[])[0]!.message,
  usage: {
    records: {
      steps: 'Mistral chat.complete responses (one model call) and messages (one assistant message per response)',
      tokens: 'Mistral chat.complete responses (usage.promptTokens and completionTokens)',
    },
    response: (response) => ({ steps: 1, ...sumTokens([response.usage], MISTRAL_TOKENS, () => 'the response') }),
    messagesLack: { tokens: `${NO_MESSAGE_TOKENS} (a chat.complete response does: pass it, or check each one)` },
  },
});
