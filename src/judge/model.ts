import { stripVTControlCharacters } from 'node:util';
import { JudgeError } from './errors.js';
import { describeIssues } from './schema.js';
import { loadAi, type AiModule } from './loadAi.js';
import type { JudgeModel, JudgeUsage, JudgeVerdict } from './types.js';

/** A model as people name it: `'openai/gpt-5'`, or `gpt-5-mini (openai.chat)` for a model object. */
export function describeModel(model: JudgeModel): string {
  return typeof model === 'string' ? model : `${model.modelId} (${model.provider})`;
}

/** The identity of a model for the cache key: provider and model id, never settings or credentials. */
export function modelIdentity(model: JudgeModel): { provider: string; modelId: string } {
  if (typeof model !== 'string') return { provider: String(model.provider), modelId: String(model.modelId) };
  const custom = (globalThis as { AI_SDK_DEFAULT_PROVIDER?: unknown }).AI_SDK_DEFAULT_PROVIDER !== undefined;
  return { provider: custom ? 'global-default-provider' : 'gateway', modelId: model };
}

interface AskOptions {
  model: JudgeModel;
  system: string;
  prompt: string;
  schema: unknown;
  output: { name: string; description: string };
  maxRetries: number;
  /** Aborts the request: the judge's hard time limit, or its test ending (see deadline.ts). */
  signal: AbortSignal;
}

/** What one request got: a verdict that passed the schema, or an answer worth one more try; with the tokens it cost, when the provider said. */
type ModelAnswer<Verdict = JudgeVerdict> = ({ valid: true; verdict: Verdict } | { valid: false; problem: string; text?: string }) & { usage?: JudgeUsage };

const invalid = (problem: string, text?: string): ModelAnswer<never> => (text === undefined ? { valid: false, problem } : { valid: false, problem, text });
const withUsage = <Verdict>(answer: ModelAnswer<Verdict>, usage: JudgeUsage | undefined): ModelAnswer<Verdict> => (usage === undefined ? answer : { ...answer, usage });

/**
 * One structured-output request (`Output.object`, `experimental_output` on ai@5). An answer that was not JSON,
 * broke the schema or held no object is an invalid answer; every other failure rejects with a JudgeError.
 */
