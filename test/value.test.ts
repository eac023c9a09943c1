import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInline, groupDigits, ordinal } from '../src/value.js';
import { didYouMean } from '../src/suggest.js';

describe('formatInline', () => {
  it('prints asymmetric matchers as themselves, also inside objects', () => {
    expect(formatInline({ city: expect.stringContaining('Bergen'), unit: 'C' })).toBe('{"city":StringContaining "Bergen","unit":"C"}');
    expect(formatInline(expect.objectContaining({ a: 1 }))).toBe('ObjectContaining {"a":1}');
  });

  it('never throws: cycles, bigints, functions, errors, throwing getters', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    expect(formatInline(cyclic)).toBe('{"name":"x","self":"[Circular]"}');
    expect(formatInline({ n: 10n, f() {}, e: new RangeError('bad') })).toBe('{"n":"10n","f":"[Function]","e":"RangeError: bad"}');
    const hostile = { get boom() { throw new Error('no'); } };
    expect(formatInline(hostile)).toBe('[object Object]');
    expect(formatInline(undefined)).toBe('undefined');
  });

  it('prints a value shared by two fields twice: only a cycle is [Circular]', () => {
    const place = { city: 'Oslo' };
    expect(formatInline({ from: place, to: place, stops: [place] }, 200)).toBe('{"from":{"city":"Oslo"},"to":{"city":"Oslo"},"stops":[{"city":"Oslo"}]}');
    const node: Record<string, unknown> = { id: 1 };
    node.children = [{ id: 2, parent: node }, { id: 3, parent: node }];
    expect(formatInline(node, 200)).toBe('{"id":1,"children":[{"id":2,"parent":"[Circular]"},{"id":3,"parent":"[Circular]"}]}');
  });

  it('prints the top of a value nested too deep to print whole (200,000 levels)', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 200_000; level++) deep = { d: deep };
    expect(formatInline(deep, 30)).toBe('{"d":{"d":{"d":{"d":{"d":{"d"…');
    let shallow: unknown = 'bottom';
    for (let level = 0; level < 40; level++) shallow = [shallow];
    expect(formatInline(shallow, 200)).toBe(`${'['.repeat(40)}"bottom"${']'.repeat(40)}`);
  });

  it('with sortKeys, writes every object\'s keys sorted, keeping arrays, cycles, shared values and matchers as they are', () => {
    const place = { city: 'Oslo', at: 1 };
    const cyclic: Record<string, unknown> = { z: [place, place], a: { y: expect.any(String), b: 2 } };
    cyclic.m = cyclic;
    expect(formatInline(cyclic, 200, { sortKeys: true })).toBe('{"a":{"b":2,"y":Any<String>},"m":"[Circular]","z":[{"at":1,"city":"Oslo"},{"at":1,"city":"Oslo"}]}');
    // The same value, its keys in any order, writes the same text.
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const reversed = Object.fromEntries(Object.entries(value).reverse());
        expect(formatInline(reversed, 10_000, { sortKeys: true })).toBe(formatInline(value, 10_000, { sortKeys: true }));
      }),
    );
    expect(formatInline(JSON.parse('{"z":1,"__proto__":{"x":2}}'), 200, { sortKeys: true })).toBe('{"__proto__":{"x":2},"z":1}');
    let deep: unknown = 'bottom';
    for (let level = 0; level < 200_000; level++) deep = { d: deep };
    expect(formatInline(deep, 30, { sortKeys: true })).toBe('{"d":{"d":{"d":{"d":{"d":{"d"…');
  });

  it('cuts long values to one line of the given width', () => {
    const text = formatInline({ text: 'a'.repeat(500) }, 40);
    expect(text).toHaveLength(40);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('ordinal and didYouMean', () => {
  it('writes English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']);
  });

  it('suggests a close called name, and nothing for a far one', () => {
    expect(didYouMean('weather_tool', ['search-tool', 'weather-tool'])).toBe(' Did you mean "weather-tool"?');
    expect(didYouMean('WeatherTool', ['weather-tool'])).toBe(' Did you mean "weather-tool"?');
    expect(didYouMean('book-flight', ['search', 'email'])).toBe('');
    expect(didYouMean('x', [])).toBe('');
    // One letter away from a one- or two-letter name is not a typo, just another name.
    expect(didYouMean('c', ['a', 'b'])).toBe('');
    expect(didYouMean('ab', ['cd'])).toBe('');
    expect(didYouMean('serch', ['search'])).toBe(' Did you mean "search"?');
  });
});

describe('groupDigits', () => {
  it('writes what Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }) writes, without loading Intl at import', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
    expect([0, 7, 999, 1000, 20_000, 1_234_567, 12.5, 1234.5, 0.1].map(groupDigits)).toEqual(['0', '7', '999', '1,000', '20,000', '1,234,567', '12.5', '1,234.5', '0.1']);
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 9 }), (whole, tenth) => {
      const value = whole + Math.sign(whole || 1) * tenth / 10;
      expect(groupDigits(value)).toBe(intl.format(value));
    }));
  });
});
