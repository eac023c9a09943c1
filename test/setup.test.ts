import { describe, expect, it } from 'vitest';
import { trackJudge } from '../src/judge/pending.js';
import { failOnLeftoverJudges, failOnUnawaitedJudges } from '../src/setup.js';

describe('the setup entries’ hooks', () => {
  it('have nothing to check before the first judge, then check it through the registry judge/pending.ts keeps', async () => {
    // Nothing in this file has made a judge yet: the hooks return without loading the matchers.
    expect(failOnUnawaitedJudges(['a test'])).toBeUndefined();
    expect(failOnLeftoverJudges()).toBeUndefined();
    void trackJudge(async () => 'verdict', 'a test', 'a test', undefined);
    await expect(failOnUnawaitedJudges(['a test'])).rejects.toThrow('was not awaited');
    await expect(failOnLeftoverJudges()).resolves.toBeUndefined();
  });
});
