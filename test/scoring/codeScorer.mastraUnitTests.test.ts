/**
 * Mastra's own unit tests of its tool-call-accuracy code scorer (`@mastra/evals`,
 * `scorers/code/tool-call-accuracy`), ported to this package: the same scenarios and expectations,
 * on runs from this package's Mastra-compatible builders (one user message, then one assistant
 * message making the calls). One scenario differs on purpose, and says
 * so: a run without input messages or without output is scored here (Mastra's scorer rejects it),
 * as Mastra's documentation describes a scorer that reads any run.
 */
import { describe, expect, it } from 'vitest';
import { createToolCallAccuracyScorerCode } from '../../src/index.js';
import type { ToolCallAccuracyCodeOptions } from '../../src/index.js';
import { createAgentTestRun, createTestMessage } from '../../src/testing.js';
import { runWithCalls } from '../helpers/runs.js';

interface Scenario {
  options: ToolCallAccuracyCodeOptions;
  calls: Array<string | { toolName: string; state: 'call' | 'result' }>;
  score: 0 | 1;
  /** The preprocess-step fields Mastra's test checks. */
  checks: Partial<{ correctToolCalled: boolean; correctOrderCalled: boolean | null; hasToolCalls: boolean; actualTools: string[] }>;
}

const weather = { expectedTool: 'weather-tool' };
const searchThenWeather = { expectedTool: 'search-tool', expectedToolOrder: ['search-tool', 'weather-tool'] };
const three = ['search-tool', 'weather-tool', 'calendar-tool'];

const scenarios: Record<string, Scenario> = {
  'the expected tool is called: 1': { options: weather, calls: ['weather-tool'], score: 1, checks: { correctToolCalled: true, actualTools: ['weather-tool'] } },
  'the wrong tool is called: 0': { options: weather, calls: ['calculator-tool'], score: 0, checks: { correctToolCalled: false, actualTools: ['calculator-tool'] } },
  'no tools are called: 0': { options: weather, calls: [], score: 0, checks: { hasToolCalls: false, actualTools: [] } },
  'the expected tool among others, lenient: 1': {
    options: { ...weather, strictMode: false },
    calls: ['search-tool', 'weather-tool', 'calendar-tool'],
    score: 1,
    checks: { correctToolCalled: true, actualTools: ['search-tool', 'weather-tool', 'calendar-tool'] },
  },
  'the expected tool among others, strict: 0 (and it is not "the correct tool called")': {
    options: { ...weather, strictMode: true },
    calls: ['search-tool', 'weather-tool', 'calendar-tool'],
    score: 0,
    checks: { correctToolCalled: false },
  },
  'only the expected tool, strict: 1': { options: { ...weather, strictMode: true }, calls: ['weather-tool'], score: 1, checks: { correctToolCalled: true, actualTools: ['weather-tool'] } },
  'a call in state "call" counts': { options: weather, calls: [{ toolName: 'weather-tool', state: 'call' }], score: 1, checks: { actualTools: ['weather-tool'] } },
  'order, strict, in order: 1': {
    options: { ...searchThenWeather, strictMode: true },
    calls: ['search-tool', 'weather-tool'],
    score: 1,
    checks: { correctOrderCalled: true, actualTools: ['search-tool', 'weather-tool'] },
  },
  'order, strict, wrong order: 0': {
    options: { ...searchThenWeather, strictMode: true },
    calls: ['weather-tool', 'search-tool'],
    score: 0,
    checks: { correctOrderCalled: false, actualTools: ['weather-tool', 'search-tool'] },
  },
  'order, flexible, extra tools between: 1': {
    options: { ...searchThenWeather, strictMode: false },
    calls: ['search-tool', 'calendar-tool', 'weather-tool'],
    score: 1,
    checks: { correctOrderCalled: true, actualTools: ['search-tool', 'calendar-tool', 'weather-tool'] },
  },
  'order, flexible, wrong relative order: 0': {
    options: { ...searchThenWeather, strictMode: false },
    calls: ['weather-tool', 'calendar-tool', 'search-tool'],
    score: 0,
    checks: { correctOrderCalled: false, actualTools: ['weather-tool', 'calendar-tool', 'search-tool'] },
  },
  'order, flexible, an expected tool missing: 0': {
    options: { expectedTool: 'search-tool', expectedToolOrder: three, strictMode: false },
    calls: ['search-tool', 'weather-tool'],
    score: 0,
    checks: { correctOrderCalled: false, actualTools: ['search-tool', 'weather-tool'] },
  },
  'order, strict, an extra tool: 0': {
    options: { ...searchThenWeather, strictMode: true },
    calls: ['search-tool', 'log-tool', 'weather-tool'],
    score: 0,
    checks: { correctOrderCalled: false, actualTools: ['search-tool', 'log-tool', 'weather-tool'] },
  },
  'no expectedToolOrder: single-tool mode, no order verdict': { options: weather, calls: ['weather-tool'], score: 1, checks: { correctToolCalled: true, correctOrderCalled: null } },
};

describe("Mastra's code-scorer unit tests, ported", () => {
  it.each(Object.entries(scenarios))('%s', async (_, { options, calls, score, checks }) => {
    const result = await createToolCallAccuracyScorerCode(options).run(runWithCalls(...calls));
    expect(result.score).toBe(score);
    expect(result.preprocessStepResult).toMatchObject(checks);
  });

  // Divergence: Mastra's scorer rejects these runs ("Input and output messages cannot be null or
  // empty"); this one scores them like any other run.
  it('a run without input messages is scored, not rejected', async () => {
    const run = createAgentTestRun({ inputMessages: [], output: [createTestMessage({ content: 'test', role: 'assistant', id: 'output-1' })] });
    await expect(createToolCallAccuracyScorerCode(weather).run(run)).resolves.toMatchObject({ score: 0, preprocessStepResult: { hasToolCalls: false } });
  });

  it('a run without output is scored, not rejected', async () => {
    const run = createAgentTestRun({ inputMessages: [createTestMessage({ content: 'What is the weather?', role: 'user', id: 'input-1' })], output: [] });
    await expect(createToolCallAccuracyScorerCode(weather).run(run)).resolves.toMatchObject({ score: 0, preprocessStepResult: { actualTools: [] } });
  });
});
