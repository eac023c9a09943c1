// The LLM judge matcher under real Jest (CommonJS, the built package). Jest in CommonJS mode
// cannot load ai@7 (ESM-only), so these tests replay verdicts recorded by
// fixtures/recordJudgeVerdicts.mjs; the judge model is a stand-in object that is never called.
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { stripVTControlCharacters } = require('node:util');
const { configureJudge } = require('tool-call-accuracy');
const { verdictDir, judge, availableTools, runs, expectedTrajectories } = require('./fixtures/judgeRuns.cjs');

const root = path.join(__dirname, '../..');

beforeEach(() => configureJudge({ model: judge, availableTools, threshold: 1, cache: { mode: 'replay', dir: verdictDir } }));

/** Runs the fixtures' own Jest config in a child Jest and returns its outcome, report and tests by title. */
async function runChildJest(fixtures) {
  const child = await new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'node_modules/jest/bin/jest.js'), '--config', `${fixtures}/jest.config.cjs`, '--json', '--ci'],
      { cwd: root, env: { ...process.env, JEST_WORKER_ID: undefined, NODE_OPTIONS: '' } },
      (error, stdout, stderr) => resolve({ failed: Boolean(error), stdout, stderr: stripVTControlCharacters(stderr) }),
    );
  });
  const report = JSON.parse(child.stdout);
  const results = Object.fromEntries(report.testResults.flatMap((file) => file.assertionResults).map((test) => [test.title, test]));
  return { child, report, results };
}

async function failureMessage(assertion) {
  try {
    await assertion;
  } catch (error) {
    return stripVTControlCharacters(error.message);
  }
  throw new Error('expected the assertion to fail');
}

