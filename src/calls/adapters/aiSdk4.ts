import type { FormatAdapter, MessageFit, UnknownRecord } from '../adapter.js';
import { isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asList, chatRole, contentText, conversationText } from '../conversationText.js';
import { AiSdkPartReader } from '../aiSdkPartReader.js';
import { readUiMessages, uiPartsKind } from '../uiParts.js';
import { refuseCallKeys } from '../callKeys.js';
import { STEP_KEYS } from '../aiSdkStepReader.js';
import { conversationTurns, isUserMessage, oneTurn } from '../turns.js';
import { refuseUnknown } from '../unknownParts.js';
import { AI_SDK_4_TOKENS, nth, sumTokens } from '../runUsage.js';

function isV4Step(value: unknown): value is UnknownRecord {
  return isRecord(value) && Array.isArray(value.toolCalls) && !Array.isArray(value.content) && 'stepType' in value;
}

function stepsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return isV4Step(value[0]) ? value : undefined;
  if (isRecord(value) && Array.isArray(value.steps) && isV4Step(value.steps[0])) return value.steps;
  return undefined;
}

function readSteps(steps: readonly unknown[], calls: CallCollector): void {
  const reader = new AiSdkPartReader(calls, false, 'ai-sdk-4');
  for (let index = 0; index < steps.length; index++) {
    const step: unknown = steps[index];
    if (!isRecord(step) || !(Array.isArray(step.toolCalls) || Array.isArray(step.toolResults))) refuseUnknown('ai-sdk-4', `step ${index + 1}`, step, 'AI SDK 4 steps ({ toolCalls, toolResults })');
    refuseCallKeys('ai-sdk-4', () => `step ${index + 1}`, step, STEP_KEYS);
    calls.beginStep();
    if (Array.isArray(step.toolCalls)) reader.read(step.toolCalls, true, 'step', index, 'toolCalls');
    if (Array.isArray(step.toolResults)) reader.read(step.toolResults, true, 'step', index, 'toolResults');
  }
}

const textOf = (message: unknown) => (isRecord(message) ? (contentText(message.parts) ?? contentText(message.content)) : undefined);

/**
 * A v4 UI message shows itself by a `tool-invocation` part or `toolInvocations`; text parts beside a
 * `content` string are its shape (v5+ dropped the string); only a `content` string or text parts fit.
 */
function uiMessageFit(message: UnknownRecord): MessageFit | undefined {
  if (Array.isArray(message.parts)) {
    const kind = uiPartsKind(message.parts);
    if (kind === 'v4') return 'evidence';
    if (kind !== 'text') return undefined;
    if (Array.isArray(message.toolInvocations)) return 'evidence';
    return typeof message.content === 'string' ? 'text' : 'fits';
  }
  if (Array.isArray(message.toolInvocations)) return 'evidence';
  return typeof message.content === 'string' ? 'fits' : undefined;
}

/**
 * AI SDK 4: `generateText` results and their steps (`toolCalls` with `args`, no `content`), and UI
 * messages (`tool-invocation` parts and the legacy `toolInvocations`, which repeat the same calls by
 * id). Its `CoreMessage[]` are read by the model-message adapter.
 */
export const aiSdk4: FormatAdapter = {
  format: 'ai-sdk-4',
  shape: 'an AI SDK 4 run: a generateText result or its steps ({ steps: [{ toolCalls: [{ toolName, args }] }] }), or UI messages with toolInvocations',
  detect: (value, kinds) => stepsOf(value) !== undefined || kinds.of(value) === 'ai-sdk-4',
  messages: { name: 'an AI SDK 4 UI message', of: uiMessageFit, fallback: true },
  turns: (value) => (stepsOf(value) ? oneTurn(value) : conversationTurns(value, isUserMessage)),
  read(value, calls) {
    const steps = stepsOf(value);
    if (steps) readSteps(steps, calls);
    else readUiMessages('ai-sdk-4', asList(value), calls);
  },
  text(value) {
    const steps = stepsOf(value);
    if (!steps) return conversationText(asList(value), chatRole, textOf);
    const reply = steps
      .map((step) => (isRecord(step) && typeof step.text === 'string' ? step.text : ''))
      .filter(Boolean)
      .join('\n\n');
    return reply ? { reply } : {};
  },
  usage: {
    records: { steps: 'AI SDK 4 results and their steps (steps[])', tokens: 'AI SDK 4 results and their steps (steps[].usage)' },
    read(value) {
      const steps = stepsOf(value);
      if (!steps) return { lacking: { steps: 'UI messages record no model steps', tokens: 'UI messages carry no usage' } };
      return { steps: steps.length, ...sumTokens(steps.map((step) => (isRecord(step) ? step.usage : undefined)), AI_SDK_4_TOKENS, nth('step')) };
    },
  },
};
