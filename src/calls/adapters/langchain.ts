import type { FormatAdapter, MessageFit, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { contentText, conversationText } from '../conversationText.js';
import { toolCallWithJsonInput } from '../toolCall.js';
import { readOpenAiToolCall, refuseToolCall } from '../openaiToolCall.js';
import { INPUT_OUTPUT_TOKENS, nth, sumTokens } from '../runUsage.js';
import { conversationTurns } from '../turns.js';
import { position, refuseUnknown } from '../unknownParts.js';
import { plural } from '../../value.js';
import { isJson } from '../../json.js';
import { refuseCallKeys } from '../callKeys.js';

/** The keys of an AI message's fields this reader reads or knows; `additional_kwargs` and `response_metadata` repeat `tool_calls`. */
const AI_KEYS = new Set([
  'lc_serializable', 'lc_kwargs', 'lc_namespace', 'lc', 'type', 'id', 'kwargs', 'data', 'content', 'name', 'additional_kwargs', 'response_metadata',
  'tool_calls', 'invalid_tool_calls', 'tool_call_chunks', 'usage_metadata', 'example', 'contentBlocks', 'tool_call_id', 'status', 'artifact', 'metadata', 'role',
]);
/** The keys of one of `tool_calls` or `invalid_tool_calls`. */
const TOOL_CALL_KEYS = new Set(['id', 'name', 'args', 'type', 'error', 'index']);
/** The keys of a `{ role, content }` dict that LangChain coerces into a message. */
const DICT_KEYS = new Set(['role', 'content', 'name', 'id']);

/** Message classes and their `type`: each class and its streamed `…Chunk` (RemoveMessage has none). */
const CLASS_TYPES: Record<string, string> = Object.fromEntries([
  ...Object.entries({ AIMessage: 'ai', ToolMessage: 'tool', HumanMessage: 'human', SystemMessage: 'system', ChatMessage: 'generic', FunctionMessage: 'function' }).flatMap(([name, type]) => [
    [name, type],
    [`${name}Chunk`, type],
  ]),
  ['RemoveMessage', 'remove'],
]);

/** LangChain message `type`s (`AIMessage.type === 'ai'`, also the `toDict()` and LangGraph API dict forms). */
const LANGCHAIN_TYPES = new Set(['ai', 'human', 'tool', 'system', 'generic', 'function', 'remove', 'developer']);

const KNOWN = `LangChain messages (type ${[...LANGCHAIN_TYPES].join(', ')}; classes ${Object.keys(CLASS_TYPES).join(', ')}) and tool calls`;

/** A LangChain message: an instance (`_getType`), its JSON `lc` form, or a dict with a LangChain `type` and no `role`. */
function isLangChainMessage(message: UnknownRecord): boolean {
  if (message.lc === 1 && message.type === 'constructor' && Array.isArray(message.id)) return true;
  if (typeof message._getType === 'function') return true;
  return typeof message.type === 'string' && LANGCHAIN_TYPES.has(message.type) && !('role' in message);
}

/** A LangChain message or one of `aiMessage.tool_calls` (`type: 'tool_call'`) shows the format; a `{ role, content: 'text' }` dict fits. */
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

/** The messages of a run (a list, `[message, metadata]` tuples, a LangGraph state's, or one), streamed chunks assembled. */
function messagesOf(value: unknown): readonly unknown[] {
  if (isMessageTuples(value)) return assembled(value.map((tuple) => tuple[0]));
  if (Array.isArray(value)) return assembled(value);
  if (isRecord(value) && Array.isArray(value.messages)) return assembled(value.messages);
  return assembled([value]);
}

/** LangGraph's `stream(…, { streamMode: 'messages' })`, collected: `[message, metadata]` tuples. */
function isMessageTuples(value: unknown): value is Array<[UnknownRecord, UnknownRecord]> {
  return Array.isArray(value) && value.length > 0 && value.every((item) => Array.isArray(item) && item.length === 2 && isRecord(item[0]) && isLangChainMessage(item[0]) && isRecord(item[1]));
}

/** A streamed piece of an AI message: an `AIMessageChunk` (its fields hold `tool_call_chunks`). */
function isChunk(message: unknown): message is UnknownRecord {
  return isRecord(message) && typeOf(message) === 'ai' && Array.isArray(fieldsOf(message).tool_call_chunks);
}

/**
 * Whole messages from streamed chunks, as LangChain assembles them: the chunks of one model call
 * (the same `id`; chunks without one, while they follow each other) are joined with their own
 * `concat`, in the place of the first. Chunks that are JSON (no `concat`) are refused, as is a
 * message whose call arguments are incomplete JSON (a stream cut short).
 */
function assembled(messages: readonly unknown[]): readonly unknown[] {
  if (!messages.some(isChunk)) return messages;
  const whole: unknown[] = [];
  const groups: Array<{ at: number; chunks: UnknownRecord[] }> = [];
  const byId = new Map<string, { at: number; chunks: UnknownRecord[] }>();
  let loose: { at: number; chunks: UnknownRecord[] } | undefined;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    if (!isChunk(message)) {
      whole.push(message);
      loose = undefined;
      continue;
    }
    const id = fieldsOf(message).id;
    const known = isNonEmptyString(id) ? byId.get(id) : loose;
    if (known) {
      known.chunks.push(message);
      continue;
    }
    const group = { at: whole.length, chunks: [message] };
    groups.push(group);
    whole.push(undefined);
    if (isNonEmptyString(id)) byId.set(id, group);
    else loose = group;
  }
  for (const group of groups) whole[group.at] = joined(group.chunks, messages.indexOf(group.chunks[0]));
  return whole;
}

