import type { ToolApproval, ToolCall } from '../../types.js';
import { ToolCallAccuracyError } from '../../errors.js';
import type { FormatAdapter, MessageFit, RunText, RunUsage, Turns, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asArray } from '../../value.js';
import { contentText, conversationText } from '../conversationText.js';
import { recordSubRun } from '../subAgents.js';
import { providerCall, toolCall, toolCallWithJsonInput } from '../toolCall.js';
import { conversationTurns, isUserMessage, oneTurn } from '../turns.js';
import { refuseUnknown } from '../unknownParts.js';
import { refuseCallKeys } from '../callKeys.js';

/** The keys of a run item (`RunItem.toJSON()` and the instance's own) this reader reads or knows. */
const RUN_ITEM_KEYS = new Set(['type', 'rawItem', 'agent', 'sourceAgent', 'targetAgent', 'output', 'toolName', 'functionToolStateKey', 'toolCallId', 'approvalId']);
/** The keys of a message's content part (`input_text`, `output_text`, `refusal`, an image, a file, audio). */
const PART_KEYS = new Set(['type', 'text', 'annotations', 'logprobs', 'providerData', 'refusal', 'image', 'file', 'audio', 'detail', 'transcript', 'format', 'filename', 'mediaType', 'data', 'id']);
/** The keys of a protocol item (the SDK's, the Responses items it keeps) this reader reads or knows. */
const ITEM_KEYS = new Set([
  'type', 'id', 'role', 'content', 'status', 'name', 'arguments', 'callId', 'call_id', 'output', 'providerData', 'action', 'namespace', 'input', 'summary', 'encrypted_content',
  'encryptedContent', 'queries', 'results', 'code', 'containerId', 'outputs', 'serverLabel', 'server_label', 'approval_request_id', 'approvalRequestId', 'approve', 'reason', 'error', 'operation',
  'commands', 'maxOutputLength', 'tools', 'created_by', 'phase', 'execution', 'tool', 'toolName', 'tool_name', 'result',
]);

/** `defaultToolErrorFunction` of `@openai/agents-core` (tool.mjs): what a tool that threw returns to the model. */
export const DEFAULT_TOOL_ERROR = 'An error occurred while running the tool. Please try again.';
/** `TOOL_APPROVAL_REJECTION_MESSAGE` (runner/approvalRejection.mjs): the output of a call a person rejected. */
export const DEFAULT_REJECTION = 'Tool execution was not approved.';
/** `defaultFunctionToolTimeoutErrorMessage`: `Tool '<name>' timed out after <ms>ms.` */
const DEFAULT_TIMEOUT = /^Tool '.*' timed out after \d+ms\.$/s;

/** Protocol item types that hold no call and no result. */
const QUIET_ITEMS = new Set(['message', 'reasoning', 'compaction']);
/** Protocol items that are calls besides `function_call` and `hosted_tool_call` (named in `callOf`). */
const CALL_ITEMS = new Set(['computer_call', 'shell_call', 'apply_patch_call', 'tool_search_call', 'program']);
const isCallType = (type: string) => CALL_ITEMS.has(type);
/** Protocol items that are results, answering a call by `callId`. */
const RESULT_ITEMS = new Set(['function_call_result', 'computer_call_result', 'shell_call_output', 'apply_patch_call_output', 'tool_search_output', 'program_output']);
/** Items only the Agents SDK writes (OpenAI Responses has none of them). */
const AGENTS_ONLY_ITEMS = new Set(['function_call_result', 'hosted_tool_call', 'computer_call_result', 'program', 'program_output']);

/** Run item types (`result.newItems`), which wrap a protocol item in `rawItem`. */
const RUN_ITEMS = new Set([
  'message_output_item', 'tool_call_item', 'tool_call_output_item', 'tool_search_call_item', 'tool_search_output_item', 'reasoning_item', 'compaction_item',
  'handoff_call_item', 'handoff_output_item', 'tool_approval_item', 'input_item',
]);

/** What a person decided about calls that needed approval, as the run state recorded it. */
interface Decisions {
  of(toolName: string, callId: string): ToolApproval | undefined;
}

