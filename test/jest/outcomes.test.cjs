// The matchers of how a run went (outcomes, failed calls, retries, repeats, call budgets) under real
// Jest in CommonJS mode, on a real ai@6 tool loop (ai@7 is ESM-only: test/jest/esm/outcomes.test.mjs).
const ai = require('ai6');
const { MockLanguageModelV3 } = require('ai6/test');
const { matchers } = require('tool-call-accuracy');
const { failureMessage } = require('./failureMessage.cjs');
const { outcomeLoop } = require('./fixtures/outcomeLoop.cjs');

let run;
beforeAll(async () => {
  run = await outcomeLoop(ai, MockLanguageModelV3);
});

test('the new matchers are registered', () => {
  expect(Object.keys(matchers)).toEqual(expect.arrayContaining(['toCallToolsWithoutErrors', 'toRepeatToolCalls']));
});

test('output, error and approval on toCallTool and on call patterns', () => {
  expect(run).toCallTool('lookup', { url: 'https://x.test/bad' }, { error: /bad gateway/ });
  expect(run).toCallTool('lookup', undefined, { error: false, output: expect.objectContaining({ status: 200 }) });
  expect(run).not.toCallTool('search', undefined, { error: true });
  expect(run).toCallToolsInOrder([{ toolName: 'lookup', error: true }, { toolName: 'lookup', error: false }]);
  expect(run).toCallOnly([{ toolName: 'lookup', error: expect.stringContaining('502') }, 'lookup', 'search', 'search']);
  const message = failureMessage(() => expect(run).toCallTool('lookup', undefined, { error: /timeout/ }));
  expect(message).toContain('Expected a call to "lookup" that failed with an error matching /timeout/');
  expect(message).toContain('call 1: failed: "502 bad gateway for https://x.test/bad"');
});

test('toCallToolsWithoutErrors, with retries', () => {
  expect(run).toCallToolsWithoutErrors({ retries: 1 });
  expect(run).not.toCallToolsWithoutErrors();
  expect(failureMessage(() => expect(run).toCallToolsWithoutErrors())).toContain('call 1: "lookup" {"url":"https://x.test/bad"} failed: "502 bad gateway');
});

test('toCallToolTimes with bounds and a name matcher', () => {
  expect(run).toCallToolTimes('lookup', { min: 2, max: 2 });
  expect(run).toCallToolTimes(expect.any(String), { max: 4 });
  expect(failureMessage(() => expect(run).toCallToolTimes(expect.any(String), { max: 3 }))).toContain('Expected at most 3 calls matching Any<String>, but the run made 4.');
});

test('toRepeatToolCalls', () => {
  expect(run).toRepeatToolCalls();
  expect(failureMessage(() => expect(run).not.toRepeatToolCalls())).toContain('call 4: "search" {"q":"cats"} repeats call 3');
});

test('bad options throw, .not included', () => {
  expect(() => expect(run).not.toCallToolsWithoutErrors({ retries: -1 })).toThrow('options.retries must be a whole number');
  expect(() => expect(run).not.toCallToolTimes('a', { min: 2, max: 1 })).toThrow('times.min (2) is more than times.max (1)');
  expect(() => expect(run).not.toCallTool('a', undefined, { error: 42 })).toThrow(TypeError);
});
