import type { FormatAdapter, RunUsage, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { ToolCall } from '../../types.js';
import { toolCall } from '../toolCall.js';
import { AI_SDK_4_TOKENS, AI_SDK_TOKENS, nth, sumTokens, tokensOf } from '../runUsage.js';

/**
 * Mastra `agent.generate()` results. `toolCalls` and `toolResults` hold every step's calls as
 * Mastra chunks, `{ type: 'tool-call', payload: { toolCallId, toolName, args } }`. Its
 * `steps[].content` is not reliable (0.24 kept only the last call there), so it is not read.
 */
function isPayloadChunk(value: unknown): boolean {
  return isRecord(value) && isRecord(value.payload) && typeof value.type === 'string';
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

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
    return toolCalls.length === 0 ? hasTripwire : isPayloadChunk(toolCalls[0]);
  },
  read(value, calls) {
    const { toolCalls, toolResults } = value as UnknownRecord;
    // Each chunk is one call, even when a provider that numbers ids per turn reused an id in a
    // later step; results come in the same order, so the k-th result with an id is the k-th call's.
    const awaiting = new Map<string, ToolCall[]>();
    for (const chunk of toolCalls as unknown[]) {
      const payload = isRecord(chunk) ? chunk.payload : undefined;
      if (!isRecord(payload) || !isNonEmptyString(payload.toolName)) continue;
      const call = toolCall(payload.toolName, payload.args, payload.toolCallId);
      if (payload.providerExecuted === true) call.providerExecuted = true;
      calls.add(call);
      if (call.toolCallId !== undefined) {
        const queue = awaiting.get(call.toolCallId);
        if (queue) queue.push(call);
        else awaiting.set(call.toolCallId, [call]);
      }
    }
    if (!Array.isArray(toolResults)) return;
    for (const chunk of toolResults) {
      const payload = isRecord(chunk) ? chunk.payload : undefined;
      if (!isRecord(payload) || !isNonEmptyString(payload.toolCallId)) continue;
      const call = awaiting.get(payload.toolCallId)?.shift();
      if (!call) continue;
      // A tool that threw: Mastra passes the MastraError itself as the result, with no flag (only
      // provider-executed results carry `isError`). Once serialized it is an ordinary result.
      if (payload.isError === true || payload.result instanceof Error) call.error = payload.result;
      else call.output = payload.result;
    }
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