const FORMAT = 'openai-agents';

/** Where the items came from, for errors. */
type Source = 'result.newItems' | 'result.history' | 'the saved run state';

const ITEMS_LIST = 'messages and the items function_call, function_call_result, hosted_tool_call, computer_call(_result), shell_call(_output), apply_patch_call(_output), tool_search_call/output, program(_output), reasoning, compaction';
const RUN_ITEMS_LIST = 'run items ({ type: …_item, rawItem })';

/** The items of a run: protocol items (a history), or run items (`newItems`, a saved state's `generatedItems`) wrapping them in `rawItem`. */
interface Items {
  readonly list: readonly unknown[];
  readonly runItems: boolean;
  readonly decisions: Decisions | undefined;
  readonly source: Source;
}

/** The run of an agent a handoff handed off to: the items it owns (`owners[i] === owner`), opened by `within(run, agentName)`. */
class HandoffRun {
  constructor(readonly items: Items, readonly owners: Owners, readonly owner: number) {}
}

/** Each item's agent (`of`; undefined without a handoff), and the handoff calls: position of the call → the agent it handed off to. */
interface Owners {
  readonly of: readonly number[] | undefined;
  readonly handoffs: ReadonlyMap<number, number>;
}

const NO_HANDOFFS: Owners = { of: undefined, handoffs: new Map() };

/** A `RunResult` or `StreamedRunResult`: its getters, not own keys, hold the run. */
function isRunResult(value: unknown): value is UnknownRecord {
  return isRecord(value) && 'newItems' in value && 'rawResponses' in value && 'state' in value && 'interruptions' in value;
}

/** A saved run state: `result.state.toJSON()`, `JSON.parse(result.state.toString())`. */
function isSavedState(value: unknown): value is UnknownRecord & { generatedItems: unknown[] } {
  return isRecord(value) && typeof value.$schemaVersion === 'string' && Array.isArray(value.generatedItems) && isRecord(value.context);
}

/** `JSON.parse(JSON.stringify(result))`: `{ state: savedState }`. */
function savedStateOf(value: unknown): (UnknownRecord & { generatedItems: unknown[] }) | undefined {
  if (isSavedState(value)) return value;
  if (isRecord(value) && isSavedState(value.state) && Object.keys(value).length === 1) return value.state;
  return undefined;
}

function isRunItem(value: unknown): value is UnknownRecord {
  return isRecord(value) && typeof value.type === 'string' && RUN_ITEMS.has(value.type) && 'rawItem' in value;
}

/** Content parts of the SDK's messages (`UserContent`, `AssistantContent`; a system message's content is text). */
const MESSAGE_PARTS = new Set(['input_text', 'input_image', 'input_file', 'audio', 'output_text', 'refusal', 'image']);
const isMessagePart = (part: unknown) => isRecord(part) && MESSAGE_PARTS.has(part.type as string);

/**
 * A run item, an item type only the SDK writes, or a call or result with a camelCase `callId` shows
 * the format; a message with the SDK's content parts (its `type` may be left out), a reasoning or
 * compaction item fit. Anything else (the SDK's own `unknown` item included) fits nothing.
 */
function itemFit(item: UnknownRecord): MessageFit | undefined {
  const type = item.type;
  if (typeof type === 'string' && RUN_ITEMS.has(type)) return 'rawItem' in item ? 'evidence' : undefined;
  if (typeof type === 'string' && AGENTS_ONLY_ITEMS.has(type)) return 'evidence';
  if (typeof type === 'string' && (isCallType(type) || RESULT_ITEMS.has(type) || type === 'function_call')) return isNonEmptyString(item.callId) ? 'evidence' : undefined;
  if (type === 'reasoning' || type === 'compaction') return 'fits';
  if (type !== undefined && type !== 'message') return undefined;
  const { role, content } = item;
  if (role !== 'user' && role !== 'assistant' && role !== 'system') return undefined;
  return typeof content === 'string' || (Array.isArray(content) && content.every(isMessagePart)) ? 'fits' : undefined;
}