type Concat = (other: unknown) => UnknownRecord;

function joined(chunks: readonly UnknownRecord[], at: number): UnknownRecord {
  let message = chunks[0]!;
  for (let index = 1; index < chunks.length; index++) {
    const concat = message.concat;
    if (typeof concat !== 'function') {
      refuseUnknown(
        'langchain',
        `${position(at)} (with ${chunks.length - 1} more chunks of its message)`,
        message,
        "AIMessageChunk instances, which are joined with their own concat(): pass the chunks as LangGraph's stream yields them, or join them before saving (chunks.reduce((a, b) => a.concat(b)))",
      );
    }
    message = (concat as Concat).call(message, chunks[index]);
  }
  const pieces = fieldsOf(message).tool_call_chunks as unknown[];
  for (const piece of pieces) {
    if (!isRecord(piece) || typeof piece.args !== 'string' || piece.args.trim() === '' || isJson(piece.args)) continue;
    refuseUnknown(
      'langchain',
      `${position(at)} (a message streamed in ${plural(chunks.length, 'chunk')})`,
      message,
      `whole calls: the arguments of its call ${isNonEmptyString(piece.name) ? `to ${JSON.stringify(piece.name)} ` : ''}are incomplete JSON, so the stream was cut short; pass the chunks of a finished stream`,
    );
  }
  return message;
}

/** Content blocks an AI message may hold beside its `tool_calls` (Anthropic's `tool_use` repeats one); any other, `server_tool_call` too, is refused. */
const AI_BLOCKS = new Set([
  'text', 'reasoning', 'thinking', 'redacted_thinking', 'tool_use', 'tool_call', 'tool_call_chunk', 'invalid_tool_call', 'input_json_delta', 'image', 'image_url', 'audio',
  'video', 'file', 'text-plain', 'document', 'refusal', 'non_standard',
]);

function checkBlocks(content: unknown, message: number): void {
  if (!Array.isArray(content)) return;
  for (let index = 0; index < content.length; index++) {
    const block: unknown = content[index];
    if (!isRecord(block) || !AI_BLOCKS.has(block.type as string)) refuseUnknown('langchain', position(message, index, 'content block'), block, `the content blocks ${[...AI_BLOCKS].join(', ')} beside tool_calls`);
  }
}

/** One of `tool_calls` (`{ name, args, id }`), or of `invalid_tool_calls` (args a string that did not parse). */
function readToolCall(item: unknown, calls: CallCollector, invalid: boolean): void {
  if (!isRecord(item) || !isNonEmptyString(item.name)) return;
  refuseCallKeys('langchain', 'tool call', item, TOOL_CALL_KEYS);
  const call = toolCallWithJsonInput(item.name, item.args, item.id);
  if (invalid) {
    call.invalid = true;
    if (item.error !== undefined && item.error !== null) call.error = item.error;
  }
  calls.add(call);
}

function readAiMessage(fields: UnknownRecord, calls: CallCollector, index: number): void {
  const toolCalls = fields.tool_calls;
  if (Array.isArray(toolCalls)) {
    for (const item of toolCalls) readToolCall(item, calls, false);
  } else if (isRecord(fields.additional_kwargs) && Array.isArray(fields.additional_kwargs.tool_calls)) {
    // Only the provider's raw OpenAI-format calls were kept.
    const raw: unknown[] = fields.additional_kwargs.tool_calls;
    for (let call = 0; call < raw.length; call++) {
      if (!readOpenAiToolCall(raw[call], calls)) refuseToolCall('langchain', `message ${index + 1}, additional_kwargs.tool_calls[${call}]`, raw[call]);
    }
  }
  if (Array.isArray(fields.invalid_tool_calls)) for (const item of fields.invalid_tool_calls) readToolCall(item, calls, true);
}

/** A bare `aiMessage.tool_calls` array without `type` (a hand-built AIMessage's; typed ones are classified with the messages). */
function isUntypedToolCallList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((item) => isRecord(item) && isNonEmptyString(item.name) && 'args' in item && !('type' in item) && !('role' in item));
}

/** The `streamMode`s of LangGraph's `graph.stream()`, whose chunks are keyed by mode when several are streamed. */
const STREAM_MODES = new Set(['values', 'updates', 'messages', 'debug', 'custom', 'tasks', 'checkpoints']);

