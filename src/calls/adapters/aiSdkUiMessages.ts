import type { FormatAdapter } from '../adapter.js';
import { isRecord } from '../adapter.js';
import { asList, chatRole, contentText, conversationText } from '../conversationText.js';
import { readMessageParts } from '../uiParts.js';

/** AI SDK 5, 6 and 7 UI messages (`useChat`, `toUIMessageStream`); their parts are read in uiParts.ts. */

const textOf = (message: unknown) => (isRecord(message) ? contentText(message.parts) : undefined);

export const aiSdkUiMessages: FormatAdapter = {
  format: 'ai-sdk-ui-messages',
  shape: "AI SDK 5/6/7 UI messages: [{ role, parts: [{ type: 'tool-<name>' | 'dynamic-tool', state, input }] }] (or one message)",
  detect: (value, kinds) => kinds.of(value) === 'ai-sdk-ui',
  read(value, calls) {
    const messages = asList(value);
    for (let index = 0; index < messages.length; index++) {
      const message: unknown = messages[index];
      // The user's messages are context; only the assistant's parts are its calls.
      if (isRecord(message) && message.role === 'assistant') readMessageParts(message.parts, message.toolInvocations, calls, true);
    }
  },
  text: (value) => conversationText(asList(value), chatRole, textOf),
};
