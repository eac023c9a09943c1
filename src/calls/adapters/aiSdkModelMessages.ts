import type { FormatAdapter } from '../adapter.js';
import { isRecord } from '../adapter.js';
import { asList, chatRole, contentText, conversationText } from '../conversationText.js';
import { AiSdkPartReader } from '../aiSdkPartReader.js';
import { assistantMessages, NO_MESSAGE_TOKENS } from '../runUsage.js';

const textOf = (message: unknown) => (isRecord(message) ? contentText(message.content) : undefined);

/**
 * AI SDK model messages (`ModelMessage[]`: `result.response.messages` in 5/6, `responseMessages` in
 * 7, or a whole conversation), and AI SDK 4's `CoreMessage[]` (same parts, `args`/`result`).
 * A plain-text conversation in any format also lands here: it has no calls to read.
 */
export const aiSdkModelMessages: FormatAdapter = {
  format: 'ai-sdk-model-messages',
  shape: "AI SDK model messages: [{ role: 'assistant', content: [{ type: 'tool-call', toolName, input }] }, { role: 'tool', … }]",
  detect: (value, kinds) => kinds.of(value) === 'ai-sdk-model',
  read(value, calls) {
    const messages = asList(value);
    const reader = new AiSdkPartReader(calls, true);
    for (let index = 0; index < messages.length; index++) {
      const message: unknown = messages[index];
      if (!isRecord(message) || !Array.isArray(message.content)) continue;
      // The AI SDK writes one assistant message per step. Mastra's v1 messages (a message-level
      // `type`) merge a run's steps into one, so they say nothing about steps.
      if (message.role === 'assistant' && !('type' in message)) calls.beginStep();
      // Only the assistant issues calls; other roles hold results and approvals.
      reader.read(message.content, message.role === 'assistant');
    }
  },
  text: (value) => conversationText(asList(value), chatRole, textOf),
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