/** Refuses the item at `index` of `items`, named by where it sits (`result.history item 3`). */
function refuseItem(items: Items, index: number, value: unknown, expected = ITEMS_LIST): never {
  refuseUnknown(FORMAT, `${items.source} item ${index + 1}`, value, expected);
}

/** The protocol item at `index`: the item itself, or a run item's `rawItem`; an error for anything else. */
function itemAt(items: Items, index: number): UnknownRecord {
  const value: unknown = items.list[index];
  if (!items.runItems) {
    if (!isRecord(value)) refuseItem(items, index, value);
    return value;
  }
  if (!isRunItem(value)) refuseItem(items, index, value, RUN_ITEMS_LIST);
  const raw = value.rawItem;
  if (!isRecord(raw)) refuseItem(items, index, value, 'a run item with its rawItem');
  return raw;
}

/** The run item type at `index` (`tool_approval_item`, …), or undefined in a history. */
function runTypeAt(items: Items, index: number): unknown {
  return items.runItems ? (items.list[index] as UnknownRecord).type : undefined;
}

function itemsOf(value: unknown): Items {
  if (value instanceof HandoffRun) return value.items;
  if (isRunResult(value)) {
    refuseUnfinished(value.state, 'a StreamedRunResult whose run has not finished: `await result.completed` first');
    const context = value.runContext;
    const decisions: Decisions | undefined = isRecord(context) && typeof context.isToolApproved === 'function' ? liveDecisions(context) : undefined;
    return { list: asArray(value.newItems), runItems: true, decisions, source: 'result.newItems' };
  }
  const saved = savedStateOf(value);
  if (saved) {
    refuseUnfinished(saved, 'a saved run state of a run that had not finished');
    return { list: saved.generatedItems, runItems: true, decisions: savedDecisions(saved.context), source: 'the saved run state' };
  }
  const list = value as readonly unknown[];
  return list.some(isRunItem) ? { list, runItems: true, decisions: undefined, source: 'result.newItems' } : { list, runItems: false, decisions: undefined, source: 'result.history' };
}

/** A run still going (a stream not read to its end) has not made all its calls: refused, never read as what it has so far. */
function refuseUnfinished(state: unknown, what: string): void {
  const step = isRecord(state) ? (state._currentStep ?? state.currentStep) : undefined;
  const type = isRecord(step) ? step.type : undefined;
  if (type === 'next_step_run_again' || type === 'next_step_handoff') throw new ToolCallAccuracyError(`received ${what}: its calls are not all made yet.`);
}

/** The decisions of a live run: `runContext.isToolApproved` answers true, false, or undefined (none yet). */
function liveDecisions(context: UnknownRecord): Decisions {
  const isToolApproved = context.isToolApproved as (approval: { toolName: string; callId: string }) => boolean | undefined;
  return {
    of(toolName, callId) {
      const approved = isToolApproved.call(context, { toolName, callId });
      return approved === true ? 'approved' : approved === false ? 'denied' : undefined;
    },
  };
}

/**
 * The decisions a saved state records: `context.functionApprovals[].approvals[toolKey]` (a JSON array
 * ending with the tool's name) and the older `context.approvals[toolName]`, each `{ approved, rejected }`
 * holding call ids, or `true` for every call of the tool.
 */
function savedDecisions(context: unknown): Decisions | undefined {
  if (!isRecord(context)) return undefined;
  const byCall = new Map<string, ToolApproval>();
  const byTool = new Map<string, ToolApproval>();
  const take = (toolName: string, record: unknown) => {
    if (!isRecord(record)) return;
    for (const [key, approval] of [['approved', 'approved'], ['rejected', 'denied']] as const) {
      const ids = record[key];
      if (ids === true) byTool.set(toolName, approval);
      else if (Array.isArray(ids)) for (const id of ids) if (isNonEmptyString(id)) byCall.set(`${toolName}\u0000${id}`, approval);
    }
  };
  if (isRecord(context.approvals)) for (const [toolName, record] of Object.entries(context.approvals)) take(toolName, record);
  for (const group of asArray(context.functionApprovals)) {
    if (!isRecord(group) || !isRecord(group.approvals)) continue;
    for (const [key, record] of Object.entries(group.approvals)) take(toolNameOfKey(key), record);
  }
  if (byCall.size === 0 && byTool.size === 0) return undefined;
  return { of: (toolName, callId) => byCall.get(`${toolName}\u0000${callId}`) ?? byTool.get(toolName) };
}

