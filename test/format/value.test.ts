import { describe, expect, it } from 'vitest';
import { formatInline, ordinal } from '../../src/format/value.js';
import { didYouMean } from '../../src/format/suggest.js';

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
  });
});
