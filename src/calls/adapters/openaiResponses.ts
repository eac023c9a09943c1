import type { FormatAdapter, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asList, chatRole, contentText, conversationText } from '../conversationText.js';
import { toolCall, toolCallWithJsonInput } from '../toolCall.js';
import type { ToolCall } from '../../types.js';
import { INPUT_OUTPUT_TOKENS, tokensOf } from '../runUsage.js';
import { ResultsAhead } from '../resultsAhead.js';

/**
 * OpenAI Responses: a `Response` (`object: 'response'`, calls in `output[]`) or a list of input
 * items. `function_call` arguments are a JSON string; results arrive as `function_call_output`
 * items matched by `call_id` (not `id`). Built-in tools (`web_search_call`, …) are calls too,
 * named by their type; the hosted ones run at OpenAI, so they are marked `providerExecuted`.
 */
const HOSTED_TOOLS = new Set(['web_search', 'file_search', 'code_interpreter', 'image_generation', 'tool_search']);

/**
 * A hosted MCP call that needs approval is first an `mcp_approval_request` (the model's call,
 * awaiting a person), then an `mcp_approval_response`, and once approved an `mcp_call` naming the
 * request in `approval_request_id`: one call, whose approval is kept on it.
 */
type Approvals = Map<string, ToolCall>;

/** `output`: a `function_call`'s result when it was read ahead (resultsAhead.ts). */
function readItem(item: UnknownRecord, calls: CallCollector, approvals: Approvals, output?: unknown): void {
  const type = item.type;
  if (typeof type !== 'string') return;
  // A function call whose arguments are still streaming (a response read mid-stream) is not issued yet.
  if (item.status === 'in_progress' && (type === 'function_call' || type === 'custom_tool_call')) return;
  switch (type) {
    case 'function_call':
      if (isNonEmptyString(item.name)) calls.add(toolCallWithJsonInput(item.name, item.arguments, item.call_id, output));
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
  } else if (type.endsWith('_call')) {
    const toolName = type.slice(0, -'_call'.length);
    const input = 'action' in item ? item.action : 'queries' in item ? { queries: item.queries } : 'code' in item ? { code: item.code } : {};
    const call = toolCall(toolName, input, isNonEmptyString(item.call_id) ? item.call_id : item.id);
    if (HOSTED_TOOLS.has(toolName)) call.providerExecuted = true;
    if (item.status === 'failed') call.error = 'failed';
    calls.add(call);
  }
}

const isFunctionCall = (item: unknown): boolean => isRecord(item) && item.type === 'function_call';

/** The id of the call `readItem` makes of a `function_call` item, or undefined when it makes none. */
function functionCallId(item: UnknownRecord): unknown {
  return item.status !== 'in_progress' && isNonEmptyString(item.name) ? item.call_id : undefined;
}

/** Reads an item ahead when it is a call's output (`readItem`: `…_call_output`) that pairs with one of the step's calls. */
function readsAhead(item: unknown, ahead: ResultsAhead): boolean {
  return isRecord(item) && typeof item.type === 'string' && item.type.endsWith('_call_output') && ahead.result(item.call_id, item.output);
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

export const openaiResponses: FormatAdapter = {
  format: 'openai-responses',
  shape: "OpenAI Responses: a Response ({ object: 'response', output: [{ type: 'function_call', name, arguments }] }) or its input items",
  detect: (value, kinds) => isResponse(value) || kinds.of(value) === 'openai-responses',
  read(value, calls) {
    const items = itemsOf(value);
    const approvals: Approvals = new Map();
    const ahead = new ResultsAhead();
    // Items [aheadStart, callsEnd) are function calls in a row, and [callsEnd, resultsEnd) the
    // outputs right after them that were read ahead (resultsAhead.ts): each is on its call already.
    let aheadStart = 0;
    let callsEnd = 0;
    let resultsEnd = 0;
    let inCalls = false;
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      if (!isRecord(item)) continue;
      // One response's call items come together; a message or a call's output ends them.
      const ofResponse = item.type === 'reasoning' || (typeof item.type === 'string' && item.type.endsWith('_call'));
      if (ofResponse && !inCalls) calls.beginStep();
      inCalls = ofResponse;
      if (index >= resultsEnd && item.type === 'function_call') {
        aheadStart = index;
        callsEnd = index;
        while (callsEnd < items.length && isFunctionCall(items[callsEnd])) callsEnd++;
        ahead.begin(callsEnd - aheadStart);
        for (let at = aheadStart; at < callsEnd; at++) ahead.call(functionCallId(items[at] as UnknownRecord));
        resultsEnd = callsEnd;
        while (resultsEnd < items.length && readsAhead(items[resultsEnd], ahead)) resultsEnd++;
      }
      if (index < callsEnd) readItem(item, calls, approvals, ahead.output(index - aheadStart));
      else if (index >= resultsEnd) readItem(item, calls, approvals);
    }
  },
  text: (value) => conversationText(itemsOf(value), chatRole, textOf),
  usage: {
    records: { steps: 'OpenAI Responses: a Response (one model call)', tokens: 'OpenAI Responses: a Response (usage.input_tokens and output_tokens)' },
    read(value) {
      if (!isResponse(value)) return { lacking: { steps: 'input items do not say which response made them', tokens: 'input items carry no token usage' } };
      const tokens = tokensOf(value.usage, INPUT_OUTPUT_TOKENS);
      return typeof tokens === 'string' ? { steps: 1, lacking: { tokens: `the response has ${tokens}` } } : { steps: 1, tokens: { ...tokens, modelCalls: 1 } };
    },
  },
};
