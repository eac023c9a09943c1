// The LLM judge matcher under real Jest (CommonJS, the built package). Jest in CommonJS mode
// cannot load ai@7 (ESM-only), so these tests replay verdicts recorded by
// fixtures/recordJudgeVerdicts.mjs; the judge model is a stand-in object that is never called.
const { execFile } = require('node:child_process');
const path = require('node:path');
const { stripVTControlCharacters } = require('node:util');
const { configureJudge } = require('tool-call-accuracy');
const { verdictDir, judge, availableTools, runs } = require('./fixtures/judgeRuns.cjs');

const root = path.join(__dirname, '../..');

beforeEach(() => configureJudge({ model: judge, availableTools, threshold: 1, cache: { mode: 'replay', dir: verdictDir } }));

async function failureMessage(assertion) {
  try {
    await assertion;
  } catch (error) {
    return stripVTControlCharacters(error.message);
  }
  throw new Error('expected the assertion to fail');
}

describe('toUseAppropriateTools under Jest', () => {
  test('passes on a recorded appropriate verdict; .not passes on an inappropriate one', async () => {
    await expect(runs.weather()).toUseAppropriateTools();
    await expect(runs.searchForWeather()).not.toUseAppropriateTools();
    await expect(runs.searchForWeather()).not.toUseAppropriateTools({ threshold: 0.5 });
  });

  test('fails with the verdict and the calls', async () => {
    const message = await failureMessage(expect(runs.searchForWeather()).toUseAppropriateTools());
    expect(message).toBe(
      [
        'expect(run).toUseAppropriateTools()',
        '',
        "Expected the judge's score to be at least 1; it was 0.",
        '',
        'Judge:  recorded-judge (fixture), verdict replayed from test/jest/fixtures/judge-verdicts/what-is-the-weather-in-tokyo-789608045c0f.json',
        'Reason: The agent used search-tool when weather-tool would have been more appropriate.',
        '',
        'Evaluations:',
        '  1. search-tool  inappropriate  A web search is a roundabout way to answer a direct weather question.',
        'Missing tools: weather-tool',
        '',
        'Received 1 tool call:',
        '  1. search-tool  {"query":"Tokyo weather"}',
      ].join('\n'),
    );
  });

  test('a replay miss fails, with .not too, and gives the Jest command that records it', async () => {
    configureJudge({ model: { provider: 'fixture', modelId: 'never-recorded' } });
    for (const assertion of [() => expect(runs.weather()).toUseAppropriateTools(), () => expect(runs.weather()).not.toUseAppropriateTools()]) {
      const message = await failureMessage(assertion());
      expect(message).toContain("No recorded verdict for this run, and the judge cache is in replay mode (configureJudge({ cache: { mode: 'replay' } }))");
      expect(message).toContain('npx jest test/jest/judge.test.cjs');
    }
  });

  test('asking a model needs `ai`, which this CommonJS Jest cannot load: the error says why and what to do', async () => {
    configureJudge({ model: 'openai/gpt-5-mini', cache: { mode: 'off' } });
    const message = await failureMessage(expect(runs.weather()).not.toUseAppropriateTools());
    expect(message).toContain('The LLM judge could not load the AI SDK (`ai`): this Jest runs in CommonJS mode and ai@7 is ESM-only.');
    expect(message).toContain('NODE_OPTIONS=--experimental-vm-modules');
  });

  test('a toUseAppropriateTools call the test forgot to await fails that test', async () => {
    const output = await new Promise((resolve) => {
      execFile(
        process.execPath,
        [path.join(root, 'node_modules/jest/bin/jest.js'), '--config', 'test/jest/fixtures/unawaited/jest.config.cjs', '--json', '--ci'],
        { cwd: root, env: { ...process.env, JEST_WORKER_ID: undefined } },
        (error, stdout, stderr) => resolve({ failed: Boolean(error), stdout, stderr }),
      );
    });
    const report = JSON.parse(output.stdout);
    const results = Object.fromEntries(report.testResults.flatMap((file) => file.assertionResults).map((test) => [test.title, test]));
    expect(Object.fromEntries(Object.entries(results).map(([title, test]) => [title, test.status]))).toEqual({
      'forgot await': 'failed',
      'forgot await (.not, judge that would fail)': 'failed',
      awaited: 'passed',
      returned: 'passed',
    });
    for (const title of ['forgot await', 'forgot await (.not, judge that would fail)']) {
      expect(results[title].failureMessages.join('\n')).toContain('A toUseAppropriateTools() assertion was not awaited');
    }
    expect(output.failed).toBe(true);
  }, 60_000);
});
