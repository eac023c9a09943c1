import type { FormatAdapter, MessageFit, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asList, chatRole, contentText, conversationText } from '../conversationText.js';
import { toolCall, toolCallWithJsonInput } from '../toolCall.js';
import type { ToolCall } from '../../types.js';
import { INPUT_OUTPUT_TOKENS, sumTokens } from '../runUsage.js';
import { conversationTurns, isUserMessage } from '../turns.js';
import { refuseUnknown } from '../unknownParts.js';
import { refuseCallKeys } from '../callKeys.js';

/** The keys of a message item and of its content parts that this reader reads or knows. */
const MESSAGE_KEYS = new Set(['type', 'id', 'role', 'content', 'status', 'phase']);
/** The keys of the other items (calls, their outputs, reasoning, tool lists, approvals) this reader reads or knows. */
const ITEM_KEYS = new Set([
  ...MESSAGE_KEYS, 'name', 'arguments', 'call_id', 'output', 'input', 'server_label', 'approval_request_id', 'approve', 'reason', 'error', 'action', 'queries', 'results', 'code', 'container_id',
  'outputs', 'summary', 'encrypted_content', 'tools', 'pending_safety_checks', 'acknowledged_safety_checks', 'result', 'revised_prompt', 'background', 'output_format', 'quality', 'size',
  'created_by', 'execution', 'operation', 'namespace', 'max_output_length', 'caller',
]);
const PART_KEYS = new Set(['type', 'text', 'annotations', 'logprobs', 'image_url', 'file_id', 'detail', 'file_data', 'filename', 'file_url', 'input_audio', 'audio', 'refusal', 'transcript', 'data', 'format']);

const HOSTED_TOOLS = new Set(['web_search', 'file_search', 'code_interpreter', 'image_generation', 'tool_search']);

/** Hosted MCP calls awaiting approval by the id of their `mcp_approval_request`: the `mcp_call` that ran one names it, and is the same call. */
type Approvals = Map<string, ToolCall>;

const MESSAGE_ROLES = new Set(['user', 'assistant', 'system', 'developer']);
/** Items that hold no call nor result. */
const OTHER_ITEMS = new Set(['reasoning', 'item_reference', 'compaction', 'compaction_trigger', 'mcp_list_tools', 'additional_tools', 'tool_search_output']);
const KNOWN_ITEMS =
  'message, function_call, custom_tool_call, mcp_call, mcp_approval_request, mcp_approval_response, the built-in tools\' *_call, their *_call_output, ' + [...OTHER_ITEMS].join(', ');

function readItem(item: UnknownRecord, calls: CallCollector, approvals: Approvals, index: number): void {
  const type = item.type;
  if (typeof type !== 'string' || type === 'message') {
    // A message, or an easy input message (`{ role, content }`): text, whose parts Responses writes.
    if (!MESSAGE_ROLES.has(item.role as string) || !(typeof item.content === 'string' || Array.isArray(item.content))) refuseUnknown('openai-responses', `item ${index + 1}`, item, KNOWN_ITEMS);
    refuseCallKeys('openai-responses', () => `item ${index + 1}`, item, MESSAGE_KEYS);
    if (Array.isArray(item.content)) {
      item.content.forEach((part: unknown, at: number) => {
        if (!isResponsesPart(part)) refuseUnknown('openai-responses', `item ${index + 1}, part ${at + 1}`, part, [...RESPONSES_PARTS].join(', '));
        refuseCallKeys('openai-responses', () => `item ${index + 1}, part ${at + 1}`, part as UnknownRecord, PART_KEYS);
      });
    }
    return;
  }
  refuseCallKeys('openai-responses', () => `item ${index + 1}`, item, ITEM_KEYS);
  // A function call whose arguments are still streaming (a response read mid-stream) is not issued yet.
  if (item.status === 'in_progress' && (type === 'function_call' || type === 'custom_tool_call')) return;
  switch (type) {
    case 'function_call':
      if (isNonEmptyString(item.name)) calls.add(toolCallWithJsonInput(item.name, item.arguments, item.call_id));
      return;
    case 'custom_tool_call':
      if (isNonEmptyString(item.name)) calls.add(toolCall(item.name, item.input, item.call_id));
      return;
    case 'mcp_call': {
      if (!isNonEmptyString(item.name)) return;
      const requested = isNonEmptyString(item.approval_request_id) ? approvals.get(item.approval_request_id) : undefined;
      const call = requested ?? toolCallWithJsonInput(item.name, item.arguments, item.id);
      call.providerExecuted = true;
      if (item.output !== undefined && item.output !== null) call.output = item.output;
      if (item.error !== undefined && item.error !== null) call.error = item.error;
      if (requested) requested.approval ??= 'approved';
      else calls.add(call);
      return;
    }
    case 'mcp_approval_request': {
      if (!isNonEmptyString(item.name)) return;
      const call = toolCallWithJsonInput(item.name, item.arguments, item.id);
      call.providerExecuted = true;
      call.approval = 'requested';
      calls.add(call);
      if (isNonEmptyString(item.id)) approvals.set(item.id, call);
      return;
    }
    case 'mcp_approval_response': {
      const call = isNonEmptyString(item.approval_request_id) ? approvals.get(item.approval_request_id) : undefined;
      if (call && typeof item.approve === 'boolean') call.approval = item.approve ? 'approved' : 'denied';
      return;
    }
  }
  if (type.endsWith('_call_output')) {
    if (isNonEmptyString(item.call_id)) calls.output(item.call_id, item.output);
  } else if (OTHER_ITEMS.has(type)) {
    // Reasoning, references, compaction, tool lists: no call.
  } else if (type.endsWith('_call')) {
    const toolName = type.slice(0, -'_call'.length);
    const input = 'action' in item ? item.action : 'queries' in item ? { queries: item.queries } : 'code' in item ? { code: item.code } : {};
    const call = toolCall(toolName, input, isNonEmptyString(item.call_id) ? item.call_id : item.id);
    if (HOSTED_TOOLS.has(toolName)) call.providerExecuted = true;
    if (item.status === 'failed') call.error = 'failed';
    calls.add(call);
  } else {
    refuseUnknown('openai-responses', `item ${index + 1}`, item, KNOWN_ITEMS);
  }
}

