import type { FormatAdapter, RunUsage, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { ToolCall } from '../../types.js';
import { toolCall, toolCallWithOutput } from '../toolCall.js';
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

/** The call of one `tool-call` payload, with its result's payload, if any. */
function callOf(payload: UnknownRecord, result: UnknownRecord | undefined): ToolCall {
  const toolName = payload.toolName as string;
  // A tool that threw: Mastra passes the MastraError itself as the result, with no flag (only
  // provider-executed results carry `isError`). Once serialized it is an ordinary result.
  const failed = result !== undefined && (result.isError === true || result.result instanceof Error);
  if (result !== undefined && !failed && payload.providerExecuted !== true) return toolCallWithOutput(toolName, payload.args, payload.toolCallId, result.result);
  const call = toolCall(toolName, payload.args, payload.toolCallId);
  if (payload.providerExecuted === true) call.providerExecuted = true;
  if (failed) call.error = result.result;
  else if (result !== undefined) call.output = result.result;
  return call;
}

/** A result looks for its call among this many calls from the first unpaired one, then in an index of ids. */
const SCAN_LIMIT = 32;

/**
 * The result payload of each call payload in `issued`, by position. Each chunk is one call, even
 * when a provider that numbers ids per turn reused an id in a later step; results come in the same
 * order, so the k-th result with an id is the k-th call's: the first call with that id no earlier
 * result took. Results mostly follow the calls' order (parallel tools may finish in another), so
 * the calls from the first unpaired one are looked at first, and an index of ids (a table entry and
 * a list per call, most of reading a large run when it was built for every result) is built only
 * for a result whose call is further on.
 */
function pairResults(issued: readonly UnknownRecord[], toolResults: readonly unknown[]): (UnknownRecord | undefined)[] {
  const results = new Array<UnknownRecord | undefined>(issued.length);
  // Every call before `next` has its result.
  let next = 0;
  // For each id, the positions of its calls in order, and how many of them are known to be paired.
  let byId: Map<string, { positions: number[]; skipped: number }> | undefined;
  const indexed = (toolCallId: string) => {
    if (!byId) {
      byId = new Map();
      for (let index = next; index < issued.length; index++) {
        const id = issued[index]!.toolCallId;
        if (!isNonEmptyString(id)) continue;
        const entry = byId.get(id);
        if (entry) entry.positions.push(index);
        else byId.set(id, { positions: [index], skipped: 0 });
      }
    }
    return byId.get(toolCallId);
  };
  const callOfResult = (toolCallId: string): number => {
    while (next < issued.length && results[next] !== undefined) next++;
    const stop = Math.min(issued.length, next + SCAN_LIMIT);
    for (let index = next; index < stop; index++) {
      if (results[index] === undefined && issued[index]!.toolCallId === toolCallId) return index;
    }
    if (stop === issued.length) return -1;
    // No call with this id before `stop` lacks its result: the first one in the index that does is past it.
    const entry = indexed(toolCallId);
    if (!entry) return -1;
    while (entry.skipped < entry.positions.length) {
      const index = entry.positions[entry.skipped++]!;
      if (results[index] === undefined) return index;
    }
    return -1;
  };
  for (const chunk of toolResults) {
    const payload = isRecord(chunk) ? chunk.payload : undefined;
    if (!isRecord(payload) || !isNonEmptyString(payload.toolCallId)) continue;
    const index = callOfResult(payload.toolCallId);
    if (index !== -1) results[index] = payload;
  }
  return results;
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
    const issued: UnknownRecord[] = [];
    for (const chunk of toolCalls as unknown[]) {
      const payload = isRecord(chunk) ? chunk.payload : undefined;
      if (isRecord(payload) && isNonEmptyString(payload.toolName)) issued.push(payload);
    }
    // Results are paired before the calls are made, so that a call with a result is made with it:
    // a result added to a made call moves out of the object (an allocation per call, most of the read).
    const results = Array.isArray(toolResults) ? pairResults(issued, toolResults) : undefined;
    for (let index = 0; index < issued.length; index++) calls.add(callOf(issued[index]!, results?.[index]));
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
