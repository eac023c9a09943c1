import type { FormatAdapter, UnknownRecord } from '../adapter.js';
import { isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asList, contentText } from '../conversationText.js';
import { readMessageParts } from '../uiParts.js';

// Mastra's message formats, and agent runs made of them (`createAgentTestRun`, the run Mastra's
// scorers receive). Stored messages are `MastraMessageV2` / `MastraDBMessage` (`content.format: 2`:
// `tool-invocation` parts and a legacy `content.toolInvocations` list); `MessageList` also emits
// `format: 3` (AI SDK 5 UI parts under `content.parts`). Mastra 0.x builds its scorer runs, and its
// test builders (`createUIMessage`) their messages, as AI SDK 4 UI messages: the same invocations in
// `parts` and `toolInvocations` at the message's top level, beside a string `content`.
// Which invocation states count: callState.ts.

/** A Mastra message of `format: 2` or `3`. */
function isMastraMessage(value: unknown): value is UnknownRecord & { content: UnknownRecord } {
  return isRecord(value) && typeof value.role === 'string' && isRecord(value.content) && (value.content.format === 2 || value.content.format === 3);
}

/**
 * A message of a flat run, as Mastra 0.x hands its scorers: an AI SDK UI message (v4: a string
 * `content` beside `parts` or `toolInvocations`; v5+: `parts`), or a text-only `{ role, content }`.
 * One that carries another format's calls (`tool_calls`, …) is not, so such a run is refused
 * rather than read without them.
 */
function isFlatMessage(value: unknown): value is UnknownRecord {
  if (!isRecord(value) || typeof value.role !== 'string') return false;
  if ('tool_calls' in value || 'function_call' in value || 'tool_call_id' in value) return false;
  return typeof value.content === 'string' || Array.isArray(value.parts) || Array.isArray(value.toolInvocations);
}

function isRunMessage(value: unknown): boolean {
  return isMastraMessage(value) || isFlatMessage(value);
}

/** Reads the calls of Mastra messages, each by what it holds (uiParts.ts). Mastra does not look at roles, nor does this. */
function readMastraMessages(messages: readonly unknown[], calls: CallCollector): void {
  // No steps: Mastra merges a run's steps into one message, so `parallel(…)` refuses its runs.
  for (const message of messages) {
    if (isMastraMessage(message)) readMessageParts(message.content.parts, message.content.toolInvocations, calls);
    else if (isFlatMessage(message)) readMessageParts(message.parts, message.toolInvocations, calls);
  }
}

function runOutput(value: UnknownRecord): unknown {
  return value.output;
}

function runInputMessages(value: UnknownRecord): unknown[] {
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

function textOfRole(messages: readonly unknown[], role: string, which: 'last' | 'all'): string | undefined {
  const texts = messages
    .filter((message) => isRunMessage(message) && (message as UnknownRecord).role === role)
    .map(mastraMessageText)
    .filter((text): text is string => text !== undefined);
  if (texts.length === 0) return undefined;
  return which === 'last' ? texts[texts.length - 1] : texts.join('\n\n');
}

/** `{ input: { inputMessages }, output }` (createAgentTestRun) or `{ inputMessages, output }`. */
function isMastraRun(value: unknown): value is UnknownRecord {
  if (!isRecord(value) || !Array.isArray(value.output)) return false;
  const input = value.input;
  const hasInputMessages = Array.isArray(value.inputMessages) || (isRecord(input) && Array.isArray(input.inputMessages));
  return hasInputMessages && value.output.every(isRunMessage);
}

export const mastraRun: FormatAdapter = {
  format: 'mastra-run',
  shape: 'a Mastra agent run: { input: { inputMessages }, output } or { inputMessages, output } (createAgentTestRun, or generate(…).scoringData)',
  detect: isMastraRun,
  read(value, calls) {
    // Only the output is the agent's doing: calls inside inputMessages are context.
    readMastraMessages(runOutput(value as UnknownRecord) as unknown[], calls);
  },
  text(value) {
    const run = value as UnknownRecord;
    return {
      request: textOfRole(runInputMessages(run), 'user', 'last'),
      reply: textOfRole(runOutput(run) as unknown[], 'assistant', 'all'),
    };
  },
};

export const mastraMessages: FormatAdapter = {
  format: 'mastra-messages',
  shape: 'Mastra stored messages: an array of { role, content: { format: 2, parts } } (or format 3, or one such message)',
  detect: (value) =>
    isMastraMessage(value) || (Array.isArray(value) && value.length > 0 && value.every(isMastraMessage)),
  read(value, calls) {
    readMastraMessages(asList(value), calls);
  },
  text(value) {
    const messages = asList(value);
    return { request: textOfRole(messages, 'user', 'last'), reply: textOfRole(messages, 'assistant', 'all') };
  },
};
