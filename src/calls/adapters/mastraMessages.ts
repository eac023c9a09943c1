import type { FormatAdapter } from '../adapter.js';
import { asList } from '../conversationText.js';
import { isMastraMessage, readMastraMessages, textOfRole } from '../mastraMessages.js';
import { conversationTurns, isUserMessage } from '../turns.js';

export const mastraMessages: FormatAdapter = {
  format: 'mastra-messages',
  shape: 'Mastra stored messages: an array of { role, content: { format: 2, parts } } (or format 3, or one such message)',
  detect: (value) =>
    isMastraMessage(value) || (Array.isArray(value) && value.length > 0 && value.every(isMastraMessage)),
  // The kind exists so that a list mixing Mastra's messages with another format's is refused, not half read.
  messages: { name: 'a Mastra stored message', of: (message) => (isMastraMessage(message) ? 'evidence' : undefined) },
  turns: (value) => conversationTurns(value, isUserMessage),
  read(value, calls) {
    readMastraMessages(asList(value), calls, 'mastra-messages');
  },
  text(value) {
    const messages = asList(value);
    return { request: textOfRole(messages, 'user', 'last'), reply: textOfRole(messages, 'assistant', 'all') };
  },
};
