import { describe, expect, it } from 'vitest';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';
import { runWithCalls } from '../helpers/runs.js';

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
    expect(matcherErrorOf(() => expect(run).toCallToolTimes('search', -1))).toContain('times must be a whole number of calls (0 or more); received -1.');
    expect(matcherErrorOf(() => expect(run).not.toCallToolTimes('search', 1.5))).toContain('received 1.5');
    expect(matcherErrorOf(() => expect(run).not.toCallToolTimes('search', '2' as never))).toContain('received "2"');
    expect(matcherErrorOf(() => expect(run).toCallToolTimes(['search'] as never, 2))).toContain('toolName must be a non-empty tool name');
  });
});
