import type { FormatAdapter, MessageFit, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asList, chatRole, conversationText, messageContentText } from '../conversationText.js';
import { toolCallWithJsonInput } from '../toolCall.js';
import { refuseCallKeys } from '../callKeys.js';
import { assistantMessages, NO_MESSAGE_TOKENS, OLLAMA_TOKENS, sumTokens } from '../runUsage.js';
import { conversationTurns, isUserMessage } from '../turns.js';
import { position, refuseUnknown } from '../unknownParts.js';

const FORMAT = 'ollama';
const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
/** The keys of a message of the `ollama` package this reader reads or knows. */
const MESSAGE_KEYS = new Set(['role', 'content', 'thinking', 'images', 'tool_calls', 'tool_name']);
const NANOSECONDS_PER_MS = 1_000_000;

/** A `chat` response (not streamed) of the `ollama` package: `{ model, message, done }`. */
function isResponse(value: unknown): value is UnknownRecord & { message: UnknownRecord } {
  return isRecord(value) && isRecord(value.message) && typeof value.done === 'boolean' && typeof value.model === 'string';
}

function messagesOf(value: unknown): readonly unknown[] {
  return isResponse(value) ? [value.message] : asList(value);
}

/** Ollama's call: `{ function: { name, arguments } }`, no `id` nor `type` (OpenAI's have both). */
const isOllamaCall = (item: unknown) => isRecord(item) && isRecord(item.function) && !('type' in item) && !('id' in item);

/**
 * A tool message with `tool_name`, calls without ids (`{ function: { name, arguments } }`), or
 * `images` or `thinking` beside the content show the format; `{ role, content }` fits.
 */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  if (message.type !== undefined || !ROLES.has(message.role as string)) return undefined;
  if ('tool_name' in message || 'images' in message || 'thinking' in message) return 'evidence';
  const toolCalls = message.tool_calls;
  if (Array.isArray(toolCalls) && toolCalls.length > 0 && toolCalls.every(isOllamaCall)) return 'evidence';
  if ('tool_calls' in message || 'tool_call_id' in message) return undefined;
  return typeof message.content === 'string' ? 'fits' : undefined;
}

function readMessage(message: unknown, index: number, calls: CallCollector): void {
  if (!isRecord(message) || !ROLES.has(message.role as string)) refuseUnknown(FORMAT, position(index), message, `messages with the roles ${[...ROLES].join(', ')}`);
  refuseCallKeys(FORMAT, () => position(index), message, MESSAGE_KEYS);
  if (message.role === 'assistant') {
    calls.beginStep();
    const toolCalls = message.tool_calls;
    if (!Array.isArray(toolCalls)) return;
    for (let call = 0; call < toolCalls.length; call++) {
      const item: unknown = toolCalls[call];
      const fn = isRecord(item) ? item.function : undefined;
      if (!isRecord(fn) || !isNonEmptyString(fn.name)) refuseUnknown(FORMAT, `${position(index)}, tool_calls[${call}]`, item, 'tool_calls items { function: { name, arguments } }');
      calls.add(toolCallWithJsonInput(fn.name, fn.arguments, isRecord(item) ? item.id : undefined));
    }
  } else if (message.role === 'tool') {
    // No id: the result answers the earliest call of its tool that has none yet (pairing.ts).
    if (isNonEmptyString(message.tool_name)) calls.output(undefined, message.content, message.tool_name);
  }
}


/**
 * Ollama (the `ollama` package): a `chat` response (`{ model, message, done }`) or the messages of a
 * tool loop. Calls are an assistant message's `tool_calls` (`function.name`, `function.arguments`
 * an object), without ids: a `tool` message pairs with the earliest call of its `tool_name` that has
 * no result yet. Ollama's tool messages carry no error flag.
 */
export const ollama: FormatAdapter = {
  format: FORMAT,
  shape: "Ollama (ollama): a chat response { model, message: { tool_calls: [{ function: { name, arguments } }] }, done } or messages with { role: 'tool', tool_name }",
  detect: (value, kinds) => isResponse(value) || kinds.of(value) === FORMAT,
  messages: { name: 'an Ollama message', of: messageFit },
  turns: (value) => conversationTurns(value, isUserMessage),
  read(value, calls) {
    const messages = messagesOf(value);
    for (let index = 0; index < messages.length; index++) readMessage(messages[index], index, calls);
  },
  text: (value) => conversationText(messagesOf(value), chatRole, messageContentText),
  usage: {
    records: {
      steps: 'Ollama chat responses (one model call) and messages (one assistant message per response)',
      tokens: 'Ollama chat responses (prompt_eval_count and eval_count)',
      durationMs: 'Ollama chat responses (total_duration)',
    },
    read(value) {
      if (isResponse(value)) {
        const duration = value.total_duration;
        return {
          steps: 1,
          ...sumTokens([value], OLLAMA_TOKENS, () => 'the response'),
          ...(typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 && { durationMs: duration / NANOSECONDS_PER_MS }),
        };
      }
      return { steps: assistantMessages(asList(value)), lacking: { tokens: `${NO_MESSAGE_TOKENS} (a chat response does: pass it, or check each one)`, durationMs: 'a list of messages records no time' } };
    },
  },
};
