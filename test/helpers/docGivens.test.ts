import { afterEach, describe, expect, test } from 'vitest';
import { getJudgeConfig, resetJudgeConfig } from '../../src/judge/config.js';
import { GIVEN_SCENES } from './docGivenNames.js';
import { given, recordedJudge, releaseGivens } from './docGivens.js';

afterEach(async () => {
  await releaseGivens();
  resetJudgeConfig();
});

describe('the scenes the docs blocks are given', () => {
  // The harness compiles a block from the listed names; a scene that builds others would leave a block's name undefined.
  test.each(Object.keys(GIVEN_SCENES))('%s builds exactly the names docGivenNames.ts lists', async (scene) => {
    const names = await given(scene);
    expect(Object.keys(names).sort()).toEqual([...GIVEN_SCENES[scene as keyof typeof GIVEN_SCENES].names].sort());
    for (const [name, value] of Object.entries(names)) expect(value, name).toBeDefined();
  }, 60_000);

  test('an unknown scene is an error that lists the scenes', async () => {
    await expect(given('bookings')).rejects.toThrow(/<!-- given: bookings -->: no such scene; the scenes are booking, searchAndBook/);
  });

  test('the sampling scene works in a directory of its own, which releasing leaves', async () => {
    const cwd = process.cwd();
    await given('sampling');
    expect(process.cwd()).not.toBe(cwd);
    await releaseGivens();
    expect(process.cwd()).toBe(cwd);
  }, 60_000);

  test('a judged scene configures a judge of recorded verdicts, which fails for a judgement not recorded', async () => {
    await given('searchAndBook');
    expect(getJudgeConfig().model).toMatchObject({ provider: 'recorded-verdicts' });
    const judge = recordedJudge([]);
    const prompt = [{ role: 'user', content: [{ type: 'text', text: '## The user’s request\n\n```text\nBook it\n```\n\n## The agent’s tool calls (0, in the order made)\n\n## The available tools (0)' }] }];
    await expect(judge.doGenerate({ prompt } as never)).rejects.toThrow('no verdict recorded for the request "Book it" with the calls []');
  }, 60_000);
});
