import type { MessageFit, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import { chatAdapter, hasChatRole } from '../chatFormat.js';
import { toolCallWithJsonInput } from '../toolCall.js';
import { NO_MESSAGE_TOKENS, OLLAMA_TOKENS, sumTokens } from '../runUsage.js';

const NANOSECONDS_PER_MS = 1_000_000;

/** A `chat` response (not streamed) of the `ollama` package: `{ model, message, done }`. */
function isResponse(value: unknown): value is UnknownRecord & { message: UnknownRecord } {
  return isRecord(value) && isRecord(value.message) && typeof value.done === 'boolean' && typeof value.model === 'string';
}

/** Ollama's call: `{ function: { name, arguments } }`, no `id` nor `type` (OpenAI's have both). */
const isOllamaCall = (item: unknown) => isRecord(item) && isRecord(item.function) && !('type' in item) && !('id' in item);

/** A tool message with `tool_name`, calls without ids, or `images` or `thinking` show the format; `{ role, content }` fits. */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  if (!hasChatRole(message)) return undefined;
  if ('tool_name' in message || 'images' in message || 'thinking' in message) return 'evidence';
  const toolCalls = message.tool_calls;
  if (Array.isArray(toolCalls) && toolCalls.length > 0 && toolCalls.every(isOllamaCall)) return 'evidence';
  if ('tool_calls' in message || 'tool_call_id' in message) return undefined;
  return typeof message.content === 'string' ? 'fits' : undefined;
}

/**
 * Ollama (the `ollama` package): a `chat` response or the messages of a tool loop. Calls are an
 * assistant message's `tool_calls`, without ids; a `tool` message carries no error flag.
 */
export const ollama = chatAdapter({
  format: 'ollama',
  shape: "Ollama (ollama): a chat response { model, message: { tool_calls: [{ function: { name, arguments } }] }, done } or messages with { role: 'tool', tool_name }",
  message: { name: 'an Ollama message', fit: messageFit },
  keys: new Set(['role', 'content', 'thinking', 'images', 'tool_calls', 'tool_name']),
  calls: {
    key: 'tool_calls',
    expected: 'tool_calls items { function: { name, arguments } }',
    read(item, calls) {
      const fn = isRecord(item) ? item.function : undefined;
      if (!isRecord(fn) || !isNonEmptyString(fn.name)) return false;
      calls.add(toolCallWithJsonInput(fn.name, fn.arguments, (item as UnknownRecord).id));
      return true;
    },
  },
  // No id: the result answers the earliest call of its tool that has none yet (pairing.ts).
  readResult(message, calls) {
    if (isNonEmptyString(message.tool_name)) calls.output(undefined, message.content, message.tool_name);
  },
  isResponse,
  messageOf: (response) => response.message,
  usage: {
    records: {
      steps: 'Ollama chat responses (one model call) and messages (one assistant message per response)',
      tokens: 'Ollama chat responses (prompt_eval_count and eval_count)',
      durationMs: 'Ollama chat responses (total_duration)',
    },
    response(response) {
      const duration = response.total_duration;
      return {
        steps: 1,
        ...sumTokens([response], OLLAMA_TOKENS, () => 'the response'),
        ...(typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 && { durationMs: duration / NANOSECONDS_PER_MS }),
      };
    },
    messagesLack: { tokens: `${NO_MESSAGE_TOKENS} (a chat response does: pass it, or check each one)`, durationMs: 'a list of messages records no time' },
  },
});
