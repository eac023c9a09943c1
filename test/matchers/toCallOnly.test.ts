import { describe, expect, it } from 'vitest';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';
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
