import type { FormatAdapter, MessageFit, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { contentText, conversationText } from '../conversationText.js';
import { toolCallWithJsonInput } from '../toolCall.js';
import { readOpenAiToolCall } from '../openaiToolCall.js';
import { INPUT_OUTPUT_TOKENS, nth, sumTokens } from '../runUsage.js';
import { conversationTurns } from '../turns.js';

/**
 * LangChain messages: `AIMessage`/`ToolMessage` instances, a LangGraph state `{ messages }`, their
 * `JSON.stringify` form (`{ lc: 1, type: 'constructor', id: [..., 'AIMessage'], kwargs }`) and their
 * `toDict()` form (`{ type: 'ai', data }`). `invalid_tool_calls` (arguments that did not parse)
 * count as invalid calls: the model still chose the tool.
 */
const CLASS_TYPES: Record<string, string> = {
  AIMessage: 'ai',
  AIMessageChunk: 'ai',
  ToolMessage: 'tool',
  ToolMessageChunk: 'tool',
  HumanMessage: 'human',
  HumanMessageChunk: 'human',
};

/** LangChain message `type`s (`AIMessage.type === 'ai'`, also the `toDict()` and LangGraph API dict forms). */
const LANGCHAIN_TYPES = new Set(['ai', 'human', 'tool', 'system', 'generic', 'function', 'remove', 'developer']);

/** A LangChain message: an instance (`_getType`), its JSON `lc` form, or a dict with a LangChain `type` and no `role`. */
function isLangChainMessage(message: UnknownRecord): boolean {
  if (message.lc === 1 && message.type === 'constructor' && Array.isArray(message.id)) return true;
  if (typeof message._getType === 'function') return true;
  return typeof message.type === 'string' && LANGCHAIN_TYPES.has(message.type) && !('role' in message);
}

/**
 * A LangChain message, or one of `aiMessage.tool_calls` (`type: 'tool_call'`, set by most providers),
 * shows the format; an OpenAI tool call (`type: 'function'` with a `function`) does not. A
 * `{ role, content: 'text' }` dict (what LangChain coerces into a message) fits.
 */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  const type = message.type;
  if (type === 'tool_call' || type === 'invalid_tool_call') return 'evidence';
  if ((type === 'function' && isRecord(message.function)) || (type === 'custom' && isRecord(message.custom))) return undefined;
  if (isLangChainMessage(message)) return 'evidence';
  return typeof message.role === 'string' && typeof message.content === 'string' && !('tool_calls' in message) ? 'fits' : undefined;
}

/** The message's type (`ai`, `tool`, `human`, …) and the record holding its fields. */
function typeOf(message: UnknownRecord): string | undefined {
  if (message.lc === 1 && message.type === 'constructor' && Array.isArray(message.id)) {
    const className: unknown = message.id[message.id.length - 1];
    return typeof className === 'string' ? CLASS_TYPES[className] : undefined;
  }
  return typeof message.type === 'string' ? message.type : undefined;
}

function fieldsOf(message: UnknownRecord): UnknownRecord {
  if (message.lc === 1 && isRecord(message.kwargs)) return message.kwargs;
  if (isRecord(message.data) && !('content' in message)) return message.data;
  return message;
}

function messagesOf(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Array.isArray(value.messages)) return value.messages;
  return [value];
}

/** One of `tool_calls` (`{ name, args, id }`), or of `invalid_tool_calls` (args a string that did not parse). */
function readToolCall(item: unknown, calls: CallCollector, invalid: boolean): void {
  if (!isRecord(item) || !isNonEmptyString(item.name)) return;
  const call = toolCallWithJsonInput(item.name, item.args, item.id);
  if (invalid) {
    call.invalid = true;
    if (item.error !== undefined && item.error !== null) call.error = item.error;
  }
  calls.add(call);
}

