import { describe, expect, it } from 'vitest';
import { diffWindow, projected } from '../../src/format/projection.js';

describe('diffWindow over projected lists', () => {
  const numbers = (count: number) => Array.from({ length: count }, (_, index) => index);

  it('projects only the entries its window shows', () => {
    const read: number[] = [];
    const list = projected(numbers(100_000), (entry) => {
      read.push(entry);
      return `#${entry}`;
    });
    const { actual } = diffWindow([], list, 50_000);
    expect(actual).toEqual(['… 49997 earlier', ...numbers(40).map((offset) => `#${49_997 + offset}`), '… and 49963 more']);
    expect(read).toEqual(numbers(40).map((offset) => 49_997 + offset));
  });

  it('gives a short list whole, as arrays, the same from an array or a projection', () => {
    const entries = ['search', 'book'];
    expect(diffWindow(entries, projected(entries, (name, index) => `${index}:${name}`))).toEqual({
      expected: ['search', 'book'],
      actual: ['0:search', '1:book'],
    });
  });
});
