import { ToolCallAccuracyError } from '../../errors.js';
import type { FormatAdapter, MessageFit, RunUsage, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { conversationText, joinedText, speakingRole } from '../conversationText.js';
import { toolCall } from '../toolCall.js';
import { BEDROCK_TOKENS, NO_MESSAGE_TOKENS, sumTokens } from '../runUsage.js';
import { conversationTurns, oneTurn } from '../turns.js';
import { position, refuseUnknown } from '../unknownParts.js';
import { refuseCallKeys } from '../callKeys.js';

/** Members of a Converse `ContentBlock` that carry no call. */
const QUIET_MEMBERS = ['image', 'document', 'video', 'audio', 'guardContent', 'cachePoint', 'reasoningContent', 'citationsContent', 'searchResult', 'toolAddition', 'toolRemoval'];

/** A Converse `ContentBlock`: keyed by a member Converse has, with no `type` (every other format's blocks have one). */
function isBedrockBlock(block: unknown): block is UnknownRecord {
  if (!isRecord(block) || 'type' in block) return false;
  // The usual blocks are told by a property read; the loop only for the rest.
  if (block.toolUse !== undefined || block.toolResult !== undefined || block.text !== undefined) return true;
  for (let index = 0; index < QUIET_MEMBERS.length; index++) if (block[QUIET_MEMBERS[index]!] !== undefined) return true;
  return false;
}

/**
 * How a message fits: one with a block only Converse writes (keyed by its member, no `type`) shows
 * the format; `{ role, content: [] }` fits it.
 */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  const content = message.content;
  if ((message.role !== 'user' && message.role !== 'assistant') || !Array.isArray(content) || 'type' in message) return undefined;
  for (let index = 0; index < content.length; index++) if (isBedrockBlock(content[index])) return 'evidence';
  return content.length === 0 ? 'fits' : undefined;
}

/** A `ConverseResponse`: `output.message` beside Converse's `stopReason`, `usage` or `metrics`. */
function isConverseResponse(value: unknown): value is UnknownRecord {
  if (!isRecord(value) || !isRecord(value.output) || !isRecord(value.output.message)) return false;
  return typeof value.stopReason === 'string' || isRecord(value.usage) || isRecord(value.metrics);
}

/** The keys of a Converse `Message` and of a `ContentBlock` this reader reads or knows. */
const MESSAGE_KEYS = new Set(['role', 'content']);
const BLOCK_KEYS = new Set(['toolUse', 'toolResult', 'text', ...QUIET_MEMBERS]);

const BLOCKS = 'toolUse, toolResult, text, image, document, video, audio, reasoningContent, citationsContent, guardContent, cachePoint, searchResult';

/** A tool result's value: one `json` or `text` block's value, or the values of several in a list. */
function resultValue(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  if (content.length === 1) return blockValue(content[0]);
  return content.map(blockValue);
}

function blockValue(block: unknown): unknown {
  return isRecord(block) ? ('json' in block ? block.json : 'text' in block ? block.text : block) : block;
}

/** Where the message at `at` of `run` is, for errors. */
function whereIs(run: unknown, at: number): string {
  if (isConverseResponse(run)) return 'output.message';
  return Array.isArray(run) ? position(at) : 'message';
}

/** Where block `block` of that message is. */
const blockWhere = (run: unknown, at: number, block: number) => `${whereIs(run, at)}, block ${block + 1}`;

function readMessage(message: unknown, run: unknown, at: number, calls: CallCollector): void {
  if (!isRecord(message) || !Array.isArray(message.content)) {
    throw new ToolCallAccuracyError(`reading the run as ${FORMAT}: its ${whereIs(run, at)} is not a Converse Message ({ role, content: [...] }); pass the messages as the tool-use loop keeps them.`);
  }
  refuseCallKeys(FORMAT, () => whereIs(run, at), message, MESSAGE_KEYS);
  const fromAssistant = message.role === 'assistant';
  if (fromAssistant) calls.beginStep();
  const content: unknown[] = message.content;
  for (let index = 0; index < content.length; index++) {
    const block: unknown = content[index];
    if (!isBedrockBlock(block)) refuseUnknown(FORMAT, blockWhere(run, at, index), block, BLOCKS);
    refuseCallKeys(FORMAT, () => blockWhere(run, at, index), block, BLOCK_KEYS);
    const use = block.toolUse;
    if (isRecord(use)) {
      if (!isNonEmptyString(use.name)) throw new ToolCallAccuracyError(`reading the run as ${FORMAT}: its ${blockWhere(run, at, index)} is a toolUse with no name; a call without a tool name cannot be read.`);
      if (!fromAssistant) continue;
      const call = toolCall(use.name, use.input, use.toolUseId);
      if (use.type === 'server_tool_use') call.providerExecuted = true;
      calls.add(call);
      continue;
    }
    const result = block.toolResult;
    if (isRecord(result) && isNonEmptyString(result.toolUseId)) calls.answer(result.toolUseId, resultValue(result.content), result.status === 'error');
  }
}