/** `["bare","refund"]` → `refund`; a key that is not such an array is the name itself. */
function toolNameOfKey(key: string): string {
  if (!key.startsWith('[')) return key;
  try {
    const parts: unknown = JSON.parse(key);
    const last = Array.isArray(parts) ? parts.at(-1) : undefined;
    return typeof last === 'string' ? last : key;
  } catch {
    return key;
  }
}

/**
 * Which agent each item belongs to: 0 the run's own agent, k the agent the k-th handoff handed off to.
 * A handoff's result moves what follows to its agent, up to the next user message; a result belongs
 * to its call's agent. A run without a handoff (most) is read without this pass.
 */
function ownersOf(items: Items): Owners {
  const { list } = items;
  let any = false;
  for (let index = 0; index < list.length && !any; index++) any = handoffTarget(items, index) !== undefined;
  if (!any) return NO_HANDOFFS;
  const owners = new Array<number>(list.length);
  const handoffs = new Map<number, number>();
  // The agent and position of the latest call with each id.
  const callOwner = new Map<string, number>();
  const callAt = new Map<string, number>();
  let owner = 0;
  for (let index = 0; index < list.length; index++) {
    const item = itemAt(items, index);
    if (item.type === 'message' && item.role === 'user') owner = 0;
    const callId = isNonEmptyString(item.callId) ? item.callId : undefined;
    // An approval item repeats its call's item: it belongs to that call's agent, like a result.
    if (callId !== undefined && !RESULT_ITEMS.has(item.type as string) && runTypeAt(items, index) !== 'tool_approval_item') {
      callOwner.set(callId, owner);
      callAt.set(callId, index);
      owners[index] = owner;
      continue;
    }
    owners[index] = callId === undefined ? owner : (callOwner.get(callId) ?? owner);
    if (callId !== undefined && callAt.has(callId) && handoffTarget(items, index) !== undefined) {
      owner = handoffs.size + 1;
      handoffs.set(callAt.get(callId)!, owner);
      callAt.delete(callId);
    }
  }
  return { of: owners, handoffs };
}

/**
 * The agent the item at `index` hands off to, when it is a handoff's result:
 * `handoff_output_item.targetAgent`, or in a history the SDK's transfer message `{"assistant":"<name>"}`.
 */
function handoffTarget(items: Items, index: number): string | undefined {
  const value: unknown = items.list[index];
  if (!isRecord(value)) return undefined;
  if (items.runItems) {
    if (value.type !== 'handoff_output_item') return undefined;
    if (isRecord(value.targetAgent) && isNonEmptyString(value.targetAgent.name)) return value.targetAgent.name;
  }
  const item = items.runItems ? value.rawItem : value;
  if (!isRecord(item) || item.type !== 'function_call_result') return undefined;
  const text = outputText(item.output);
  // getTransferMessage(agent) in @openai/agents-core (handoff.mjs): JSON.stringify({ assistant: agent.name }).
  if (typeof text !== 'string' || !text.startsWith('{"assistant":')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) && Object.keys(parsed).length === 1 && isNonEmptyString(parsed.assistant) ? parsed.assistant : undefined;
  } catch {
    return undefined;
  }
}

/** An item this reader reads: a message (its type may be left out), a call, a result, or one that holds neither. */
function isKnownItem(item: UnknownRecord): boolean {
  const type = item.type;
  if (typeof type !== 'string') return typeof item.role === 'string';
  return QUIET_ITEMS.has(type) || RESULT_ITEMS.has(type) || type === 'function_call' || type === 'hosted_tool_call' || isCallType(type);
}

