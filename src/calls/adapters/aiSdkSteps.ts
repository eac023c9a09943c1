import type { FormatAdapter } from '../adapter.js';
import { aiSdkStepsUsage, isStep, readSteps, stepsText } from '../aiSdkStepReader.js';
import { asList } from '../conversationText.js';
import { oneTurn } from '../turns.js';

export const aiSdkSteps: FormatAdapter = {
  format: 'ai-sdk-steps',
  shape: 'AI SDK 5/6/7 steps: await streamText(…).steps, or generateText(…).steps',
  detect: (value) => (Array.isArray(value) ? isStep(value[0]) : isStep(value)),
  turns: oneTurn,
  read(value, calls) {
    readSteps(asList(value), calls, 'ai-sdk-steps');
  },
  text: (value) => stepsText(asList(value)),
  usage: { records: aiSdkStepsUsage.records, read: (value) => aiSdkStepsUsage.read(asList(value)) },
};

