import type { FormatAdapter, RunUsage, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { ToolCall } from '../../types.js';
import { toolCall } from '../toolCall.js';
import { Pairing } from '../pairing.js';
import { refuseUnknown } from '../unknownParts.js';
import { refuseCallKeys } from '../callKeys.js';

import { AI_SDK_4_TOKENS, AI_SDK_TOKENS, nth, sumTokens, tokensOf } from '../runUsage.js';
import { oneTurn } from '../turns.js';

/** The keys of a `toolCalls`/`toolResults` chunk and of its payload this reader reads or knows. */
const CHUNK_KEYS = new Set(['type', 'runId', 'from', 'payload', 'metadata']);
const PAYLOAD_KEYS = new Set(['toolCallId', 'toolName', 'args', 'result', 'isError', 'providerExecuted', 'providerMetadata', 'dynamic', 'output', 'error']);

function isPayloadChunk(value: unknown): boolean {
  return isRecord(value) && isRecord(value.payload) && typeof value.type === 'string';
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The call of one `tool-call` payload. */
function callOf(payload: UnknownRecord): ToolCall {
  const call = toolCall(payload.toolName as string, payload.args, payload.toolCallId);
  if (payload.providerExecuted === true) call.providerExecuted = true;
  return call;
}

/** Records a `tool-result` payload on its call. */
function answer(call: ToolCall, result: UnknownRecord): void {
  // A tool that threw: Mastra passes the MastraError itself as the result, with no flag (only
  // provider-executed results carry `isError`). Once serialized it is an ordinary result.
  if (result.isError === true || result.result instanceof Error) call.error = result.result;
  else call.output = result.result;
}

/** A tool that threw, in Mastra 1.x, has no `toolResults` chunk, only an `error-text` (or `error-json`) `tool-result` part in `response.messages`. */
function failedInResponse(value: UnknownRecord, made: ToolCall[]): void {
  const messages = isRecord(value.response) ? value.response.messages : undefined;
  if (!Array.isArray(messages)) return;
  const unanswered = new Map(made.filter((call) => call.output === undefined && call.error === undefined && call.toolCallId !== undefined).map((call) => [call.toolCallId!, call]));
  if (unanswered.size === 0) return;
  for (const message of messages) {
    if (!isRecord(message) || message.role !== 'tool' || !Array.isArray(message.content)) continue;
    for (const part of message.content) {
      if (!isRecord(part) || part.type !== 'tool-result' || typeof part.toolCallId !== 'string' || !isRecord(part.output)) continue;
      const call = unanswered.get(part.toolCallId);
      if (call && (part.output.type === 'error-text' || part.output.type === 'error-json')) {
        call.error = part.output.value;
        unanswered.delete(part.toolCallId);
      }
    }
  }
}

/** Mastra `agent.generate()` results: `toolCalls` and `toolResults` hold every step's calls (`steps[].content` is not reliable: 0.24 kept only the last). */
export const mastraGenerate: FormatAdapter = {
  format: 'mastra-generate',
  shape: 'a Mastra agent.generate() result: { toolCalls: [{ payload: { toolName, args } }], toolResults }',
  detect(value) {
    if (!isRecord(value)) return false;
    const hasTripwire = 'tripwire' in value;
    // Never touch `toolCalls` on a class instance: an AI SDK result computes it in a getter.
    if (!hasTripwire && !isPlainObject(value)) return false;
    const toolCalls = value.toolCalls;
    if (!Array.isArray(toolCalls)) return false;
    // Any payload chunk shows the format; the reader refuses the items that are not one.
    return toolCalls.length === 0 ? hasTripwire : toolCalls.some(isPayloadChunk);
  },
  turns: oneTurn,
  read(value, calls) {
    const { toolCalls, toolResults } = value as UnknownRecord;
    const made: ToolCall[] = [];
    (toolCalls as unknown[]).forEach((chunk, index) => {
      const payload = isRecord(chunk) ? chunk.payload : undefined;
      if (!isRecord(payload) || !isNonEmptyString(payload.toolName)) refuseUnknown('mastra-generate', `toolCalls[${index}]`, chunk, "{ type: 'tool-call', payload: { toolCallId, toolName, args } } chunks");
      refuseCallKeys('mastra-generate', `toolCalls[${index}]`, chunk as UnknownRecord, CHUNK_KEYS);
      refuseCallKeys('mastra-generate', `toolCalls[${index}].payload`, payload, PAYLOAD_KEYS);
      made.push(callOf(payload));
    });
    // Each chunk is one call, even with an id reused in a later step: both lists span every step in
    // order, so the k-th result with an id is the k-th call's.
    const pairing = new Pairing(made, 'earliest');
    if (Array.isArray(toolResults)) {
      for (let index = 0; index < toolResults.length; index++) {
        const chunk: unknown = toolResults[index];
        const payload = isRecord(chunk) ? chunk.payload : undefined;
        if (!isRecord(payload) || !isNonEmptyString(payload.toolCallId)) refuseUnknown('mastra-generate', `toolResults[${index}]`, chunk, "{ type: 'tool-result', payload: { toolCallId, result } } chunks");
        refuseCallKeys('mastra-generate', () => `toolResults[${index}]`, chunk as UnknownRecord, CHUNK_KEYS);
        refuseCallKeys('mastra-generate', () => `toolResults[${index}].payload`, payload, PAYLOAD_KEYS);
        const call = pairing.take(payload.toolCallId);
        if (call) answer(call, payload);
      }
    }
    failedInResponse(value as UnknownRecord, made);
    for (const call of made) calls.add(call);
  },
  text(value) {
    const text = (value as UnknownRecord).text;
    return typeof text === 'string' && text ? { reply: text } : {};
  },
  usage: {
    records: { steps: 'Mastra agent.generate() results (steps[])', tokens: 'Mastra agent.generate() results (totalUsage)' },
    read(value) {
      const { steps, totalUsage } = value as UnknownRecord;
      const usage: RunUsage = Array.isArray(steps) ? { steps: steps.length } : { lacking: { steps: 'it has no steps[]' } };
      // `totalUsage` sums the steps (`usage` is only the last one's in AI SDK 5 terms); v4 models count prompt/completion tokens.
      const total = tokensOf(totalUsage, AI_SDK_TOKENS);
      const totalV4 = typeof total === 'string' ? tokensOf(totalUsage, AI_SDK_4_TOKENS) : total;
      if (typeof totalV4 !== 'string') return { ...usage, tokens: { ...totalV4, modelCalls: Array.isArray(steps) ? steps.length : 1 } };
      if (!Array.isArray(steps)) return { ...usage, lacking: { ...usage.lacking, tokens: 'it has no totalUsage' } };
      const summed = sumTokens(steps.map((step) => (isRecord(step) ? step.usage : undefined)), AI_SDK_TOKENS, nth('step'));
      return { ...usage, ...summed, ...(summed.lacking && { lacking: { tokens: `it has no totalUsage, and ${summed.lacking.tokens}` } }) };
    },
  },
};
