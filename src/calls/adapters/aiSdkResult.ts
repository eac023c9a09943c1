import type { FormatAdapter, UnknownRecord } from '../adapter.js';
import { isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import type { RunText } from '../adapter.js';
import { AiSdkPartReader } from './aiSdkParts.js';
import { asList, contentText } from '../conversationText.js';

/**
 * AI SDK 5, 6 and 7 `generateText` results, awaited `streamText` steps, and both after a JSON round
 * trip. Calls are read from `steps[i].content`: the top-level `result.toolCalls` holds only the
 * final step in 5 and 6, and every `toolCalls` is a prototype getter that JSON drops.
 */
function isStep(value: unknown): value is UnknownRecord {
  return isRecord(value) && (Array.isArray(value.content) || hasToolCallParts(value.toolCalls)) && !('role' in value) && 'finishReason' in value;
}

/** A hand-built step may carry its calls only in `toolCalls` (AI SDK 5+ parts, with `input`). */
function hasToolCallParts(toolCalls: unknown): boolean {
  if (!Array.isArray(toolCalls)) return false;
  const first: unknown = toolCalls[0];
  return first === undefined ? false : isRecord(first) && first.type === 'tool-call' && 'input' in first;
}

function readSteps(steps: readonly unknown[], calls: CallCollector): void {
  const reader = new AiSdkPartReader(calls, false);
  for (let index = 0; index < steps.length; index++) {
    const step: unknown = steps[index];
    if (!isRecord(step)) continue;
    calls.beginStep();
    // A hand-built step may carry its calls only in `toolCalls` beside an empty `content`; a real
    // step's `toolCalls` is a getter over its content, so it is read only when the content has no call.
    if (Array.isArray(step.content) && (step.content.some(isToolCallPart) || !Array.isArray(step.toolCalls) || step.toolCalls.length === 0)) {
      reader.read(step.content);
    } else {
      // A hand-built step without `content`: its `toolCalls` and `toolResults` hold the same parts.
      if (Array.isArray(step.toolCalls)) reader.read(step.toolCalls);
      if (Array.isArray(step.toolResults)) reader.read(step.toolResults);
    }
  }
}

function isToolCallPart(part: unknown): boolean {
  return isRecord(part) && part.type === 'tool-call';
}

function stepsText(steps: readonly unknown[]): RunText {
  const texts: string[] = [];
  for (const step of steps) {
    const text = isRecord(step) ? contentText(step.content) : undefined;
    if (text) texts.push(text);
  }
  return texts.length > 0 ? { reply: texts.join('\n\n') } : {};
}

export const aiSdkResult: FormatAdapter = {
  format: 'ai-sdk-result',
  shape: 'an AI SDK 5/6/7 generateText result, or one saved as JSON: { steps: [{ content }] }',
  detect(value) {
    if (!isRecord(value) || !Array.isArray(value.steps)) return false;
    const first: unknown = value.steps[0];
    // `{ steps: [] }` is a run that did nothing; AI SDK 4 steps have no `content` and their calls
    // have `args`, not `input` (see aiSdk4.ts).
    return first === undefined || (isRecord(first) && (Array.isArray(first.content) || hasToolCallParts(first.toolCalls)));
  },
  read(value, calls) {
    readSteps((value as { steps: unknown[] }).steps, calls);
  },
  text: (value) => stepsText((value as { steps: unknown[] }).steps),
};

export const aiSdkSteps: FormatAdapter = {
  format: 'ai-sdk-steps',
  shape: 'AI SDK 5/6/7 steps: await streamText(…).steps, or generateText(…).steps',
  detect: (value) => (Array.isArray(value) ? isStep(value[0]) : isStep(value)),
  read(value, calls) {
    readSteps(asList(value), calls);
  },
  text: (value) => stepsText(asList(value)),
};

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
  read(value, calls) {
    new AiSdkPartReader(calls, false).read(value as unknown[]);
  },
  text(value) {
    const reply = contentText(value);
    return reply ? { reply } : {};
  },
};
