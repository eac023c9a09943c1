import type { RunUsage, TokenUsage } from './adapter.js';
import { isRecord } from './adapter.js';
import { ordinal } from '../value.js';

// What the adapters' `usage` readers share: a run's tokens are a sum over all of its model calls'
// usage records or nothing (one call without counts makes the sum unknown, and `lacking` says which).

/** The field names of one format's usage record. */
export interface TokenFields {
  readonly input: readonly string[];
  readonly output: readonly string[];
  /** Input tokens a provider counts apart from `input` (Anthropic's cache reads and writes), added to it when present. */
  readonly extraInput?: readonly string[];
  /** Output tokens a provider counts apart from `output` (Gemini's thinking tokens), added to it when present. */
  readonly extraOutput?: readonly string[];
}

/** AI SDK 5, 6 and 7 (`LanguageModelUsage`), Mastra 1.x: `{ inputTokens, outputTokens }`. */
export const AI_SDK_TOKENS: TokenFields = { input: ['inputTokens'], output: ['outputTokens'] };
/** AI SDK 4 and Mastra 0.x on v4 models: `{ promptTokens, completionTokens }`. */
export const AI_SDK_4_TOKENS: TokenFields = { input: ['promptTokens'], output: ['completionTokens'] };
/** OpenAI Chat Completions: `usage: { prompt_tokens, completion_tokens }` (cached tokens are part of prompt_tokens). */
export const OPENAI_CHAT_TOKENS: TokenFields = { input: ['prompt_tokens'], output: ['completion_tokens'] };
/** OpenAI Responses and LangChain's `usage_metadata`: `{ input_tokens, output_tokens }`. */
export const INPUT_OUTPUT_TOKENS: TokenFields = { input: ['input_tokens'], output: ['output_tokens'] };
/** Anthropic: `input_tokens` leaves out the tokens read from and written to the prompt cache, which are input too. */
export const ANTHROPIC_TOKENS: TokenFields = { input: ['input_tokens'], output: ['output_tokens'], extraInput: ['cache_creation_input_tokens', 'cache_read_input_tokens'] };

/** Gemini's `usageMetadata`: tool-use prompt tokens are input apart from the prompt, thinking tokens output apart from the candidates. */
export const GEMINI_TOKENS: TokenFields = { input: ['promptTokenCount'], output: ['candidatesTokenCount'], extraInput: ['toolUsePromptTokenCount'], extraOutput: ['thoughtsTokenCount'] };
/** Bedrock Converse: `usage: { inputTokens, outputTokens }`, the prompt cache's reads and writes counted apart from `inputTokens`. */
export const BEDROCK_TOKENS: TokenFields = { input: ['inputTokens'], output: ['outputTokens'], extraInput: ['cacheReadInputTokens', 'cacheWriteInputTokens'] };

/** A token count: a number, or AI SDK 7's provider-level `{ total }`. */
function count(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (isRecord(value)) return count(value.total);
  return undefined;
}

function firstCount(record: Record<string, unknown>, keys: readonly string[]): number | undefined {
  for (const key of keys) {
    const found = count(record[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** One model call's input and output tokens, or what it lacks ("no outputTokens"). */
export function tokensOf(record: unknown, fields: TokenFields): { input: number; output: number } | string {
  if (!isRecord(record)) return 'no usage';
  const input = firstCount(record, fields.input);
  const output = firstCount(record, fields.output);
  if (input === undefined || output === undefined) {
    const missing = [input === undefined && fields.input[0], output === undefined && fields.output[0]].filter(Boolean);
    return `no ${missing.join(' or ')} in its usage`;
  }
  let extraInput = 0;
  for (const key of fields.extraInput ?? []) extraInput += count(record[key]) ?? 0;
  let extraOutput = 0;
  for (const key of fields.extraOutput ?? []) extraOutput += count(record[key]) ?? 0;
  return { input: input + extraInput, output: output + extraOutput };
}

/**
 * The tokens of a run, summed over its model calls' usage records (`records[i]` is call `i`'s), or
 * `lacking` naming the first call without counts: `what(i)` names call `i` ("step 2").
 */
export function sumTokens(records: readonly unknown[], fields: TokenFields, what: (index: number) => string): Pick<RunUsage, 'tokens' | 'lacking'> {
  const tokens: TokenUsage = { input: 0, output: 0, modelCalls: records.length };
  for (let index = 0; index < records.length; index++) {
    const found = tokensOf(records[index], fields);
    if (typeof found === 'string') return { lacking: { tokens: `${what(index)} has ${found}` } };
    tokens.input += found.input;
    tokens.output += found.output;
  }
  return { tokens };
}

/** "its 2nd step", for `lacking` texts. */
export const nth = (noun: string) => (index: number) => `its ${ordinal(index + 1)} ${noun}`;

/** What a message list cannot say about tokens, shared by the message formats. */
export const NO_MESSAGE_TOKENS = 'a list of messages carries no token usage';

/** Model steps of a conversation in a format that writes one assistant message per model response. */
export function assistantMessages(messages: readonly unknown[]): number {
  let steps = 0;
  for (const message of messages) if (isRecord(message) && message.role === 'assistant') steps++;
  return steps;
}

/** Mistral's TypeScript SDK: `usage: { promptTokens, completionTokens }` (the API's snake_case, camelCased). */
export const MISTRAL_TOKENS: TokenFields = AI_SDK_4_TOKENS;
/** Cohere v2: `usage.tokens: { inputTokens, outputTokens }` (what the model read and wrote; `billedUnits` leaves out what is not billed). */
export const COHERE_TOKENS: TokenFields = { input: ['inputTokens'], output: ['outputTokens'] };
/** Ollama's chat response: `prompt_eval_count` (input) and `eval_count` (output). */
export const OLLAMA_TOKENS: TokenFields = { input: ['prompt_eval_count'], output: ['eval_count'] };
