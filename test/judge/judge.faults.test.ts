import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureJudge, resetJudgeConfig } from '../../src/judge/config.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import { appropriateWeather, weatherRun, weatherTools } from '../helpers/judgeModels.js';
import { answer, startLoopback, status, type Loopback } from '../helpers/loopback.js';

let server: Loopback | undefined;
beforeEach(() => configureJudge({ availableTools: weatherTools, cache: { mode: 'off' }, maxRetries: 0 }));
afterEach(async () => {
  resetJudgeConfig();
  await server?.close();
  server = undefined;
});

/** The colourless message of an async assertion that must reject. */
async function rejectionOf(assertion: Promise<unknown>): Promise<string> {
  try {
    await assertion;
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('expected a failure, but the assertion passed');
}

/** Runs the assertion with and without `.not`; each must fail with a message containing `expected`. */
async function failsBothWays(expected: string | RegExp, makeServer: () => Promise<Loopback>) {
  for (const not of [false, true]) {
    server = await makeServer();
    const model = server.model();
    const message = await rejectionOf(
      not ? expect(weatherRun()).not.toUseAppropriateTools({ model }) : expect(weatherRun()).toUseAppropriateTools({ model }),
    );
    expect(message).toContain(`expect(run).${not ? 'not.' : ''}toUseAppropriateTools(options)`);
    expect(message).toMatch(expected);
    await server.close();
    server = undefined;
  }
}

describe('judge faults over HTTP (OpenAI-compatible loopback server, real provider code)', () => {
  it('a 429 then success: the SDK retries and the judge succeeds', async () => {
    configureJudge({ maxRetries: 2 });
    server = await startLoopback(status(429, { 'retry-after-ms': '10' }), answer(appropriateWeather));
    await expect(weatherRun()).toUseAppropriateTools({ model: server.model() });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.body.response_format).toMatchObject({ type: 'json_object' });
  });

  it('a 429 every time: names the rate limit and the attempts', async () => {
    configureJudge({ maxRetries: 1 });
    await failsBothWays(
      /The LLM judge \(judge-model \(loopback\.chat\)\) failed: rate limited \(HTTP 429\) from http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: .*Rate limit reached.* \(gave up after 2 attempts; configureJudge\(\{ maxRetries \}\) sets the retries\)/,
      () => startLoopback(status(429, { 'retry-after-ms': '10' })),
    );
  });

  it('a 500', async () => {
    await failsBothWays(/failed: HTTP 500 from http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: .*The server had an error/, () => startLoopback(status(500)));
  });

  it('a hang past the timeout', async () => {
    configureJudge({ timeoutMs: 200 });
    await failsBothWays('The LLM judge (judge-model (loopback.chat)) timed out after 200 ms (the timeoutMs limit; configureJudge({ timeoutMs }) sets it).', () =>
      startLoopback({ kind: 'hang' }),
    );
  });

  it('malformed JSON in the answer, twice', async () => {
    await failsBothWays('gave no valid verdict in 2 attempts: its answer was not valid JSON. Its last answer: "{\\"evaluations\\": [oops"', () =>
      startLoopback(answer('{"evaluations": [oops')),
    );
  });

  it('a response body that is not JSON', async () => {
    await failsBothWays(/failed: Invalid JSON response \(HTTP 200 from http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\): "<html>gateway error<\/html>"/, () => startLoopback({ kind: 'raw', body: '<html>gateway error</html>' }));
  });

  it('a schema-breaking object, twice', async () => {
    await failsBothWays(/gave no valid verdict in 2 attempts: its answer did not match the verdict schema \(evaluations: .*\)/, () =>
      startLoopback(answer({ evaluations: 'all fine', missingTools: [], reason: 'ok' })),
    );
  });

  it('an invalid answer, then a valid one: retried once and passes', async () => {
    server = await startLoopback(answer({ verdict: 'fine' }), answer(appropriateWeather));
    await expect(weatherRun()).toUseAppropriateTools({ model: server.model() });
    expect(server.requests).toHaveLength(2);
  });

  it('the scorer rejects too, never giving a score', async () => {
    server = await startLoopback(status(500));
    await expect(createToolCallAccuracyScorerLLM({ model: server.model(), availableTools: weatherTools }).run(weatherRun())).rejects.toThrow(
      /failed: HTTP 500/,
    );
  });

  it('credentials reach the server but never the verdict file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'judge-secrets-'));
    try {
      configureJudge({ cache: { mode: 'record', dir } });
      server = await startLoopback(answer(appropriateWeather));
      await expect(weatherRun()).toUseAppropriateTools({ model: server.model({ apiKey: 'sk-loopback-secret', headers: { 'x-team-token': 'tok-secret' } }) });
      expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-loopback-secret');
      const [file] = await readdir(dir);
      const text = await readFile(path.join(dir, file!), 'utf8');
      expect(text).not.toMatch(/secret|authorization|x-team-token|127\.0\.0\.1/i);
      expect(JSON.parse(text).model).toEqual({ provider: 'loopback.chat', modelId: 'judge-model' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a model id string without credentials', () => {
  const saved = { key: process.env.AI_GATEWAY_API_KEY, oidc: process.env.VERCEL_OIDC_TOKEN };
  beforeEach(() => {
    delete process.env.AI_GATEWAY_API_KEY;
    delete process.env.VERCEL_OIDC_TOKEN;
  });
  afterEach(() => {
    if (saved.key !== undefined) process.env.AI_GATEWAY_API_KEY = saved.key;
    if (saved.oidc !== undefined) process.env.VERCEL_OIDC_TOKEN = saved.oidc;
  });

  it('fails, with .not too, saying which key is missing, without ANSI codes', async () => {
    for (const not of [false, true]) {
      const assertion = not
        ? expect(weatherRun()).not.toUseAppropriateTools({ model: 'openai/gpt-5-mini' })
        : expect(weatherRun()).toUseAppropriateTools({ model: 'openai/gpt-5-mini' });
      const error = await assertion.then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error).toBeInstanceOf(Error);
      const { message } = error as Error;
      const judgeText = message.split('\n\n').slice(1).join('\n\n'); // below the runner's (coloured) hint line
      expect(judgeText).not.toContain('\u001b');
      expect(stripVTControlCharacters(message)).toContain(
        'The LLM judge (openai/gpt-5-mini) failed: no credentials for the Vercel AI Gateway, which serves model id strings like "openai/gpt-5": set the AI_GATEWAY_API_KEY environment variable (or VERCEL_OIDC_TOKEN), or pass a provider model object',
      );
      expect(stripVTControlCharacters(message)).toContain('The gateway said: Unauthenticated request to AI Gateway.');
    }
  });
});