/** What to pass instead of a piece of a LangGraph run: a chunk of `graph.stream()`, a list of `values` chunks, one `messages` tuple. */
function langGraphPiece(value: unknown): string | undefined {
  const pieces = Array.isArray(value) ? value : [value];
  if (pieces.length === 0) return undefined;
  const finalState = 'pass the final state instead (await graph.invoke(input), or the last chunk of graph.stream(input, { streamMode: "values" })): it holds the whole thread';
  if (Array.isArray(value) && value.length === 2 && isRecord(value[0]) && isLangChainMessage(value[0]) && isRecord(value[1]) && !isLangChainMessage(value[1])) {
    return 'it is one [message, metadata] chunk of graph.stream(input, { streamMode: "messages" }). Collect every chunk of the stream in a list and pass the list (its chunks are joined into whole messages), or ' + finalState.slice('pass '.length);
  }
  if (Array.isArray(value) && pieces.every((piece) => isRecord(piece) && Array.isArray(piece.messages) && !('role' in piece))) {
    return `it is a list of ${plural(pieces.length, 'LangGraph state')} (the chunks of graph.stream(input, { streamMode: "values" })): each holds the whole thread so far, so reading them all would count each call again. Pass the last one: chunks.at(-1)`;
  }
  if (pieces.every((piece) => isRecord(piece) && Object.keys(piece).length > 0 && Object.values(piece).every((update) => isRecord(update) && Array.isArray(update.messages)))) {
    return `it is ${Array.isArray(value) ? 'a list of chunks' : 'a chunk'} of graph.stream(input, { streamMode: "updates" }), each one node's new messages; ${finalState}`;
  }
  if (pieces.every((piece) => isRecord(piece) && typeof piece.type === 'string' && ['task', 'task_result', 'checkpoint'].includes(piece.type) && 'payload' in piece)) {
    return `it is ${Array.isArray(value) ? 'a list of events' : 'an event'} of graph.stream(input, { streamMode: "debug" }); ${finalState}`;
  }
  const isModePair = (piece: unknown) => Array.isArray(piece) && piece.length === 2 && typeof piece[0] === 'string' && STREAM_MODES.has(piece[0]);
  if (isModePair(value) || pieces.every(isModePair)) {
    return `it is ${isModePair(value) ? 'one of the' : 'a list of'} [mode, chunk] pairs of graph.stream(input, { streamMode: [...] }) with several modes; pass the chunks of one mode: the last "values" chunk, or the list of "messages" chunks`;
  }
  return undefined;
}

const roleOf = (message: unknown) => {
  const type = isRecord(message) ? typeOf(message) : undefined;
  return type === 'human' ? 'user' : type === 'ai' ? 'assistant' : undefined;
};
const textOf = (message: unknown) => (isRecord(message) ? contentText(fieldsOf(message).content) : undefined);

/**
 * LangChain messages: instances, a LangGraph state `{ messages }`, their `JSON.stringify` (`lc`) and
 * `toDict()` forms. `invalid_tool_calls` count as invalid calls: the model still chose the tool.
 */
export const langchainMessages: FormatAdapter = {
  format: 'langchain',
  shape: 'LangChain messages: AIMessage/ToolMessage objects (also their JSON lc form or toDict()), a LangGraph state { messages }, or aiMessage.tool_calls',
  detect(value, kinds) {
    if (isRecord(value) && Array.isArray(value.messages) && !('role' in value)) return kinds.of(value.messages) === 'langchain';
    return kinds.of(value) === 'langchain' || isUntypedToolCallList(value) || isMessageTuples(value);
  },
  wrongPiece: langGraphPiece,
  messages: { name: 'a LangChain message', of: messageFit },
  // A LangGraph state holds the whole thread: its turns are its messages' turns.
  turns: (value) => conversationTurns(value, (message) => isRecord(message) && typeOf(message) === 'human', Array.isArray(value) || (isRecord(value) && Array.isArray(value.messages)) ? messagesOf(value) : undefined),
  read(value, calls) {
    const messages = messagesOf(value);
    for (let index = 0; index < messages.length; index++) {
      const message: unknown = messages[index];
      if (!isRecord(message)) refuseUnknown('langchain', position(index), message, KNOWN);
      const type = typeOf(message);
      const fields = fieldsOf(message);
      if (type !== undefined && type !== 'tool_call' && type !== 'invalid_tool_call') {
        refuseCallKeys('langchain', () => position(index), message, AI_KEYS);
        if (fields !== message) refuseCallKeys('langchain', () => position(index), fields, AI_KEYS);
      }
      if (type === 'tool_call' || type === 'invalid_tool_call' || (type === undefined && 'args' in message)) {
        readToolCall(message, calls, type === 'invalid_tool_call');
      } else if (type === undefined ? !(typeof message.role === 'string' && typeof message.content === 'string') : !LANGCHAIN_TYPES.has(type)) {
        // A `{ role, content: 'text' }` dict is text; anything else LangChain does not write.
        refuseUnknown('langchain', position(index), message, KNOWN);
      } else if (type === undefined) {
        refuseCallKeys('langchain', () => position(index), message, DICT_KEYS);
      } else if (type === 'ai') {
        calls.beginStep();
        checkBlocks(fields.content, index);
        readAiMessage(fields, calls, index);
      } else if (type === 'tool' && isNonEmptyString(fields.tool_call_id)) {
        calls.answer(fields.tool_call_id, fields.content, fields.status === 'error');
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
