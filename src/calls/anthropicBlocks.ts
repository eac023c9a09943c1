import type { ToolCall } from '../types.js';
import type { UnknownRecord } from './adapter.js';
import { isNonEmptyString, isRecord } from './adapter.js';
import type { CallCollector } from './collector.js';
import { toolCall } from './toolCall.js';

/**
 * Anthropic's content blocks (the Messages API's and the Claude Agent SDK's): a call is a `tool_use`
 * block, or a `server_tool_use`/`mcp_tool_use` one (`providerExecuted`); a result is a `*tool_result`
 * block, paired by `tool_use_id`, failed with `is_error` or a server tool's `…_error` content.
 */
export const CALL_BLOCKS: ReadonlySet<string> = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

/** A result block: `tool_result`, `mcp_tool_result`, a server tool's `web_search_tool_result`, … */
export const isResultBlock = (type: string): boolean => type.endsWith('tool_result');

/** Blocks that hold no call and no result (`BetaContentBlock` and `BetaContentBlockParam` of `@anthropic-ai/sdk`). */
export const QUIET_BLOCKS: ReadonlySet<string> = new Set([
  'text', 'image', 'document', 'search_result', 'thinking', 'redacted_thinking', 'container_upload', 'tool_reference', 'compaction', 'fallback', 'mcp_tool_listing',
  'tool_addition', 'tool_removal',
]);

/** The keys of a message (a `Message` too) a reader of Anthropic's messages reads or knows. */
export const MESSAGE_KEYS: ReadonlySet<string> = new Set(['role', 'content', 'id', 'type', 'model', 'stop_reason', 'stop_sequence', 'usage', 'container', 'context_management', 'stop_details']);
/** The keys of a block a reader of Anthropic's blocks reads or knows; `caller` (programmatic tool calling) names the call that made it. */
export const BLOCK_KEYS: ReadonlySet<string> = new Set([
  'type', 'id', 'name', 'input', 'tool_use_id', 'content', 'is_error', 'text', 'citations', 'source', 'thinking', 'signature', 'data', 'cache_control', 'caller',
  'server_name', 'title', 'context', 'retrieved_at', 'file_id', 'tool_name', 'tool_names', 'tools', 'tool',
]);

/** A block a reader of Anthropic's blocks knows: a call, a result, or one that holds neither. */
export const isKnownBlock = (type: string): boolean => QUIET_BLOCKS.has(type) || CALL_BLOCKS.has(type) || isResultBlock(type);

/** The blocks a reader knows, for errors. */
export const KNOWN_BLOCKS = `${[...CALL_BLOCKS].join(', ')}, tool_result and the server tools' *_tool_result, ${[...QUIET_BLOCKS].join(', ')}`;

/** The call a call block makes, or undefined without a tool name. */
export function blockCall(block: UnknownRecord): ToolCall | undefined {
  if (!isNonEmptyString(block.name)) return undefined;
  const call = toolCall(block.name, block.input, block.id);
  if (block.type !== 'tool_use') call.providerExecuted = true;
  return call;
}

/** Records a result block on its call: its content, as an error when the block says the tool failed. */
export function readResultBlock(block: UnknownRecord, calls: CallCollector): void {
  const id = block.tool_use_id;
  if (!isNonEmptyString(id)) return;
  const content = block.content;
  // A server tool reports failure as content `{ type: 'web_search_tool_result_error', error_code }`.
  const serverError = isRecord(content) && typeof content.type === 'string' && content.type.endsWith('_error');
  calls.answer(id, content, block.is_error === true || serverError);
}
