import type { FormatAdapter, MessageFit, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asList, chatRole, conversationText, messageContentText } from '../conversationText.js';
import { readOpenAiToolCall, refuseToolCall } from '../openaiToolCall.js';
import { refuseCallKeys } from '../callKeys.js';
import { assistantMessages, MISTRAL_TOKENS, NO_MESSAGE_TOKENS, sumTokens } from '../runUsage.js';
import { conversationTurns, isUserMessage } from '../turns.js';
import { position, refuseUnknown } from '../unknownParts.js';

const FORMAT = 'mistral';
const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
/** The keys of a message of `@mistralai/mistralai` (1.x) this reader reads or knows. */
const MESSAGE_KEYS = new Set(['role', 'content', 'toolCalls', 'toolCallId', 'name', 'prefix']);

/**
 * A `chat.complete` response of `@mistralai/mistralai`: OpenAI's shape with camelCase keys
 * (`choices[0].message.toolCalls`, `finishReason`), which OpenAI's SDK never writes.
 */
function isCompletion(value: unknown): value is UnknownRecord & { choices: unknown[] } {
  if (!isRecord(value) || !Array.isArray(value.choices)) return false;
  const first: unknown = value.choices[0];
  return isRecord(first) && isRecord(first.message) && ('finishReason' in first || 'toolCalls' in first.message);
}

function messagesOf(value: unknown): readonly unknown[] {
  if (isCompletion(value)) {
    const first = value.choices[0] as UnknownRecord;
    return [first.message];
  }
  return asList(value);
}

/**
 * A message with `toolCalls` or `toolCallId` (camelCase: the SDK's, never OpenAI's), or Mistral's
 * `prefix`, shows the format; a Cohere message (`toolPlan`) does not. `{ role, content }` fits.
 */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  if (message.type !== undefined || !ROLES.has(message.role as string)) return undefined;
  if ('toolPlan' in message) return undefined;
  if ('toolCalls' in message || 'toolCallId' in message || 'prefix' in message) return 'evidence';
  const content = message.content;
  return typeof content === 'string' || content === null || Array.isArray(content) ? 'fits' : undefined;
}

function readMessage(message: unknown, index: number, calls: CallCollector): void {
  if (!isRecord(message) || !ROLES.has(message.role as string)) refuseUnknown(FORMAT, position(index), message, `messages with the roles ${[...ROLES].join(', ')}`);
  refuseCallKeys(FORMAT, () => position(index), message, MESSAGE_KEYS);
  if (message.role === 'assistant') {
    calls.beginStep();
    const toolCalls = message.toolCalls;
    if (!Array.isArray(toolCalls)) return;
    // `arguments` is a JSON string from the API, or an object a caller put there: both are read.
    for (let call = 0; call < toolCalls.length; call++) {
      if (!readOpenAiToolCall(toolCalls[call], calls)) refuseToolCall(FORMAT, `${position(index)}, toolCalls[${call}]`, toolCalls[call]);
    }
  } else if (message.role === 'tool' && isNonEmptyString(message.toolCallId)) {
    calls.output(message.toolCallId, message.content);
  }
}


/**
 * Mistral (`@mistralai/mistralai` 1.x): a `chat.complete` response (its first choice's message) or
 * the messages of a tool loop. Calls are an assistant message's `toolCalls` (`function.name`,
 * `function.arguments` a JSON string or an object, `id`); a `tool` message's `toolCallId` pairs its
 * content with the call. Mistral's tool messages carry no error flag: a failure is its content.
 */
export const mistral: FormatAdapter = {
  format: FORMAT,
  shape: "Mistral (@mistralai/mistralai): a chat.complete response or messages with toolCalls: [{ id, function: { name, arguments } }] and { role: 'tool', toolCallId }",
  detect: (value, kinds) => isCompletion(value) || kinds.of(value) === FORMAT,
  messages: { name: 'a Mistral message', of: messageFit },
  turns: (value) => conversationTurns(value, isUserMessage),
  read(value, calls) {
    const messages = messagesOf(value);
    for (let index = 0; index < messages.length; index++) readMessage(messages[index], index, calls);
  },
  text: (value) => conversationText(messagesOf(value), chatRole, messageContentText),
  usage: {
    records: {
      steps: 'Mistral chat.complete responses (one model call) and messages (one assistant message per response)',
      tokens: 'Mistral chat.complete responses (usage.promptTokens and completionTokens)',
    },
    read(value) {
      if (isCompletion(value)) return { steps: 1, ...sumTokens([value.usage], MISTRAL_TOKENS, () => 'the response') };
      return { steps: assistantMessages(asList(value)), lacking: { tokens: `${NO_MESSAGE_TOKENS} (a chat.complete response does: pass it, or check each one)` } };
    },
  },
};
