import { isRecord } from './adapter.js';
import type { RunText } from './adapter.js';

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

/** A value that may be one message or a list of them, as a list. */
export function asList(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** `'user'` or `'assistant'` from a message's `role`; other roles (system, tool) take no part in the text. */
export function chatRole(message: unknown): 'user' | 'assistant' | undefined {
  const role = isRecord(message) ? message.role : undefined;
  return role === 'user' || role === 'assistant' ? role : undefined;
}

/** The roles of a conversation whose tool results travel in user messages: only a user message with text is the user speaking. */
export function speakingRole(assistantRole: string, textOf: (message: unknown) => string | undefined): (message: unknown) => 'user' | 'assistant' | undefined {
  return (message) => {
    if (!isRecord(message)) return undefined;
    if (message.role === assistantRole) return 'assistant';
    return message.role === 'user' && textOf(message) !== undefined ? 'user' : undefined;
  };
}

/** A message's text from its `content` (a string, or the text parts of a list): the chat formats' `textOf`. */
export function messageContentText(message: unknown): string | undefined {
  return isRecord(message) ? contentText(message.content) : undefined;
}

/** The text of message content: a string, or its text parts (of these part types) joined by newlines. */
export function contentText(content: unknown, textTypes: readonly string[] = TEXT): string | undefined {
  if (typeof content === 'string') return content || undefined;
  return joinedText(content, (part) => textTypes.includes(part.type as string));
}

/** The non-empty `text` of the parts `keep` takes, joined by newlines; undefined when there is none. */
export function joinedText(parts: unknown, keep: (part: Record<string, unknown>) => boolean): string | undefined {
  if (!Array.isArray(parts)) return undefined;
  let text = '';
  for (const part of parts) if (isRecord(part) && typeof part.text === 'string' && part.text && keep(part)) text = text ? `${text}\n${part.text}` : part.text;
  return text || undefined;
}

const TEXT = ['text'];
