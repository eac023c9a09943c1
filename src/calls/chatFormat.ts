import type { FormatAdapter, MessageFit, RunUsage, UnknownRecord, UsageReader } from './adapter.js';
import { isRecord } from './adapter.js';
import type { CallCollector } from './collector.js';
import { asList, chatRole, conversationText, messageContentText } from './conversationText.js';
import { refuseCallKeys } from './callKeys.js';
import { assistantMessages } from './runUsage.js';
import { conversationTurns, isUserMessage } from './turns.js';
import { position, refuseUnknown } from './unknownParts.js';

/** The content parts a chat format writes, and the keys a part may have. */
export interface ChatParts {
  readonly types: ReadonlySet<string>;
  readonly keys: ReadonlySet<string>;
}

/** Refuses a content part of message `index` whose type `parts` does not list, or that has a key that could hold calls. */
export function refuseUnknownParts(format: string, index: number, content: unknown, parts: ChatParts): void {
  if (!Array.isArray(content)) return;
  for (let part = 0; part < content.length; part++) {
    const item: unknown = content[part];
    if (!isRecord(item) || !parts.types.has(item.type as string)) refuseUnknown(format, position(index, part), item, [...parts.types].join(', '));
    refuseCallKeys(format, () => position(index, part), item, parts.keys);
  }
}

/** A chat API whose runs are one response or the messages of a tool loop (Mistral, Cohere v2, Ollama): one reader serves them. */
export interface ChatFormat {
  readonly format: string;
  readonly shape: string;
  /** The recognizer's name for one message and its fit (see `MessageRecognizer`). */
  readonly message: { readonly name: string; readonly fit: (message: UnknownRecord) => MessageFit | undefined; readonly absorbs?: readonly string[] };
  /** The keys of a message this reader reads or knows. */
  readonly keys: ReadonlySet<string>;
  readonly parts?: ChatParts;
  /** The key of an assistant message's calls, what an item of it is (for errors), and how one is read (false: refused). */
  readonly calls: { readonly key: string; readonly expected: string; read(item: unknown, calls: CallCollector): boolean };
  /** A tool message's result, paired with its call. */
  readResult(message: UnknownRecord, calls: CallCollector): void;
  /** A response of the API, and the message it holds. */
  isResponse(value: unknown): boolean;
  messageOf(response: UnknownRecord): unknown;
  /** What a response records (steps, tokens, time); `records` and what a list of messages lacks, for budgets. */
  readonly usage: { readonly records: UsageReader['records']; response(response: UnknownRecord): RunUsage; readonly messagesLack: RunUsage['lacking'] };
}

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
const ROLES_EXPECTED = `messages with the roles ${[...ROLES].join(', ')}`;

/** Whether a message has one of the roles of a chat format and no `type` (another format's item). */
export function hasChatRole(message: UnknownRecord): boolean {
  return message.type === undefined && ROLES.has(message.role as string);
}

/** The adapter of a chat format. */
export function chatAdapter(spec: ChatFormat): FormatAdapter {
  const { format } = spec;
  const messagesOf = (value: unknown): readonly unknown[] => (spec.isResponse(value) ? [spec.messageOf(value as UnknownRecord)] : asList(value));
  function readMessage(message: unknown, index: number, calls: CallCollector): void {
    if (!isRecord(message) || !ROLES.has(message.role as string)) refuseUnknown(format, position(index), message, ROLES_EXPECTED);
    refuseCallKeys(format, () => position(index), message, spec.keys);
    if (spec.parts) refuseUnknownParts(format, index, message.content, spec.parts);
    if (message.role === 'tool') return spec.readResult(message, calls);
    if (message.role !== 'assistant') return;
    calls.beginStep();
    const toolCalls = message[spec.calls.key];
    if (!Array.isArray(toolCalls)) return;
    for (let call = 0; call < toolCalls.length; call++) {
      if (!spec.calls.read(toolCalls[call], calls)) refuseUnknown(format, `${position(index)}, ${spec.calls.key}[${call}]`, toolCalls[call], spec.calls.expected);
    }
  }
  return {
    format,
    shape: spec.shape,
    detect: (value, kinds) => spec.isResponse(value) || kinds.of(value) === format,
    messages: { name: spec.message.name, of: spec.message.fit, ...(spec.message.absorbs && { absorbs: spec.message.absorbs }) },
    turns: (value) => conversationTurns(value, isUserMessage),
    read(value, calls) {
      const messages = messagesOf(value);
      for (let index = 0; index < messages.length; index++) readMessage(messages[index], index, calls);
    },
    text: (value) => conversationText(messagesOf(value), chatRole, messageContentText),
    usage: {
      records: spec.usage.records,
      read: (value) => (spec.isResponse(value) ? spec.usage.response(value as UnknownRecord) : { steps: assistantMessages(asList(value)), lacking: spec.usage.messagesLack }),
    },
  };
}
