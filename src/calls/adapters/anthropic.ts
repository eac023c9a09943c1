import type { FormatAdapter, MessageFit, UnknownRecord } from '../adapter.js';
import { isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asList, conversationText, messageContentText, speakingRole } from '../conversationText.js';
import { BLOCK_KEYS, blockCall, CALL_BLOCKS, isResultBlock, KNOWN_BLOCKS, MESSAGE_KEYS, QUIET_BLOCKS, readResultBlock } from '../anthropicBlocks.js';
import { ANTHROPIC_TOKENS, nth, sumTokens } from '../runUsage.js';
import { conversationTurns } from '../turns.js';
import { position, refuseUnknown } from '../unknownParts.js';
import { refuseCallKeys } from '../callKeys.js';

function readBlocks(blocks: readonly unknown[], calls: CallCollector, fromAssistant: boolean, message: number): void {
  for (let index = 0; index < blocks.length; index++) {
    const block: unknown = blocks[index];
    if (!isRecord(block) || typeof block.type !== 'string') refuseUnknown('anthropic', position(message, index, 'block'), block, KNOWN_BLOCKS);
    refuseCallKeys('anthropic', () => position(message, index, 'block'), block, BLOCK_KEYS);
    const type = block.type;
    if (CALL_BLOCKS.has(type)) {
      const call = fromAssistant ? blockCall(block) : undefined;
      if (call) calls.add(call);
    } else if (isResultBlock(type)) {
      readResultBlock(block, calls);
    } else if (!QUIET_BLOCKS.has(type)) {
      refuseUnknown('anthropic', position(message, index, 'block'), block, KNOWN_BLOCKS);
    }
  }
}

/** Content block types only Anthropic writes (`text` is shared; so is `image`, without a `source`). */
const ANTHROPIC_BLOCKS = new Set(['tool_use', 'tool_result', 'server_tool_use', 'mcp_tool_use', 'mcp_tool_result', 'thinking', 'redacted_thinking', 'document', 'web_search_tool_result']);

const isAnthropicBlock = (block: unknown) => isRecord(block) && typeof block.type === 'string' && (ANTHROPIC_BLOCKS.has(block.type) || (block.type === 'image' && 'source' in block));

/** A `Message` (`type: 'message'` with `stop_reason`) or a message with a block only Anthropic writes shows the format; `{ role, content }` fits. */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  if (message.type === 'message' && 'stop_reason' in message) return 'evidence';
  const content = message.content;
  if (Array.isArray(content) && content.some(isAnthropicBlock)) return 'evidence';
  if (message.type !== undefined && message.type !== 'message') return undefined;
  return (message.role === 'user' || message.role === 'assistant') && (typeof content === 'string' || Array.isArray(content)) ? 'fits' : undefined;
}

/** Anthropic sends tool results back in a user message: that continues the turn. */
function startsTurn(message: unknown): boolean {
  return isRecord(message) && message.role === 'user' && !(Array.isArray(message.content) && message.content.some((block) => isRecord(block) && block.type === 'tool_result'));
}

const roleOf = speakingRole('assistant', messageContentText);

/** Anthropic Messages: a `Message` or a conversation, whose blocks anthropicBlocks.ts reads (shared with the Claude Agent SDK's reader). */
export const anthropicMessages: FormatAdapter = {
  format: 'anthropic',
  shape: "Anthropic Messages: a Message or messages with content: [{ type: 'tool_use', id, name, input }]",
  detect: (value, kinds) => kinds.of(value) === 'anthropic',
  messages: { name: 'an Anthropic message', of: messageFit },
  turns: (value) => conversationTurns(value, startsTurn),
  read(value, calls) {
    const messages = asList(value);
    for (let index = 0; index < messages.length; index++) {
      const message: unknown = messages[index];
      // The classifier let in only messages that fit (messageKinds.ts): a string content is text.
      if (!isRecord(message)) continue;
      refuseCallKeys('anthropic', () => position(index), message, MESSAGE_KEYS);
      if (!Array.isArray(message.content)) continue;
      if (message.role === 'assistant') calls.beginStep();
      readBlocks(message.content, calls, message.role === 'assistant', index);
    }
  },
  text: (value) => conversationText(asList(value), roleOf, messageContentText),
  usage: {
    records: {
      steps: 'Anthropic Messages: a Message (one model call) or messages (one assistant message per Message)',
      tokens: 'Anthropic Messages: a Message, or messages that are whole Message objects (usage.input_tokens and output_tokens)',
    },
    read(value) {
      const assistant = asList(value).filter((message) => isRecord(message) && message.role === 'assistant');
      const summed = sumTokens(
        assistant.map((message) => (message as UnknownRecord).usage),
        ANTHROPIC_TOKENS,
        Array.isArray(value) ? nth('assistant message') : () => 'the Message',
      );
      // A conversation built as { role, content } keeps no usage: say how to keep it.
      const lacking = summed.lacking && { tokens: `${summed.lacking.tokens}${Array.isArray(value) ? ' (a message built as { role, content } keeps none)' : ''}` };
      return { steps: assistant.length, ...summed, ...(lacking && { lacking }) };
    },
  },
};
