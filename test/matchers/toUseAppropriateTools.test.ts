import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { display } from '../../src/store/index.js';
import { configureJudge, getJudgeConfig, resetJudgeConfig } from '../../src/judge/config.js';
import {
  appropriateWeather,
  clarification,
  clarificationRun,
  judgeModel,
  searchForWeather,
  searchForWeatherRun,
  weatherRun,
  weatherTools,
} from '../helpers/judgeModels.js';
import { rejectionOf } from '../helpers/failureOf.js';

beforeEach(() => {
  configureJudge({ availableTools: weatherTools, cache: { mode: 'off' } });
});
afterEach(() => resetJudgeConfig());


describe('toUseAppropriateTools', () => {
  describe('passes', () => {
    it('when the judge scores the run at least the threshold (default 1)', async () => {
      const model = judgeModel(appropriateWeather);
      await expect(weatherRun()).toUseAppropriateTools({ model });
      expect(model.doGenerateCalls).toHaveLength(1);
    });

    it('when the agent rightly asked for clarification', async () => {
      await expect(clarificationRun()).toUseAppropriateTools({ model: judgeModel(clarification) });
    });

    it('with a lower threshold', async () => {
      const partly = { ...searchForWeather, evaluations: [{ ...searchForWeather.evaluations[0]!, wasAppropriate: true }] };
      await expect(searchForWeatherRun()).toUseAppropriateTools({ model: judgeModel(partly), threshold: 0.5 });
      configureJudge({ threshold: 0.5 });
      await expect(searchForWeatherRun()).toUseAppropriateTools({ model: judgeModel(partly) });
    });
  });

  describe('fails', () => {
    it('with score, threshold, model, reason, evaluations, missing tools and the calls', async () => {
      const message = await rejectionOf(expect(searchForWeatherRun()).toUseAppropriateTools({ model: judgeModel(searchForWeather) }));
      expect(message).toMatchInlineSnapshot(`
        "expect(run).toUseAppropriateTools(options)

        Expected the judge's score to be at least 1; it was 0.

        Judge:  scripted-judge (test-judge), asked now, cache off
        Reason: The agent used search-tool when weather-tool would have been more appropriate for a direct weather query.

        Evaluations:
          1. search-tool  inappropriate  A web search is a roundabout way to answer a direct weather question.
        Missing tools: weather-tool

        Received 1 tool call:
          1. search-tool  {"query":"Tokyo weather"}"
      `);
    });

    it('below a threshold from configureJudge', async () => {
      configureJudge({ threshold: 0.9 });
      const verdict = {
        evaluations: [{ toolCalled: 'weather-tool', wasAppropriate: true, reasoning: 'fits' }],
        missingTools: ['calendar-tool'],
        reason: 'Half done.',
      };
      const message = await rejectionOf(expect(weatherRun()).toUseAppropriateTools({ model: judgeModel(verdict) }));
      expect(message).toContain("Expected the judge's score to be at least 0.9; it was 0.5.");
    });
  });

  describe('.not', () => {
    it('passes when the score is below the threshold', async () => {
      await expect(searchForWeatherRun()).not.toUseAppropriateTools({ model: judgeModel(searchForWeather) });
    });

    it('fails when the score reaches it', async () => {
      const message = await rejectionOf(expect(weatherRun()).not.toUseAppropriateTools({ model: judgeModel(appropriateWeather) }));
      expect(message).toMatchInlineSnapshot(`
        "expect(run).not.toUseAppropriateTools(options)

        Expected the judge's score to be below 1; it was 1.

        Judge:  scripted-judge (test-judge), asked now, cache off
        Reason: The agent correctly used the weather-tool to address the user's request for weather information.

        Evaluations:
          1. weather-tool  appropriate    The user asked for the weather and weather-tool gives it.
        Missing tools: none

        Received 1 tool call:
          1. weather-tool  {"location":"San Francisco","date":"today"}"
      `);
    });
  });

  describe('a judge error fails the assertion, with or without .not', () => {
    for (const not of [false, true]) {
      it(`invalid answers${not ? ' (.not)' : ''}`, async () => {
        const model = judgeModel('I think it is fine.');
        const assertion = not ? expect(weatherRun()).not.toUseAppropriateTools({ model }) : expect(weatherRun()).toUseAppropriateTools({ model });
        const message = await rejectionOf(assertion);
        expect(message).toContain(`expect(run).${not ? 'not.' : ''}toUseAppropriateTools(options)`);
        expect(message).toContain('gave no valid verdict in 2 attempts: its answer was not valid JSON');
      });

      it(`a run that is not a run${not ? ' (.not)' : ''}`, async () => {
        const model = judgeModel(appropriateWeather);
        const assertion = not ? expect({ hello: 1 }).not.toUseAppropriateTools({ model }) : expect({ hello: 1 }).toUseAppropriateTools({ model });
        expect(await rejectionOf(assertion)).toMatch(/Matcher error: received an object with keys \{ hello \}/);
        expect(model.doGenerateCalls).toHaveLength(0);
      });
    }

    it('no model anywhere', async () => {
      expect(await rejectionOf(expect(weatherRun()).toUseAppropriateTools())).toContain('Matcher error: the judge needs a model');
    });

    it('bad options', async () => {
      expect(await rejectionOf(expect(weatherRun()).toUseAppropriateTools({ threshold: 2 }))).toContain(
        'Matcher error: options: threshold must be a number from 0 to 1; received number 2.',
      );
      expect(await rejectionOf(expect(weatherRun()).toUseAppropriateTools({ concurrency: 2 } as never))).toContain(
        'Matcher error: options takes only { model, availableTools, threshold, rubric, votes, cache, timeoutMs, maxRetries }; set concurrency with configureJudge().',
      );
      expect(await rejectionOf(expect(weatherRun()).toUseAppropriateTools({ modle: 'x' } as never))).toContain(
        'Matcher error: options: unknown option "modle". Known: model, availableTools, threshold, rubric, votes, cache, timeoutMs, maxRetries.',
      );
      expect(await rejectionOf(expect(weatherRun()).toUseAppropriateTools({ cache: { mode: 'later' } } as never))).toContain(
        'Matcher error: options: cache.mode must be one of',
      );
    });
  });

  describe('with the verdict cache', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'judge-matcher-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('records the first verdict, replays it after: zero model calls the second time', async () => {
      configureJudge({ cache: { mode: 'auto', dir } });
      const model = judgeModel(searchForWeather);
      const first = await rejectionOf(expect(searchForWeatherRun()).toUseAppropriateTools({ model }));
      const [file] = await readdir(dir);
      expect(first).toContain(`, verdict recorded in ${display(path.join(dir, file!))}\n`);
      const second = await rejectionOf(expect(searchForWeatherRun()).toUseAppropriateTools({ model }));
      expect(second).toContain(`, verdict replayed from ${display(path.join(dir, file!))}\n`);
      await expect(searchForWeatherRun()).not.toUseAppropriateTools({ model });
      expect(model.doGenerateCalls).toHaveLength(1);
    });

    it('replay: a missing verdict fails, with .not too, and names this test file in the command', async () => {
      resetJudgeConfig();
      configureJudge({ availableTools: weatherTools, cache: { dir } });
      process.env.TOOL_CALL_ACCURACY_CACHE = 'replay';
      try {
        const model = judgeModel(appropriateWeather);
        for (const not of [false, true]) {
          const message = await rejectionOf(
            not ? expect(weatherRun()).not.toUseAppropriateTools({ model }) : expect(weatherRun()).toUseAppropriateTools({ model }),
          );
          expect(message).toContain('No recorded verdict for this run, and the judge cache is in replay mode (TOOL_CALL_ACCURACY_CACHE=replay)');
          expect(message).toContain('  TOOL_CALL_ACCURACY_CACHE=auto npx vitest run test/matchers/toUseAppropriateTools.test.ts');
        }
        expect(model.doGenerateCalls).toHaveLength(0);
      } finally {
        delete process.env.TOOL_CALL_ACCURACY_CACHE;
      }
    });
  });
});

