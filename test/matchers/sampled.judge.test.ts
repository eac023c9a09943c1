import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureJudge, JudgeError, sample } from '../../src/index.js';
import { resetJudgeConfig } from '../../src/judge/config.js';
import { failOnUnawaitedJudges } from '../../src/judge/pending.js';
import { appropriateWeather, clarificationRun, judgeModel, searchForWeatherRun, weatherRun, weatherTools } from '../helpers/judgeModels.js';
import { judgeByRequest } from '../sample/helpers/judges.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'judge-sample-'));
  configureJudge({ availableTools: weatherTools, cache: { mode: 'off' } });
});
afterEach(async () => {
  resetJudgeConfig();
  await rm(dir, { recursive: true, force: true });
});

async function failureOf(assertion: Promise<unknown>): Promise<Error> {
  try {
    await assertion;
  } catch (error) {
    (error as Error).message = stripVTControlCharacters((error as Error).message);
    return error as Error;
  }
  throw new Error('expected the assertion to fail, but it passed');
}

describe('toUseAppropriateTools over a sample', () => {
  it('judges every run and gates on the share whose score reached the threshold', async () => {
    const model = judgeByRequest();
    const runs = await sample([weatherRun(), weatherRun(), clarificationRun(), searchForWeatherRun()], { minPassRate: 0.75 });
    await expect(runs).toUseAppropriateTools({ model });
    expect(model.doGenerateCalls).toHaveLength(4);

    const strict = await sample([weatherRun(), searchForWeatherRun()]);
    const error = await failureOf(expect(strict).toUseAppropriateTools({ model }));
    expect(error.message).toContain('expect(runs).toUseAppropriateTools(options)\n\nPassed in 1 of 2 runs (flaky); all 2 required (minPassRate 1).');
    expect(error.message).toContain("Run 2 of 2 failed:\n  Expected the judge's score to be at least 1; it was 0.");
    expect(error.message).toContain('Reason: The agent used search-tool when weather-tool would have been more appropriate');
  });

  it('applies .not per run', async () => {
    const runs = await sample([searchForWeatherRun(), searchForWeatherRun()]);
    await expect(runs).not.toUseAppropriateTools({ model: judgeByRequest() });
    const mixed = await sample([searchForWeatherRun(), weatherRun()]);
    const error = await failureOf(expect(mixed).not.toUseAppropriateTools({ model: judgeByRequest() }));
    expect(error.message).toContain('Passed in 1 of 2 runs (flaky); all 2 required (minPassRate 1).');
  });

  it('has at most the judge concurrency of runs judged at once', async () => {
    configureJudge({ concurrency: 2 });
    const model = judgeByRequest({ delayMs: 5 });
    const runs = await sample(Array.from({ length: 7 }, () => weatherRun()));
    await expect(runs).toUseAppropriateTools({ model });
    expect(model.doGenerateCalls).toHaveLength(7);
    expect(model.highest).toBe(2);
  });

  it('replays cached verdicts run by run: a second pass asks no model', async () => {
    configureJudge({ cache: { mode: 'auto', dir } });
    const runs = await sample([weatherRun(), searchForWeatherRun(), clarificationRun()], { minPassRate: 0.6 });
    const recording = judgeByRequest();
    await expect(runs).toUseAppropriateTools({ model: recording });
    expect(recording.doGenerateCalls).toHaveLength(3);
    expect(await readdir(dir)).toHaveLength(3);

    configureJudge({ cache: { mode: 'replay', dir } });
    // The same model id (it is part of the cache key), but it must never be asked.
    const never = new MockLanguageModelV4({ provider: 'test-judge', modelId: 'by-request', doGenerate: async () => Promise.reject(new Error('asked')) });
    await expect(runs).toUseAppropriateTools({ model: never });
    expect(never.doGenerateCalls).toHaveLength(0);
    // The verdicts replayed are the recorded ones: the Tokyo run still fails.
    const error = await failureOf(expect(await sample([weatherRun(), searchForWeatherRun()])).toUseAppropriateTools({ model: never }));
    expect(error.message).toContain('Passed in 1 of 2 runs (flaky)');
    expect(error.message).toContain('verdict replayed from');
  });

  it('a run the judge gives no verdict for fails the assertion, with .not too, naming the run', async () => {
    const runs = await sample([weatherRun(), searchForWeatherRun()]);
    for (const negated of [false, true]) {
      // An answer that never validates: the judge retries once, then gives up.
      const broken = judgeModel(appropriateWeather, 'not json', 'not json either');
      const assertion = negated ? expect(runs).not.toUseAppropriateTools({ model: broken }) : expect(runs).toUseAppropriateTools({ model: broken });
      const error = await failureOf(assertion);
      expect(error).toBeInstanceOf(JudgeError);
      expect(error.message.split('\n')[0]).toBe(`expect(runs).${negated ? 'not.' : ''}toUseAppropriateTools(options)`);
      expect(error.message).toContain('In run 2 of 2: ');
    }
  });

  it('shows a thrown run as a failed run, and judges the others', async () => {
    const model = judgeByRequest();
    const runs = await sample(
      (index) => {
        if (index === 1) throw new Error('agent crashed');
        return weatherRun();
      },
      { n: 3, minPassRate: 0.6 },
    );
    await expect(runs).toUseAppropriateTools({ model });
    expect(model.doGenerateCalls).toHaveLength(2);
    const all = await sample(runs.runs.map((run) => (run.threw ? Promise.reject(run.error) : run.run)));
    const error = await failureOf(expect(all).toUseAppropriateTools({ model }));
    expect(error.message).toContain('Run 2 of 3 failed:\n  The agent threw: Error: agent crashed');
  });

  it('is one judge assertion the test must await, like a single run', async ({ task }) => {
    const runs = await sample([weatherRun(), weatherRun()]);
    const forgotten = expect(runs).toUseAppropriateTools({ model: judgeByRequest() });
    await expect(failOnUnawaitedJudges([task])).rejects.toThrow('A toUseAppropriateTools() assertion was not awaited, so its verdict could not fail the test.');
    // The check cancels a forgotten judge still running, as the setup file's afterEach does.
    await forgotten.catch((error: unknown) => expect(String(error)).toMatch(/cancelled/));
  });
});
