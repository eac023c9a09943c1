import { describe, expect, it } from 'vitest';
import { createToolCallAccuracyScorerCode } from '../../src/index.js';
import type { ToolCallAccuracyCodeOptions } from '../../src/index.js';
import { runWithCalls } from '../helpers/runs.js';

describe('createToolCallAccuracyScorerCode', () => {
  it('resolves to Mastra’s result shape, with the normalized calls as toolCallInfos', async () => {
    const run = runWithCalls({ toolName: 'auth-tool', args: { user: 'ada' } }, 'log-tool', 'fetch-tool');
    const result = await createToolCallAccuracyScorerCode({ expectedTool: 'auth-tool', expectedToolOrder: ['auth-tool', 'fetch-tool'] }).run(run);
    expect(result).toEqual({
      runId: run.runId,
      score: 1,
      preprocessStepResult: {
        expectedTool: 'auth-tool',
        actualTools: ['auth-tool', 'log-tool', 'fetch-tool'],
        strictMode: false,
        expectedToolOrder: ['auth-tool', 'fetch-tool'],
        hasToolCalls: true,
        correctToolCalled: true,
        correctOrderCalled: true,
        toolCallInfos: [
          { toolName: 'auth-tool', input: { user: 'ada' }, toolCallId: 'call-0', output: {} },
          { toolName: 'log-tool', input: {}, toolCallId: 'call-1', output: {} },
          { toolName: 'fetch-tool', input: {}, toolCallId: 'call-2', output: {} },
        ],
      },
    });
  });

  it('gives runs without a runId a UUID-shaped id of their own', async () => {
    const scorer = createToolCallAccuracyScorerCode({ expectedTool: 'a' });
    const ids = await Promise.all([scorer.run(['a']), scorer.run(['a']), scorer.run([])].map(async (result) => (await result).runId));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it.each<[string, unknown, string]>([
    ['no options', {}, 'Either expectedTool or expectedToolOrder must be provided'],
    ['an empty tool name', { expectedTool: '' }, 'expectedTool must be a non-empty tool name; received "".'],
    ['an empty order', { expectedToolOrder: [] }, 'expectedToolOrder must be a non-empty array of tool names'],
    ['a bad name in the order', { expectedToolOrder: ['a', 3] }, 'expectedToolOrder[1] must be a non-empty tool name; received 3.'],
    ['a strictMode that is not a boolean', { expectedTool: 'a', strictMode: 'yes' }, 'strictMode must be true or false; received "yes".'],
    ['no object at all', undefined, 'createToolCallAccuracyScorerCode needs an options object'],
  ])('throws at creation for %s, saying what to pass', (_name, options, message) => {
    expect(() => createToolCallAccuracyScorerCode(options as ToolCallAccuracyCodeOptions)).toThrow(message);
  });

  it('rejects a value that is not a run, naming what it received', async () => {
    await expect(createToolCallAccuracyScorerCode({ expectedTool: 'a' }).run({ foo: 1 })).rejects.toThrow('received an object with keys { foo }');
  });
});
