import type { MessageFit, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import { chatAdapter, hasChatRole } from '../chatFormat.js';
import { OPENAI_TOOL_CALLS, readOpenAiToolCall } from '../openaiToolCall.js';
import { COHERE_TOKENS, NO_MESSAGE_TOKENS, sumTokens } from '../runUsage.js';

/** A `v2.chat` response of `cohere-ai`: `{ id, finishReason, message, usage }`, no `choices`. */
function isResponse(value: unknown): value is UnknownRecord & { message: UnknownRecord } {
  return isRecord(value) && isRecord(value.message) && typeof value.finishReason === 'string' && !('choices' in value) && !('done' in value);
}

const hasDocument = (content: unknown) => Array.isArray(content) && content.some((part) => isRecord(part) && part.type === 'document');

/** `toolPlan`, `citations` or a tool message of documents shows the format; Mistral's messages (which it reads) and `{ role, content }` fit. */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  if (!hasChatRole(message)) return undefined;
  if ('toolPlan' in message || 'citations' in message || (message.role === 'tool' && hasDocument(message.content))) return 'evidence';
  const content = message.content;
  return content === undefined || typeof content === 'string' || Array.isArray(content) ? 'fits' : undefined;
}

/** A tool's content as its output: a string, one document's data or text, or the list of them. */
function toolOutput(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  const values = content.map((part) => (isRecord(part) ? (isRecord(part.document) ? part.document.data : part.type === 'text' ? part.text : part) : part));
  return values.length === 1 ? values[0] : values;
}

/**
 * Cohere v2 (`cohere-ai`, `CohereClientV2`): a `chat` response or the messages of a tool loop, with
 * Mistral's camelCased calls; a `tool` message's documents' `data` is the output, with no error flag.
 */
export const cohere = chatAdapter({
  format: 'cohere',
  shape: "Cohere v2 (cohere-ai): a v2 chat response or messages with toolPlan, toolCalls: [{ id, function: { name, arguments } }] and { role: 'tool', toolCallId }",
  message: { name: 'a Cohere v2 message', fit: messageFit, absorbs: ['mistral'] },
  keys: new Set(['role', 'content', 'toolPlan', 'toolCalls', 'toolCallId', 'citations']),
  // Content part types of v2 messages: text, a tool's document, the model's thinking, an image.
  parts: { types: new Set(['text', 'document', 'thinking', 'image_url', 'image']), keys: new Set(['type', 'text', 'document', 'thinking', 'imageUrl', 'image_url', 'id']) },
  calls: { key: 'toolCalls', expected: OPENAI_TOOL_CALLS, read: readOpenAiToolCall },
  readResult(message, calls) {
    if (isNonEmptyString(message.toolCallId)) calls.output(message.toolCallId, toolOutput(message.content));
  },
  isResponse,
  messageOf: (response) => response.message,
  usage: {
    records: {
      steps: 'Cohere v2 chat responses (one model call) and messages (one assistant message per response)',
      tokens: 'Cohere v2 chat responses (usage.tokens.inputTokens and outputTokens)',
    },
    response: (response) => ({ steps: 1, ...sumTokens([isRecord(response.usage) ? response.usage.tokens : undefined], COHERE_TOKENS, () => 'the response') }),
    messagesLack: { tokens: `${NO_MESSAGE_TOKENS} (a v2 chat response does: pass it, or check each one)` },
  },
});
