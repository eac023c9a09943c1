import type { RunText } from './getRunText.js';

/**
 * The request and reply of a conversation: the last user message's text, and the assistant's
 * text after it (the whole conversation's assistant text when there is no user message).
 */
export function conversationText(
  messages: readonly unknown[],
  roleOf: (message: unknown) => 'user' | 'assistant' | undefined,
  textOf: (message: unknown) => string | undefined,
): RunText {
  let lastUser = -1;
  for (let index = messages.length - 1; index >= 0; index--) {
    if (roleOf(messages[index]) === 'user') {
      lastUser = index;
      break;
    }
  }
  const replies: string[] = [];
  for (let index = lastUser + 1; index < messages.length; index++) {
    if (roleOf(messages[index]) !== 'assistant') continue;
    const text = textOf(messages[index]);
    if (text) replies.push(text);
  }
  const text: RunText = {};
  const request = lastUser >= 0 ? textOf(messages[lastUser]) : undefined;
  if (request) text.request = request;
  if (replies.length > 0) text.reply = replies.join('\n\n');
  return text;
}
