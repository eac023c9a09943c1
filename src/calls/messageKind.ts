import type { MessageKind, MessageKinds, UnknownRecord } from './adapter.js';
import { isRecord } from './adapter.js';
import { isGeminiContent } from './adapters/googleGenAI.js';
import { isBedrockMessage } from './adapters/bedrock.js';


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
 * is not messages. Looks at every message's own keys and content part types; messages of two
 * formats make it `mixed`. A conversation with only plain text decides nothing and counts as AI
 * SDK model messages (it has no tool calls in any format). Never recurses below a message's content.
 */
/** The message format of a value, worked out afresh on every call (see `KindMemo` for detection). */
export function messageKind(value: unknown): MessageKind | undefined {
  return classify(value);
}

/**
 * `messageKind` for one detection: the message adapters each ask for the kind of the same value in
 * turn, so the last answer is kept, for as long as that detection lasts and no longer (a caller may
 * change an array between two assertions). A small object rather than a closure: one is made for
 * every run read, and this one costs a third of the memory.
 */
export class KindMemo implements MessageKinds {
  private value: unknown;
  private kind: MessageKind | undefined;
  private known = false;

  of(value: unknown): MessageKind | undefined {
    if (!this.known || this.value !== value) {
      this.value = value;
      this.kind = classify(value);
      this.known = true;
    }
    return this.kind;
  }
}

function classify(value: unknown): MessageKind | undefined {
  if (!Array.isArray(value)) return isMessageLike(value) ? (kindOf(value) ?? weakKindOf(value) ?? defaultKind(value)) : undefined;
  const found = scan(value);
  if (found === undefined) return undefined;
  if (found.conflict) return 'mixed';
  return found.kind ?? found.weak ?? defaultKind(value[0] as UnknownRecord);
}

interface Scan {
  /** The kind the first deciding message gives, and where it is. */
  kind?: MessageKind;
  at: number;
  /** A later message of another format, and where it is. */
  conflict?: { kind: MessageKind; at: number };
  /** Text-only UI messages say only that they are UI messages. */
  weak?: MessageKind;
}

/** Classifies each message; undefined when some item is no message at all. */
function scan(messages: readonly unknown[]): Scan | undefined {
  if (messages.length === 0) return undefined;
  const found: Scan = { at: -1 };
  for (let index = 0; index < messages.length; index++) {
    const message: unknown = messages[index];
    if (!isMessageLike(message)) return undefined;
    const kind = kindOf(message);
    if (kind === undefined) {
      found.weak ??= weakKindOf(message);
    } else if (found.kind === undefined) {
      found.kind = kind;
      found.at = index;
    } else if (kind !== found.kind) {
      // UI messages of AI SDK 4 and 5+ in one store (migrated) are read alike: the newer names it.
      if (isUiKind(kind) && isUiKind(found.kind)) found.kind = 'ai-sdk-ui';
      else return { ...found, conflict: { kind, at: index } };
    }
  }
  return found;
}

const isUiKind = (kind: MessageKind) => kind === 'ai-sdk-ui' || kind === 'ai-sdk-4-ui';

/**
 * For an array that mixes message formats: "its message 1 looks like openai-chat and its message 3
 * like anthropic"; else undefined.
 */
export function describeMixedMessages(value: unknown): string | undefined {
  let found: Scan | undefined;
  try {
    found = Array.isArray(value) ? scan(value) : undefined;
  } catch {
    return undefined; // a getter or Proxy that throws: the error says what it can without this
  }
  if (!found?.conflict || found.kind === undefined) return undefined;
  return `it mixes message formats: message ${found.at + 1} is ${KIND_NAMES[found.kind]} and message ${found.conflict.at + 1} is ${KIND_NAMES[found.conflict.kind]}`;
}

const KIND_NAMES: Record<MessageKind, string> = {
  langchain: 'a LangChain message',
  'ai-sdk-ui': 'an AI SDK 5+ UI message',
  'ai-sdk-4-ui': 'an AI SDK 4 UI message',
  'openai-chat': 'an OpenAI Chat Completions message',
  'openai-responses': 'an OpenAI Responses item',
  anthropic: 'an Anthropic message',
  'ai-sdk-model': 'an AI SDK model message',
  'google-genai': 'a Google Gen AI Content',
  bedrock: 'a Bedrock Converse message',
  mastra: 'a Mastra stored message',
  mixed: 'mixed',
};

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
  const type = message.type;
  // A bare tool call, not a message: OpenAI's (`completion.choices[0].message.tool_calls`) or
  // LangChain's (`aiMessage.tool_calls`, `type` set by most providers).
  if (type === 'function' && isRecord(message.function)) return 'openai-chat';
  if (type === 'custom' && isRecord(message.custom)) return 'openai-chat';
  if (type === 'tool_call' || type === 'invalid_tool_call') return 'langchain';
  if (isLangChainMessage(message)) return 'langchain';
  if (isRecord(message.content) && (message.content.format === 2 || message.content.format === 3)) return 'mastra';
  // A UI message is decided by its tool parts: v4 `tool-invocation` (or the `toolInvocations`
  // list), v5+ `tool-<name>` / `dynamic-tool`. A `content` string beside them decides nothing
  // (stores migrated from v4 keep one beside v5 parts).
  // Gemini's Content ({ role: 'model', parts }, parts without a `type`) before UI messages, whose parts all have one.
  if (isGeminiContent(message)) return 'google-genai';
  if (Array.isArray(message.parts)) return uiKindOfParts(message.parts) ?? (Array.isArray(message.toolInvocations) ? 'ai-sdk-4-ui' : undefined);
  if (Array.isArray(message.toolInvocations)) return 'ai-sdk-4-ui';
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
  // Bedrock Converse's blocks are keyed by their member ({ toolUse }, { text }) with no `type`.
  if (isBedrockMessage(message)) return 'bedrock';
  return kindOfParts(message.content);
}

function uiKindOfParts(parts: readonly unknown[]): MessageKind | undefined {
  for (let index = 0; index < parts.length; index++) {
    const part: unknown = parts[index];
    if (!isRecord(part) || typeof part.type !== 'string') continue;
    if (part.type === 'tool-invocation' && isRecord(part.toolInvocation)) return 'ai-sdk-4-ui';
    if (part.type === 'dynamic-tool' || part.type.startsWith('tool-')) return 'ai-sdk-ui';
  }
  return undefined;
}

/** A UI message without tool parts: a v4 one has a `content` string beside its parts. */
function weakKindOf(message: UnknownRecord): MessageKind | undefined {
  if (!Array.isArray(message.parts)) return undefined;
  return typeof message.content === 'string' ? 'ai-sdk-4-ui' : 'ai-sdk-ui';
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
