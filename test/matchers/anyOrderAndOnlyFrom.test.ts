/**
 * toCallToolsInAnyOrder (agentevals' superset) and toCallOnlyFrom (its subset): each a one-to-one
 * matching through the engine toCallOnly([…]) uses, covering the items or the calls.
 */
import { AIMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { check, sample } from '../../src/index.js';
import { ToolCallCheckError } from '../../src/errors.js';
import { loopSteps, sdks, makeTools } from '../fixtures/aiSdk.js';
import { failureOf, matcherErrorOf, passes } from '../helpers/failureOf.js';
import { runWithCalls } from '../helpers/runs.js';

const aiMessage = (...names: string[]) =>
  new AIMessage({ content: '', tool_calls: names.map((name, index) => ({ id: `call_${index}`, name, args: { n: index }, type: 'tool_call' as const })) });

describe('on real AI SDK tool loops (5, 6 and 7)', () => {
  it.each(sdks.map((sdk) => [sdk.name, sdk] as const))('%s: auth, then two fetches', async (_name, sdk) => {
    const result = await sdk.ai.generateText({ model: sdk.model(loopSteps), tools: makeTools(sdk), stopWhen: sdk.ai.stepCountIs(10), prompt: 'go' });
    expect(result).toCallToolsInAnyOrder(['fetch-tool', 'auth-tool']);
    expect(result).toCallToolsInAnyOrder([{ toolName: 'fetch-tool', input: { url: 'https://x.test/b' } }, 'fetch-tool']);
    expect(result).not.toCallToolsInAnyOrder(['fetch-tool', 'fetch-tool', 'fetch-tool']);
    expect(result).toCallOnlyFrom(['fetch-tool', 'fetch-tool', 'auth-tool', 'delete-tool']);
    expect(result).toCallOnlyFrom([{ toolName: 'fetch-tool', output: expect.objectContaining({ status: 200 }) }, 'fetch-tool', 'auth-tool']);
    expect(result).not.toCallOnlyFrom(['fetch-tool', 'auth-tool']);
  });
});

describe('toCallToolsInAnyOrder', () => {
  it('passes when every item has a call of its own, in any order, other calls allowed', () => {
    expect(runWithCalls('log', 'b', 'a', 'b')).toCallToolsInAnyOrder(['b', 'a', 'b']);
    expect(runWithCalls('b')).not.toCallToolsInAnyOrder(['b', 'b']);
  });

  it('an empty list, as for toCallToolsInOrder, expects no calls', () => {
    expect(runWithCalls()).toCallToolsInAnyOrder([]);
    expect(passes(() => expect(runWithCalls('a')).toCallToolsInAnyOrder([]))).toBe(false);
  });

  it('says which item found no call, and why', () => {
    const run = runWithCalls('auth-tool', 'log-tool', 'fetch-tool', { toolName: 'search', args: { q: 'dogs' } });
    const failure = failureOf(() => expect(run).toCallToolsInAnyOrder(['fetch-tool', 'auth-tool', 'send-tol', 'fetch-tool', { toolName: 'search', input: { q: 'cats' } }]));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInAnyOrder(expected)

      Expected these calls, in any order (other calls allowed):
        1. fetch-tool
        2. auth-tool
        3. send-tol
        4. fetch-tool
        5. search      {"q":"cats"}

      Received 4 tool calls:
        1. auth-tool   {}
        2. log-tool    {}
        3. fetch-tool  {}
        4. search      {"q":"dogs"}

      Not called: "send-tol" (expected 3rd).
      Not enough calls: "fetch-tool" (expected 4th). Each call that fits it matched another item.
      Called, but not with the expected input: "search" with input {"q":"cats"} (expected 5th)."
    `);
    // The diff: the items against the calls that matched them, and the call of a missing item's tool.
    expect(failure.expected).toEqual([{ toolName: 'fetch-tool' }, { toolName: 'auth-tool' }, { toolName: 'send-tol' }, { toolName: 'fetch-tool' }, { toolName: 'search', input: { q: 'cats' } }]);
    expect(failure.actual).toEqual([{ toolName: 'fetch-tool' }, { toolName: 'auth-tool' }, { toolName: 'search', input: { q: 'dogs' } }]);
  });

  it('.not fails when every item has its call, naming them', () => {
    const failure = failureOf(() => expect(runWithCalls('a', 'x', 'b')).not.toCallToolsInAnyOrder(['b', 'a']));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).not.toCallToolsInAnyOrder(expected)

      Expected these calls not all to be made, in any order (other calls allowed):
        1. b
        2. a

      Received 3 tool calls:
        1. a  {}
        2. x  {}
        3. b  {}

      They were made as calls 3, 1."
    `);
  });

  it('.not of one item says the one call it was made as', () => {
    expect(failureOf(() => expect(runWithCalls('a', 'b')).not.toCallToolsInAnyOrder(['b'])).message).toMatch(/\n\nIt was made as call 2\.$/);
  });

  it('.not on a long list names the first ten calls', () => {
    const names = Array.from({ length: 12 }, (_, index) => `t${index}`);
    const failure = failureOf(() => expect(runWithCalls(...names)).not.toCallToolsInAnyOrder([...names].reverse()));
    expect(failure.message).toContain('They were made as calls 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, … and 2 more.');
  });

  it('toCallOnly([…]) says the same of an item whose calls all went to other items', () => {
    expect(failureOf(() => expect(runWithCalls('search')).toCallOnly(['search', 'search'])).message).toContain(
      'Not enough calls: "search" (expected 2nd). Each call that fits it matched another item.',
    );
  });

  it('throws matcher errors for bad arguments, also under .not', () => {
    expect(matcherErrorOf(() => expect(runWithCalls('a')).toCallToolsInAnyOrder('a' as never))).toContain('expected must be an array of tool names or { toolName, input }');
    expect(matcherErrorOf(() => expect(runWithCalls('a')).not.toCallToolsInAnyOrder(['a', 7] as never))).toContain('expected[1] must be a tool name');
    expect(matcherErrorOf(() => expect({ nope: 1 }).not.toCallToolsInAnyOrder(['a']))).toContain('which is not an agent run');
  });
});

