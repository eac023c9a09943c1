import type { FormatAdapter, MessageFit, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asList, chatRole, conversationText, messageContentText } from '../conversationText.js';
import { readOpenAiToolCall, refuseToolCall } from '../openaiToolCall.js';
import { refuseCallKeys } from '../callKeys.js';
import { assistantMessages, COHERE_TOKENS, NO_MESSAGE_TOKENS, sumTokens } from '../runUsage.js';
import { conversationTurns, isUserMessage } from '../turns.js';
import { position, refuseUnknown } from '../unknownParts.js';

const FORMAT = 'cohere';
const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
/** The keys of a v2 chat message of `cohere-ai` this reader reads or knows. */
const MESSAGE_KEYS = new Set(['role', 'content', 'toolPlan', 'toolCalls', 'toolCallId', 'citations']);
/** Content part types of v2 messages: text, a tool's document, the model's thinking, an image. */
const PARTS = new Set(['text', 'document', 'thinking', 'image_url', 'image']);
const PART_KEYS = new Set(['type', 'text', 'document', 'thinking', 'imageUrl', 'image_url', 'id']);

/** A `v2.chat` response of `cohere-ai`: `{ id, finishReason, message, usage }`, no `choices`. */
function isResponse(value: unknown): value is UnknownRecord & { message: UnknownRecord } {
  return isRecord(value) && isRecord(value.message) && typeof value.finishReason === 'string' && !('choices' in value) && !('done' in value);
}

function messagesOf(value: unknown): readonly unknown[] {
  return isResponse(value) ? [value.message] : asList(value);
}

const hasDocument = (content: unknown) => Array.isArray(content) && content.some((part) => isRecord(part) && part.type === 'document');

/**
 * A message with `toolPlan` or `citations`, or a tool message of documents, shows the format; a
 * message with `toolCalls` or `toolCallId` fits (Mistral's SDK writes those keys too, and this
 * format reads Mistral's messages), as does `{ role, content }`.
 */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  if (message.type !== undefined || !ROLES.has(message.role as string)) return undefined;
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

function readMessage(message: unknown, index: number, calls: CallCollector): void {
  if (!isRecord(message) || !ROLES.has(message.role as string)) refuseUnknown(FORMAT, position(index), message, `messages with the roles ${[...ROLES].join(', ')}`);
  refuseCallKeys(FORMAT, () => position(index), message, MESSAGE_KEYS);
  const content = message.content;
  if (Array.isArray(content)) {
    for (let part = 0; part < content.length; part++) {
      const item: unknown = content[part];
      if (!isRecord(item) || !PARTS.has(item.type as string)) refuseUnknown(FORMAT, position(index, part), item, [...PARTS].join(', '));
      refuseCallKeys(FORMAT, () => position(index, part), item, PART_KEYS);
    }
  }
  if (message.role === 'assistant') {
    calls.beginStep();
    const toolCalls = message.toolCalls;
    if (!Array.isArray(toolCalls)) return;
    for (let call = 0; call < toolCalls.length; call++) {
      if (!readOpenAiToolCall(toolCalls[call], calls)) refuseToolCall(FORMAT, `${position(index)}, toolCalls[${call}]`, toolCalls[call]);
    }
  } else if (message.role === 'tool' && isNonEmptyString(message.toolCallId)) {
    calls.output(message.toolCallId, toolOutput(content));
  }
}


/**
 * Cohere v2 (`cohere-ai`, `CohereClientV2`): a `chat` response or the messages of a tool loop. Calls
 * are an assistant message's `toolCalls` (OpenAI's shape, camelCase; `toolPlan` is the model's
 * text about them); a `tool` message's `toolCallId` pairs its content (text, or documents: their
 * `data` is the output) with the call. Cohere's tool messages carry no error flag.
 */
export const cohere: FormatAdapter = {
  format: FORMAT,
  shape: "Cohere v2 (cohere-ai): a v2 chat response or messages with toolPlan, toolCalls: [{ id, function: { name, arguments } }] and { role: 'tool', toolCallId }",
  detect: (value, kinds) => isResponse(value) || kinds.of(value) === FORMAT,
  messages: { name: 'a Cohere v2 message', of: messageFit, absorbs: ['mistral'] },
  turns: (value) => conversationTurns(value, isUserMessage),
  read(value, calls) {
    const messages = messagesOf(value);
    for (let index = 0; index < messages.length; index++) readMessage(messages[index], index, calls);
  },
  text: (value) => conversationText(messagesOf(value), chatRole, messageContentText),
  usage: {
    records: {
      steps: 'Cohere v2 chat responses (one model call) and messages (one assistant message per response)',
      tokens: 'Cohere v2 chat responses (usage.tokens.inputTokens and outputTokens)',
    },
    read(value) {
      if (isResponse(value)) return { steps: 1, ...sumTokens([isRecord(value.usage) ? value.usage.tokens : undefined], COHERE_TOKENS, () => 'the response') };
      return { steps: assistantMessages(asList(value)), lacking: { tokens: `${NO_MESSAGE_TOKENS} (a v2 chat response does: pass it, or check each one)` } };
    },
  },
};
