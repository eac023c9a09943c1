import type { UnknownRecord } from './adapter.js';
import { isRecord } from './adapter.js';

/**
 * The message formats that can arrive as a bare array of messages. Their first messages often look
 * alike (`{ role: 'user', content: 'hi' }` is valid in all of them), so one classifier decides for
 * all the message adapters and each adapter claims only its own kind: no two can claim one value.
 */
export type MessageKind =
  | 'langchain'
  | 'ai-sdk-ui'
  | 'ai-sdk-4-ui'
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'ai-sdk-model';

/** LangChain message `type`s (`AIMessage.type === 'ai'`, also the `toDict()` and LangGraph API dict forms). */
const LANGCHAIN_TYPES = new Set(['ai', 'human', 'tool', 'system', 'generic', 'function', 'remove', 'developer']);

/** Content part types that only one format uses. `text` and `image` are shared, so they decide nothing. */
const PART_KINDS = new Map<string, MessageKind>([
  ['tool-call', 'ai-sdk-model'],
  ['tool-result', 'ai-sdk-model'],
  ['tool-approval-request', 'ai-sdk-model'],
  ['tool-approval-response', 'ai-sdk-model'],
  ['reasoning', 'ai-sdk-model'],
  ['tool_use', 'anthropic'],
  ['tool_result', 'anthropic'],
  ['server_tool_use', 'anthropic'],
  ['mcp_tool_use', 'anthropic'],
  ['mcp_tool_result', 'anthropic'],
  ['thinking', 'anthropic'],
  ['redacted_thinking', 'anthropic'],
  ['document', 'anthropic'],
  ['web_search_tool_result', 'anthropic'],
  ['input_text', 'openai-responses'],
  ['output_text', 'openai-responses'],
  ['input_image', 'openai-responses'],
  ['input_file', 'openai-responses'],
  ['image_url', 'openai-chat'],
  ['input_audio', 'openai-chat'],
]);

/** Responses API input/output items that are not messages. */
const RESPONSES_ITEM_TYPES = new Set(['reasoning', 'item_reference', 'mcp_list_tools', 'mcp_approval_request', 'mcp_approval_response', 'compaction']);

/**
 * Which message format `value` (an array of messages, or one message) is in, or undefined when it
 * is not messages. Looks at each message's own keys and content part types and stops at the first
 * message that decides; a conversation with only plain text decides nothing and counts as AI SDK
 * model messages (it has no tool calls in any format). Never recurses below a message's content.
 */
// Detection asks each message adapter in turn, and each asks for the kind: within one detection
// (begin/endKindMemo around it) the kind of the value is worked out once. Cleared afterwards, as
// a caller may change an array between two assertions.
let memoActive = false;
let memoFilled = false;
let memoValue: unknown;
let memoKind: MessageKind | undefined;

export function beginKindMemo(): void {
  memoActive = true;
  memoFilled = false;
}

export function endKindMemo(): void {
  memoActive = false;
  memoFilled = false;
  memoValue = undefined;
}

export function messageKind(value: unknown): MessageKind | undefined {
  if (memoActive && memoFilled && memoValue === value) return memoKind;
  const kind = classify(value);
  if (memoActive) {
    memoValue = value;
    memoKind = kind;
    memoFilled = true;
  }
  return kind;
}

function classify(value: unknown): MessageKind | undefined {
  if (!Array.isArray(value)) return isMessageLike(value) ? (kindOf(value) ?? defaultKind(value)) : undefined;
  if (value.length === 0) return undefined;
  for (let index = 0; index < value.length; index++) {
    const message: unknown = value[index];
    if (!isMessageLike(message)) return undefined;
    const kind = kindOf(message);
    if (kind) return kind;
  }
  return defaultKind(value[0] as UnknownRecord);
}

/** Every message format has a string `role` or `type`; anything else (a plain call) is no message. */
function isMessageLike(value: unknown): value is UnknownRecord {
  return isRecord(value) && (typeof value.role === 'string' || typeof value.type === 'string');
}

function defaultKind(message: UnknownRecord): MessageKind | undefined {
  if (typeof message.role !== 'string') return undefined;
  const content = message.content;
  return typeof content === 'string' || Array.isArray(content) ? 'ai-sdk-model' : undefined;
}

export function isLangChainMessage(message: UnknownRecord): boolean {
  if (message.lc === 1 && message.type === 'constructor' && Array.isArray(message.id)) return true;
  if (typeof message._getType === 'function') return true;
  return typeof message.type === 'string' && LANGCHAIN_TYPES.has(message.type) && !('role' in message);
}

function kindOf(message: UnknownRecord): MessageKind | undefined {
  if (isLangChainMessage(message)) return 'langchain';
  // v5+ dropped both the string `content` beside `parts` and the `tool-invocation` part type.
  if (Array.isArray(message.parts)) return typeof message.content === 'string' || message.parts.some(isToolInvocationPart) ? 'ai-sdk-4-ui' : 'ai-sdk-ui';
  if (Array.isArray(message.toolInvocations)) return 'ai-sdk-4-ui';
  const type = message.type;
  if (typeof type === 'string') {
    // An Anthropic `Message` response has `type: 'message'` too: it has `stop_reason`, or Anthropic's own part types.
    if (type === 'message') return 'stop_reason' in message ? 'anthropic' : (kindOfParts(message.content) ?? 'openai-responses');
    if (type.endsWith('_call') || type.endsWith('_call_output') || RESPONSES_ITEM_TYPES.has(type)) return 'openai-responses';
  }
  if ('tool_calls' in message || 'tool_call_id' in message || 'function_call' in message) return 'openai-chat';
  const role = message.role;
  if (role === 'developer' || role === 'function') return 'openai-chat';
  if (!Array.isArray(message.content)) return undefined;
  if (role === 'tool') return 'ai-sdk-model';
  return kindOfParts(message.content);
}

function isToolInvocationPart(part: unknown): boolean {
  return isRecord(part) && part.type === 'tool-invocation';
}

/** The format that content part types belong to, from the first part that only one format uses. */
function kindOfParts(content: unknown): MessageKind | undefined {
  if (!Array.isArray(content)) return undefined;
  for (let index = 0; index < content.length; index++) {
    const part: unknown = content[index];
    if (!isRecord(part) || typeof part.type !== 'string') continue;
    const kind = PART_KINDS.get(part.type);
    if (kind) return kind;
    if (part.type === 'image' && 'source' in part) return 'anthropic';
  }
  return undefined;
}