describe('toCallOnlyFrom', () => {
  it('passes when every call has an item of its own; items may go unused', () => {
    expect(runWithCalls('b', 'a')).toCallOnlyFrom(['a', 'b', 'c']);
    expect(runWithCalls()).toCallOnlyFrom(['a']);
    expect(runWithCalls()).toCallOnlyFrom([]);
    // One item per call: two calls to a tool need two items for it.
    expect(runWithCalls('a', 'a')).not.toCallOnlyFrom(['a', 'b']);
  });

  it('says which call found no item, and why', () => {
    const run = runWithCalls('auth-tool', 'log-tool', 'fetch-tool', 'fetch-tool', { toolName: 'search', args: { q: 'dogs' } });
    const failure = failureOf(() => expect(run).toCallOnlyFrom(['fetch-tool', 'auth-tool', 'lg-tool', { toolName: 'search', input: { q: 'cats' } }]));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallOnlyFrom(expected)

      Expected every call to be one of these, each matching one call at most (some may go unused):
        1. fetch-tool
        2. auth-tool
        3. lg-tool
        4. search      {"q":"cats"}

      Received 5 tool calls:
        1. auth-tool   {}
        2. log-tool    {}
        3. fetch-tool  {}
        4. fetch-tool  {}
        5. search      {"q":"dogs"}

      Not expected: call 2, "log-tool". "lg-tool" was never called. Did you mean "log-tool"?
      More calls than items: call 4, "fetch-tool". Each item that fits it matched another call.
      No item with its input: call 5, "search" {"q":"dogs"}."
    `);
    // The diff: the calls against the items that matched them, then an unused item of a left-over call's tool.
    expect(failure.actual).toHaveLength(5);
    expect(failure.expected).toEqual([{ toolName: 'auth-tool' }, { toolName: 'fetch-tool' }, { toolName: 'search', input: { q: 'cats' } }]);
  });

  it('.not fails when every call has its item', () => {
    const failure = failureOf(() => expect(runWithCalls('a', 'b')).not.toCallOnlyFrom(['b', 'a', 'c']));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).not.toCallOnlyFrom(expected)

      Expected some call beyond these (each matches one call at most):
        1. b
        2. a
        3. c

      Received 2 tool calls:
        1. a  {}
        2. b  {}"
    `);
  });
});

