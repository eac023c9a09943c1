import type { FormatAdapter } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { asList, chatRole, contentText, conversationText } from '../conversationText.js';
import { messageKind } from '../messageKind.js';
import { toolCallWithJsonInput } from '../toolCall.js';
import { approvalOf, isStreaming } from '../callState.js';

/** Reads the `tool-<name>` and `dynamic-tool` parts of UI messages (AI SDK 5, 6, 7; also Mastra's `format: 3` messages). */
export function readUiParts(parts: readonly unknown[], calls: CallCollector): void {
  for (let index = 0; index < parts.length; index++) {
    const part: unknown = parts[index];
    if (!isRecord(part) || typeof part.type !== 'string') continue;
    // A static tool's name is only in its type (`tool-weather`); a dynamic tool has `toolName`.
    const toolName = part.type === 'dynamic-tool' ? part.toolName : part.type.startsWith('tool-') ? part.type.slice(5) : undefined;
    if (!isNonEmptyString(toolName) || isStreaming(part.state)) continue;
    // 5 and 6 leave an input that failed to parse or validate in `rawInput` (the SDK's invalid call).
    const failedInput = part.input === undefined && part.rawInput !== undefined;
    const call = toolCallWithJsonInput(toolName, failedInput ? part.rawInput : part.input, part.toolCallId);
    if (failedInput) call.invalid = true;
    if (part.providerExecuted === true) call.providerExecuted = true;
    if (part.state === 'output-available' && part.preliminary !== true) {
      // Mastra's `format: 3` messages keep a thrown error (a MastraError) as the output.
      if (part.output instanceof Error) call.error = part.output;
      else call.output = part.output;
    }
    if (part.state === 'output-error') call.error = part.errorText;
    const approval = approvalOf(part.state, part.approval);
    if (approval !== undefined) call.approval = approval;
    calls.add(call);
  }
}

const textOf = (message: unknown) => (isRecord(message) ? contentText(message.parts) : undefined);

export const aiSdkUiMessages: FormatAdapter = {
  format: 'ai-sdk-ui-messages',
  shape: "AI SDK 5/6/7 UI messages: [{ role, parts: [{ type: 'tool-<name>' | 'dynamic-tool', state, input }] }] (or one message)",
  detect: (value) => messageKind(value) === 'ai-sdk-ui',
  read(value, calls) {
    const messages = asList(value);
    for (let index = 0; index < messages.length; index++) {
      const message: unknown = messages[index];
      // The user's messages are context; only the assistant's parts are its calls.
      if (isRecord(message) && message.role === 'assistant' && Array.isArray(message.parts)) {
        calls.beginScope();
        readUiParts(message.parts, calls);
      }
    }
  },
  text: (value) => conversationText(asList(value), chatRole, textOf),
};