function readAiMessage(fields: UnknownRecord, calls: CallCollector): void {
  const toolCalls = fields.tool_calls;
  if (Array.isArray(toolCalls)) {
    for (const item of toolCalls) readToolCall(item, calls, false);
  } else if (isRecord(fields.additional_kwargs) && Array.isArray(fields.additional_kwargs.tool_calls)) {
    // Only the provider's raw OpenAI-format calls were kept.
    for (const item of fields.additional_kwargs.tool_calls) readOpenAiToolCall(item, calls);
  }
  if (Array.isArray(fields.invalid_tool_calls)) {
    for (const item of fields.invalid_tool_calls) readToolCall(item, calls, true);
  }
}

/**
 * A bare `aiMessage.tool_calls` array: `{ name, args, id }`, with `type: 'tool_call'` from most
 * providers (those are classified with the messages) or without it (a hand-built AIMessage).
 */
function isUntypedToolCallList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((item) => isRecord(item) && isNonEmptyString(item.name) && 'args' in item && !('type' in item) && !('role' in item));
}

const roleOf = (message: unknown) => {
  const type = isRecord(message) ? typeOf(message) : undefined;
  return type === 'human' ? 'user' : type === 'ai' ? 'assistant' : undefined;
};
const textOf = (message: unknown) => (isRecord(message) ? contentText(fieldsOf(message).content) : undefined);

export const langchainMessages: FormatAdapter = {
  format: 'langchain',
  shape: 'LangChain messages: AIMessage/ToolMessage objects (also their JSON lc form or toDict()), a LangGraph state { messages }, or aiMessage.tool_calls',
  detect(value, kinds) {
    if (isRecord(value) && Array.isArray(value.messages) && !('role' in value)) return kinds.of(value.messages) === 'langchain';
    return kinds.of(value) === 'langchain' || isUntypedToolCallList(value);
  },
  messages: { name: 'a LangChain message', of: messageFit },
  // A LangGraph state holds the whole thread: its turns are its messages' turns.
  turns: (value) => conversationTurns(value, (message) => isRecord(message) && typeOf(message) === 'human', Array.isArray(value) || (isRecord(value) && Array.isArray(value.messages)) ? messagesOf(value) : undefined),
  read(value, calls) {
    const messages = messagesOf(value);
    for (let index = 0; index < messages.length; index++) {
      const message: unknown = messages[index];
      if (!isRecord(message)) continue;
      const type = typeOf(message);
      const fields = fieldsOf(message);
      if (type === 'tool_call' || type === 'invalid_tool_call' || (type === undefined && 'args' in message)) {
        readToolCall(message, calls, type === 'invalid_tool_call');
      } else if (type === 'ai') {
        calls.beginStep();
        readAiMessage(fields, calls);
      } else if (type === 'tool' && isNonEmptyString(fields.tool_call_id)) {
        if (fields.status === 'error') calls.error(fields.tool_call_id, fields.content);
        else calls.output(fields.tool_call_id, fields.content);
      }
    }
  },
  text: (value) => conversationText(messagesOf(value), roleOf, textOf),
  usage: {
    records: {
      steps: 'LangChain messages (one AIMessage per model call)',
      tokens: 'LangChain messages whose AIMessages carry usage_metadata (input_tokens and output_tokens)',
    },
    read(value) {
      const messages = messagesOf(value);
      const isCall = (message: unknown) => isRecord(message) && (typeOf(message) === 'tool_call' || typeOf(message) === 'invalid_tool_call');
      if (isUntypedToolCallList(value) || messages.some(isCall)) {
        return { lacking: { steps: 'a list of tool calls records no model calls', tokens: 'a list of tool calls carries no token usage' } };
      }
      const aiMessages = messages.flatMap((message) => (isRecord(message) && typeOf(message) === 'ai' ? [fieldsOf(message)] : []));
      return { steps: aiMessages.length, ...sumTokens(aiMessages.map((fields) => fields.usage_metadata), INPUT_OUTPUT_TOKENS, nth('AIMessage')) };
    },
  },
};