describe('read with hostile data, as a user reads them', () => {
  it('names with newlines and escape codes stay one escaped line; a 200 kB name is cut', () => {
    const run = [aiMessage('search\nFAKE: all good', '\u001b[32mbook\u001b[0m', 'x'.repeat(200_000))];
    for (const assertion of [() => expect(run).toCallOnlyFrom(['search']), () => expect(run).toCallToolsInAnyOrder(['search', 'x'.repeat(200_000)])]) {
      const failure = failureOf(assertion);
      expect(failure.message).not.toMatch(/\u001b|\nFAKE/);
      expect(failure.message.length).toBeLessThan(2_000);
      expect(JSON.stringify(failure.actual).length).toBeLessThan(400);
    }
    expect(failureOf(() => expect(run).toCallOnlyFrom(['search'])).message).toContain(
      'Not expected: call 1, "search\\nFAKE: all good"; call 2, "\\u001b[32mbook\\u001b[0m"; call 3, "' + 'x'.repeat(64) + '"… (200000 characters).',
    );
  });

  it('100 calls: the list is cut around the first call left over, and each list of reasons stops at ten', () => {
    const names = Array.from({ length: 100 }, (_, index) => (index >= 60 ? `extra-${index}` : 'step'));
    const failure = failureOf(() => expect([aiMessage(...names)]).toCallOnlyFrom(Array.from({ length: 60 }, () => 'step')));
    expect(failure.message).toContain('\n  61. extra-60  {"n":60}\n');
    expect(failure.message).toContain('Not expected: call 61, "extra-60"; call 62, "extra-61"; ');
    expect(failure.message).toContain('call 70, "extra-69"; … and 30 more.');
    expect(failure.message.split('\n').length).toBeLessThan(120);
    const missing = failureOf(() => expect([aiMessage(...names)]).toCallToolsInAnyOrder(Array.from({ length: 100 }, () => 'step')));
    // The expected list, cut, keeps the first item left without a call in view.
    expect(missing.message).toContain('\n  … 47 more\n  58. step\n  59. step\n  60. step\n  61. step\n');
    expect(missing.message).toContain('Not enough calls: "step" (expected 61st); "step" (expected 62nd);');
    expect(missing.message).toContain('… and 30 more. Each call that fits them matched another item.');
  });
});

describe('check(run) and samples', () => {
  it('check(run) has both, .not included', () => {
    const run = runWithCalls('a', 'b');
    check(run).toCallToolsInAnyOrder(['b']);
    check(run).not.toCallOnlyFrom(['b']);
    expect(() => check(run).toCallOnlyFrom(['b'])).toThrow(ToolCallCheckError);
    expect(() => check(run).toCallOnlyFrom(['b'])).toThrow('Not expected: call 1, "a".');
  });

  it('a sample passes on the share of its runs that pass, and checks the arguments once', async () => {
    const runs = await sample([runWithCalls('a', 'b'), runWithCalls('b'), runWithCalls('a', 'c')], { minPassRate: 0.6 });
    expect(runs).toCallToolsInAnyOrder(['a']);
    expect(runs).toCallOnlyFrom(['a', 'b']);
    expect(failureOf(() => expect(runs).toCallOnlyFrom(['b'])).message).toContain('Not expected: call 1, "a".');
    expect(matcherErrorOf(() => expect(runs).toCallToolsInAnyOrder([7] as never))).toContain('expected[0] must be a tool name');
  });
});