describe('configureJudge', () => {
  it('a later call changes only the settings it names; cache merges key by key', () => {
    resetJudgeConfig();
    const model = judgeModel(appropriateWeather);
    configureJudge({ model, threshold: 0.8, cache: { mode: 'replay', dir: 'a' }, timeoutMs: 5_000 });
    configureJudge({ threshold: 0.5, cache: { dir: 'b' } });
    expect(getJudgeConfig()).toEqual({ model, threshold: 0.5, cache: { mode: 'replay', dir: 'b' }, timeoutMs: 5_000 });
  });

  it('rejects bad settings with a message naming them', () => {
    expect(() => configureJudge({ timeoutMs: -1 })).toThrow('configureJudge: timeoutMs must be a positive number of milliseconds; received number -1.');
    expect(() => configureJudge({ cache: { mode: 'sometimes' as never } })).toThrow('cache.mode must be one of auto, replay, record, off');
    expect(() => configureJudge({ concurrency: 0 })).toThrow('concurrency must be a whole number ≥ 1');
    expect(() => configureJudge({ modle: 'x' } as never)).toThrow('configureJudge: unknown option "modle"');
  });

  it('limits judge requests in flight to `concurrency`', async () => {
    configureJudge({ concurrency: 2 });
    let inFlight = 0;
    let most = 0;
    const { MockLanguageModelV4 } = await import('ai/test');
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight--;
        return (await import('../helpers/judgeModels.js')).textResult(JSON.stringify(appropriateWeather));
      },
    });
    await Promise.all(Array.from({ length: 6 }, () => expect(weatherRun()).toUseAppropriateTools({ model })));
    expect(model.doGenerateCalls).toHaveLength(6);
    expect(most).toBe(2);
  });
});

describe('with fake timers', () => {
  it('a cached verdict still arrives', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers();
    try {
      await expect(weatherRun()).toUseAppropriateTools({ model: judgeModel(appropriateWeather) });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('per-assertion settings: cache, timeoutMs, maxRetries', () => {
  it("the assertion's cache wins over configureJudge's, key by key", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'assertion-cache-'));
    try {
      const model = judgeModel(appropriateWeather);
      // configureJudge's cache is off (beforeEach); this assertion records into its own folder.
      await expect(weatherRun()).toUseAppropriateTools({ model, cache: { mode: 'auto', dir } });
      expect(await readdir(dir)).toHaveLength(1);
      await expect(weatherRun()).toUseAppropriateTools({ model, cache: { mode: 'replay', dir } });
      expect(model.doGenerateCalls).toHaveLength(1); // the second replayed
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('timeoutMs bounds this assertion\'s judge request', async () => {
    const { MockLanguageModelV4 } = await import('ai/test');
    const silent = new MockLanguageModelV4({ provider: 'test-judge', modelId: 'silent', doGenerate: () => new Promise(() => {}) });
    const message = await rejectionOf(expect(weatherRun()).toUseAppropriateTools({ model: silent, timeoutMs: 30, maxRetries: 0 }));
    expect(message).toContain('timed out after 30 ms');
  });
});
