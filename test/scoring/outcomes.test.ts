import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorMessageOf, failedAttempts, findRepeats, outcomeMatches, outcomeOf, withinBounds } from '../../src/scoring/outcomes.js';
import type { ToolCall } from '../../src/types.js';
import { toolName } from '../helpers/arbitraries.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ok = (name: string, input: unknown = {}): ToolCall => ({ toolName: name, input, output: 'ok' });
const failed = (name: string, input: unknown = {}): ToolCall => ({ toolName: name, input, error: 'boom' });
const pending = (name: string, input: unknown = {}): ToolCall => ({ toolName: name, input });

describe('what a call came to', () => {
  it('an error is a failure even beside an output; a result alone is a success; neither is no result', () => {
    expect(outcomeOf({ ...ok('a'), error: new Error('x') })).toBe('failed');
    expect(outcomeOf(ok('a'))).toBe('succeeded');
    expect(outcomeOf(pending('a'))).toBe('no result');
    expect(outcomeOf({ toolName: 'a', input: {}, approval: 'denied' })).toBe('no result');
  });

  it('the error message: text, an Error, a { message } record; none for an Error after JSON', () => {
    expect(errorMessageOf('down')).toBe('down');
    expect(errorMessageOf(new Error('down'))).toBe('down');
    expect(errorMessageOf({ message: 'down', code: 'TOOL_EXECUTION_FAILED' })).toBe('down');
    expect(errorMessageOf(JSON.parse(JSON.stringify(new Error('down'))))).toBeUndefined();
    expect(errorMessageOf(42)).toBeUndefined();
    const hostile = new Proxy({}, { get: () => { throw new Error('trap'); } });
    expect(errorMessageOf(hostile)).toBeUndefined();
  });

  it('error patterns: contains, RegExp (a global one from its start each time), matcher', () => {
    const call = failed('a');
    const global = /bo/g;
    expect([outcomeMatches(call, { error: global }, same), outcomeMatches(call, { error: global }, same)]).toEqual([true, true]);
    expect(outcomeMatches(call, { error: 'oo' }, same)).toBe(true);
    expect(outcomeMatches(call, { error: 'x' }, same)).toBe(false);
    expect(outcomeMatches(ok('a'), { error: 'o' }, same)).toBe(false);
    expect(outcomeMatches(call, { error: false }, same)).toBe(false);
    expect(outcomeMatches(pending('a'), { error: false }, same)).toBe(false);
    expect(outcomeMatches(pending('a'), { error: true }, same)).toBe(false);
    // A failed call's output does not count as its result.
    expect(outcomeMatches({ ...call, output: 'ok' }, { output: { value: 'ok' } }, same)).toBe(false);
  });
});

describe('failedAttempts', () => {
  it('groups a tool’s failures up to its next call, across calls to other tools', () => {
    const calls = [failed('a'), ok('b'), failed('a'), ok('a'), failed('b'), pending('b'), failed('c')];
    expect(failedAttempts(calls, 0)).toEqual([
      { failed: [0, 2], next: 3, recovered: true, forgiven: false },
      { failed: [4], next: 5, recovered: false, forgiven: false },
      { failed: [6], next: -1, recovered: false, forgiven: false },
    ]);
    expect(failedAttempts(calls, 2)[0]!.forgiven).toBe(true);
    expect(failedAttempts(calls, 1)[0]!.forgiven).toBe(false);
  });

  it('every failed call is in exactly one group, and a group is forgiven only when it recovered within the retries', () => {
    const call = fc.record({ toolName, outcome: fc.constantFrom('ok', 'failed', 'pending') }).map(({ toolName: name, outcome }) =>
      outcome === 'ok' ? ok(name) : outcome === 'failed' ? failed(name) : pending(name),
    );
    fc.assert(
      fc.property(fc.array(call, { maxLength: 12 }), fc.nat(4), (calls, retries) => {
        const groups = failedAttempts(calls, retries);
        const listed = groups.flatMap((group) => group.failed).sort((a, b) => a - b);
        expect(listed).toEqual(calls.flatMap((entry, index) => (entry.error !== undefined ? [index] : [])));
        for (const group of groups) {
          expect(group.forgiven).toBe(group.recovered && group.failed.length <= retries);
          if (group.next !== -1) expect(calls[group.next]!.toolName).toBe(calls[group.failed[0]!]!.toolName);
        }
      }),
    );
  });
});

describe('findRepeats', () => {
  const brute = (calls: readonly ToolCall[], consecutive: boolean) =>
    calls.flatMap((entry, index) => {
      const earlier = consecutive ? (index > 0 ? [index - 1] : []) : Array.from({ length: index }, (_, other) => other);
      const repeats = earlier.find((other) => calls[other]!.toolName === entry.toolName && same(calls[other]!.input, entry.input));
      return repeats === undefined ? [] : [{ call: index, repeats }];
    });

  it('calls with and without a hash find what comparing every pair finds', () => {
    const call = fc.record({ toolName, input: fc.constantFrom(1, 2, 3), keyed: fc.boolean() });
    fc.assert(
      fc.property(fc.array(call, { maxLength: 14 }), fc.boolean(), (entries, consecutive) => {
        const calls = entries.map(({ toolName: name, input }) => pending(name, input));
        const hash = (index: number) => (entries[index]!.keyed ? (entries[index]!.input as number) : undefined);
        const sameInput = (a: number, b: number) => calls[a]!.input === calls[b]!.input;
        expect(findRepeats(calls, consecutive, { sameInput, hash })).toEqual(brute(calls, consecutive));
        expect(findRepeats(calls, consecutive, { sameInput })).toEqual(brute(calls, consecutive));
      }),
    );
  });
});

describe('withinBounds', () => {
  it('inclusive on both ends', () => {
    expect([0, 1, 2, 3, 4].map((count) => withinBounds(count, { min: 1, max: 3 }))).toEqual([false, true, true, true, false]);
    expect(withinBounds(0, { max: 0 })).toBe(true);
    expect(withinBounds(2, { exactly: 2 })).toBe(true);
  });
});
