import type { UnknownRecord } from './adapter.js';
import { isRecord } from './adapter.js';
import type { CallCollector } from './collector.js';
import { contentText } from './conversationText.js';
import { readMessageParts, UI_MESSAGE_KEYS } from './uiParts.js';
import { callCarryingKey, refuseCallKeys } from './callKeys.js';
import { position, refuseUnknown } from './unknownParts.js';

// Mastra's message formats, and agent runs made of them (`createAgentTestRun`, what its scorers get):
// stored messages (`content.format: 2`, `tool-invocation` parts and `content.toolInvocations`; or
// `format: 3`, AI SDK 5 UI parts under `content.parts`), and Mastra 0.x's scorer runs, made of AI SDK 4
// UI messages (the same invocations in `parts` and `toolInvocations`, beside a string `content`).

/** A Mastra message of `format: 2` or `3`. */
export function isMastraMessage(value: unknown): value is UnknownRecord & { content: UnknownRecord } {
  return isRecord(value) && typeof value.role === 'string' && isRecord(value.content) && (value.content.format === 2 || value.content.format === 3);
}

/**
 * A message of a flat run, as Mastra 0.x hands its scorers: an AI SDK UI message or a text-only
 * `{ role, content }`; not one that carries another format's calls, so such a run is refused.
 */
function isFlatMessage(value: unknown): value is UnknownRecord {
  if (!isRecord(value) || typeof value.role !== 'string') return false;
  if ('tool_calls' in value || 'function_call' in value || 'tool_call_id' in value || 'toolCallId' in value) return false;
  // Another format's calls under a key UI messages do not have (Mistral's `toolCalls`, …): not a flat message.
  for (const key of Object.keys(value)) if (!UI_MESSAGE_KEYS.has(key) && callCarryingKey(key, value[key])) return false;
  // UI parts all have a `type`; parts without one are another format's (Gemini's `{ role, parts }`).
  const uiParts = Array.isArray(value.parts) && value.parts.every((part) => isRecord(part) && typeof part.type === 'string');
  return typeof value.content === 'string' || uiParts || Array.isArray(value.toolInvocations);
}

export function isRunMessage(value: unknown): boolean {
  return isMastraMessage(value) || isFlatMessage(value);
}

/** Reads the calls of Mastra messages, each by what it holds (uiParts.ts). Mastra does not look at roles, nor does this. */
export function readMastraMessages(messages: readonly unknown[], calls: CallCollector, format: string): void {
  // No steps: Mastra merges a run's steps into one message, so `parallel(…)` refuses its runs.
  for (let index = 0; index < messages.length; index++) {
    const message: unknown = messages[index];
    const at = { format, message: index };
    if (isMastraMessage(message)) {
      refuseCallKeys(format, () => position(index), message, UI_MESSAGE_KEYS);
      refuseCallKeys(format, () => `${position(index)} content`, message.content, UI_MESSAGE_KEYS);
      readMessageParts(message.content.parts, message.content.toolInvocations, calls, false, at);
    } else if (isFlatMessage(message)) {
      refuseCallKeys(format, () => position(index), message, UI_MESSAGE_KEYS);
      readMessageParts(message.parts, message.toolInvocations, calls, false, at);
    }
    else refuseUnknown(format, position(index), message, 'Mastra stored messages (content.format 2 or 3) and AI SDK UI messages');
  }
}

export function runInputMessages(value: UnknownRecord): unknown[] {
  const input = value.input;
  if (isRecord(input) && Array.isArray(input.inputMessages)) return input.inputMessages;
  return Array.isArray(value.inputMessages) ? value.inputMessages : [];
}

/** The text of one Mastra message: its text parts, else its content string. */
function mastraMessageText(message: unknown): string | undefined {
  if (isMastraMessage(message)) return contentText(message.content.parts) ?? contentText(message.content.content);
  if (isFlatMessage(message)) return contentText(message.parts) ?? contentText(message.content);
  return undefined;
}

export function textOfRole(messages: readonly unknown[], role: string, which: 'last' | 'all'): string | undefined {
  const texts = messages
    .filter((message) => isRunMessage(message) && (message as UnknownRecord).role === role)
    .map(mastraMessageText)
    .filter((text): text is string => text !== undefined);
  if (texts.length === 0) return undefined;
  return which === 'last' ? texts[texts.length - 1] : texts.join('\n\n');
}

