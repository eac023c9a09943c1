import type { FormatAdapter, MessageFit, UnknownRecord } from '../adapter.js';
import { isRecord } from '../adapter.js';
import { asList, chatRole, conversationText, messageContentText } from '../conversationText.js';
import { AiSdkPartReader } from '../aiSdkPartReader.js';
import { assistantMessages, NO_MESSAGE_TOKENS } from '../runUsage.js';
import { conversationTurns, isUserMessage } from '../turns.js';
import { refuseCallKeys } from '../callKeys.js';
import { position } from '../unknownParts.js';

/** The keys of a model message this reader reads or knows: the AI SDK's, and Mastra's v1 messages' (which repeat the calls of its parts). */
const MESSAGE_KEYS = new Set(['role', 'content', 'providerOptions', 'experimental_providerMetadata', 'id', 'type', 'createdAt', 'threadId', 'resourceId', 'toolCallIds', 'toolNames', 'toolCallArgs']);

/** Content part types of model messages (5–7, and 4's CoreMessages): those that only the AI SDK writes, and text, image and file. */
const MODEL_PARTS = new Set(['tool-call', 'tool-result', 'tool-approval-request', 'tool-approval-response', 'reasoning']);
const TEXT_PARTS = new Set(['text', 'image', 'file']);

/**
 * A `tool` message with parts, or a part only the AI SDK writes, shows the format. A string content,
 * or text, image and file parts, is text only: this format is the fallback for a conversation in
 * which nothing shows another (it has no calls in any format).
 */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  const content = message.content;
  if (typeof message.role !== 'string') return undefined;
  if (typeof content === 'string') return 'text';
  if (!Array.isArray(content)) return undefined;
  if (message.role === 'tool') return 'evidence';
  let text = true;
  for (const part of content) {
    const type = isRecord(part) ? part.type : undefined;
    if (typeof type === 'string' && MODEL_PARTS.has(type)) return 'evidence';
    if (typeof type !== 'string' || !TEXT_PARTS.has(type)) text = false;
  }
  return text ? 'text' : undefined;
}

/**
 * AI SDK model messages (`ModelMessage[]`: `result.response.messages` in 5/6, `responseMessages` in
 * 7, or a whole conversation), and AI SDK 4's `CoreMessage[]` (same parts, `args`/`result`).
 * A plain-text conversation in any format also lands here: it has no calls to read.
 */
export const aiSdkModelMessages: FormatAdapter = {
  format: 'ai-sdk-model-messages',
  shape: "AI SDK model messages: [{ role: 'assistant', content: [{ type: 'tool-call', toolName, input }] }, { role: 'tool', … }]",
  detect: (value, kinds) => kinds.of(value) === 'ai-sdk-model-messages',
  messages: { name: 'an AI SDK model message', of: messageFit, fallback: true },
  turns: (value) => conversationTurns(value, isUserMessage),
  read(value, calls) {
    const messages = asList(value);
    const reader = new AiSdkPartReader(calls, true, 'ai-sdk-model-messages');
    for (let index = 0; index < messages.length; index++) {
      const message: unknown = messages[index];
      // The classifier let in only messages that fit (messageKinds.ts): text, or parts the part reader reads or refuses.
      if (!isRecord(message)) continue;
      refuseCallKeys('ai-sdk-model-messages', () => position(index), message, MESSAGE_KEYS);
      if (!Array.isArray(message.content)) continue;
      // The AI SDK writes one assistant message per step. Mastra's v1 messages (a message-level
      // `type`) merge a run's steps into one, so they say nothing about steps.
      if (message.role === 'assistant' && !('type' in message)) calls.beginStep();
      // Only the assistant issues calls; other roles hold results and approvals.
      reader.read(message.content, message.role === 'assistant', 'message', index);
    }
  },
  text: (value) => conversationText(asList(value), chatRole, messageContentText),
  usage: {
    records: { steps: "AI SDK model messages (one assistant message per step; not Mastra's v1 messages, which merge steps)" },
    read(value) {
      const messages = asList(value);
      // Mastra's v1 messages (a message-level `type`) merge a run's steps into one message.
      if (messages.some((message) => isRecord(message) && 'type' in message)) {
        return { lacking: { steps: "Mastra's v1 messages merge a run's steps into one message", tokens: NO_MESSAGE_TOKENS } };
      }
      return { steps: assistantMessages(messages), lacking: { tokens: NO_MESSAGE_TOKENS } };
    },
  },
};
