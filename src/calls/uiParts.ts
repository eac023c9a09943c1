import type { ToolCall } from '../types.js';
import type { UnknownRecord } from './adapter.js';
import { isNonEmptyString, isRecord } from './adapter.js';
import { approvalOf, isStreaming } from './callState.js';
import type { CallCollector } from './collector.js';
import { fillIn } from './collector.js';
import { toolCall, toolCallWithJsonInput, toolCallWithOutput } from './toolCall.js';
import { position, refuseUnknown } from './unknownParts.js';
import { refuseCallKeys } from './callKeys.js';

/** The keys of a UI message (AI SDK 4–7, and a Mastra message's `content`) that the readers of UI parts read or know. */
export const UI_MESSAGE_KEYS: ReadonlySet<string> = new Set([
  'id', 'role', 'parts', 'content', 'toolInvocations', 'metadata', 'createdAt', 'annotations', 'experimental_attachments', 'reasoning', 'format', 'providerMetadata', 'threadId', 'resourceId', 'type',
]);
/** The keys of a UI part (5+ tool parts, 4's `tool-invocation` and its invocation, the other parts) that these readers read or know. */
const UI_PART_KEYS: ReadonlySet<string> = new Set([
  'type', 'text', 'state', 'toolCallId', 'toolName', 'input', 'output', 'errorText', 'rawInput', 'providerExecuted', 'callProviderMetadata', 'resultProviderMetadata', 'providerMetadata',
  'approval', 'preliminary', 'toolInvocation', 'reasoning', 'details', 'signature', 'data', 'source', 'sourceId', 'url', 'title', 'mediaType', 'mimeType', 'filename', 'id', 'dynamic', 'transient',
]);

/**
 * The tool calls of one message made of parts, whichever generation wrote it: AI SDK 5+ UI parts
 * (also Mastra's `format: 3`), AI SDK 4 and Mastra `format: 2` `tool-invocation` parts, and the
 * legacy `toolInvocations` beside them, which repeats the same calls; a store that mixes generations
 * loses no call. `marksSteps`: the message and its `step-start` parts mark model steps (Mastra
 * merges a run's steps into one message, so its messages cannot say).
 */
export function readMessageParts(parts: unknown, toolInvocations: unknown, calls: CallCollector, marksSteps = false, at?: PartsAt): void {
  calls.beginScope();
  if (marksSteps) calls.beginStep();
  if (Array.isArray(parts)) {
    for (let index = 0; index < parts.length; index++) {
      const part: unknown = parts[index];
      if (at && !(isRecord(part) && typeof part.type === 'string' && isKnownUiPart(part.type))) refuseUnknown(at.format, position(at.message, index), part, KNOWN_UI);
      if (at && isRecord(part)) refuseCallKeys(at.format, () => position(at.message, index), part, UI_PART_KEYS);
      if (marksSteps && isRecord(part) && part.type === 'step-start') calls.beginStep();
      const call = partCall(part);
      if (call) calls.add(call);
    }
  }
  if (Array.isArray(toolInvocations)) {
    for (const invocation of toolInvocations) {
      if (!isInvocationCall(invocation)) continue;
      const seen = calls.seenAgain(invocation.toolName, invocation.toolCallId);
      // Mostly the part already holds all its invocation says (Mastra writes both from one record):
      // then no call is made only to be dropped.
      if (seen && holdsAllOf(seen, invocation)) continue;
      const call = invocationCall(invocation);
      if (seen) fillIn(seen, call);
      else calls.add(call);
    }
  }
}

/** Refuses a part of a message that is not read for calls (a user's) with a key that could carry them (`at`: where the message sits). */
export function refuseUiPartKeys(parts: unknown, at: PartsAt): void {
  if (!Array.isArray(parts)) return;
  for (let index = 0; index < parts.length; index++) {
    const part: unknown = parts[index];
    if (isRecord(part)) refuseCallKeys(at.format, () => position(at.message, index), part, UI_PART_KEYS);
  }
}

/** Where a message's parts sit, for the error that refuses a part no UI writes. */
export interface PartsAt {
  format: string;
  /** The message's position in the run, from 0. */
  message: number;
}

const KNOWN_UI = 'tool-<name>, dynamic-tool, tool-invocation, text, reasoning, step-start, source-url, source-document, source, file, data-<name>';