/** Responses input/output items that are not messages nor calls. */
const ITEM_TYPES = new Set(['reasoning', 'item_reference', 'mcp_list_tools', 'mcp_approval_request', 'mcp_approval_response', 'compaction']);
/** Content part types only Responses writes. */
const RESPONSES_PARTS = new Set(['input_text', 'output_text', 'input_image', 'input_file', 'input_audio', 'output_audio', 'refusal']);

const isResponsesPart = (part: unknown) => isRecord(part) && RESPONSES_PARTS.has(part.type as string);

/**
 * An item shows the format by its `type` (a call, its output, another item type, or a `message` with
 * Responses' own parts: an Anthropic `Message` has a `stop_reason`), or a part only Responses writes.
 * An easy input message (`{ role, content }`) fits.
 */
function itemFit(item: UnknownRecord): MessageFit | undefined {
  const type = item.type;
  if (type === 'message') {
    const content = item.content;
    if ('stop_reason' in item) return undefined;
    if (typeof content === 'string') return 'evidence';
    if (!Array.isArray(content)) return undefined;
    for (let index = 0; index < content.length; index++) if (!isResponsesPart(content[index])) return undefined;
    return 'evidence';
  }
  if (typeof type === 'string') return type.endsWith('_call') || type.endsWith('_call_output') || ITEM_TYPES.has(type) ? 'evidence' : undefined;
  const content = item.content;
  if (Array.isArray(content) && content.some(isResponsesPart)) return 'evidence';
  return typeof item.role === 'string' && (typeof content === 'string' || Array.isArray(content)) ? 'fits' : undefined;
}

function isResponse(value: unknown): value is UnknownRecord & { output: unknown[] } {
  return isRecord(value) && value.object === 'response' && Array.isArray(value.output);
}

function itemsOf(value: unknown): readonly unknown[] {
  if (isResponse(value)) return value.output;
  return asList(value);
}

const RESPONSES_TEXT = ['output_text', 'input_text'];
const textOf = (item: unknown) => (isRecord(item) ? contentText(item.content, RESPONSES_TEXT) : undefined);

/**
 * OpenAI Responses: a `Response` (calls in `output[]`) or a list of input items; results pair by
 * `call_id` (not `id`). Built-in tools (`web_search_call`, …) are calls named by their type; the
 * hosted ones are `providerExecuted`.
 */
export const openaiResponses: FormatAdapter = {
  format: 'openai-responses',
  shape: "OpenAI Responses: a Response ({ object: 'response', output: [{ type: 'function_call', name, arguments }] }) or its input items",
  detect: (value, kinds) => isResponse(value) || kinds.of(value) === 'openai-responses',
  messages: { name: 'an OpenAI Responses item', of: itemFit },
  turns: (value) => conversationTurns(value, isUserMessage),
  read(value, calls) {
    const items = itemsOf(value);
    const approvals: Approvals = new Map();
    let inCalls = false;
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      if (!isRecord(item)) refuseUnknown('openai-responses', `item ${index + 1}`, item, KNOWN_ITEMS);
      // One response's call items come together; a message or a call's output ends them.
      const ofResponse = item.type === 'reasoning' || (typeof item.type === 'string' && item.type.endsWith('_call'));
      if (ofResponse && !inCalls) calls.beginStep();
      inCalls = ofResponse;
      readItem(item, calls, approvals, index);
    }
  },
  text: (value) => conversationText(itemsOf(value), chatRole, textOf),
  usage: {
    records: { steps: 'OpenAI Responses: a Response (one model call)', tokens: 'OpenAI Responses: a Response (usage.input_tokens and output_tokens)' },
    read(value) {
      if (!isResponse(value)) return { lacking: { steps: 'input items do not say which response made them', tokens: 'input items carry no token usage' } };
      return { steps: 1, ...sumTokens([value.usage], INPUT_OUTPUT_TOKENS, () => 'the response') };
    },
  },
};