/** A `{ type: 'text', text }` output's text, a string as it is; undefined for anything else. */
function outputText(output: unknown): string | undefined {
  if (typeof output === 'string') return output;
  return isRecord(output) && output.type === 'text' && typeof output.text === 'string' ? output.text : undefined;
}

/** The output as the SDK records it: a text output's text, any other output as it is. */
function outputOf(output: unknown): unknown {
  return outputText(output) ?? output;
}

function readItems(items: Items, calls: CallCollector, owners: Owners, owner: number): void {
  const { list, decisions } = items;
  const of = owners.of;
  let inCalls = false;
  // Hosted MCP calls that asked for approval, by the id of their request.
  let mcpRequests: Map<string, ToolCall> | undefined;
  for (let index = 0; index < list.length; index++) {
    const item = itemAt(items, index);
    refuseCallKeys(FORMAT, () => `${items.source} item ${index + 1}`, item, ITEM_KEYS);
    if (Array.isArray(item.content)) {
      const parts: unknown[] = item.content;
      for (let part = 0; part < parts.length; part++) {
        const piece = parts[part];
        if (isRecord(piece)) refuseCallKeys(FORMAT, () => `${items.source} item ${index + 1}, part ${part + 1}`, piece, PART_KEYS);
      }
    }
    if (items.runItems && isRecord(items.list[index])) refuseCallKeys(FORMAT, () => `${items.source} item ${index + 1}`, items.list[index] as UnknownRecord, RUN_ITEM_KEYS);
    if (of !== undefined && of[index] !== owner) {
      // Another agent's item, read when its run is opened; one no reader knows is refused here too.
      if (!isKnownItem(item)) refuseItem(items, index, item);
      continue;
    }
    const type = item.type;
    if (typeof type !== 'string') {
      // A message may leave out its type (`{ role: 'user', content }`).
      if (typeof item.role === 'string') continue;
      refuseItem(items, index, item);
    }
    const isCall = type === 'function_call' || type === 'hosted_tool_call' || isCallType(type);
    if (isCall && !inCalls) calls.beginStep();
    inCalls = isCall;
    if (QUIET_ITEMS.has(type)) continue;
    if (items.runItems && runTypeAt(items, index) === 'tool_approval_item') {
      // The call it asks about was read from its tool_call_item; a decision, when the state has one, is on it already.
      const callId = item.callId ?? item.id;
      const asked = isNonEmptyString(callId) ? calls.approval(callId, 'requested') : undefined;
      if (asked) {
        const decided = isNonEmptyString(callId) ? decisions?.of(asked.toolName, callId) : undefined;
        if (decided) asked.approval = decided;
        continue;
      }
      // Without its tool_call_item (`result.interruptions` alone), the approval item is the call.
      const call = isCall ? callOf(item, type) : undefined;
      if (!call) refuseItem(items, index, item);
      call.approval = 'requested';
      calls.add(call);
      continue;
    }
    if (RESULT_ITEMS.has(type)) {
      // A run item keeps what the tool returned (an object as the object) beside the text the model saw.
      readResult(item, calls, decisions === undefined, items.runItems ? (items.list[index] as UnknownRecord).output : undefined);
      continue;
    }
    if (type === 'hosted_tool_call' && readHostedMcp(item, (mcpRequests ??= new Map()))) continue;
    const call = isCall ? callOf(item, type) : undefined;
    if (!call) refuseItem(items, index, item);
    if (type === 'hosted_tool_call' && item.name === 'mcp_approval_request') (mcpRequests ??= new Map()).set(String(item.id ?? (item.providerData as UnknownRecord | undefined)?.id), call);
    const callId = call.toolCallId;
    if (callId !== undefined && decisions) {
      const decided = decisions.of(call.toolName, callId);
      if (decided) call.approval = decided;
    }
    calls.add(call);
    const handedTo = owners.handoffs.size === 0 ? undefined : owners.handoffs.get(index);
    if (handedTo !== undefined) recordSubRun(call, new HandoffRun(items, owners, handedTo), targetOf(items, index), true);
  }
}

