import { ToolCallAccuracyError } from '../../errors.js';
import type { FormatAdapter, MessageFit, RunUsage, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asList, conversationText, messageContentText } from '../conversationText.js';
import { toolCallWithJsonInput } from '../toolCall.js';
import { refuseCallKeys } from '../callKeys.js';
import { assistantMessages, NO_MESSAGE_TOKENS, OPENAI_CHAT_TOKENS, sumTokens } from '../runUsage.js';
import { conversationTurns, oneTurn } from '../turns.js';
import { describeKeys, position, refuseUnknown } from '../unknownParts.js';

const FORMAT = 'llamaindex';
/** `MessageType` of @llamaindex/core. */
const ROLES = new Set(['user', 'assistant', 'system', 'memory', 'developer']);
/** A ChatMessage's keys, and a Memory's message's (`id`, `createdAt`) beside them. */
const MESSAGE_KEYS = new Set(['role', 'content', 'options', 'id', 'createdAt']);
/** The `options` that carry calls (ToolCallOptions, ToolResultOptions); other options are the LLM's own. */
const OPTION_KEYS = new Set(['toolCall', 'toolResult']);
/** The keys of an agent workflow's state (AgentWorkflowState). */
const STATE_KEYS = new Set(['memory', 'scratchpad', 'agents', 'currentAgentName', 'nextAgentName', 'responseFormat']);
/** The keys of a stop event's data (AgentResultData). */
const RESULT_KEYS = new Set(['result', 'message', 'state', 'object']);
/** A workflow event: its JSON (`type`, `data`), or the object itself (`toString`, `toJSON`, `data`). */
const EVENT_KEYS = new Set(['type', 'data', 'toString', 'toJSON']);
/** The data keys of the agent workflow's events this reader knows (calls are read from agentToolCallEvent and agentToolCallResultEvent only). */
const EVENT_DATA_KEYS = new Set([
  'agentName', 'toolName', 'toolKwargs', 'toolId', 'toolOutput', 'returnDirect', 'raw', 'input', 'currentAgentName', 'delta', 'response', 'toolCalls', 'results', 'userInput',
  'chatHistory', ...RESULT_KEYS,
]);

const EVENT_TYPE = /^(\d+|llamaindex-(start|stop))$/;

const PASS_INSTEAD = 'pass the result of run() as it is, the events of runStream() (await stream.toArray()), or the messages (await result.data.state.memory.get())';

/** A ChatResponse of an LLM's chat() (not streamed): `{ message, raw }`, nothing else. */
function isChatResponse(value: unknown): value is UnknownRecord & { message: UnknownRecord } {
  if (!isRecord(value) || !isRecord(value.message) || typeof value.message.role !== 'string' || !('raw' in value)) return false;
  if (value.raw !== null && typeof value.raw !== 'object') return false;
  return Object.keys(value).every((key) => key === 'message' || key === 'raw');
}

/** What an LLM's exec() returns: `{ newMessages, toolCalls, object? }`. */
function isExecResult(value: unknown): value is UnknownRecord & { newMessages: unknown[] } {
  return isRecord(value) && Array.isArray(value.newMessages) && Array.isArray(value.toolCalls);
}

/** The data of the agent workflow's stop event (AgentResultData): `{ result, message, state? }`. */
function isResultData(value: unknown): value is UnknownRecord {
  return isRecord(value) && 'result' in value && isRecord(value.message) && typeof value.message.role === 'string' && (value.state === undefined || isRecord(value.state));
}

/** A workflow event: a `data` record beside its own `toJSON`, or, in its JSON, a `type` that is its label (`llamaindex-stop`) or number. */
function isEvent(value: unknown): value is UnknownRecord & { data: UnknownRecord } {
  if (!isRecord(value) || !isRecord(value.data)) return false;
  return typeof value.toJSON === 'function' || (typeof value.type === 'string' && EVENT_TYPE.test(value.type));
}

/** A chunk of a streamed chat() (ChatResponseChunk): `{ raw, delta, options? }`. */
const isChunk = (value: unknown) => isRecord(value) && typeof value.delta === 'string' && 'raw' in value && !('role' in value);

/** A Memory of @llamaindex/core (or its JSON): its `messages` and `memoryCursor`. */
function isMemory(value: unknown): value is UnknownRecord & { messages: unknown[] } {
  return isRecord(value) && Array.isArray(value.messages) && typeof value.memoryCursor === 'number';
}

