import { describe, expect, it } from 'vitest';
import { createToolCallAccuracyScorerCode, createToolCallAccuracyScorerLLM, JudgeError, sample, scoreRuns } from '../../src/index.js';
import { appropriateWeather, judgeModel, searchForWeather, searchForWeatherRun, weatherRun, weatherTools } from '../helpers/judgeModels.js';
import { agentWith, bookTable, choices } from './helpers/bookingAgent.js';

const orderScorer = createToolCallAccuracyScorerCode({ expectedToolOrder: ['search-restaurants', 'book-table'] });

describe('scoreRuns', () => {
  it('scores every run with the code scorer and gives mean, min and max', async () => {
    const runs = await Promise.all(choices(5, 'search-then-book', { 1: 'ask', 3: 'book-without-search' }).map(bookTable));
    const result = await scoreRuns(orderScorer, runs);
    expect(result.runs.map((run) => ('score' in run ? run.score : 'error'))).toEqual([1, 0, 1, 0, 1]);
    expect(result).toMatchObject({ mean: 0.6, min: 0, max: 1, scored: 5, errors: 0 });
    expect(result.runs[0]).toMatchObject({ index: 0, result: { preprocessStepResult: { actualTools: ['search-restaurants', 'book-table'] } } });
  });

  it('takes a sample; a thrown run keeps its error and counts in no score', async () => {
    const runs = await sample(agentWith(choices(3, 'search-then-book', { 2: 'throw' })), { n: 3 });
    const result = await scoreRuns(orderScorer, runs);
    expect(result).toMatchObject({ mean: 1, min: 1, max: 1, scored: 2, errors: 1 });
    expect(result.runs[2]).toMatchObject({ index: 2, error: new Error('429 Too Many Requests') });
  });

  it('scores with the LLM scorer, at most `concurrency` at once; a run with no verdict is an error, never a score', async () => {
    let active = 0;
    let highest = 0;
    const model = judgeModel(appropriateWeather, searchForWeather, 'not json', 'still not json');
    const doGenerate = model.doGenerate.bind(model);
    model.doGenerate = async (options) => {
      highest = Math.max(highest, ++active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
      return doGenerate(options);
    };
    const scorer = createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools });
    const result = await scoreRuns(scorer, [weatherRun(), searchForWeatherRun(), weatherRun()], { concurrency: 1 });
    expect(highest).toBe(1);
    expect(result.runs.map((run) => ('score' in run ? run.score : 'error'))).toEqual([1, 0, 'error']);
    expect((result.runs[2] as { error: unknown }).error).toBeInstanceOf(JudgeError);
    expect(result).toMatchObject({ mean: 0.5, min: 0, max: 1, scored: 2, errors: 1 });
  });

  it('rejects a value that is not a run (no score of it could be trusted), and bad arguments', async () => {
    await expect(scoreRuns(orderScorer, [['search-restaurants'], { nope: 1 }])).rejects.toThrow('scoreRuns: run 2 of 2: received an object with keys { nope }');
    await expect(scoreRuns({} as never, [])).rejects.toThrow('scoreRuns(scorer, runs) takes a scorer with a run(run) method');
    await expect(scoreRuns(orderScorer, (() => []) as never)).rejects.toThrow('to make them, pass sample(fn, { n })');
    await expect(scoreRuns(orderScorer, [['a']], { concurrency: 0 })).rejects.toThrow('scoreRuns: concurrency must be a whole number, at least 1; received number 0.');
    await expect(scoreRuns(orderScorer, [])).rejects.toThrow('sample() received no runs');
  });
});
