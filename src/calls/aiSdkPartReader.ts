import type { UnknownRecord } from './adapter.js';
import { isNonEmptyString, isRecord } from './adapter.js';
import type { CallCollector } from './collector.js';
import { toolCallWithJsonInput } from './toolCall.js';
import type { ToolCall } from '../types.js';
import { refuseUnknown } from './unknownParts.js';
import { refuseCallKeys } from './callKeys.js';

/** The keys of AI SDK content parts (4–7) that this reader reads or knows; a provider's own are under `providerOptions`/`providerMetadata`. */
const PART_KEYS = new Set([
  'type', 'text', 'toolCallId', 'toolName', 'input', 'args', 'output', 'result', 'isError', 'error', 'providerExecuted', 'dynamic', 'invalid', 'preliminary',
  'approvalId', 'approved', 'reason', 'toolCall', 'providerOptions', 'providerMetadata', 'experimental_providerMetadata', 'title', 'rawInput', 'experimental_content',
]);

/** Content part types of AI SDK steps and model messages (4–7) that hold no call, result or approval. */
const OTHER_PARTS = new Set(['text', 'reasoning', 'reasoning-file', 'redacted-reasoning', 'source', 'file', 'image', 'custom']);
const KNOWN = 'text, reasoning, source, file, image, custom, tool-call, tool-result, tool-error, tool-output-denied, tool-approval-request, tool-approval-response';

/**
 * Reads AI SDK content parts in order: a step's `content` (5–7), or a model message's `content`
 * (5–7, and 4's CoreMessages, with `args`/`result` for `input`/`output`). A `tool-approval-request`
 * (6+) follows the call it holds back, which counts whatever the answer.
 */
export class AiSdkPartReader {
  // approvalId -> the call: a `tool-approval-response` names only the approval.
  private approvals: Map<string, ToolCall> | undefined;

  constructor(
    private readonly calls: CallCollector,
    /** Model messages wrap a result as `output: { type, value }`; step content holds the value itself. */
    private readonly wrappedOutputs: boolean,
    /** The format read, named when a part is refused. */
    private readonly format: string,
  ) {}

  /** Reads `parts`; tool-call parts count only when `callsCount`. `container`, `at`, `field`: where they sit (`message 2`, `step 1 toolCalls`), for errors. */
  read(parts: readonly unknown[], callsCount = true, container?: 'message' | 'step', at = 0, field?: string): void {
    for (let index = 0; index < parts.length; index++) {
      const part: unknown = parts[index];
      if (!isRecord(part)) this.refuse(part, index, container, at, field);
      refuseCallKeys(this.format, () => this.where(index, container, at, field), part, PART_KEYS);
      switch (part.type) {
        case 'tool-call':
          if (callsCount) this.readCall(part);
          break;
        case 'tool-result':
          this.readResult(part);
          break;
        case 'tool-error':
          if (isNonEmptyString(part.toolCallId)) this.calls.error(part.toolCallId, part.error);
          break;
        case 'tool-output-denied':
          if (isNonEmptyString(part.toolCallId)) this.calls.approval(part.toolCallId, 'denied');
          break;
        case 'tool-approval-request':
          this.readApprovalRequest(part);
          break;
        case 'tool-approval-response': {
          const call = isNonEmptyString(part.approvalId) ? this.approvals?.get(part.approvalId) : undefined;
          if (call !== undefined && typeof part.approved === 'boolean') call.approval = part.approved ? 'approved' : 'denied';
          break;
        }
        default:
          if (typeof part.type !== 'string' || !OTHER_PARTS.has(part.type)) this.refuse(part, index, container, at, field);
      }
    }
  }

  private refuse(part: unknown, index: number, container: string | undefined, at: number, field: string | undefined): never {
    refuseUnknown(this.format, this.where(index, container, at, field), part, KNOWN);
  }

  private where(index: number, container: string | undefined, at: number, field: string | undefined): string {
    const where = container === undefined ? '' : `${container} ${at + 1}${field === undefined ? '' : ` ${field}`}, `;
    return `${where}part ${index + 1}`;
  }

  private readCall(part: UnknownRecord): void {
    if (!isNonEmptyString(part.toolName)) return;
    const input = 'input' in part ? part.input : part.args;
    // The SDK parses inputs itself: a string left in `input` is model text that failed to parse.
    const call = toolCallWithJsonInput(part.toolName, input, part.toolCallId);
    if (part.invalid === true) call.invalid = true;
    if (part.providerExecuted === true) call.providerExecuted = true;
    this.calls.add(call);
  }

  private readResult(part: UnknownRecord): void {
    const id = part.toolCallId;
    // A preliminary result (streamed progress) is replaced by the final one.
    if (!isNonEmptyString(id) || part.preliminary === true) return;
    // AI SDK 4: `result`, with `isError` for a failure (Mastra's v1 messages: the thrown MastraError).
    if (!('output' in part)) {
      this.calls.answer(id, part.result, part.isError === true || part.result instanceof Error);
      return;
    }
    const output = part.output;
    if (!this.wrappedOutputs || !isRecord(output) || typeof output.type !== 'string') {
      this.calls.output(id, output);
      return;
    }
    switch (output.type) {
      case 'execution-denied':
        this.calls.approval(id, 'denied');
        return;
      case 'error-text':
      case 'error-json':
        this.calls.error(id, output.value);
        break;
      case 'text':
      case 'json':
      case 'content':
        this.calls.output(id, output.value);
        break;
      default:
        this.calls.output(id, output);
    }
  }

  private readApprovalRequest(part: UnknownRecord): void {
    // Step content names the call as `toolCall`; model messages give `toolCallId`.
    const toolCallId = isRecord(part.toolCall) ? part.toolCall.toolCallId : part.toolCallId;
    if (!isNonEmptyString(toolCallId)) return;
    const call = this.calls.approval(toolCallId, 'requested');
    if (call && isNonEmptyString(part.approvalId)) (this.approvals ??= new Map()).set(part.approvalId, call);
  }
}
