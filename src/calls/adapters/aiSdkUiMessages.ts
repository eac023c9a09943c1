import type { FormatAdapter, MessageFit, UnknownRecord } from '../adapter.js';
import { isRecord } from '../adapter.js';
import { asList, chatRole, contentText, conversationText } from '../conversationText.js';
import { readUiMessages, uiPartsKind } from '../uiParts.js';
import { conversationTurns, isUserMessage } from '../turns.js';

const textOf = (message: unknown) => (isRecord(message) ? contentText(message.parts) : undefined);

/**
 * A UI message shows itself by its tool parts (`tool-<name>`, `dynamic-tool`); text-only parts are
 * its shape. It reads AI SDK 4's messages too (a store migrated from 4), so those fit, as does a
 * message with only a `content` string.
 */
function uiMessageFit(message: UnknownRecord): MessageFit | undefined {
  if (Array.isArray(message.parts)) {
    const kind = uiPartsKind(message.parts);
    return kind === 'v5' ? 'evidence' : kind === 'v4' ? 'fits' : kind === 'text' ? (Array.isArray(message.toolInvocations) ? 'fits' : 'text') : undefined;
  }
  return Array.isArray(message.toolInvocations) || typeof message.content === 'string' ? 'fits' : undefined;
}

/** AI SDK 5, 6 and 7 UI messages (`useChat`, `toUIMessageStream`); their parts are read in uiParts.ts. */
export const aiSdkUiMessages: FormatAdapter = {
  format: 'ai-sdk-ui-messages',
  shape: "AI SDK 5/6/7 UI messages: [{ role, parts: [{ type: 'tool-<name>' | 'dynamic-tool', state, input }] }] (or one message)",
  detect: (value, kinds) => kinds.of(value) === 'ai-sdk-ui-messages',
  messages: { name: 'an AI SDK 5+ UI message', of: uiMessageFit, fallback: true, absorbs: ['ai-sdk-4'] },
  turns: (value) => conversationTurns(value, isUserMessage),
  read: (value, calls) => readUiMessages('ai-sdk-ui-messages', asList(value), calls),
  text: (value) => conversationText(asList(value), chatRole, textOf),
};