describe('toFollowASensibleTrajectory under Jest', () => {
  // Recorded without available tools (as the Mastra-shaped scorer records), so configured without them here.
  beforeEach(() => configureJudge({ availableTools: undefined }));

  test('passes on a recorded sound trajectory; .not passes on a detour; the failure reads as a review', async () => {
    await expect(runs.weather()).toFollowASensibleTrajectory({ expectedTrajectory: expectedTrajectories.weather });
    await expect(runs.searchForWeather()).not.toFollowASensibleTrajectory({ expectedTrajectory: expectedTrajectories.searchForWeather });
    const message = await failureMessage(expect(runs.searchForWeather()).toFollowASensibleTrajectory({ expectedTrajectory: expectedTrajectories.searchForWeather }));
    expect(message.split('\n').slice(0, 10)).toEqual([
      'expect(run).toFollowASensibleTrajectory(options)',
      '',
      'Expected a sensible trajectory; the judge found 1 unnecessary step and 1 missing step (score 0).',
      '',
      `Judge:      recorded-judge (fixture), verdict replayed from ${message.match(/replayed from (\S+)/)[1]}`,
      'Assessment: It searched the web instead of asking the weather tool.',
      '',
      'Steps:',
      '  1. search-tool  unnecessary  in order      A web search is a detour for the weather.',
      'Missing steps: weather-tool',
    ]);
  });
});

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
        'Judge:  recorded-judge (fixture), verdict replayed from test/jest/fixtures/judge-verdicts/what-is-the-weather-in-tokyo-3c066a12da47.json',
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
    expect(message).toContain(
      'The LLM judge could not load the AI SDK (`ai`): ai@7 is ESM-only, and this Jest runs without --experimental-vm-modules, so it cannot import ES modules.',
    );
    expect(message).toContain('Run Jest with NODE_OPTIONS=--experimental-vm-modules');
    expect(message).toContain('A dynamic import callback was invoked without --experimental-vm-modules');
  });

  describe('a toUseAppropriateTools call the test forgot to await fails that test', () => {
    const fixtures = 'test/jest/fixtures/unawaited';
    const NOT_AWAITED =
      'A toUseAppropriateTools() assertion was not awaited, so its verdict could not fail the test. Write `await expect(run).toUseAppropriateTools(…)`.';
    const lineOf = (file, marker) => {
      const lines = fs.readFileSync(path.join(root, fixtures, file), 'utf8').split('\n');
      return `${fixtures}/${file}:${lines.findIndex((line) => line.includes(marker)) + 1}:`;
    };
    let child;
    let report;
    let results;
    beforeAll(async () => {
      ({ child, report, results } = await runChildJest(fixtures));
    }, 60_000);

    test('fails each test that forgot, whether its judge was still running or had settled, and only those', () => {
      expect(Object.fromEntries(Object.entries(results).map(([title, test]) => [title, test.status]))).toEqual({
        'forgot await': 'failed',
        'forgot await (.not, judge that would fail)': 'failed',
        'forgot await (settled before the test ended)': 'failed',
        'forgot await (.not, settled before the test ended)': 'failed',
        'then-ed and returned': 'passed',
        'awaited together': 'passed',
        awaited: 'passed',
        returned: 'passed',
        'a test after the hook': 'passed',
      });
      for (const title of ['forgot await', 'forgot await (.not, judge that would fail)', 'forgot await (settled before the test ended)', 'forgot await (.not, settled before the test ended)']) {
        expect(results[title].failureMessages.join('\n')).toContain(NOT_AWAITED);
      }
      expect(results['forgot await'].failureMessages.join('\n')).toContain(`Called at ${lineOf('unawaited.fixture.cjs', '// forgotten: replayed verdict')}`);
      expect(child.failed).toBe(true);
    });

    test('a judge forgotten in beforeAll or afterAll fails the file, naming both lines', () => {
      const hooks = report.testResults.find((file) => file.name.endsWith('hooks.fixture.cjs'));
      const message = stripVTControlCharacters(hooks.message);
      expect(hooks.status).toBe('failed');
      expect(message).toContain('2 toUseAppropriateTools() assertions outside a test (in beforeAll or afterAll, or after its test ended) were not awaited');
      expect(message).toContain(`Called at ${lineOf('hooks.fixture.cjs', '// forgotten: beforeAll')}`);
      expect(message).toContain(lineOf('hooks.fixture.cjs', '// forgotten: afterAll'));
    });

    test('the forgotten judges leak no unhandled rejection', () => {
      // A leaked rejection crashes Jest's worker, printing the judge's own failure message.
      expect(child.stderr).not.toMatch(/Unhandled|uncaught|Expected the judge's score/i);
    });
  });
  describe('a judge still running when its test ends is cancelled before the environment is torn down', () => {
    const fixtures = 'test/jest/fixtures/teardown';
    let child;
    let results;
    beforeAll(async () => {
      ({ child, results } = await runChildJest(fixtures));
    }, 60_000);

    test('the timed-out test fails with Jest\'s timeout, the forgotten one with the un-awaited error, the next test runs', () => {
      expect(Object.fromEntries(Object.entries(results).map(([title, test]) => [title, test.status]))).toEqual({
        'a judged test that times out': 'failed',
        'a judged test that forgot to await': 'failed',
        'a test after them': 'passed',
      });
      expect(results['a judged test that times out'].failureMessages.join('\n')).toContain('Exceeded timeout of 500 ms');
      expect(results['a judged test that forgot to await'].failureMessages.join('\n')).toContain('was not awaited');
    });

    test('one line names the test that left its judge running', () => {
      const lines = child.stderr.split('\n').filter((line) => line.startsWith('tool-call-accuracy:'));
      const source = fs.readFileSync(path.join(root, fixtures, 'teardown.fixture.cjs'), 'utf8').split('\n');
      const line = source.findIndex((text) => text.includes('// times out')) + 1;
      const column = source[line - 1].indexOf('.toUseAppropriateTools') + 2;
      expect(lines).toEqual([
        `tool-call-accuracy: the test "a judged test that times out" ended while its toUseAppropriateTools() judge was still running (called at ${fixtures}/teardown.fixture.cjs:${line}:${column}); the judge was cancelled.`,
      ]);
    });

    test('no teardown warnings: nothing is loaded or touched after the environment is gone', () => {
      // The late model answers after teardown; a judge left running then touched soft-deleted globals.
      expect(child.stderr).not.toMatch(/torn down|soft deleted|did not exit|Unhandled|uncaught/i);
    });
  });
});