export async function askModel<Verdict = JudgeVerdict>(options: AskOptions): Promise<ModelAnswer<Verdict>> {
  const ai = await loadAi();
  const output = ai.Output.object({ schema: options.schema, name: options.output.name, description: options.output.description });
  const { signal } = options;
  let result: Record<string, unknown>;
  try {
    result = await ai.generateText({
      model: withJsonExtraction(ai, options.model),
      system: options.system,
      prompt: options.prompt,
      output,
      experimental_output: output,
      maxRetries: options.maxRetries,
      abortSignal: signal,
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : error; // the caller has settled with that reason already
    const stopped = errorName(error) === 'AI_NoObjectGeneratedError' ? stoppedAnswer(error as { finishReason?: unknown; text?: unknown }) : undefined;
    if (stopped) throw new JudgeError(`${judgeLabel(options.model)} failed: ${stopped}`, { cause: error });
    const answer = invalidAnswer(error);
    if (answer) return withUsage(answer, usageOf((error as { usage?: unknown }).usage));
    throw new JudgeError(`${judgeLabel(options.model)} failed: ${explainFailure(error)}`, { cause: error });
  }
  const usage = usageOf(result.usage);
  // An empty answer (a safety block, a cut) leaves no output: the getter then throws.
  const stopped = stoppedAnswer({ finishReason: result.finishReason, text: result.text });
  let verdict: unknown;
  try {
    verdict = 'output' in result ? result.output : result.experimental_output;
  } catch (error) {
    if (stopped) throw new JudgeError(`${judgeLabel(options.model)} failed: ${stopped}`, { cause: error });
    return withUsage(invalidAnswer(error) ?? invalid(`it gave no verdict object (${message(error)})`), usage);
  }
  if (typeof verdict !== 'object' || verdict === null) {
    if (stopped) throw new JudgeError(`${judgeLabel(options.model)} failed: ${stopped}`);
    return withUsage(invalid('it gave no verdict object'), usage);
  }
  return withUsage<Verdict>({ valid: true, verdict: verdict as Verdict }, usage); // Output.object parsed it with the verdict schema
}

/** The tokens of one request (the same field names on ai@5, 6 and 7); undefined when the provider reported none. */
function usageOf(usage: unknown): JudgeUsage | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  const { inputTokens, outputTokens, totalTokens } = usage as Record<string, unknown>;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const input = count(inputTokens);
  const output = count(outputTokens);
  if (input === undefined && output === undefined) return undefined;
  return { inputTokens: input ?? 0, outputTokens: output ?? 0, totalTokens: count(totalTokens) ?? (input ?? 0) + (output ?? 0), requests: 1 };
}

/** An answer cut at the token limit or withheld: asking again would end the same way, so it is an error at once, not a retry. */
function stoppedAnswer({ finishReason, text }: { finishReason?: unknown; text?: unknown }): string | undefined {
  const answer = typeof text === 'string' && text.trim() !== '' ? ` Its answer: ${snippet(text)}` : '';
  if (finishReason === 'length') {
    return `its answer was cut at the output token limit before the verdict was complete (finish reason "length"); give the judge model a larger output limit, or a smaller reasoning effort, in its provider settings.${answer}`;
  }
  if (finishReason === 'content-filter') {
    return `the provider withheld the answer: a refusal or its content filter stopped it (finish reason "content-filter").${answer}`;
  }
  return undefined;
}

export function judgeLabel(model: JudgeModel): string {
  return `The LLM judge (${describeModel(model)})`;
}

// Strips Markdown fences around the JSON (ai@6+); ai@5 has no such middleware and goes without.
function withJsonExtraction(ai: AiModule, model: JudgeModel): unknown {
  if (!ai.wrapLanguageModel || !ai.extractJsonMiddleware) return model;
  try {
    let base: unknown = model;
    if (typeof model === 'string') {
      const provider = (globalThis as { AI_SDK_DEFAULT_PROVIDER?: { languageModel?(id: string): unknown } }).AI_SDK_DEFAULT_PROVIDER ?? ai.gateway;
      if (typeof provider?.languageModel !== 'function') return model;
      base = provider.languageModel(model);
    }
    return ai.wrapLanguageModel({ model: base, middleware: ai.extractJsonMiddleware() });
  } catch {
    return model;
  }
}

function invalidAnswer(error: unknown): ModelAnswer<never> | undefined {
  const name = errorName(error);
  if (name === 'AI_NoObjectGeneratedError') {
    const { cause, text } = error as { cause?: unknown; text?: unknown };
    const raw = typeof text === 'string' ? text : undefined;
    const causeName = errorName(cause);
    if (causeName === 'AI_JSONParseError') return invalid('its answer was not valid JSON', raw);
    if (causeName === 'AI_TypeValidationError') {
      return invalid(`its answer did not match the verdict schema (${schemaIssues(cause)})`, raw);
    }
    return invalid(`it gave no verdict object (${message(error)})`, raw);
  }
  if (name === 'AI_NoOutputGeneratedError' || name === 'AI_NoOutputSpecifiedError') {
    return invalid(`it gave no answer text (${message(error)})`);
  }
  return undefined;
}

/** Names the cause of a failed judge request in words, with the env var or provider to fix. */
function explainFailure(error: unknown): string {
  const name = errorName(error);
  const text = message(error);
  if (name === 'AI_RetryError') {
    const { lastError, errors } = error as { lastError?: unknown; errors?: unknown[] };
    return `${explainFailure(lastError)} (gave up after ${errors?.length ?? '?'} attempts; configureJudge({ maxRetries }) sets the retries)`;
  }
  if (name === 'GatewayAuthenticationError' || /AI_GATEWAY_API_KEY/.test(text)) {
    return (
      'no credentials for the Vercel AI Gateway, which serves model id strings like "openai/gpt-5": ' +
      'set the AI_GATEWAY_API_KEY environment variable (or VERCEL_OIDC_TOKEN), or pass a provider model object ' +
      `such as openai('gpt-5-mini') from @ai-sdk/openai instead of a string. The gateway said: ${firstLine(text)}`
    );
  }
  if (name === 'AI_LoadAPIKeyError') return `missing API key: ${text}`;
  if (name === 'AI_APICallError') {
    const { statusCode, url, responseBody } = error as { statusCode?: number; url?: string; responseBody?: string };
    const where = url ? ` from ${url}` : '';
    const body = responseBody ? `: ${snippet(responseBody, 300)}` : '';
    if (statusCode === 429) return `rate limited (HTTP 429)${where}${body}`;
    if (statusCode === 401 || statusCode === 403) return `the provider refused the credentials (HTTP ${statusCode})${where}${body}`;
    if (statusCode !== undefined && statusCode < 400) {
      const causes = causeChain((error as { cause?: unknown }).cause);
      if (BROKEN_CONNECTION.test(causes)) return `the connection broke before the whole answer arrived (HTTP ${statusCode}${where}): ${causes}`;
      return `${text.replace(/\.$/, '')} (HTTP ${statusCode}${where})${body}`;
    }
    if (statusCode !== undefined) return `HTTP ${statusCode}${where}${body}`;
    const cause = (error as { cause?: unknown }).cause;
    return `network error${where}: ${text}${cause ? ` (${message(cause)})` : ''}`;
  }
  // The gateway wraps the provider's failure; its own message ("Gateway request failed") hides the cause.
  if (name?.startsWith('Gateway')) {
    const cause = (error as { cause?: unknown }).cause;
    return `the AI Gateway failed (${name}: ${text})${cause ? `: ${explainFailure(cause)}` : ''}`;
  }
  return `${name ?? 'Error'}: ${text}`;
}

const BROKEN_CONNECTION = /terminated|other side closed|ECONNRESET|socket hang up|premature close/i;

/** The messages of an error's causes, innermost last: `terminated (other side closed)`. */
function causeChain(cause: unknown): string {
  const messages: string[] = [];
  for (let current = cause, depth = 0; current !== undefined && current !== null && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    messages.push(message(current));
  }
  return messages.length === 0 ? '' : messages[0]! + messages.slice(1).map((text) => ` (${text})`).join('');
}

function errorName(error: unknown): string | undefined {
  const name = (error as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

function message(error: unknown): string {
  const text = error instanceof Error ? error.message : (error as { message?: unknown } | null)?.message ?? String(error);
  return stripVTControlCharacters(String(text)).trim();
}

function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim() !== '')?.trim() ?? text;
}

function schemaIssues(cause: unknown): string {
  const issues = (cause as { cause?: { issues?: unknown } })?.cause?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return message(cause).split('\n')[0] ?? 'invalid';
  return describeIssues(issues);
}

export function snippet(text: string | undefined, width = 200): string {
  if (text === undefined) return '(no text)';
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > width ? `${flat.slice(0, width)}…` : flat);
}
