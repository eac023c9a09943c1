// The judge under real Jest in ESM mode (--experimental-vm-modules), asking ai@7's mock model. Jest
// resolves the setup entry to the CommonJS build, whose require() cannot load ESM-only ai@7, so the
// judge must import it: this failed before with "this Jest runs in CommonJS mode".
import { MockLanguageModelV4 } from 'ai/test';
import { configureJudge, createToolCallAccuracyScorerLLM } from 'tool-call-accuracy';
import fixtures from '../fixtures/judgeRuns.cjs';

const { availableTools, runs, verdicts } = fixtures;

function scriptedJudge(verdict, asked) {
  return new MockLanguageModelV4({
    provider: 'fixture',
    modelId: 'scripted-esm-judge',
    doGenerate: async ({ prompt }) => {
      asked.push(JSON.stringify(prompt));
      return {
        content: [{ type: 'text', text: JSON.stringify(verdict) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 20, text: 20 } },
        warnings: [],
      };
    },
  });
}

test('toUseAppropriateTools asks ai@7 from the CommonJS setup entry', async () => {
  const asked = [];
  configureJudge({ model: scriptedJudge(verdicts.weather, asked), availableTools, threshold: 1, cache: { mode: 'off' } });
  await expect(runs.weather()).toUseAppropriateTools();
  configureJudge({ model: scriptedJudge(verdicts.searchForWeather, asked) });
  await expect(runs.searchForWeather()).not.toUseAppropriateTools();
  expect(asked).toHaveLength(2);
  expect(asked[0]).toContain('What is the weather in Paris?');
});

test('the LLM scorer of the ESM build asks it too', async () => {
  const asked = [];
  const scorer = createToolCallAccuracyScorerLLM({ model: scriptedJudge(verdicts.searchForWeather, asked), availableTools });
  const result = await scorer.run(runs.searchForWeather());
  expect(result.score).toBe(0);
  expect(result.analyzeStepResult.missingTools).toEqual(['weather-tool']);
  expect(asked).toHaveLength(1);
});

test('a replay miss gives the command that records it in Jest\'s ESM mode, with --experimental-vm-modules', async () => {
  configureJudge({ model: { provider: 'fixture', modelId: 'never-recorded' }, availableTools, cache: { mode: 'replay' } });
  let message = '';
  try {
    await expect(runs.weather()).toUseAppropriateTools();
  } catch (error) {
    message = error.message;
  }
  expect(message).toContain('NODE_OPTIONS=--experimental-vm-modules npx jest test/jest/esm/judge.test.mjs');
});

test('toFollowASensibleTrajectory asks ai@7 from the CommonJS setup entry too', async () => {
  const asked = [];
  configureJudge({ model: scriptedJudge(fixtures.trajectoryVerdicts.weather, asked), availableTools, cache: { mode: 'off' } });
  await expect(runs.weather()).toFollowASensibleTrajectory({ criteria: [] });
  configureJudge({ model: scriptedJudge(fixtures.trajectoryVerdicts.searchForWeather, asked) });
  await expect(runs.searchForWeather()).not.toFollowASensibleTrajectory();
  expect(asked).toHaveLength(2);
  expect(asked[1]).toContain('The agent’s trajectory (1 step, in the order taken)');
});