function partCall(part: unknown): ToolCall | undefined {
  if (!isRecord(part) || typeof part.type !== 'string') return undefined;
  // v4's part wraps its invocation; a v5 tool named "invocation" has the same type but no wrapper.
  if (part.type === 'tool-invocation' && isRecord(part.toolInvocation)) return isInvocationCall(part.toolInvocation) ? invocationCall(part.toolInvocation) : undefined;
  // A static tool's name is only in its type (`tool-weather`); a dynamic tool has `toolName`.
  const toolName = part.type === 'dynamic-tool' ? part.toolName : part.type.startsWith('tool-') ? part.type.slice(5) : undefined;
  if (!isNonEmptyString(toolName) || isStreaming(part.state)) return undefined;
  // 5 and 6 leave an input that failed to parse or validate in `rawInput` (the SDK's invalid call).
  const failedInput = part.input === undefined && part.rawInput !== undefined;
  const finished = part.state === 'output-available' && part.preliminary !== true;
  // The common case, a finished call with a parsed input and nothing else to note: one literal with its output.
  if (finished && !failedInput && typeof part.input !== 'string' && part.providerExecuted !== true && !(part.output instanceof Error)) {
    return withApproval(toolCallWithOutput(toolName, part.input, part.toolCallId, part.output), part.state, part.approval);
  }
  const call = toolCallWithJsonInput(toolName, failedInput ? part.rawInput : part.input, part.toolCallId);
  if (failedInput) call.invalid = true;
  if (part.providerExecuted === true) call.providerExecuted = true;
  if (finished) {
    // Mastra's `format: 3` messages keep a thrown error (a MastraError) as the output.
    if (part.output instanceof Error) call.error = part.output;
    else call.output = part.output;
  }
  if (part.state === 'output-error') call.error = part.errorText;
  return withApproval(call, part.state, part.approval);
}

/** A tool invocation (Mastra's, or AI SDK 4's: the same `args`/`result` shape) that is a call: not one still streaming. */
function isInvocationCall(invocation: unknown): invocation is UnknownRecord & { toolName: string } {
  return isRecord(invocation) && isNonEmptyString(invocation.toolName) && !isStreaming(invocation.state);
}

/** How an invocation ended: `failed`, `succeeded` (with a result), or undefined while it has no result. */
function outcomeOf(invocation: UnknownRecord): 'failed' | 'succeeded' | undefined {
  // A tool that threw: Mastra keeps the MastraError itself as the result (until it is serialized).
  if (invocation.state === 'output-error' || invocation.isError === true || invocation.result instanceof Error) return 'failed';
  return invocation.state === 'result' && invocation.result !== undefined ? 'succeeded' : undefined;
}

/** One tool invocation as a call; one without a state (hand-built) counts, as Mastra's builders default it to `result`. */
function invocationCall(invocation: UnknownRecord & { toolName: string }): ToolCall {
  const outcome = outcomeOf(invocation);
  const call =
    outcome === 'succeeded'
      ? toolCallWithOutput(invocation.toolName, invocation.args, invocation.toolCallId, invocation.result)
      : toolCall(invocation.toolName, invocation.args, invocation.toolCallId);
  if (outcome === 'failed') call.error = invocation.errorText ?? invocation.result ?? 'tool call failed';
  return withApproval(call, invocation.state, invocation.approval);
}

/** Whether `seen` already has everything `invocationCall(invocation)` would fill in (`fillIn`). */
function holdsAllOf(seen: ToolCall, invocation: UnknownRecord): boolean {
  const outcome = outcomeOf(invocation);
  if (outcome === 'succeeded' ? seen.output === undefined : outcome === 'failed' && seen.error === undefined) return false;
  return seen.approval !== undefined || approvalOf(invocation.state, invocation.approval) === undefined;
}

function withApproval(call: ToolCall, state: unknown, approval: unknown): ToolCall {
  const standing = approvalOf(state, approval);
  if (standing !== undefined) call.approval = standing;
  return call;
}

/** UI part types that are no tool call: AI SDK 5+ (and Mastra's `format: 3`), AI SDK 4 (and Mastra's `format: 2`). */
const UI_OTHER_PARTS = new Set(['text', 'reasoning', 'reasoning-file', 'redacted-reasoning', 'step-start', 'source', 'source-url', 'source-document', 'file']);

/** A UI part type this package knows: a tool part, or one of `UI_OTHER_PARTS`, or a data part (`data-<name>`). */
export function isKnownUiPart(type: string): boolean {
  return type.startsWith('tool-') || type === 'dynamic-tool' || UI_OTHER_PARTS.has(type) || type.startsWith('data-');
}

/** What a message's UI parts show: `v4` or `v5` by its first tool part, `text` (no tool part), or undefined (a part the UI does not write). */
export function uiPartsKind(parts: readonly unknown[]): 'v4' | 'v5' | 'text' | undefined {
  let known = true;
  for (let index = 0; index < parts.length; index++) {
    const part: unknown = parts[index];
    if (!isRecord(part) || typeof part.type !== 'string') {
      known = false;
      continue;
    }
    // v4's part wraps its invocation; a v5 tool named "invocation" has the same type but no wrapper.
    if (part.type === 'tool-invocation' && isRecord(part.toolInvocation)) return 'v4';
    if (part.type === 'dynamic-tool' || part.type.startsWith('tool-')) return 'v5';
    if (!isKnownUiPart(part.type)) known = false;
  }
  return known ? 'text' : undefined;
}

/** Reads UI messages (AI SDK 4 or 5+) as `format`: the assistant's parts are its calls; the user's are context, whose keys are still checked. */
export function readUiMessages(format: string, messages: readonly unknown[], calls: CallCollector): void {
  for (let index = 0; index < messages.length; index++) {
    const message: unknown = messages[index];
    if (!isRecord(message)) continue;
    refuseCallKeys(format, () => position(index), message, UI_MESSAGE_KEYS);
    if (message.role === 'assistant') readMessageParts(message.parts, message.toolInvocations, calls, true, { format, message: index });
    else refuseUiPartKeys(message.parts, { format, message: index });
  }
}
