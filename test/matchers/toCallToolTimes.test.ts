import { describe, expect, it } from 'vitest';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';
import { runWithCalls } from '../helpers/runs.js';
import { flakySteps, loopOf, mastraAgentRun, sdks, tracedRun } from '../helpers/outcomeRuns.js';
import { sample } from '../../src/sample/sample.js';
import { toolRefs } from '../../src/refs/toolRefs.js';

const run = runWithCalls('search', 'fetch', 'search');

describe('toCallToolTimes', () => {
  it('passes when the tool was called exactly that many times', () => {
    expect(run).toCallToolTimes('search', 2);
    expect(run).toCallToolTimes('fetch', 1);
    expect(run).toCallToolTimes('book', 0);
    expect(run).toCallToolTimes(expect.stringMatching(/h$/), 3);
  });

  it('fails with both counts', () => {
    const failure = failureOf(() => expect(run).toCallToolTimes('search', 3));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolTimes(toolName, times)

      Expected "search" to be called 3 times, but it was called 2 times.

      Received 3 tool calls:
        1. search  {}
        2. fetch   {}
        3. search  {}"
    `);
    expect(failure.expected).toBe(3);
    expect(failure.actual).toBe(2);
    expect(failureOf(() => expect(run).toCallToolTimes('serch', 1)).message).toContain(
      'Expected "serch" to be called once, but it was never called. Did you mean "search"?',
    );
  });

  it('.not fails when the count matches', () => {
    expect(run).not.toCallToolTimes('search', 1);
    expect(failureOf(() => expect(run).not.toCallToolTimes('search', 2)).message).toMatchInlineSnapshot(`
      "expect(run).not.toCallToolTimes(toolName, times)

      Expected "search" not to be called 2 times, but it was.

      Received 3 tool calls:
        1. search  {}
        2. fetch   {}
        3. search  {}"
    `);
  });

  it('throws matcher errors for a bad count or name, also under .not', () => {
    expect(matcherErrorOf(() => expect(run).toCallToolTimes('search', -1))).toContain('times must be a whole number of calls (0 or more) or { min?, max? }; received -1.');
    expect(matcherErrorOf(() => expect(run).not.toCallToolTimes('search', 1.5))).toContain('received 1.5');
    expect(matcherErrorOf(() => expect(run).not.toCallToolTimes('search', '2' as never))).toContain('received "2"');
    expect(matcherErrorOf(() => expect(run).toCallToolTimes(['search'] as never, 2))).toContain('toolName must be a non-empty tool name');
  });
});

describe('toCallToolTimes(name, { min?, max? })', () => {
  it('passes within the bounds, both inclusive', () => {
    expect(run).toCallToolTimes('search', { min: 2 });
    expect(run).toCallToolTimes('search', { max: 2 });
    expect(run).toCallToolTimes('search', { min: 1, max: 3 });
    expect(run).toCallToolTimes('search', { min: 2, max: 2 });
    expect(run).toCallToolTimes('book', { max: 0 });
    expect(run).not.toCallToolTimes('search', { min: 3 });
    expect(run).not.toCallToolTimes('search', { max: 1 });
  });

  it('an asymmetric name counts every call it matches: a budget on the whole run', () => {
    expect(run).toCallToolTimes(expect.any(String), { max: 3 });
    expect(run).toCallToolTimes(expect.any(String), 3);
    expect(run).not.toCallToolTimes(expect.any(String), { max: 2 });
    expect(run).toCallToolTimes(expect.stringMatching(/^s/), { min: 2, max: 2 });
  });

  it('on AI SDK 5, 6 and 7 loops, an ai@7 trace and a real Mastra agent', async () => {
    for (const sdk of sdks) {
      const loop = await loopOf(sdk, flakySteps);
      expect(loop, sdk.name).toCallToolTimes('lookup', { min: 4, max: 4 });
      expect(loop, sdk.name).toCallToolTimes(expect.any(String), { max: 6 });
      expect(loop, sdk.name).not.toCallToolTimes(expect.any(String), { max: 5 });
    }
    expect(await tracedRun()).toCallToolTimes('weather', { min: 2 });
    expect(await mastraAgentRun()).toCallToolTimes('flaky-tool', { max: 2 });
  });

  it('fails saying the bounds and the count', async () => {
    const loop = await loopOf(sdks.find((sdk) => sdk.name === 'ai7')!, flakySteps);
    expect(failureOf(() => expect(loop).toCallToolTimes(expect.any(String), { max: 4 })).message).toMatchInlineSnapshot(`
      "expect(run).toCallToolTimes(toolName, times)

      Expected at most 4 calls matching Any<String>, but the run made 6.

      Received 6 tool calls:
        1. search  {"q":"cats"}
        2. lookup  {"url":"https://x.test/bad/1"} (failed)
        3. lookup  {"url":"https://x.test/bad/2"} (failed)
        4. lookup  {"url":"https://x.test/bad/3"} (failed)
        5. lookup  {"url":"https://x.test/good"}
        6. search  {"q":"cats"}"
    `);
    const failure = failureOf(() => expect(run).toCallToolTimes('search', { min: 3, max: 5 }));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolTimes(toolName, times)

      Expected between 3 and 5 calls to "search", but the run made 2.

      Received 3 tool calls:
        1. search  {}
        2. fetch   {}
        3. search  {}"
    `);
    // No diff: a count against a range is said in words.
    expect(failure.expected).toBeUndefined();
    expect(failureOf(() => expect(run).toCallToolTimes('serch', { min: 1 })).message).toContain('Expected at least 1 call to "serch", but the run made none. Did you mean "search"?');
    expect(failureOf(() => expect(run).not.toCallToolTimes('search', { max: 2 })).message).toMatchInlineSnapshot(`
      "expect(run).not.toCallToolTimes(toolName, times)

      Expected more than 2 calls to "search", but the run made 2.

      Received 3 tool calls:
        1. search  {}
        2. fetch   {}
        3. search  {}"
    `);
    // .not of "at least 1" asks for none, said so.
    expect(failureOf(() => expect(run).not.toCallToolTimes('search', { min: 1 })).message).toContain('Expected no call to "search", but the run made 2.');
    expect(failureOf(() => expect(run).not.toCallToolTimes('search', { min: 1, max: 3 })).message).toContain('Expected no call or more than 3 calls to "search", but the run made 2.');
  });

  it('takes toolRefs and samples', async () => {
    const t = toolRefs({ search: {}, fetch: {} });
    expect(run).toCallToolTimes(t.search, { min: 1 });
    const runs = await sample([run, runWithCalls('search')]);
    expect(runs).toCallToolTimes('search', { min: 1, max: 2 });
    expect(failureOf(() => expect(runs).toCallToolTimes('search', { min: 2 })).message).toContain('Passed in 1 of 2 runs');
  });

  it.each([
    [{}, 'times needs min, max or both, e.g. { max: 8 }; received {}.'],
    [{ min: 3, max: 2 }, 'times.min (3) is more than times.max (2): no count fits.'],
    [{ min: -1 }, 'times.min must be a whole number of calls (0 or more); received -1.'],
    [{ max: 1.5 }, 'times.max must be a whole number of calls (0 or more); received 1.5.'],
    [{ max: '2' }, 'times.max must be a whole number of calls (0 or more); received "2".'],
    [{ max: 2, exactly: 2 }, 'times: unknown option "exactly". Known: min, max.'],
    [null, 'times must be a whole number of calls (0 or more) or { min?, max? }; received null.'],
    [[2], 'times must be a whole number of calls (0 or more) or { min?, max? }; received'],
  ])('bad bounds %j are matcher errors, .not included', (bounds, text) => {
    for (const call of [() => expect(run).toCallToolTimes('search', bounds as never), () => expect(run).not.toCallToolTimes('search', bounds as never)]) {
      expect(matcherErrorOf(call)).toContain(text);
      expect(call).toThrow(TypeError);
    }
  });
});
