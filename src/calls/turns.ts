import { ToolCallAccuracyError } from '../errors.js';
import type { FormatAdapter } from './adapter.js';
import { isRecord } from './adapter.js';
import { messagesOf, typeOf } from './adapters/langchain.js';
import { splitTraces } from './adapters/otelTrace.js';
import { asList } from './conversationText.js';

/**
 * A conversation cut into turns: turn k holds the messages from the k-th user message up to the
 * next one, that is the agent's answer to it. Messages before the first user message (a system
 * prompt) belong to no turn.
 */
const startsTurn: Record<string, (message: unknown) => boolean> = {
  'ai-sdk-model-messages': (message) => roleOf(message) === 'user',
  'ai-sdk-ui-messages': (message) => roleOf(message) === 'user',
  'ai-sdk-4': (message) => roleOf(message) === 'user',
  'mastra-messages': (message) => roleOf(message) === 'user',
  'openai-chat': (message) => roleOf(message) === 'user',
  'openai-responses': (message) => roleOf(message) === 'user',
  'openai-agents': (message) => roleOf(message) === 'user',
  // Anthropic sends tool results back in a user message: that continues the turn.
  anthropic: (message) => roleOf(message) === 'user' && !hasToolResult(message),
  langchain: (message) => isRecord(message) && typeOf(message) === 'human',
};

/** Formats that hold one agent run answering one request: a single turn. */
const SINGLE_TURN = new Set(['ai-sdk-result', 'ai-sdk-steps', 'ai-sdk-parts', 'mastra-generate', 'mastra-run', 'mastra-trajectory', 'claude-agent']);

/** What one turn of a run of this format is, for messages. */
export function turnUnit(run: unknown, adapter: FormatAdapter): 'trace' | 'user message' | 'run' {
  if (adapter.format === 'otel-trace') return 'trace';
  return isSingleTurn(run, adapter) ? 'run' : 'user message';
}

/** One run answering one request: a result, its steps, or one response or message (not a conversation). */
function isSingleTurn(run: unknown, adapter: FormatAdapter): boolean {
  if (SINGLE_TURN.has(adapter.format) || (adapter.format === 'ai-sdk-4' && !isMessageList(run))) return true;
  // A ChatCompletion, an Anthropic Message, a Responses Response, one message: a LangGraph state is a conversation.
  return !Array.isArray(run) && !(adapter.format === 'langchain' && isRecord(run) && Array.isArray(run.messages));
}

/**
 * The run's turns, each a value the same adapter reads. Throws when the format cannot say which
 * user message a call answered, rather than guess.
 */
export function turnsOf(run: unknown, adapter: FormatAdapter): unknown[] {
  if (adapter.format === 'otel-trace') return splitTraces(run);
  if (adapter.format !== 'plain' && isSingleTurn(run, adapter)) return [run];
  const starts = startsTurn[adapter.format];
  if (!starts) {
    throw new ToolCallAccuracyError(
      adapter.format === 'plain'
        ? "turn(run, n): a plain list of calls does not say which user message each call answered. Pass the conversation's messages instead."
        : `turn(run, n) cannot tell the turns of a ${adapter.format} run apart. Pass the conversation's messages instead.`,
    );
  }
  const messages = adapter.format === 'langchain' ? messagesOf(run) : asList(run);
  const turns: unknown[][] = [];
  for (const message of messages) {
    if (starts(message)) turns.push([message]);
    else turns[turns.length - 1]?.push(message);
  }
  return turns;
}

function roleOf(message: unknown): unknown {
  return isRecord(message) ? message.role : undefined;
}

function hasToolResult(message: unknown): boolean {
  return isRecord(message) && Array.isArray(message.content) && message.content.some((block) => isRecord(block) && block.type === 'tool_result');
}

function isMessageList(run: unknown): boolean {
  return Array.isArray(run) ? run.some((message) => isRecord(message) && 'role' in message) : isRecord(run) && 'role' in run;
}