/** The agent the handoff call at `index` handed off to, from its result. */
function targetOf(items: Items, index: number): string | undefined {
  const callId = itemAt(items, index).callId;
  for (let at = index + 1; at < items.list.length; at++) {
    const item = itemAt(items, at);
    if (item.callId === callId && RESULT_ITEMS.has(item.type as string)) return handoffTarget(items, at);
  }
  return undefined;
}

function callOf(item: UnknownRecord, type: string): ToolCall | undefined {
  const callId = item.callId ?? item.call_id;
  switch (type) {
    case 'function_call':
      return isNonEmptyString(item.name) ? toolCallWithJsonInput(item.name, item.arguments, callId) : undefined;
    case 'hosted_tool_call':
      return hostedCall(item);
    case 'computer_call':
      return toolCall('computer', item.actions ?? item.action ?? {}, callId);
    case 'shell_call':
      return toolCall('shell', item.action ?? {}, callId);
    case 'apply_patch_call':
      return toolCall('apply_patch', item.operation ?? {}, callId);
    case 'tool_search_call':
      return toolCall('tool_search', item.arguments ?? {}, callId);
    case 'program':
      return providerCall(toolCall('program', { code: item.code }, callId));
  }
  return undefined;
}

/**
 * A tool the provider ran (`hosted_tool_call`): its `name` is the Responses item type it came from
 * (`web_search_call`, `mcp_call`, …) and `providerData` that item's other fields.
 */
function hostedCall(item: UnknownRecord): ToolCall | undefined {
  if (!isNonEmptyString(item.name)) return undefined;
  const data = isRecord(item.providerData) ? item.providerData : {};
  const id = item.id ?? data.id;
  let call: ToolCall;
  if (item.name === 'mcp_call' || item.name === 'mcp_approval_request') {
    if (!isNonEmptyString(data.name)) return undefined;
    call = toolCallWithJsonInput(data.name, data.arguments, id);
    if (item.name === 'mcp_approval_request') call.approval = 'requested';
    if (data.error !== undefined && data.error !== null) call.error = data.error;
  } else {
    const name = item.name.endsWith('_call') ? item.name.slice(0, -'_call'.length) : item.name;
    const input = item.arguments !== undefined ? item.arguments : 'action' in data ? data.action : 'queries' in data ? { queries: data.queries } : 'code' in data ? { code: data.code } : {};
    call = typeof input === 'string' ? toolCallWithJsonInput(name, input, id) : toolCall(name, input, id);
    if (item.status === 'failed') call.error = 'failed';
  }
  if (item.output !== undefined && item.output !== null && call.error === undefined) call.output = item.output;
  return providerCall(call);
}

/**
 * True for the hosted MCP items that are no new call: `mcp_list_tools`, `mcp_approval_response` (a
 * person's answer), and the `mcp_call` that ran an approved request (named in `approval_request_id`).
 */
function readHostedMcp(item: UnknownRecord, requests: Map<string, ToolCall>): boolean {
  const data = isRecord(item.providerData) ? item.providerData : {};
  const requestId = data.approval_request_id ?? data.approvalRequestId;
  switch (item.name) {
    case 'mcp_list_tools':
      return true;
    case 'mcp_approval_response': {
      const call = isNonEmptyString(requestId) ? requests.get(requestId) : undefined;
      if (call && typeof data.approve === 'boolean') call.approval = data.approve ? 'approved' : 'denied';
      return true;
    }
    case 'mcp_call': {
      const call = isNonEmptyString(requestId) ? requests.get(requestId) : undefined;
      if (!call) return false;
      const ran = hostedCall(item);
      if (ran?.output !== undefined) call.output = ran.output;
      if (ran?.error !== undefined) call.error = ran.error;
      if (call.approval === 'requested') call.approval = 'approved';
      return true;
    }
  }
  return false;
}

/**
 * A result: the SDK's default error text is a failure, and, where no run state says who approved
 * what, its default rejection text a denial. `returned`: what the tool returned, where a run item keeps it.
 */
