import { describe, expect, it } from 'vitest';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';
import { runWithCalls } from '../helpers/runs.js';

const run = runWithCalls(
  { toolName: 'search-tool', args: { query: 'weather in New York' } },
  { toolName: 'weather-tool', args: { location: 'New York', unit: 'F' } },
);

describe('toCallTool', () => {
  it('passes when the tool was called, with or without a matching input', () => {
    expect(run).toCallTool('weather-tool');
    expect(run).toCallTool('weather-tool', { location: 'New York', unit: 'F' });
  });

  it('fails when the tool was never called, suggesting the closest name', () => {
    const failure = failureOf(() => expect(run).toCallTool('weather_tool'));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName)

      Expected a call to "weather_tool"

      Received 2 tool calls:
        1. search-tool   {"query":"weather in New York"}
        2. weather-tool  {"location":"New York","unit":"F"}

      "weather_tool" was never called. Did you mean "weather-tool"?"
    `);
    // Nothing to diff: a name against the list of names would compare two different types.
    expect(failure.expected).toBeUndefined();
    expect(failure.actual).toBeUndefined();
  });

  it('fails when the tool was called with another input, and diffs the inputs', () => {
    const failure = failureOf(() => expect(run).toCallTool('weather-tool', { location: 'Boston', unit: 'F' }));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName, input)

      Expected a call to "weather-tool" with input {"location":"Boston","unit":"F"}

      Received 2 tool calls:
        1. search-tool   {"query":"weather in New York"}
        2. weather-tool  {"location":"New York","unit":"F"}

      "weather-tool" was called once, but never with the expected input."
    `);
    expect(failure.expected).toEqual({ location: 'Boston', unit: 'F' });
    expect(failure.actual).toEqual({ location: 'New York', unit: 'F' });
  });

  it('.not passes when the tool was not called, and fails naming the matching calls', () => {
    expect(run).not.toCallTool('calendar-tool');
    expect(run).not.toCallTool('weather-tool', { location: 'Boston' });
    const failure = failureOf(() => expect(run).not.toCallTool('weather-tool'));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).not.toCallTool(toolName)

      Expected no call to "weather-tool"

      Received 2 tool calls:
        1. search-tool   {"query":"weather in New York"}
        2. weather-tool  {"location":"New York","unit":"F"}

      Matching call: 2"
    `);
    expect(failure.actual).toBeUndefined();
  });

  it('accepts asymmetric matchers for the name and inside the input', () => {
    expect(run).toCallTool('weather-tool', { location: expect.stringContaining('New'), unit: expect.any(String) });
    expect(run).toCallTool('weather-tool', expect.objectContaining({ unit: 'F' }));
    expect(run).toCallTool(expect.stringMatching(/^weather/));
    expect(run).not.toCallTool('weather-tool', expect.objectContaining({ unit: 'C' }));
  });

  it('throws a matcher error for a bad tool name or a value that is not a run, also under .not', () => {
    expect(matcherErrorOf(() => expect(run).toCallTool(''))).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName)

      Matcher error: toolName must be a non-empty tool name, e.g. 'search-tool'; received an empty string."
    `);
    expect(matcherErrorOf(() => expect(run).not.toCallTool(42 as unknown as string))).toContain('toolName must be a non-empty tool name');
    const notARun = matcherErrorOf(() => expect({ foo: 1, bar: 2 }).toCallTool('x'));
    expect(notARun).toContain('Matcher error: received an object with keys { foo, bar }, which is not an agent run');
    expect(notARun).toContain('Accepted shapes:');
    expect(matcherErrorOf(() => expect(undefined).not.toCallTool('x'))).toContain('received undefined');
  });

  // Last, as a registered tester stays for the rest of the file.
  it('uses custom equality testers for names and inputs', () => {
    expect(run).not.toCallTool('WEATHER-TOOL', { location: 'new york', unit: 'f' });
    expect.addEqualityTesters([
      (a: unknown, b: unknown) => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : undefined),
    ]);
    expect(run).toCallTool('WEATHER-TOOL', { location: 'new york', unit: 'f' });
  });
});
