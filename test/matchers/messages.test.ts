/**
 * Failure messages read by a person, with hostile data: a tool name is text a model wrote.
 */
import { AIMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';

const aiMessage = (...names: string[]) =>
  new AIMessage({ content: '', tool_calls: names.map((name, index) => ({ id: `call_${index}`, name, args: { n: index }, type: 'tool_call' as const })) });

describe('a tool name is data', () => {
  it('a newline or an ANSI sequence in a name is shown escaped: it adds no line and no colour', () => {
    const run = [aiMessage('search\nFAKE: all good', '\u001b[32mbook\u001b[0m', 'rtl\u202etxt')];
    const failure = failureOf(() => expect(run).toCallOnly(['search', 'book']));
    expect(failure.message).not.toMatch(/\u001b|\u202e/);
    expect(failure.message.split('\n').filter((line) => line.includes('FAKE'))).toEqual([
      '  1. search\\nFAKE: all good   {"n":0}',
      'Not expected: call 1, "search\\nFAKE: all good"; call 2, "\\u001b[32mbook\\u001b[0m"; call 3, "rtl\\u202etxt".',
    ]);
    // The diff shows the same escaped names.
    expect(failure.actual).toEqual(['search\\nFAKE: all good', '\\u001b[32mbook\\u001b[0m', 'rtl\\u202etxt']);
  });

  it('a 200 kB name is cut, in the list, the divergence and the diff', () => {
    const huge = 'x'.repeat(200_000);
    const run = [aiMessage(huge)];
    const failure = failureOf(() => expect(run).toCallToolsInOrder(['search'], { strict: true }));
    expect(failure.message.length).toBeLessThan(1_000);
    expect(failure.message).toContain(`"${'x'.repeat(64)}"… (200000 characters)`);
    expect(failureOf(() => expect(run).not.toCallTool(huge)).message.length).toBeLessThan(1_000);
    expect(JSON.stringify(failure.actual).length).toBeLessThan(200);
  });
});

describe('what the messages say', () => {
  const run = [aiMessage('search', 'weather', 'search')];

  it('asymmetric matchers print as the runner prints them', () => {
    const failure = failureOf(() => expect(run).toCallTool(expect.stringMatching(/^book/), { n: 1 }));
    expect(failure.message).toContain('Expected a call to StringMatching /^book/ with input {"n":1}');
    expect(failure.message).toContain('StringMatching /^book/ was never called.');
    expect(failureOf(() => expect(run).toCallTool('weather', { q: expect.stringMatching(/x/) })).message).toContain('with input {"q":StringMatching /x/}');
  });

  it('toCallToolTimes(name, 0) reads naturally, both ways', () => {
    expect(failureOf(() => expect(run).toCallToolTimes('search', 0)).message).toContain('Expected "search" not to be called, but it was called 2 times.');
    expect(failureOf(() => expect(run).not.toCallToolTimes('book', 0)).message).toContain('Expected "book" to be called, but it was never called.');
  });

  it('a name that was called with another input gets no "Did you mean"', () => {
    const message = failureOf(() => expect(run).toCallOnly([{ toolName: 'weather', input: { n: 9 } }, 'search', 'search'])).message;
    expect(message).toContain('Called, but not with the expected input: "weather" with input {"n":9} (expected 1st).');
    expect(message).not.toContain('Did you mean');
  });

  it('a cut call list keeps the first divergence in view', () => {
    const names = Array.from({ length: 100 }, (_, index) => (index === 56 ? 'oops' : 'step'));
    const failure = failureOf(() => expect([aiMessage(...names)]).toCallToolsInOrder(Array.from({ length: 100 }, () => 'step'), { strict: true }));
    expect(failure.message).toContain('First difference at call 57: expected "step", received "oops".');
    expect(failure.message).toContain('\n  57. oops  {"n":56}\n');
    expect(failure.message).toContain('  … 43 more');
    expect(failure.message).toContain('  … and 40 more');
    // The expected list too.
    expect(failure.message).toContain('\n  57. step\n');
  });

  it('a call at an approval gate says where it stands', () => {
    const ui = [
      { id: 'a', role: 'assistant', parts: [{ type: 'tool-delete', toolCallId: 'd1', state: 'output-denied', input: { id: 7 }, approval: { id: 'p', approved: false } }] },
    ];
    expect(failureOf(() => expect(ui).not.toCallTool('delete')).message).toContain('1. delete  {"id":7} (denied by the user)');
  });
});

describe('the stack of a matcher error ends at the test', () => {
  it('its first frame outside the runner is this file, not the package', () => {
    let stack = '';
    try {
      expect({ not: 'a run' }).toCallTool('x');
    } catch (error) {
      stack = (error as Error).stack ?? '';
    }
    expect(matcherErrorOf(() => expect({ not: 'a run' }).not.toCallNoTools())).toContain('not an agent run');
    const frames = stack.split('\n').filter((line) => line.trimStart().startsWith('at ') && !/node_modules|node:/.test(line));
    expect(frames[0]).toContain('messages.test.ts');
    expect(stack).not.toMatch(/src[\\/](matchers|calls)[\\/]/);
  });
});
