import type { FormatAdapter } from '../adapter.js';
import { isRecord } from '../adapter.js';
import { aiSdkStepsUsage, hasToolCallParts, readSteps, stepsText } from '../aiSdkStepReader.js';
import { oneTurn } from '../turns.js';

export const aiSdkResult: FormatAdapter = {
  format: 'ai-sdk-result',
  shape: 'an AI SDK 5/6/7 generateText result, or one saved as JSON: { steps: [{ content }] }',
  detect(value) {
    if (!isRecord(value) || !Array.isArray(value.steps)) return false;
    // `{ steps: [] }` is a run that did nothing; AI SDK 4 steps have no `content` and their calls
    // have `args`, not `input` (see aiSdk4.ts). Any step shows the format; the reader refuses a step it does not know.
    return value.steps.length === 0 || value.steps.some((step: unknown) => isRecord(step) && (Array.isArray(step.content) || hasToolCallParts(step.toolCalls)));
  },
  turns: oneTurn,
  read(value, calls) {
    readSteps((value as { steps: unknown[] }).steps, calls, 'ai-sdk-result');
  },
  text: (value) => stepsText((value as { steps: unknown[] }).steps),
  usage: { records: aiSdkStepsUsage.records, read: (value) => aiSdkStepsUsage.read((value as { steps: unknown[] }).steps) },
};