/** The agent's result: run()'s stop event, or its data. */
function resultData(value: unknown): UnknownRecord | undefined {
  if (isEvent(value) && isResultData(value.data)) return value.data;
  return isResultData(value) ? value : undefined;
}

/** A list of the agent workflow's events: every item an event, one at least with the data of an agent event. */
function isEventList(value: unknown): value is Array<UnknownRecord & { data: UnknownRecord }> {
  if (!Array.isArray(value) || value.length === 0 || !value.every(isEvent)) return false;
  return value.some(({ data }) => isRecord(data) && ('toolId' in data || 'currentAgentName' in data || 'agentName' in data || isResultData(data)));
}

/** Whether a message's `options` carry calls or a result (only LlamaIndex writes that). */
function carriesCalls(message: UnknownRecord): boolean {
  const options = message.options;
  return isRecord(options) && ('toolCall' in options || 'toolResult' in options);
}

/**
 * A message whose `options` hold `toolCall` or `toolResult` shows the format; `{ role, content }`
 * fits (the reader refuses a key it does not know that could carry calls).
 */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  if (message.type !== undefined || !ROLES.has(message.role as string)) return undefined;
  if (carriesCalls(message)) return 'evidence';
  const content = message.content;
  return typeof content === 'string' || Array.isArray(content) ? 'fits' : undefined;
}

/** Reads one ChatMessage: an assistant message's `options.toolCall`, a result's `options.toolResult`. */
function readMessage(message: unknown, where: string, calls: CallCollector): void {
  if (!isRecord(message) || !ROLES.has(message.role as string)) refuseUnknown(FORMAT, where, message, `ChatMessages with the roles ${[...ROLES].join(', ')}`);
  refuseCallKeys(FORMAT, where, message, MESSAGE_KEYS);
  const options = message.options;
  if (message.role === 'assistant') calls.beginStep();
  if (options === undefined || options === null) return;
  if (!isRecord(options)) refuseUnknown(FORMAT, `${where}, options`, options, 'options { toolCall } or { toolResult }');
  refuseCallKeys(FORMAT, `${where}, options`, options, OPTION_KEYS);
  const toolCall = options.toolCall;
  if (toolCall !== undefined) {
    if (!Array.isArray(toolCall)) refuseUnknown(FORMAT, `${where}, options.toolCall`, toolCall, 'a list of calls { id, name, input }');
    for (let index = 0; index < toolCall.length; index++) {
      const item: unknown = toolCall[index];
      if (!isRecord(item) || !isNonEmptyString(item.name)) refuseUnknown(FORMAT, `${where}, options.toolCall[${index}]`, item, 'calls { id, name, input }');
      // `input` is the JSON string of the arguments from a chat() response, an object once parsed (exec(), the agent).
      calls.add(toolCallWithJsonInput(item.name, item.input, item.id));
    }
  }
  const toolResult = options.toolResult;
  if (toolResult !== undefined) {
    if (!isRecord(toolResult)) refuseUnknown(FORMAT, `${where}, options.toolResult`, toolResult, 'a result { id, result, isError }');
    calls.answer(toolResult.id, toolResult.result, toolResult.isError === true, typeof toolResult.name === 'string' ? toolResult.name : undefined);
  }
}

function readMessages(messages: readonly unknown[], calls: CallCollector, where: (index: number) => string = position): void {
  for (let index = 0; index < messages.length; index++) readMessage(messages[index], where(index), calls);
}

/** The messages an agent's state holds: its Memory's, then its scratchpad (empty once the run finished). */
function stateMessages(data: UnknownRecord): { memory: readonly unknown[]; scratchpad: readonly unknown[] } {
  const state = data.state;
  if (!isRecord(state)) {
    throw new ToolCallAccuracyError(
      `reading the run as ${FORMAT}: this agent result (${describeKeys(data)}) has no state, whose memory holds the run's calls, so it is refused rather than read as no calls; ${PASS_INSTEAD}.`,
    );
  }
  refuseCallKeys(FORMAT, 'state', state, STATE_KEYS);
  const memory = state.memory;
  if (!isRecord(memory) || !Array.isArray(memory.messages)) {
    throw new ToolCallAccuracyError(`reading the run as ${FORMAT}: its state's memory (${describeKeys(memory)}) is not a Memory with messages, so it is refused rather than read as no calls; ${PASS_INSTEAD}.`);
  }
  const scratchpad = state.scratchpad;
  return { memory: memory.messages, scratchpad: Array.isArray(scratchpad) ? scratchpad : [] };
}

