import type { FormatAdapter } from './adapter.js';
import { KindMemo } from './messageKind.js';
import { aiSdk4 } from './adapters/aiSdk4.js';
import { aiSdkModelMessages } from './adapters/aiSdkModelMessages.js';
import { aiSdkParts } from './adapters/aiSdkParts.js';
import { aiSdkResult } from './adapters/aiSdkResult.js';
import { aiSdkSteps } from './adapters/aiSdkSteps.js';
import { aiSdkUiMessages } from './adapters/aiSdkUiMessages.js';
import { anthropicMessages } from './adapters/anthropic.js';
import { langchainMessages } from './adapters/langchain.js';
import { mastraMessages } from './adapters/mastraMessages.js';
import { mastraRun } from './adapters/mastraRun.js';
import { mastraGenerate } from './adapters/mastraGenerate.js';
import { mastraTrajectory } from './adapters/mastraTrajectory.js';
import { openaiChat } from './adapters/openaiChat.js';
import { openaiResponses } from './adapters/openaiResponses.js';
import { openaiAgents } from './adapters/openaiAgents.js';
import { claudeAgent } from './adapters/claudeAgent.js';
import { plainCalls } from './adapters/plain.js';
import { otelTrace } from './adapters/otelTrace.js';

/**
 * Every supported format, most specific first. Detection takes the first that claims a value.
 * OpenTelemetry spans first: no other format has a `spanContext()` or `resourceSpans`.
 * Mastra before the AI SDK (a Mastra generate() result also has `steps[].content`; a Mastra
 * trajectory's steps have a `stepType` and a `name`, where AI SDK 4's have no `name`); results,
 * steps and part arrays before messages (a part array may start with `reasoning`, which is also a
 * Responses item type); the OpenAI Agents SDK before the message formats (its history resembles
 * OpenAI Responses items; it claims a list only on an item of its own), and the Claude Agent SDK's
 * messages (a `system` one would pass for LangChain's); the message formats share one classifier (`messageKind`), so at most
 * one of them claims an array; the model-message adapter also takes plain-text conversations;
 * plain arrays last.
 */
export const adapters: readonly FormatAdapter[] = [
  otelTrace,
  mastraRun,
  mastraMessages,
  mastraGenerate,
  mastraTrajectory,
  aiSdkResult,
  aiSdk4,
  aiSdkSteps,
  aiSdkParts,
  openaiAgents,
  claudeAgent,
  langchainMessages,
  aiSdkUiMessages,
  openaiChat,
  openaiResponses,
  anthropicMessages,
  aiSdkModelMessages,
  plainCalls,
];

/** The adapter that reads `run`, or undefined when no supported format matches. */
export function detectFormat(run: unknown): FormatAdapter | undefined {
  const kinds = new KindMemo();
  for (const adapter of adapters) {
    let claimed: boolean;
    try {
      claimed = adapter.detect(run, kinds);
    } catch {
      // A getter or Proxy trap that throws: this value is not that format.
      claimed = false;
    }
    if (claimed) return adapter;
  }
  return undefined;
}

