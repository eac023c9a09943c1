import type { RunText, RunUsage, UnknownRecord } from './adapter.js';
import { AI_SDK_TOKENS, nth, sumTokens } from './runUsage.js';
import { isRecord } from './adapter.js';
import { AiSdkPartReader } from './aiSdkPartReader.js';
import type { CallCollector } from './collector.js';
import { contentText } from './conversationText.js';
import { refuseUnknown } from './unknownParts.js';
import { refuseCallKeys } from './callKeys.js';

/**
 * The keys of an AI SDK step (4–7, as the SDK returns it or through JSON) that the step readers read
 * or know; `request` and `response` (its messages) repeat what the content says.
 */
export const STEP_KEYS: ReadonlySet<string> = new Set([
  'content', 'text', 'reasoning', 'reasoningText', 'reasoningDetails', 'files', 'sources', 'toolCalls', 'staticToolCalls', 'dynamicToolCalls', 'toolResults', 'staticToolResults',
  'dynamicToolResults', 'finishReason', 'rawFinishReason', 'usage', 'warnings', 'request', 'response', 'providerMetadata', 'experimental_providerMetadata', 'stepNumber', 'stepType',
  'isContinued', 'logprobs', 'model', 'functionId', 'metadata', 'experimental_context', 'callId', 'performance', 'timestamp', 'toolApprovalRequests',
]);

/**
 * AI SDK 5, 6 and 7 `generateText` results, awaited `streamText` steps, and both after a JSON round
 * trip. Calls are read from `steps[i].content`: the top-level `result.toolCalls` holds only the
 * final step in 5 and 6, and every `toolCalls` is a prototype getter that JSON drops.
 */
export function isStep(value: unknown): value is UnknownRecord {
  return isRecord(value) && (Array.isArray(value.content) || hasToolCallParts(value.toolCalls)) && !('role' in value) && 'finishReason' in value;
}

/** A hand-built step may carry its calls only in `toolCalls` (AI SDK 5+ parts, with `input`). */
export function hasToolCallParts(toolCalls: unknown): boolean {
  if (!Array.isArray(toolCalls)) return false;
  const first: unknown = toolCalls[0];
  return first === undefined ? false : isRecord(first) && first.type === 'tool-call' && 'input' in first;
}

export function readSteps(steps: readonly unknown[], calls: CallCollector, format: string): void {
  const reader = new AiSdkPartReader(calls, false, format);
  for (let index = 0; index < steps.length; index++) {
    const step: unknown = steps[index];
    if (!isRecord(step) || !(Array.isArray(step.content) || Array.isArray(step.toolCalls) || Array.isArray(step.toolResults))) {
      refuseUnknown(format, `step ${index + 1}`, step, 'AI SDK steps ({ content } or { toolCalls, toolResults })');
    }
    refuseCallKeys(format, () => `step ${index + 1}`, step, STEP_KEYS);
    calls.beginStep();
    // A hand-built step may carry its calls only in `toolCalls` beside an empty `content`; a real
    // step's `toolCalls` is a getter over its content, so it is read only when the content has no call.
    if (Array.isArray(step.content) && (step.content.some(isToolCallPart) || !Array.isArray(step.toolCalls) || step.toolCalls.length === 0)) {
      reader.read(step.content, true, 'step', index);
    } else {
      // A hand-built step without `content`: its `toolCalls` and `toolResults` hold the same parts.
      if (Array.isArray(step.toolCalls)) reader.read(step.toolCalls, true, 'step', index, 'toolCalls');
      if (Array.isArray(step.toolResults)) reader.read(step.toolResults, true, 'step', index, 'toolResults');
    }
  }
}

function isToolCallPart(part: unknown): boolean {
  return isRecord(part) && part.type === 'tool-call';
}

export function stepsText(steps: readonly unknown[]): RunText {
  const texts: string[] = [];
  for (const step of steps) {
    const text = isRecord(step) ? contentText(step.content) : undefined;
    if (text) texts.push(text);
  }
  return texts.length > 0 ? { reply: texts.join('\n\n') } : {};
}

/** What AI SDK 5/6/7 steps record: one model call each, with its `usage` (`totalUsage` is their sum, and JSON loses it in ai@5). */
export const aiSdkStepsUsage = {
  records: { steps: 'AI SDK 5/6/7 results and their steps (steps[])', tokens: 'AI SDK 5/6/7 results and their steps (steps[].usage)' },
  read(steps: readonly unknown[]): RunUsage {
    return { steps: steps.length, ...sumTokens(steps.map((step) => (isRecord(step) ? step.usage : undefined)), AI_SDK_TOKENS, nth('step')) };
  },
};