/** The stop event's `message`, the last of its memory too (read there), is checked; one carrying calls (never the agent's) is refused. */
function checkFinalMessage(message: unknown): void {
  if (!isRecord(message)) return;
  refuseCallKeys(FORMAT, 'result message', message, MESSAGE_KEYS);
  if (isRecord(message.options)) refuseCallKeys(FORMAT, 'result message, options', message.options, OPTION_KEYS);
  if (carriesCalls(message)) {
    throw new ToolCallAccuracyError(
      `reading the run as ${FORMAT}: the agent result's message (${describeKeys(message)}) carries calls in its options, where the agent workflow writes none, so it is refused rather than read without them; ${PASS_INSTEAD}.`,
    );
  }
}

function readResult(data: UnknownRecord, calls: CallCollector): void {
  refuseCallKeys(FORMAT, 'result', data, RESULT_KEYS);
  checkFinalMessage(data.message);
  const { memory, scratchpad } = stateMessages(data);
  readMessages(memory, calls, (index) => `state.memory message ${index + 1}`);
  readMessages(scratchpad, calls, (index) => `state.scratchpad message ${index + 1}`);
}

const ids = (list: unknown, key: string): unknown[] => (Array.isArray(list) ? list.map((item) => (isRecord(item) ? item[key] : undefined)) : []);

/**
 * The events of runStream(): with the stop event, read as the agent's result; without it, calls are
 * the agentToolCallEvents and results the agentToolCallResultEvents, and a call another event lists
 * without its agentToolCallEvent is refused.
 */
function readEvents(events: ReadonlyArray<UnknownRecord & { data: UnknownRecord }>, calls: CallCollector): void {
  const stop = events.find(({ data }) => isResultData(data) && data.state !== undefined);
  events.forEach((event, index) => {
    refuseCallKeys(FORMAT, `event ${index + 1}`, event, EVENT_KEYS);
    refuseCallKeys(FORMAT, `event ${index + 1}'s data`, event.data, EVENT_DATA_KEYS);
  });
  if (stop) {
    readResult(stop.data, calls);
    return;
  }
  const read = new Set<unknown>();
  events.forEach(({ data }) => {
    if (Array.isArray(data.toolCalls) && 'agentName' in data && !('response' in data)) calls.beginStep();
    if ('toolOutput' in data) {
      const output = data.toolOutput;
      if (!isRecord(output)) return;
      calls.answer(data.toolId, output.result, output.isError === true, typeof data.toolName === 'string' ? data.toolName : undefined);
    } else if ('toolKwargs' in data && isNonEmptyString(data.toolName)) {
      calls.add(toolCallWithJsonInput(data.toolName, data.toolKwargs, data.toolId));
      read.add(data.toolId);
    }
  });
  events.forEach(({ data }, index) => {
    const listed = [...ids(data.toolCalls, 'toolId'), ...ids(data.results, 'toolId')];
    const missing = listed.find((id) => !read.has(id));
    if (listed.length > 0 && missing !== undefined) {
      throw new ToolCallAccuracyError(
        `reading the run as ${FORMAT}: its event ${index + 1} (${describeKeys(data)}) lists the call ${JSON.stringify(missing)}, which no agentToolCallEvent of the list holds, so the list is refused rather than read without it; ${PASS_INSTEAD}.`,
      );
    }
  });
}

/** The ChatMessages a value holds, for its text and turns (undefined for a list of events). */
function messagesOf(value: unknown): readonly unknown[] | undefined {
  if (isChatResponse(value)) return [value.message];
  if (isExecResult(value)) return value.newMessages;
  if (isMemory(value)) return value.messages;
  if (isEventList(value)) {
    const stop = value.find(({ data }) => isResultData(data) && isRecord(data.state));
    return stop ? messagesOf(stop.data) : undefined;
  }
  const data = resultData(value);
  if (data) {
    const state = data.state;
    const memory = isRecord(state) ? state.memory : undefined;
    return isRecord(memory) && Array.isArray(memory.messages) ? [...memory.messages, ...(isRecord(state) && Array.isArray(state.scratchpad) ? state.scratchpad : [])] : [data.message];
  }
  return asList(value);
}

