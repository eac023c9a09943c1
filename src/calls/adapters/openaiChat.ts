import type { FormatAdapter, MessageFit, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asList, chatRole, conversationText, messageContentText } from '../conversationText.js';
import { readOpenAiToolCall, refuseToolCall } from '../openaiToolCall.js';
import { toolCallWithJsonInput } from '../toolCall.js';
import { conversationTurns, isUserMessage } from '../turns.js';
import { position, refuseUnknown } from '../unknownParts.js';
import { refuseCallKeys } from '../callKeys.js';
import { refuseUnknownParts } from '../chatFormat.js';
import { assistantMessages, NO_MESSAGE_TOKENS, OPENAI_CHAT_TOKENS, sumTokens } from '../runUsage.js';

/** An item of `message.tool_calls` rather than a message (`completion.choices[0].message.tool_calls`). */
function isToolCallItem(item: UnknownRecord): boolean {
  return (item.type === 'function' && isRecord(item.function)) || (item.type === 'custom' && isRecord(item.custom));
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
/** Content part types of Chat messages. */
const PARTS = new Set(['text', 'image_url', 'input_audio', 'file', 'refusal']);

/** A message other than an assistant's (readAssistant): a bare `tool_calls` item, or a tool's result. */
function readMessage(message: UnknownRecord, calls: CallCollector, index: number): void {
  if (isToolCallItem(message)) {
    refuseCallKeys('openai-chat', () => `item ${index + 1}`, message, TOOL_CALL_KEYS);
    if (!readOpenAiToolCall(message, calls)) refuseToolCall('openai-chat', `item ${index + 1}`, message);
  } else if (message.role === 'tool' && isNonEmptyString(message.tool_call_id)) {
    calls.output(message.tool_call_id, message.content);
  }
}

/** The keys of an item of `tool_calls` this reader reads or knows. */
const TOOL_CALL_KEYS = new Set(['id', 'type', 'function', 'custom', 'index']);
/** The keys of a Chat message this reader reads or knows (a provider's harmless extras are in callKeys.ts). */
const MESSAGE_KEYS = new Set(['role', 'content', 'name', 'tool_calls', 'tool_call_id', 'function_call']);
/** Content parts: their types, and their keys (the type and its payload). */
const CHAT_CONTENT = { types: PARTS, keys: new Set(['type', ...PARTS]) };

/** Refuses a message with a role, a content part or a key that could hold calls that Chat Completions does not write. */
function checkMessage(message: UnknownRecord, index: number): void {
  if (isToolCallItem(message)) return;
  if (!ROLES.has(message.role as string)) refuseUnknown('openai-chat', position(index), message, `the roles ${[...ROLES].join(', ')}`);
  refuseCallKeys('openai-chat', () => position(index), message, MESSAGE_KEYS);
  refuseUnknownParts('openai-chat', index, message.content, CHAT_CONTENT);
}

/** An assistant message's calls: its `tool_calls`, and the legacy `function_call`. */
function readAssistant(message: UnknownRecord, calls: CallCollector, index: number): void {
  const toolCalls: unknown = message.tool_calls;
  if (Array.isArray(toolCalls)) {
    for (let call = 0; call < toolCalls.length; call++) {
      if (!readOpenAiToolCall(toolCalls[call], calls)) refuseToolCall('openai-chat', `message ${index + 1}, tool_calls[${call}]`, toolCalls[call]);
    }
  }
  const legacy = message.function_call;
  if (isRecord(legacy) && isNonEmptyString(legacy.name)) calls.add(toolCallWithJsonInput(legacy.name, legacy.arguments, undefined));
}

function isCompletion(value: unknown): value is UnknownRecord & { choices: unknown[] } {
  if (!isRecord(value) || !Array.isArray(value.choices)) return false;
  const first: unknown = value.choices[0];
  return value.object === 'chat.completion' || (isRecord(first) && isRecord(first.message));
}

function messagesOf(value: unknown): readonly unknown[] {
  if (isCompletion(value)) {
    const first: unknown = value.choices[0];
    return isRecord(first) && isRecord(first.message) ? [first.message] : [];
  }
  return asList(value);
}

/** Content part types only Chat Completions writes (`text`, `file` are shared). */
const CHAT_PARTS = new Set(['image_url', 'input_audio']);

/**
 * A Chat message shows the format by its `tool_calls`, `tool_call_id` or `function_call`, a
 * `developer` or `function` role, or a part only Chat writes; so does an item of `tool_calls`. One
 * with a `type` is another format's; any other `{ role, content }` fits.
 */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  if (isToolCallItem(message)) return 'evidence';
  if (message.type !== undefined) return undefined;
  if ('tool_calls' in message || 'tool_call_id' in message || 'function_call' in message) return 'evidence';
  if (message.role === 'developer' || message.role === 'function') return 'evidence';
  const content = message.content;
  if (Array.isArray(content)) {
    for (let index = 0; index < content.length; index++) {
      const part: unknown = content[index];
      if (isRecord(part) && CHAT_PARTS.has(part.type as string)) return 'evidence';
    }
  }
  return typeof message.role === 'string' && (typeof content === 'string' || content === null || Array.isArray(content)) ? 'fits' : undefined;
}

/**
 * OpenAI Chat Completions: a `ChatCompletion` (its first choice's message; other choices are
 * alternatives, not later turns) or a messages array. `function.arguments` is a JSON string;
 * a custom tool's `input` is free text and stays a string; the legacy `function_call` has no id.
 */
export const openaiChat: FormatAdapter = {
  format: 'openai-chat',
  shape: 'OpenAI Chat Completions: a ChatCompletion, messages with tool_calls: [{ id, function: { name, arguments } }], or message.tool_calls itself',
  detect: (value, kinds) => isCompletion(value) || kinds.of(value) === 'openai-chat',
  messages: { name: 'an OpenAI Chat Completions message', of: messageFit },
  turns: (value) => conversationTurns(value, isUserMessage),
  read(value, calls) {
    const messages = messagesOf(value);
    for (let index = 0; index < messages.length; index++) {
      const message: unknown = messages[index];
      if (!isRecord(message)) refuseUnknown('openai-chat', position(index), message, 'Chat Completions messages');
      checkMessage(message, index);
      if (message.role === 'assistant') calls.beginStep();
      if (message.role === 'assistant' && !isToolCallItem(message)) readAssistant(message, calls, index);
      else readMessage(message, calls, index);
    }
  },
  text: (value) => conversationText(messagesOf(value), chatRole, messageContentText),
  usage: {
    records: {
      steps: 'OpenAI Chat completions (one model call) and messages (one assistant message per completion)',
      tokens: 'OpenAI Chat completions (usage.prompt_tokens and completion_tokens)',
    },
    read(value) {
      if (isCompletion(value)) return { steps: 1, ...sumTokens([value.usage], OPENAI_CHAT_TOKENS, () => 'the completion') };
      const messages = asList(value);
      // `message.tool_calls` itself: calls, not the messages that would say how many completions there were.
      if (messages.some((item) => isRecord(item) && isToolCallItem(item))) return { lacking: { steps: 'a list of tool calls records no model calls', tokens: NO_MESSAGE_TOKENS } };
      return { steps: assistantMessages(messages), lacking: { tokens: `${NO_MESSAGE_TOKENS} (a ChatCompletion does: pass it, or check each one)` } };
    },
  },
};