function readResult(item: UnknownRecord, calls: CallCollector, withoutState: boolean, returned: unknown): void {
  const callId = item.callId ?? item.call_id;
  if (!isNonEmptyString(callId)) return;
  const text = outputText(item.output);
  if (text === DEFAULT_TOOL_ERROR || (text !== undefined && DEFAULT_TIMEOUT.test(text))) calls.error(callId, text);
  else if (withoutState && text === DEFAULT_REJECTION) calls.approval(callId, 'denied');
  else calls.output(callId, returned !== undefined ? returned : outputOf(item.output));
}

const TEXT_TYPES = ['output_text', 'input_text', 'text'];

function textOf(value: unknown): RunText {
  const items: unknown[] = [];
  const input = isRunResult(value) ? value.input : savedStateOf(value)?.originalInput;
  if (typeof input === 'string') items.push({ role: 'user', content: input });
  else items.push(...asArray(input));
  if (!(value instanceof HandoffRun)) {
    const read = itemsOf(value);
    for (let index = 0; index < read.list.length; index++) items.push(itemAt(read, index));
  }
  return conversationText(
    items,
    (item) => (isRecord(item) && (item.role === 'user' || item.role === 'assistant') ? item.role : undefined),
    (item) => (isRecord(item) ? contentText(item.content, TEXT_TYPES) : undefined),
  );
}

const NO_USAGE = 'its items carry no usage: pass the RunResult (or its JSON)';

function usageOf(value: unknown): RunUsage {
  const context = isRunResult(value) ? value.runContext : savedStateOf(value)?.context;
  const usage = isRecord(context) ? context.usage : undefined;
  if (!isRecord(usage)) return { lacking: { steps: NO_USAGE, tokens: NO_USAGE } };
  const { requests, inputTokens, outputTokens } = usage;
  if (!isCount(requests)) return { lacking: { steps: 'its usage has no requests count', tokens: 'its usage has no requests count' } };
  if (!isCount(inputTokens) || !isCount(outputTokens)) return { steps: requests, lacking: { tokens: 'its usage has no inputTokens or outputTokens' } };
  return { steps: requests, tokens: { input: inputTokens, output: outputTokens, modelCalls: requests } };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** A result, a saved state and run items are one run; a history is cut at user messages. */
function turnsOf(value: unknown): Turns {
  if (!Array.isArray(value) || value.some(isRunItem)) return oneTurn(value);
  return conversationTurns(value, isUserMessage);
}

/**
 * The OpenAI Agents SDK (`@openai/agents`): a `RunResult` or a finished `StreamedRunResult`, its
 * `newItems` (run items), its `history` (protocol items with a camelCase `callId`), their JSON, and a
 * saved run state.
 * - A call's output is what the tool returned, as a run item keeps it; in a history, what the model saw.
 * - The SDK's default error (and timeout) text is the call's error; a custom `errorFunction`'s stays its output.
 * - A `tool_approval_item` is a call awaiting approval; the run state records each decision. A list
 *   of items has no state: there the SDK's default rejection text marks a denied call.
 * - What the agent a handoff handed off to did, up to the next user message, is a sub-agent run.
 */
export const openaiAgents: FormatAdapter = {
  format: FORMAT,
  shape: 'OpenAI Agents SDK: a RunResult or finished StreamedRunResult, result.newItems, result.history (function_call items with a callId), their JSON, or a saved run state',
  detect: (value, kinds) => value instanceof HandoffRun || isRunResult(value) || savedStateOf(value) !== undefined || kinds.of(value) === FORMAT,
  // It reads OpenAI Responses' message items too: a history holds them beside its own.
  messages: { name: 'an OpenAI Agents SDK item', of: itemFit, absorbs: ['openai-responses'] },
  turns: turnsOf,
  read(value, calls) {
    if (value instanceof HandoffRun) return readItems(value.items, calls, value.owners, value.owner);
    const items = itemsOf(value);
    readItems(items, calls, ownersOf(items), 0);
  },
  text: textOf,
  usage: {
    records: {
      steps: 'OpenAI Agents SDK: a RunResult or its JSON (usage.requests)',
      tokens: 'OpenAI Agents SDK: a RunResult or its JSON (usage.inputTokens and outputTokens)',
    },
    read: usageOf,
  },
};
