import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureJudge, resetJudgeConfig } from '../../src/judge/config.js';
import { setAiLoaderForTesting } from '../../src/judge/loadAi.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import { appropriateWeather, weatherRun, weatherTools } from '../helpers/judgeModels.js';
import {
  anthropicSchemaProblem,
  gatewayProvider,
  googleJsonSchemaProblem,
  googleOpenApiSchemaProblem,
  openaiStrictSchemaProblem,
  loadAiMajor,
  providerModel,
  REPORTED_USAGE,
  startProviderServer,
  type AiMajor,
  type Fault,
  type ProviderName,
  type ProviderServer,
} from '../helpers/providerServers.js';

const PROVIDERS: ProviderName[] = ['openai', 'openai.chat', 'anthropic', 'google', 'openai-compatible', 'gateway'];
const MAJORS: AiMajor[] = [5, 6, 7];
const TIMEOUT_MS = 3_000;

let server: ProviderServer | undefined;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'judge-providers-'));
  configureJudge({ availableTools: weatherTools, cache: { mode: 'off' }, maxRetries: 1, timeoutMs: TIMEOUT_MS });
});
afterEach(async () => {
  resetJudgeConfig();
  setAiLoaderForTesting();
  delete (globalThis as { AI_SDK_DEFAULT_PROVIDER?: unknown }).AI_SDK_DEFAULT_PROVIDER;
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** The request as a reviewed fixture: the body the provider got, with the SDK's version header left out. */
function fixtureOf(request: ProviderServer['requests'][number]) {
  const { headers: _volatile, ...body } = request.body; // the gateway forwards the user agent, which names the ai version
  return `${JSON.stringify({ path: request.path, body }, null, 2)}\n`;
}

describe.each(MAJORS)('the judge through the real provider packages on ai@%i', (major) => {
  beforeEach(() => setAiLoaderForTesting(loadAiMajor(major)));

  it.each(PROVIDERS)('%s: the request passes the provider’s checks, the verdict and its token usage are recorded', async (provider) => {
    server = await startProviderServer(provider, major, { verdict: appropriateWeather });
    const model = await providerModel(provider, major, server);
    configureJudge({ cache: { mode: 'record', dir } });
    await expect(weatherRun()).toUseAppropriateTools({ model });
    expect(server.problems).toEqual([]);
    expect(server.requests).toHaveLength(1);
    await expect(fixtureOf(server.requests[0]!)).toMatchFileSnapshot(`./fixtures/requests/${provider}.ai${major}.json`);

    const [file] = await readdir(dir);
    const entry = JSON.parse(await readFile(path.join(dir, file!), 'utf8'));
    expect(entry.verdict).toEqual(appropriateWeather);
    expect(entry.usage).toEqual({ inputTokens: REPORTED_USAGE.input, outputTokens: REPORTED_USAGE.output, totalTokens: REPORTED_USAGE.input + REPORTED_USAGE.output, requests: 1 });
    expect(entry.model).toEqual({ provider: (model as { provider: string }).provider, modelId: (model as { modelId: string }).modelId });

    // The LLM scorer over the same provider.
    const result = await createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(weatherRun());
    expect(result).toMatchObject({ score: 1, reason: appropriateWeather.reason, agreement: 1 });
    expect(server.requests).toHaveLength(2);
    expect(server.problems).toEqual([]);
  });

  it('a model id string reaches the AI Gateway provider set as the default provider', async () => {
    server = await startProviderServer('gateway', major, { verdict: appropriateWeather });
    (globalThis as { AI_SDK_DEFAULT_PROVIDER?: unknown }).AI_SDK_DEFAULT_PROVIDER = await gatewayProvider(major, server);
    await expect(weatherRun()).toUseAppropriateTools({ model: 'openai/gpt-5-mini' });
    expect(server.problems).toEqual([]);
    expect(server.requests[0]!.headers['ai-language-model-id']).toBe('openai/gpt-5-mini');
  });
});

type Case = [AiMajor, ProviderName, Fault];
const FAULTS: Fault[] = ['rate-limit', 'server-error', 'unavailable', 'reset', 'not-json', 'refusal', 'length'];
const CASES: Case[] = [
  ...MAJORS.flatMap((major) => PROVIDERS.flatMap((provider) => FAULTS.map((fault): Case => [major, provider, fault]))),
  ...MAJORS.map((major): Case => [major, 'anthropic', 'overloaded']),
];
const FAULT_TIMEOUT_MS = 1_500;

/** The cause each fault must be named by. */
function expectedCause(major: AiMajor, provider: ProviderName, fault: Fault): RegExp {
  switch (fault) {
    case 'rate-limit':
      return /rate limited \(HTTP 429\) from http:\/\/127\.0\.0\.1:\d+\/\S+: .*Rate limit reached.* \(gave up after 2 attempts; configureJudge\(\{ maxRetries \}\) sets the retries\)/;
    case 'server-error':
      return /HTTP 500 from http:\/\/127\.0\.0\.1:\d+\/\S+: .*The server had an error.* \(gave up after 2 attempts/;
    case 'unavailable':
      return /HTTP 503 from http:\/\/127\.0\.0\.1:\d+\/\S+: .*The model is overloaded.* \(gave up after 2 attempts/;
    case 'overloaded':
      return /HTTP 529 from http:\/\/127\.0\.0\.1:\d+\/v1\/messages: .*overloaded_error.*Overloaded.* \(gave up after 2 attempts/;
    case 'reset':
      return /the connection broke before the whole answer arrived \(HTTP 200 from http:\/\/127\.0\.0\.1:\d+\/\S+\): terminated \(other side closed\)/;
    case 'not-json':
      return /Invalid JSON response \(HTTP 200 from http:\/\/127\.0\.0\.1:\d+\/\S+\): "<html><body>502 Bad Gateway<\/body><\/html>"/;
    case 'refusal':
      // The 2.x OpenAI provider predates refusals: its Responses parser rejects the refusal part, and
      // its chat model drops the refusal text, leaving an empty answer.
      if (major === 5 && provider === 'openai') return /Invalid JSON response \(HTTP 200 from http:\/\/127\.0\.0\.1:\d+\/v1\/responses\): "\{\\"id\\":\\"resp_loopback\\"/;
      if (major === 5 && provider === 'openai.chat') return /gave no valid verdict in 2 attempts: its answer was not valid JSON\. Its last answer: ""/;
      return /failed: the provider withheld the answer: a refusal or its content filter stopped it \(finish reason "content-filter"\)\./;
    case 'length':
      return /failed: its answer was cut at the output token limit before the verdict was complete \(finish reason "length"\); .* Its answer: "\{\\"evaluations\\":\[\{\\"toolCalled\\":\\"weather-tool\\",\\"wasAppro"/;
  }
}

describe('provider faults: each an error naming the provider and the cause, with .not too, within timeoutMs', () => {
  it.each(CASES)('ai@%i %s: %s', async (major, provider, fault) => {
    setAiLoaderForTesting(loadAiMajor(major));
    // A dropped connection gets no retry-after header, so the SDK would back off 2 s before retrying.
    configureJudge({ timeoutMs: FAULT_TIMEOUT_MS, maxRetries: fault === 'reset' ? 0 : 1 });
    for (const not of [false, true]) {
      server = await startProviderServer(provider, major, { fault });
      const model = (await providerModel(provider, major, server)) as { modelId: string; provider: string };
      const started = performance.now();
      const assertion = not ? expect(weatherRun()).not.toUseAppropriateTools({ model }) : expect(weatherRun()).toUseAppropriateTools({ model });
      const error = await assertion.then(
        () => undefined,
        (thrown: unknown) => thrown as Error,
      );
      const elapsed = performance.now() - started;
      expect(error, 'a fault must never pass').toBeInstanceOf(Error);
      const message = stripVTControlCharacters(error!.message);
      expect(message).toContain(`expect(run).${not ? 'not.' : ''}toUseAppropriateTools(options)`);
      expect(message).toContain(`The LLM judge (${model.modelId} (${model.provider}))`);
      expect(message).toMatch(expectedCause(major, provider, fault));
      expect(elapsed).toBeLessThan(FAULT_TIMEOUT_MS + 500);
      expect(server.problems).toEqual([]);
      await server.close();
      server = undefined;
    }
  });
});

describe('the servers refuse what the providers refuse', () => {
  const verdictLike = (item: Record<string, unknown>) => ({
    type: 'object',
    properties: { evaluations: { type: 'array', items: item }, reason: { type: 'string' } },
    required: ['evaluations', 'reason'],
    additionalProperties: false,
  });
  const strictItem = { type: 'object', properties: { toolCalled: { type: 'string' } }, required: ['toolCalled'], additionalProperties: false };

  it('OpenAI strict mode: every property required, additionalProperties false, only supported keywords', () => {
    expect(openaiStrictSchemaProblem({ $schema: 'http://json-schema.org/draft-07/schema#', ...verdictLike(strictItem) })).toBeUndefined();
    expect(openaiStrictSchemaProblem(verdictLike({ ...strictItem, required: [] }))).toBe(
      "Invalid schema: In context=(root).properties.evaluations.items, 'required' is required to be supplied and to be an array including every key in properties. Missing 'toolCalled'.",
    );
    expect(openaiStrictSchemaProblem(verdictLike({ ...strictItem, additionalProperties: true }))).toMatch(/'additionalProperties' is required to be supplied and to be false/);
    expect(openaiStrictSchemaProblem({ ...verdictLike(strictItem), minProperties: 1 })).toBe("Invalid schema: In context=(root), 'minProperties' is not permitted.");
  });

  it('Anthropic: closed objects, no length constraints; Google: the OpenAPI subset refuses additionalProperties', () => {
    expect(anthropicSchemaProblem(verdictLike(strictItem))).toBeUndefined();
    expect(anthropicSchemaProblem(verdictLike({ ...strictItem, properties: { toolCalled: { type: 'string', minLength: 1 } } }))).toMatch(/'minLength' is not supported/);
    expect(googleOpenApiSchemaProblem(verdictLike(strictItem))).toBe(
      'Invalid JSON payload received. Unknown name "additionalProperties" at \'generation_config.response_schema\': Cannot find field.',
    );
    expect(googleJsonSchemaProblem(verdictLike(strictItem))).toBeUndefined();
  });

  it('a request the provider would refuse is a 400, and the judge says so', async () => {
    server = await startProviderServer('openai-compatible', 7, { verdict: appropriateWeather });
    const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
    // Without supportsStructuredOutputs the provider asks for json_object, which this server refuses.
    const model = createOpenAICompatible({ baseURL: server.url, apiKey: 'loopback-key', name: 'loopback' })('judge-model');
    const message = stripVTControlCharacters(await expect(weatherRun()).toUseAppropriateTools({ model }).then(() => '', (error: Error) => error.message));
    expect(server.problems).toEqual(['response_format.type must be json_schema, got "json_object"']);
    expect(message).toMatch(/The LLM judge \(judge-model \(loopback\.chat\)\) failed: HTTP 400 from http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: .*response_format\.type must be json_schema/);
  });
});
