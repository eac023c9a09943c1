/**
 * Names and inputs compare as `toEqual` compares: `Map`s and `Set`s by content, asymmetric matchers
 * and custom equality testers everywhere, in every matcher. (Its own file: a registered tester
 * stays registered for the rest of the file.)
 */
import { describe, expect, it } from 'vitest';
import { passes } from '../helpers/failureOf.js';

const run = [
  { toolName: 'tag', input: { tags: new Set(['a', 'b']), meta: new Map([['k', 1]]) } },
  { toolName: 'weather-tool', input: { city: 'Oslo' } },
];

describe('Map and Set inputs compare by content', () => {
  it.each<[string, () => void]>([
    ['toCallTool', () => expect(run).toCallTool('tag', { tags: new Set(['x']), meta: new Map([['k', 1]]) })],
    ['toCallTool (Map)', () => expect(run).toCallTool('tag', { tags: new Set(['a', 'b']), meta: new Map([['k', 2]]) })],
    ['toCallOnly', () => expect(run).toCallOnly([{ toolName: 'tag', input: { tags: new Set(), meta: new Map() } }, 'weather-tool'])],
    ['toCallToolsInOrder', () => expect(run).toCallToolsInOrder([{ toolName: 'tag', input: { tags: new Set(['b', 'c']), meta: new Map([['k', 1]]) } }])],
  ])('%s: a different Map or Set does not match', (_, assertion) => {
    expect(passes(assertion)).toBe(false);
  });

  it('equal ones match, in any order of their items, with asymmetric matchers inside', () => {
    expect(run).toCallTool('tag', { tags: new Set(['b', 'a']), meta: new Map([['k', expect.any(Number)]]) });
    expect(run).toCallOnly([{ toolName: 'tag', input: { tags: new Set(['a', 'b']), meta: new Map([['k', 1]]) } }, 'weather-tool']);
    expect(run).not.toCallTool('tag', { tags: new Set(['a']), meta: new Map([['k', 1]]) });
  });
});

describe('custom equality testers apply to names as well as inputs, in every matcher', () => {
  it('before a tester is registered, names differing in case do not match', () => {
    expect(passes(() => expect(run).toCallTool('WEATHER-TOOL'))).toBe(false);
  });

  it('once registered, it decides names and inputs', () => {
    expect.addEqualityTesters([
      (a: unknown, b: unknown) => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : undefined),
    ]);
    expect(run).toCallTool('WEATHER-TOOL', { city: 'OSLO' });
    expect(run).toCallToolTimes('WEATHER-TOOL', 1);
    expect(run).toCallOnly(['TAG', 'Weather-Tool']);
    expect(run).toCallToolsInOrder(['Tag', 'WEATHER-TOOL'], { strict: true });
    expect(run.slice(1)).toCallOnly('weather-TOOL');
    // Inputs that are plain data are not grouped by value then: the tester may equate different ones.
    expect(run.slice(1)).toCallOnly([{ toolName: 'weather-tool', input: { city: 'OSLO' } }]);
    expect([...run.slice(1), { toolName: 'weather-tool', input: { city: 'oslo' } }]).toCallOnly([
      { toolName: 'Weather-Tool', input: { city: 'OSLO' } },
      { toolName: 'weather-tool', input: { city: 'Oslo' } },
    ]);
    // Explaining a failure uses the same equality: the name matched, the input did not.
    expect(() => expect(run).toCallTool('WEATHER-TOOL', { city: 'Bergen' })).toThrow('"WEATHER-TOOL" was called once, but never with the expected input.');
  });
});
