import type { FormatAdapter } from '../adapter.js';
import { asList } from '../conversationText.js';
import { isMastraMessage, readMastraMessages, textOfRole } from '../mastraMessages.js';

export const mastraMessages: FormatAdapter = {
  format: 'mastra-messages',
  shape: 'Mastra stored messages: an array of { role, content: { format: 2, parts } } (or format 3, or one such message)',
  detect: (value) =>
    isMastraMessage(value) || (Array.isArray(value) && value.length > 0 && value.every(isMastraMessage)),
  read(value, calls) {
    readMastraMessages(asList(value), calls);
  },
  text(value) {
    const messages = asList(value);
    return { request: textOfRole(messages, 'user', 'last'), reply: textOfRole(messages, 'assistant', 'all') };
  },
};
