import { expect, it } from 'vitest';
import { ToolCallAccuracyError } from '../src/errors.js';
import { checkOptions, narrowed, rule, type OptionsSchema } from '../src/options.js';
import { sample } from '../src/sample/sample.js';
import { checkReporterOptions } from '../src/reporter/output.js';
import { configureRecordings } from '../src/recordings/config.js';
import { configureJudge } from '../src/judge/config.js';
import { mastraGate } from '../src/scoring/mastraGate.js';
import { createTrajectoryScorerCode } from '../src/format/trajectoryScorers.js';
import { stubbedTools } from '../src/tools/stubs.js';

const schema: OptionsSchema = {
  shape: 'an object such as { retries: 2 }',
  options: { retries: rule.wholeNumber(0, 'a whole number (0 or more)'), strict: rule.boolean, custom: true },
};

function thrown(act: () => unknown): ToolCallAccuracyError {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolCallAccuracyError);
    return error as ToolCallAccuracyError;
  }
  throw new Error('did not throw');
}

it('says an unknown option, every option known, and the one meant, with the parts as fields', () => {
  const error = thrown(() => checkOptions({ retires: 2, 'x\n\u001b[31m': 1 }, schema, { where: 'f()' }));
  expect(error.message).toBe('f(): unknown options "retires", "x\\n\\u001b[31m". Known: retries, strict, custom. Did you mean "retries"?');
  expect(error.badOption).toEqual({ where: 'f()', option: 'retires', received: 'retires', known: ['retries', 'strict', 'custom'], suggestion: 'retries' });
  expect(error.problem).toBe(error.message);
});

it('says a wrong value with what was received, and leaves an option checked elsewhere to its caller', () => {
  const error = thrown(() => checkOptions({ retries: -1 }, schema, { where: 'f()' }));
  expect(error.message).toBe('f(): retries must be a whole number (0 or more); received number -1.');
  expect(error.badOption).toMatchObject({ option: 'retries', received: -1 });
  expect(thrown(() => checkOptions({ strict: 'yes' }, schema, { where: 'f()' })).message).toBe('f(): strict must be true or false; received "yes".');
  expect(() => checkOptions({ custom: Symbol('anything'), retries: undefined }, schema, { where: 'f()' })).not.toThrow();
});

it('says an object that is not one, and names a nested object’s options by their path', () => {
  expect(thrown(() => checkOptions([1], schema, { where: 'f()' })).message).toBe('f(): options must be an object such as { retries: 2 }; received an array of 1.');
  expect(thrown(() => checkOptions(expect.anything(), schema, { where: 'options', name: 'options' })).message).toMatch(/^options must be an object such as \{ retries: 2 \}; received /);
  expect(thrown(() => checkOptions({ retry: 1 }, narrowed(schema, ['retries']), { where: 'f()', within: 'cache' })).message).toBe('f(): unknown option "cache.retry". Known: cache.retries. Did you mean "cache.retries"?');
});

it('is the one wording of every function that takes options', async () => {
  const messages = [
    () => checkReporterOptions({ htmll: 'x' }),
    () => configureRecordings({ mdoe: 'replay' } as never),
    () => configureJudge({ timeoutM: 5 } as never),
    () => mastraGate('g', () => {}, { nmae: 'x' } as never),
    () => createTrajectoryScorerCode({ weight: {} } as never),
    () => stubbedTools({ search: { execute: () => 1 } } as never, {} as never, { passthrough: true } as never),
  ].map((act) => thrown(act).message);
  messages.push(((await sample([], { minPassrate: 1 } as never).catch((error: unknown) => error)) as Error).message);
  expect(messages).toEqual([
    'tool-call-accuracy reporter: unknown option "htmll". Known: html, githubSummary, outputFile, baseline, failOnRegression. Did you mean "html"?',
    'configureRecordings: unknown option "mdoe". Known: mode, dir.',
    'configureJudge: unknown option "timeoutM". Known: model, availableTools, threshold, cache, timeoutMs, maxRetries, concurrency, rubric, votes, calibration. Did you mean "timeoutMs"?',
    'mastraGate("g", checks, options): unknown option "nmae". Known: name, description, type.',
    'createTrajectoryScorerCode(options): unknown option "weight". Known: defaults, weights. Did you mean "weights"?',
    'stubbedTools(tools, stubs): unknown option "passthrough". Known: passThrough. Did you mean "passThrough"?',
    'sample(): unknown option "minPassrate". Known: n, concurrency, minPassRate, confidence. Did you mean "minPassRate"?',
  ]);
});
