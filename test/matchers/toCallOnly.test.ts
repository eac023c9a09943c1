import { describe, expect, it } from 'vitest';
import { failureOf, matcherErrorOf, passes } from '../helpers/failureOf.js';
import { runWithCalls } from '../helpers/runs.js';

describe('toCallOnly (one name)', () => {
  it('passes when the run made exactly one call, to that tool', () => {
    expect(runWithCalls('weather-tool')).toCallOnly('weather-tool');
    expect(runWithCalls({ toolName: 'weather-tool', args: { city: 'Oslo' } })).toCallOnly({ toolName: 'weather-tool', input: { city: 'Oslo' } });
  });

  it('fails for another tool, or for more calls than one', () => {
    const other = failureOf(() => expect(runWithCalls('weather_tool')).toCallOnly('weather-tool'));
    expect(other.message).toMatchInlineSnapshot(`
      "expect(run).toCallOnly(expected)

      Expected exactly one tool call, to "weather-tool"

      Received 1 tool call:
        1. weather_tool  {}

      The only call is to "weather_tool"."
    `);
    expect(other.expected).toEqual(['weather-tool']);
    expect(other.actual).toEqual(['weather_tool']);
    const more = failureOf(() => expect(runWithCalls('search-tool', 'weather-tool')).toCallOnly('weather-tool'));
    expect(more.message).toMatchInlineSnapshot(`
      "expect(run).toCallOnly(expected)

      Expected exactly one tool call, to "weather-tool"

      Received 2 tool calls:
        1. search-tool   {}
        2. weather-tool  {}

      2 calls were made where one was expected ("weather-tool" is call 2)."
    `);
    const none = failureOf(() => expect(runWithCalls()).toCallOnly('weather-tool'));
    expect(none.message).toContain('Received no tool calls.');
  });

  it('.not passes unless the run is that single call', () => {
    expect(runWithCalls('search-tool', 'weather-tool')).not.toCallOnly('weather-tool');
    const failure = failureOf(() => expect(runWithCalls('weather-tool')).not.toCallOnly('weather-tool'));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).not.toCallOnly(expected)

      Expected the run not to be a single call to "weather-tool"

      Received 1 tool call:
        1. weather-tool  {}"
    `);
  });
});

describe('toCallOnly (a list, any order)', () => {
  it('passes when the calls are exactly these, in any order', () => {
    expect(runWithCalls('b', 'a', 'b')).toCallOnly(['b', 'b', 'a']);
    expect(runWithCalls()).toCallOnly([]);
  });

  it('finds an assignment when a call fits several items (no greedy false failure)', () => {
    const run = runWithCalls({ toolName: 'search', args: { q: 'cats' } }, { toolName: 'search', args: { q: 'dogs' } });
    // Greedy would give call 1 (cats) to the first item and leave nothing for the second; the matching gives it call 2.
    expect(run).toCallOnly([{ toolName: 'search' }, { toolName: 'search', input: { q: 'cats' } }]);
    expect(run).toCallOnly([{ toolName: 'search', input: expect.anything() }, { toolName: 'search', input: { q: 'cats' } }]);
  });

  it('compares inputs as toEqual does, whether they are plain data grouped by value or not', () => {
    // Plain data: key order, undefined properties and 0 against -0 as toEqual sees them.
    const run = [
      { toolName: 'search', input: { q: 'cats', page: 1 } },
      { toolName: 'search', input: { q: 'dogs' } },
      { toolName: 'book', input: { at: 0 } },
    ];
    expect(run).toCallOnly([
      { toolName: 'book', input: { at: 0 } },
      { toolName: 'search', input: { q: 'dogs', page: undefined } },
      { toolName: 'search', input: { page: 1, q: 'cats' } },
    ]);
    expect(passes(() => expect(run).toCallOnly([{ toolName: 'book', input: { at: -0 } }, 'search', 'search']))).toBe(false);
    // Vitest's toEqual does not take [1, undefined] for [1] (Jest's does: test/jest checks it there).
    expect(passes(() => expect([{ toolName: 'book', input: [1, undefined] }]).toCallOnly([{ toolName: 'book', input: [1] }]))).toBe(false);
    // A call whose input is not plain data can still equal a plain pattern (toEqual ignores the class).
    class Query {
      constructor(readonly q: string) {}
    }
    const withInstance = [{ toolName: 'search', input: new Query('owls') }, ...run];
    expect(withInstance).toCallOnly([{ toolName: 'search', input: { q: 'cats', page: 1 } }, { toolName: 'search', input: { q: 'owls' } }, { toolName: 'search', input: { q: 'dogs' } }, 'book']);
    // Inputs that are not plain data on both sides, beside plain ones of the same name.
    const dated = [{ toolName: 'search', input: { q: 'x', at: new Date(0) } }, { toolName: 'search', input: { q: 'y' } }];
    expect(dated).toCallOnly([{ toolName: 'search', input: { q: 'y' } }, { toolName: 'search', input: { q: 'x', at: new Date(0) } }]);
    expect(passes(() => expect(dated).toCallOnly([{ toolName: 'search', input: { q: 'y' } }, { toolName: 'search', input: { q: 'x', at: new Date(1) } }]))).toBe(false);
  });

  it('fails naming what was not called and what was not expected', () => {
    const failure = failureOf(() => expect(runWithCalls('auth-tool', 'log-tool', 'fetch-tool')).toCallOnly(['fetch-tool', 'auth-tool', 'send-tool']));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallOnly(expected)

      Expected exactly these calls, in any order:
        1. fetch-tool
        2. auth-tool
        3. send-tool

      Received 3 tool calls:
        1. auth-tool   {}
        2. log-tool    {}
        3. fetch-tool  {}

      Not called: "send-tool" (expected 3rd).
      Not expected: call 2, "log-tool"."
    `);
    expect(failure.expected).toEqual(['fetch-tool', 'auth-tool', 'send-tool']);
    expect(failure.actual).toEqual(['fetch-tool', 'auth-tool', 'log-tool']);
  });

  it('.not fails when the calls are exactly these', () => {
    expect(runWithCalls('a', 'b')).not.toCallOnly(['a']);
    const failure = failureOf(() => expect(runWithCalls('a', 'b')).not.toCallOnly(['b', 'a']));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).not.toCallOnly(expected)

      Expected the calls not to be exactly these, in any order:
        1. b
        2. a

      Received 2 tool calls:
        1. a  {}
        2. b  {}"
    `);
  });

  it('throws matcher errors for bad arguments, also under .not', () => {
    expect(matcherErrorOf(() => expect(runWithCalls('a')).toCallOnly(undefined as never))).toContain('expected must be a tool name or { toolName, input }');
    expect(matcherErrorOf(() => expect(runWithCalls('a')).not.toCallOnly(['a', 7] as never))).toContain('expected[1] must be a tool name');
    expect(matcherErrorOf(() => expect('weather-tool').toCallOnly('weather-tool'))).toContain('received a string ("weather-tool")');
  });
});