/** A result sent back to the model is a `user` message: it takes no part in the conversation's text or turns. */
const isResult = (message: unknown) => isRecord(message) && isRecord(message.options) && 'toolResult' in message.options;
const roleOf = (message: unknown): 'user' | 'assistant' | undefined => {
  if (!isRecord(message) || isResult(message)) return undefined;
  return message.role === 'user' || message.role === 'assistant' ? message.role : undefined;
};

const AGENT_TOKENS = "the agent workflow keeps no token usage (its LLM's streamed chunks are not kept)";

function usageOf(value: unknown): RunUsage {
  if (isChatResponse(value)) {
    const raw = value.raw;
    return { steps: 1, ...sumTokens([isRecord(raw) ? raw.usage : undefined], OPENAI_CHAT_TOKENS, () => 'the response (its raw.usage)') };
  }
  if (isEventList(value) && !value.some(({ data }) => isResultData(data) && isRecord(data.state))) {
    return { steps: value.filter(({ data }) => 'response' in data && 'currentAgentName' in data && Array.isArray(data.toolCalls)).length, lacking: { tokens: AGENT_TOKENS } };
  }
  const messages = messagesOf(value) ?? [];
  const agent = isEventList(value) || resultData(value) !== undefined;
  return { steps: assistantMessages(messages), lacking: { tokens: agent ? AGENT_TOKENS : `${NO_MESSAGE_TOKENS} (a chat() response does, in raw.usage: pass it, or check each one)` } };
}

/**
 * LlamaIndex.TS (`@llamaindex/core` ChatMessages, `@llamaindex/workflow`'s agent): calls are an
 * assistant message's `options.toolCall`, results a `user` message's `options.toolResult`, paired
 * by id. Read from a ChatResponse, messages, exec()'s result, the agent's run() result (its state's
 * memory) and runStream()'s events.
 */
export const llamaindex: FormatAdapter = {
  format: FORMAT,
  shape:
    "LlamaIndex.TS (@llamaindex/core, @llamaindex/workflow): a chat() response { message, raw }, ChatMessages with options: { toolCall: [{ id, name, input }] } and options: { toolResult: { id, result, isError } }, exec()'s { newMessages }, a Memory, an agent's run() result or runStream() events",
  detect: (value, kinds) => isChatResponse(value) || isExecResult(value) || isMemory(value) || resultData(value) !== undefined || isEventList(value) || kinds.of(value) === FORMAT,
  messages: { name: 'a LlamaIndex ChatMessage', of: messageFit },
  // A conversation's turns start at the user's messages (not at the results sent back as `user`
  // messages); an agent's result and its events are cut in its memory's messages.
  turns(value) {
    const messages = Array.isArray(value) || isMemory(value) || isExecResult(value) || resultData(value) !== undefined ? messagesOf(value) : undefined;
    return messages ? conversationTurns(value, (message) => roleOf(message) === 'user', messages) : oneTurn(value);
  },
  read(value, calls) {
    if (isChatResponse(value)) return readMessages([value.message], calls, () => 'the response message');
    if (isExecResult(value)) return readMessages(value.newMessages, calls, (index) => `newMessages[${index}]`);
    if (isMemory(value)) return readMessages(value.messages, calls, (index) => `memory message ${index + 1}`);
    if (isEventList(value)) return readEvents(value, calls);
    const data = resultData(value);
    if (data) {
      if (isEvent(value)) refuseCallKeys(FORMAT, 'the stop event', value, EVENT_KEYS);
      return readResult(data, calls);
    }
    readMessages(asList(value), calls);
  },
  wrongPiece: (value) =>
    asList(value).length > 0 && asList(value).every(isChunk)
      ? "the chunks of a streamed LlamaIndex chat() ({ raw, delta, options }), whose calls are split over them. Pass the messages of the loop (exec()'s newMessages, which it builds from the stream too), a chat() response without stream, or the agent's run() result"
      : undefined,
  text: (value) => conversationText(messagesOf(value) ?? [], roleOf, messageContentText),
  usage: {
    records: {
      steps: "LlamaIndex chat() responses (one model call), messages and an agent's run (one assistant message per response), runStream() events",
      tokens: "LlamaIndex chat() responses of OpenAI-compatible LLMs (raw.usage.prompt_tokens and completion_tokens)",
    },
    read: usageOf,
  },
};