/** The messages of any accepted value. */
function messagesOf(value: unknown): readonly unknown[] {
  if (isConverseResponse(value)) return [(value.output as UnknownRecord).message];
  return Array.isArray(value) ? value : [value];
}

const textOf = (message: unknown) => (isRecord(message) ? joinedText(message.content, () => true) : undefined);

/** A user message with text starts a turn; one of `toolResult` blocks continues it. */
const roleOf = speakingRole('assistant', textOf);
const startsTurn = (message: unknown) => roleOf(message) === 'user';

function usage(value: unknown): RunUsage {
  if (!isConverseResponse(value)) {
    const steps = messagesOf(value).filter((message) => isRecord(message) && message.role === 'assistant').length;
    return { steps, lacking: { tokens: NO_MESSAGE_TOKENS, durationMs: 'a list of messages carries no latency' } };
  }
  const { tokens, lacking: noTokens } = sumTokens([value.usage], BEDROCK_TOKENS, () => 'the response');
  const latency = isRecord(value.metrics) ? value.metrics.latencyMs : undefined;
  const recorded = typeof latency === 'number' && Number.isFinite(latency) && latency >= 0;
  const lacking = { ...noTokens, ...(!recorded && { durationMs: 'the response has no metrics.latencyMs' }) };
  return { steps: 1, ...(tokens && { tokens }), ...(recorded && { durationMs: latency }), ...(Object.keys(lacking).length > 0 && { lacking }) };
}

/** The events of `ConverseStreamCommand`'s stream: one member each. */
const STREAM_EVENTS = ['messageStart', 'contentBlockStart', 'contentBlockDelta', 'contentBlockStop', 'messageStop', 'metadata'];
const isStreamEvent = (value: unknown) => isRecord(value) && STREAM_EVENTS.some((key) => isRecord(value[key]));

function wrongPiece(value: unknown): string | undefined {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) return undefined;
  if (list.every(isStreamEvent)) {
    return "ConverseStream events, in which a toolUse's input arrives in pieces. Pass the Message[] your loop builds from them (each assistant message whole, then the user's toolResult blocks)";
  }
  if (Array.isArray(value) && list.every(isConverseResponse)) {
    return 'a list of ConverseResponses, which hold the model\'s side only (no tool results). Pass the Message[] your loop keeps, or one ConverseResponse for its usage';
  }
  return undefined;
}

const FORMAT = 'bedrock-converse';

/**
 * Amazon Bedrock Converse (`@aws-sdk/client-bedrock-runtime`): `Message[]` and a `ConverseResponse`.
 * A block is keyed by its member, with no `type`: calls are the assistant's `toolUse` blocks
 * (`type: 'server_tool_use'`: `providerExecuted`), results the `toolResult` blocks of the next user
 * message (`status: 'error'` a failure), paired by `toolUseId`. Read or refuse: a block with no
 * member this package knows (`$unknown` included) is refused, naming its keys and where it is.
 */
export const bedrockConverse: FormatAdapter = {
  format: FORMAT,
  shape: 'Amazon Bedrock Converse: a ConverseResponse, or Message[] with content: [{ toolUse: { toolUseId, name, input } }, { toolResult }]',
  detect: (value, kinds) => isConverseResponse(value) || kinds.of(value) === FORMAT,
  messages: { name: 'a Bedrock Converse message', of: messageFit },
  turns: (value) => (isConverseResponse(value) ? oneTurn(value) : conversationTurns(value, startsTurn)),
  read(value, calls) {
    const messages = messagesOf(value);
    for (let index = 0; index < messages.length; index++) readMessage(messages[index], value, index, calls);
  },
  wrongPiece,
  text: (value) => conversationText(messagesOf(value), roleOf, textOf),
  usage: {
    records: {
      steps: 'Bedrock Converse: a ConverseResponse (one model call) or Message[] (one assistant message per call)',
      tokens: 'Bedrock Converse: a ConverseResponse (usage.inputTokens and outputTokens)',
      durationMs: 'Bedrock Converse: a ConverseResponse (metrics.latencyMs)',
    },
    read: usage,
  },
};
