import { afterEach, describe, expect, it } from 'vitest';
import { ToolCallAccuracyError } from '../src/errors.js';
import { JudgeError } from '../src/judge/errors.js';
import { configureJudge, resetJudgeConfig } from '../src/judge/config.js';
import { sample } from '../src/sample/sample.js';
import { judgeModel, weatherRun, weatherTools } from './helpers/judgeModels.js';

afterEach(() => resetJudgeConfig());

/** The error an assertion throws (or rejects with). */
async function thrown(assertion: () => unknown): Promise<unknown> {
  try {
    await assertion();
  } catch (error) {
    return error;
  }
  throw new Error('expected the assertion to throw');
}

describe('errors keep their parts as fields', () => {
  it('a matcher error: the problem, the hint line, and the run of a sample', async () => {
    const single = (await thrown(() => expect(42).toCallTool('search'))) as ToolCallAccuracyError;
    expect(single).toBeInstanceOf(ToolCallAccuracyError);
    expect(single.hint).toBe('expect(run).toCallTool(toolName)');
    expect(single.problem).toMatch(/^received number 42, which is not an agent run/);
    expect(single.inSample).toBeUndefined();

    const runs = await sample([weatherRun(), 42], { minPassRate: 0.5 });
    const inSample = (await thrown(() => expect(runs).toCallTool(''))) as ToolCallAccuracyError;
    expect([inSample.hint, inSample.problem, inSample.inSample]).toEqual(['expect(runs).toCallTool(toolName)', "toolName must be a non-empty tool name, e.g. 'search-tool'; received an empty string.", undefined]);
    const badRun = (await thrown(() => expect(runs).toCallTool('search'))) as ToolCallAccuracyError;
    expect(badRun.inSample).toEqual({ run: 2, n: 2 });
    expect(badRun.problem).toMatch(/^received number 42/);
    expect(badRun.message).toContain(`Matcher error: In run 2 of 2: ${badRun.problem}`);
  });

  it('a judge that gave no verdict: its problem as it found it, shown under the hint in the run it happened in', async () => {
    configureJudge({ availableTools: weatherTools, cache: { mode: 'off' } });
    const runs = await sample([weatherRun(), weatherRun()], { minPassRate: 1 });
    const error = (await thrown(() => expect(runs).toUseAppropriateTools({ model: judgeModel('not json') }))) as JudgeError;
    expect(error).toBeInstanceOf(JudgeError);
    expect(error.problem).toMatch(/^The LLM judge \(scripted-judge \(test-judge\)\) gave no valid verdict/);
    expect(error.hint).toBe('expect(runs).toUseAppropriateTools(options)');
    expect(error.inSample).toEqual({ run: 1, n: 2 });
    expect(error.message).toBe(`${error.hint}\n\nIn run 1 of 2: ${error.problem}`);
  });
});
