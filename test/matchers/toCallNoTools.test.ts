import { describe, expect, it } from 'vitest';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';
import { runWithCalls } from '../helpers/runs.js';

describe('toCallNoTools', () => {
  it('passes when the run made no calls; streaming partial calls do not count', () => {
    expect(runWithCalls()).toCallNoTools();
    expect(runWithCalls({ toolName: 'search', state: 'partial-call' })).toCallNoTools();
  });

  it('fails listing the calls', () => {
    const failure = failureOf(() => expect(runWithCalls({ toolName: 'search', args: { q: 'x' } })).toCallNoTools());
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallNoTools()

      Expected no tool calls

      Received 1 tool call:
        1. search  {"q":"x"}"
    `);
    expect(failure.expected).toEqual([]);
    expect(failure.actual).toEqual(['search']);
  });

  it('.not passes when some tool was called and fails when none was', () => {
    expect(runWithCalls('search')).not.toCallNoTools();
    expect(failureOf(() => expect(runWithCalls()).not.toCallNoTools()).message).toMatchInlineSnapshot(`
      "expect(run).not.toCallNoTools()

      Expected at least one tool call, but the run made none."
    `);
  });

  it('throws a matcher error for a value that is not a run, also under .not', () => {
    expect(matcherErrorOf(() => expect(null).toCallNoTools())).toContain('received null, which is not an agent run');
    expect(matcherErrorOf(() => expect(Promise.resolve([])).not.toCallNoTools())).toContain('a Promise (did you forget to await the agent run?)');
  });
});
