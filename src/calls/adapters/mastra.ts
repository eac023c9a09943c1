import type { FormatAdapter, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { ToolCall } from '../../types.js';
import type { CallCollector } from '../collector.js';
import { toolCall } from '../toolCall.js';
import { asList, contentText } from '../conversationText.js';
import { approvalOf, isStreaming } from '../callState.js';
import { readUiParts } from './aiSdkUiMessages.js';

// Mastra's message formats, and agent runs made of them (`createAgentTestRun`, the run Mastra's
// scorers receive). Stored messages are `MastraMessageV2` / `MastraDBMessage` (`content.format: 2`:
// `tool-invocation` parts and a legacy `content.toolInvocations` list); `MessageList` also emits
// `format: 3` (AI SDK 5 UI parts under `content.parts`). Mastra 0.x builds its scorer runs, and its
// test builders (`createUIMessage`) their messages, as AI SDK 4 UI messages: the same invocations in
// `parts` and `toolInvocations` at the message's top level, beside a string `content`.
// Which invocation states count: callState.ts. Mastra does not look at roles, nor does this.

/** A Mastra message of `format: 2` or `3`. */
function isMastraMessage(value: unknown): value is UnknownRecord & { content: UnknownRecord } {
  return isRecord(value) && typeof value.role === 'string' && isRecord(value.content) && (value.content.format === 2 || value.content.format === 3);
}

/** An AI SDK 4 UI message, as Mastra 0.x puts in its scorer runs: a string `content` beside `parts` or `toolInvocations`. */
function isUiMessageV4(value: unknown): value is UnknownRecord {
  return (
    isRecord(value) &&
    typeof value.role === 'string' &&
    typeof value.content === 'string' &&
    (Array.isArray(value.parts) || Array.isArray(value.toolInvocations))
  );
}

function isRunMessage(value: unknown): boolean {
  return isMastraMessage(value) || isUiMessageV4(value);
}

/**
 * Reads tool invocations from Mastra messages: the parts first, then the legacy `toolInvocations`
 * list, where an invocation with the id and tool of one of the same message's parts is that call again.
 */
function readMastraMessages(messages: readonly unknown[], calls: CallCollector): void {
  for (const message of messages) {
    calls.beginScope();
    if (isMastraMessage(message)) {
      const { format, parts, toolInvocations } = message.content;
      if (format === 3) {
        if (Array.isArray(parts)) readUiParts(parts, calls);
      } else {
        readInvocations(parts, toolInvocations, calls);
      }
    } else if (isUiMessageV4(message)) {
      readInvocations(message.parts, message.toolInvocations, calls);
    }
  }
}

export function readInvocations(parts: unknown, toolInvocations: unknown, calls: CallCollector): void {
  if (Array.isArray(parts)) {
    for (const part of parts) {
      if (!isRecord(part) || part.type !== 'tool-invocation') continue;
      const call = invocationCall(part.toolInvocation);
      if (call) calls.add(call);
    }
  }
  if (Array.isArray(toolInvocations)) {
    for (const invocation of toolInvocations) {
      const call = invocationCall(invocation);
      if (call) calls.addSeenAgain(call);
    }
  }
}

/**
 * One tool invocation (Mastra's, or AI SDK 4's: the same `args`/`result` shape) as a call, or
 * undefined when it is no call yet. One without a state (hand-built) counts: Mastra's builders
 * default it to `result`.
 */
function invocationCall(invocation: unknown): ToolCall | undefined {
  if (!isRecord(invocation) || !isNonEmptyString(invocation.toolName) || isStreaming(invocation.state)) return undefined;
  const state = invocation.state;
  // A tool that threw: Mastra keeps the MastraError itself as the result (until it is serialized).
  const failed = state === 'output-error' || invocation.isError === true || invocation.result instanceof Error;
  const call = toolCall(invocation.toolName, invocation.args, invocation.toolCallId);
  if (failed) call.error = invocation.errorText ?? invocation.result ?? 'tool call failed';
  else if (state === 'result' && invocation.result !== undefined) call.output = invocation.result;
  const approval = approvalOf(state, invocation.approval);
  if (approval !== undefined) call.approval = approval;
  return call;
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
  if (isUiMessageV4(message)) return contentText(message.parts) ?? contentText(message.content);
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
