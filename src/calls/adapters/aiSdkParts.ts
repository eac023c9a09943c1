import type { FormatAdapter } from '../adapter.js';
import { isRecord } from '../adapter.js';
import { AiSdkPartReader } from '../aiSdkPartReader.js';
import { contentText } from '../conversationText.js';
import { oneTurn } from '../turns.js';

/** Part types only the AI SDK uses (`text`, `reasoning`, `source` and `file` are shared with other formats). */
const SHARED_PARTS = new Set(['text', 'reasoning', 'source', 'file']);
const AI_SDK_TOOL_PARTS = new Set(['tool-call', 'tool-result', 'tool-error', 'tool-output-denied', 'tool-approval-request', 'tool-approval-response']);

/**
 * An array of AI SDK content parts: `step.content`, or v7's all-step `result.content` and
 * `result.toolCalls`. (In 5 and 6 `result.toolCalls` is the final step only; pass the result.)
 * Decided by the first tool part; text-only parts are a reply without calls.
 */
function isPartArray(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  for (let index = 0; index < value.length; index++) {
    const part: unknown = value[index];
    if (!isRecord(part) || typeof part.type !== 'string' || 'role' in part) return false;
    if (AI_SDK_TOOL_PARTS.has(part.type)) return true;
    if (!SHARED_PARTS.has(part.type)) return false;
  }
  return true;
}

export const aiSdkParts: FormatAdapter = {
  format: 'ai-sdk-parts',
  shape: "AI SDK content parts: step.content, or result.content / result.toolCalls in 7 ([{ type: 'tool-call', toolName, input }])",
  detect: isPartArray,
  turns: oneTurn,
  read(value, calls) {
    new AiSdkPartReader(calls, false, 'ai-sdk-parts').read(value as unknown[]);
  },
  text(value) {
    const reply = contentText(value);
    return reply ? { reply } : {};
  },
};
