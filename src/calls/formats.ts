import type { FormatAdapter } from './adapter.js';
import { aiSdk4 } from './adapters/aiSdk4.js';
import { aiSdkModelMessages } from './adapters/aiSdkModelMessages.js';
import { aiSdkParts } from './adapters/aiSdkParts.js';
import { aiSdkResult } from './adapters/aiSdkResult.js';
import { aiSdkSteps } from './adapters/aiSdkSteps.js';
import { aiSdkUiMessages } from './adapters/aiSdkUiMessages.js';
import { anthropicMessages } from './adapters/anthropic.js';
import { bedrockConverse } from './adapters/bedrock.js';
import { googleGenAI } from './adapters/googleGenAI.js';
import { langchainMessages } from './adapters/langchain.js';
import { mastraMessages } from './adapters/mastraMessages.js';
import { mastraRun } from './adapters/mastraRun.js';
import { mastraGenerate } from './adapters/mastraGenerate.js';
import { mastraTrajectory } from './adapters/mastraTrajectory.js';
import { openaiChat } from './adapters/openaiChat.js';
import { mistral } from './adapters/mistral.js';
import { cohere } from './adapters/cohere.js';
import { ollama } from './adapters/ollama.js';
import { llamaindex } from './adapters/llamaindex.js';
import { openaiResponses } from './adapters/openaiResponses.js';
import { openaiAgents } from './adapters/openaiAgents.js';
import { claudeAgent } from './adapters/claudeAgent.js';
import { plainCalls } from './adapters/plain.js';
import { otelTrace } from './adapters/otelTrace.js';

/**
 * Every supported format, most specific first: the one list of adapters, and the only module that
 * imports them (docs/architecture.md, "Adding a format"). Detection takes the first that claims a
 * value, and the message classifier asks the recognizers in this order too.
 * OpenTelemetry spans first; Mastra before the AI SDK (a Mastra generate() result also has
 * `steps[].content`; AI SDK 4's steps have no `name`); results, steps and part arrays before
 * messages (a part array may start with `reasoning`, a Responses item type too); the OpenAI Agents
 * SDK before the message formats (its history holds Responses items) and the Claude Agent SDK before
 * LangChain (a `system` message with a `session_id` is the SDK's); the text-only fallbacks (UI
 * messages, model messages) in the order they are tried; plain arrays last.
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
  googleGenAI,
  bedrockConverse,
  llamaindex,
  aiSdkUiMessages,
  ollama,
  cohere,
  mistral,
  openaiChat,
  openaiResponses,
  anthropicMessages,
  aiSdkModelMessages,
  plainCalls,
];

