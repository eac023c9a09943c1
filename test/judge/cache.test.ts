import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { resolveCacheSettings } from '../../src/judge/cacheSettings.js';
import { display } from '../../src/store/index.js';
import { configureJudge, resetJudgeConfig } from '../../src/judge/config.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import { appropriateWeather, clarification, clarificationRun, judgeModel, searchForWeather, searchForWeatherRun, weatherRun, weatherTools } from '../helpers/judgeModels.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'judge-cache-'));
});
afterEach(async () => {
  resetJudgeConfig();
  await rm(dir, { recursive: true, force: true });
});

const scorerWith = (model: ReturnType<typeof judgeModel>, mode: 'auto' | 'replay' | 'record' | 'off') =>
  createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools, cache: { mode, dir } });

async function entries(): Promise<Array<{ file: string; json: Record<string, any> }>> {
  const files = (await readdir(dir)).sort();
  return Promise.all(files.map(async (file) => ({ file, json: JSON.parse(await readFile(path.join(dir, file), 'utf8')) })));
}

describe('the verdict cache', () => {
  it('auto: the second run of the same judgement makes zero model calls', async () => {
    const model = judgeModel(searchForWeather);
    const first = await scorerWith(model, 'auto').run(searchForWeatherRun());
    expect(model.doGenerateCalls).toHaveLength(1);
    const second = await scorerWith(model, 'auto').run(searchForWeatherRun()); // a fresh run object, new runId and dates
    expect(model.doGenerateCalls).toHaveLength(1);
    expect({ ...second, runId: '' }).toEqual({ ...first, runId: '' });
  });

  it('stores one readable, pretty-printed JSON file per verdict, without credentials', async () => {
    process.env.TEST_JUDGE_SECRET = 'sk-should-never-be-stored';
    const model = judgeModel(searchForWeather);
    Object.assign(model, { config: { headers: { Authorization: `Bearer ${process.env.TEST_JUDGE_SECRET}` } } });
    await scorerWith(model, 'auto').run(searchForWeatherRun());
    await scorerWith(judgeModel(clarification), 'auto').run(clarificationRun());
    const stored = await entries();
    expect(stored.map((entry) => entry.file)).toEqual([
      expect.stringMatching(/^i-need-help-with-something-[0-9a-f]{12}\.json$/),
      expect.stringMatching(/^what-is-the-weather-in-tokyo-[0-9a-f]{12}\.json$/),
    ]);
    const tokyo = stored[1]!;
    // Everything the judge saw, the verdict, and what produced it, in this order, for a reviewer.
    expect(Object.keys(tokyo.json)).toEqual(['request', 'reply', 'calls', 'availableTools', 'verdict', 'score', 'usage', 'model', 'promptVersion', 'key']);
    expect(tokyo.json).toEqual({
      request: 'What is the weather in Tokyo?',
      reply: 'Let me search for that information.',
      calls: [{ toolName: 'search-tool', input: { query: 'Tokyo weather' }, result: { results: ['Tokyo weather data...'] } }],
      availableTools: weatherTools,
      verdict: searchForWeather,
      score: 0,
      // The mock judge reports 10 input and 20 output tokens per request.
      usage: { inputTokens: 10, outputTokens: 20, totalTokens: 30, requests: 1 },
      model: { provider: 'test-judge', modelId: 'scripted-judge' },
      promptVersion: 2,
      key: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const text = await readFile(path.join(dir, tokyo.file), 'utf8');
    expect(text).toBe(`${JSON.stringify(tokyo.json, null, 2)}\n`);
    expect(text).not.toMatch(/sk-should|Bearer|Authorization|headers/i);
    delete process.env.TEST_JUDGE_SECRET;
  });

  it('keys on everything that decides the verdict', async () => {
    const model = judgeModel(appropriateWeather);
    await scorerWith(model, 'auto').run(weatherRun());
    // Other available tools: a different judgement.
    await createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools.slice(0, 2), cache: { mode: 'auto', dir } }).run(weatherRun());
    expect(model.doGenerateCalls).toHaveLength(2);
    // Another reply text: a different judgement.
    const run = weatherRun();
    run.output[0]!.content.parts[0]!.text = 'Checking the forecast.';
    await scorerWith(model, 'auto').run(run);
    expect(model.doGenerateCalls).toHaveLength(3);
    // Another model: a different judgement.
    const other = judgeModel(appropriateWeather);
    Object.assign(other, { modelId: 'other-judge' });
    await scorerWith(other, 'auto').run(weatherRun());
    expect(other.doGenerateCalls).toHaveLength(1);
  });

  it('replay: a missing verdict fails with the command that records it, and calls no model', async () => {
    const model = judgeModel(appropriateWeather);
    configureJudge({ cache: { mode: 'replay', dir } });
    const error = await createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools, cache: true }).run(weatherRun()).catch((e: Error) => e);
    expect(model.doGenerateCalls).toHaveLength(0);
    expect((error as Error).name).toBe('JudgeError');
    const file = display(path.join(dir, (error as Error).message.match(/what-is-the-weather[^\s]+\.json/)![0]));
    expect((error as Error).message).toBe(
      [
        "No recorded verdict for this run, and the judge cache is in replay mode (configureJudge({ cache: { mode: 'replay' } })), so no model is called.",
        `Expected file: ${file}`,
        "Record it by setting configureJudge({ cache: { mode: 'auto' } }) and running, with the judge model's credentials:",
        '  npx vitest run <your test file>',
        'Then commit the new file.',
      ].join('\n'),
    );
  });

  it("replay chosen by the scorer's own cache option: the miss names that option, not configureJudge", async () => {
    const model = judgeModel(appropriateWeather);
    const error = await scorerWith(model, 'replay').run(weatherRun()).catch((e: Error) => e);
    expect(model.doGenerateCalls).toHaveLength(0);
    const file = display(path.join(dir, (error as Error).message.match(/what-is-the-weather[^\s]+\.json/)![0]));
    expect((error as Error).message).toBe(
      [
        "No recorded verdict for this run, and the judge cache is in replay mode (the scorer's option cache: { mode: 'replay' }), so no model is called.",
        `Expected file: ${file}`,
        "Record it by creating the scorer with cache: { mode: 'auto' } and running, with the judge model's credentials:",
        '  npx vitest run <your test file>',
        'Then commit the new file.',
      ].join('\n'),
    );
  });

  it('replay: a stored verdict is used', async () => {
    await scorerWith(judgeModel(appropriateWeather), 'record').run(weatherRun());
    const model = judgeModel(searchForWeather);
    expect((await scorerWith(model, 'replay').run(weatherRun())).score).toBe(1);
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('record: always asks and overwrites', async () => {
    await scorerWith(judgeModel(appropriateWeather), 'record').run(weatherRun());
    const model = judgeModel({ ...appropriateWeather, reason: 'Asked again.' });
    expect((await scorerWith(model, 'record').run(weatherRun())).reason).toBe('Asked again.');
    expect(model.doGenerateCalls).toHaveLength(1);
    const stored = await entries();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.json.verdict.reason).toBe('Asked again.');
  });

  it('record: an unchanged verdict leaves its file untouched (no churn in git)', async () => {
    await scorerWith(judgeModel(appropriateWeather), 'record').run(weatherRun());
    const [{ file, json }] = (await entries()) as [{ file: string; json: Record<string, any> }];
    const before = `${JSON.stringify({ ...json, score: 0.5 }, null, 2)}\n`; // a marker: a rewrite would restore the score
    await writeFile(path.join(dir, file), before);
    const model = judgeModel(appropriateWeather);
    await scorerWith(model, 'record').run(weatherRun());
    expect(model.doGenerateCalls).toHaveLength(1); // record still asks
    expect(await readFile(path.join(dir, file), 'utf8')).toBe(before);
  });

  it('the stored score is informational: a replay scores the stored verdict again', async () => {
    await scorerWith(judgeModel(appropriateWeather), 'auto').run(weatherRun());
    const [{ file, json }] = (await entries()) as [{ file: string; json: Record<string, any> }];
    await writeFile(path.join(dir, file), JSON.stringify({ ...json, score: 0.25 }));
    expect((await scorerWith(judgeModel(searchForWeather), 'replay').run(weatherRun())).score).toBe(1);
  });

  it('off: asks every time and writes nothing', async () => {
    const model = judgeModel(appropriateWeather);
    await scorerWith(model, 'off').run(weatherRun());
    await scorerWith(model, 'off').run(weatherRun());
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(await readdir(dir)).toEqual([]);
  });

  it('the scorer does not cache unless asked', async () => {
    const model = judgeModel(appropriateWeather);
    configureJudge({ cache: { dir, mode: 'auto' } }); // a mode of its own: under CI the default is replay
    await createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(weatherRun());
    expect(await readdir(dir)).toEqual([]);
    await createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools, cache: true }).run(weatherRun());
    expect(await readdir(dir)).toHaveLength(1);
  });

  describe('a corrupt entry is an error naming its file', () => {
    async function storedFile() {
      await scorerWith(judgeModel(appropriateWeather), 'auto').run(weatherRun());
      return path.join(dir, (await readdir(dir))[0]!);
    }

    it('not JSON', async () => {
      const file = await storedFile();
      await writeFile(file, '{"key": "abc", "verd');
      const model = judgeModel(appropriateWeather);
      await expect(scorerWith(model, 'auto').run(weatherRun())).rejects.toThrow(
        `The judge cache entry ${display(file)} is corrupt: not valid JSON`,
      );
      expect(model.doGenerateCalls).toHaveLength(0);
    });

    it('a stored verdict that evaluates other calls than the run made (an edited or stale file)', async () => {
      const file = await storedFile();
      const json = JSON.parse(await readFile(file, 'utf8'));
      json.verdict.evaluations.push({ ...json.verdict.evaluations[0] }); // two appropriate calls: replayed, it scored 2
      await writeFile(file, JSON.stringify(json));
      await expect(scorerWith(judgeModel(appropriateWeather), 'replay').run(weatherRun())).rejects.toThrow(
        `The judge cache entry ${display(file)} is corrupt: it evaluated 2 calls but the agent made 1.`,
      );
    });

    it('a stored verdict naming another tool, or a called tool as missing', async () => {
      const file = await storedFile();
      const json = JSON.parse(await readFile(file, 'utf8'));
      await writeFile(file, JSON.stringify({ ...json, verdict: { ...json.verdict, evaluations: [{ ...json.verdict.evaluations[0], toolCalled: 'search-tool' }] } }));
      await expect(scorerWith(judgeModel(appropriateWeather), 'replay').run(weatherRun())).rejects.toThrow(
        `${display(file)} is corrupt: its evaluation 1 names a different tool than call 1 ("search-tool", not "weather-tool").`,
      );
      await writeFile(file, JSON.stringify({ ...json, verdict: { ...json.verdict, missingTools: ['weather-tool'] } }));
      await expect(scorerWith(judgeModel(appropriateWeather), 'replay').run(weatherRun())).rejects.toThrow(
        `${display(file)} is corrupt: it named as missing a tool the agent called ("weather-tool").`,
      );
    });

    it('JSON that is not a verdict', async () => {
      const file = await storedFile();
      const json = JSON.parse(await readFile(file, 'utf8'));
      json.verdict.evaluations = 'all good';
      await writeFile(file, JSON.stringify(json));
      await expect(scorerWith(judgeModel(appropriateWeather), 'replay').run(weatherRun())).rejects.toThrow(
        /is corrupt: "verdict" does not match the verdict schema \(evaluations: .+\)/,
      );
    });
  });

  it('parallel processes writing the same and different verdicts leave every file whole', async () => {
    // Inside the repo's node_modules/.cache so the bundle finds `ai` and `zod`, which stay external.
    const bundleDir = fileURLToPath(new URL(`../../node_modules/.cache/tool-call-accuracy-tests-${process.pid}`, import.meta.url));
    const bundle = path.join(bundleDir, 'writer.mjs');
    buildSync({
      entryPoints: [fileURLToPath(new URL('./fixtures/cacheWriter.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: bundle,
      external: ['ai', 'ai/test', 'zod'],
      logLevel: 'silent',
    });
    onTestFinished(() => rm(bundleDir, { recursive: true, force: true }));
    const cacheDir = path.join(dir, 'verdicts');
    const writers = ['a', 'b', 'c', 'd', 'e', 'f'];
    const rounds = 8;
    await Promise.all(writers.map((writer) => promisify(execFile)(process.execPath, [bundle, cacheDir, writer, String(rounds)])));

    const files = (await readdir(cacheDir)).sort();
    expect(files.filter((file) => !file.endsWith('.json'))).toEqual([]); // no temp files left behind
    expect(files).toHaveLength(writers.length * rounds + 1);
    for (const file of files) {
      const json = JSON.parse(await readFile(path.join(cacheDir, file), 'utf8'));
      expect(json.verdict.reason).toMatch(/^written by [a-f]$/);
      expect(json.verdict.evaluations[0].reasoning).toHaveLength(`writer a `.length + 4_000);
    }
    const shared = files.filter((file) => file.startsWith('weather-in-the-shared-city'));
    expect(shared).toHaveLength(1);
  }, 60_000);
});

describe('choosing the cache mode', () => {
  it('auto by default, replay when CI is set, the env var overrides both, configureJudge overrides all', () => {
    expect(resolveCacheSettings(undefined, {})).toMatchObject({ mode: 'auto', source: 'default', dir: path.resolve('__judge__') });
    expect(resolveCacheSettings(undefined, { CI: 'true' })).toMatchObject({ mode: 'replay', source: 'CI' });
    expect(resolveCacheSettings(undefined, { CI: '1' })).toMatchObject({ mode: 'replay' });
    expect(resolveCacheSettings(undefined, { CI: 'false' })).toMatchObject({ mode: 'auto' });
    expect(resolveCacheSettings(undefined, { CI: '' })).toMatchObject({ mode: 'auto' });
    expect(resolveCacheSettings(undefined, { CI: 'true', TOOL_CALL_ACCURACY_CACHE: 'record' })).toMatchObject({ mode: 'record', source: 'env' });
    expect(resolveCacheSettings({ mode: 'off', dir: 'x/y' }, { CI: 'true', TOOL_CALL_ACCURACY_CACHE: 'record' })).toEqual({
      mode: 'off',
      dir: path.resolve('x/y'),
      source: 'configureJudge',
    });
  });

  it('rejects an unknown TOOL_CALL_ACCURACY_CACHE value', () => {
    expect(() => resolveCacheSettings(undefined, { TOOL_CALL_ACCURACY_CACHE: 'replya' })).toThrow(
      'TOOL_CALL_ACCURACY_CACHE="replya" is not a cache mode; use one of auto, replay, record, off.',
    );
  });

  it('the replay-miss command follows where replay came from', async () => {
    const model = judgeModel(appropriateWeather);
    const previous = { CI: process.env.CI, mode: process.env.TOOL_CALL_ACCURACY_CACHE };
    try {
      process.env.CI = 'true';
      delete process.env.TOOL_CALL_ACCURACY_CACHE;
      configureJudge({ cache: { dir } });
      const error = await createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools, cache: true }).run(weatherRun()).catch((e: Error) => e);
      expect((error as Error).message).toContain('the judge cache is in replay mode because CI is set');
      expect((error as Error).message).toContain('  TOOL_CALL_ACCURACY_CACHE=auto npx vitest run <your test file>');
    } finally {
      if (previous.CI === undefined) delete process.env.CI;
      else process.env.CI = previous.CI;
      if (previous.mode !== undefined) process.env.TOOL_CALL_ACCURACY_CACHE = previous.mode;
    }
  });
});
