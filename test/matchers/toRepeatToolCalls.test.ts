import { describe, expect, it } from 'vitest';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';
import { flakySteps, loopOf, loopVariants, mastraAgentRun, retrySteps, sdks, tracedRun } from '../helpers/outcomeRuns.js';
import { sample } from '../../src/sample/sample.js';

const ai7 = sdks.find((sdk) => sdk.name === 'ai7')!;

describe.each(sdks)('toRepeatToolCalls on $name tool loops', (sdk) => {
  it('search called twice in a row with the same input is a repeat; with a call between, only for { consecutive: false }', async () => {
    for (const { variant, run } of await loopVariants(sdk, retrySteps)) expect(run, variant).toRepeatToolCalls();
    for (const { variant, run } of await loopVariants(sdk, flakySteps)) {
      // lookup is retried with other inputs; search repeats call 1 only after the lookups.
      expect(run, variant).not.toRepeatToolCalls();
      expect(run, variant).toRepeatToolCalls({ consecutive: false });
    }
  });
});

describe('toRepeatToolCalls', () => {
  it('names each repeat and the call it repeats (ai@7)', async () => {
    const run = await loopOf(ai7, retrySteps);
    expect(failureOf(() => expect(run).not.toRepeatToolCalls()).message).toMatchInlineSnapshot(`
      "expect(run).not.toRepeatToolCalls()

      Expected no call to repeat the call just before it (same tool, equal input), but 1 call does:
        call 4: "search" {"q":"cats"} repeats call 3

      Received 4 tool calls:
        1. lookup  {"url":"https://x.test/bad"} (failed)
        2. lookup  {"url":"https://x.test/good"}
        3. search  {"q":"cats"}
        4. search  {"q":"cats"}"
    `);
    const flaky = await loopOf(ai7, flakySteps);
    expect(failureOf(() => expect(flaky).not.toRepeatToolCalls({ consecutive: false })).message).toMatchInlineSnapshot(`
      "expect(run).not.toRepeatToolCalls({ consecutive: false })

      Expected no call to repeat an earlier call (same tool, equal input), but 1 call does:
        call 6: "search" {"q":"cats"} repeats call 1

      Received 6 tool calls:
        1. search  {"q":"cats"}
        2. lookup  {"url":"https://x.test/bad/1"} (failed)
        3. lookup  {"url":"https://x.test/bad/2"} (failed)
        4. lookup  {"url":"https://x.test/bad/3"} (failed)
        5. lookup  {"url":"https://x.test/good"}
        6. search  {"q":"cats"}"
    `);
    expect(failureOf(() => expect(flaky).toRepeatToolCalls()).message).toMatchInlineSnapshot(`
      "expect(run).toRepeatToolCalls()

      Expected some call to repeat the call just before it (same tool, equal input), but none does.

      Received 6 tool calls:
        1. search  {"q":"cats"}
        2. lookup  {"url":"https://x.test/bad/1"} (failed)
        3. lookup  {"url":"https://x.test/bad/2"} (failed)
        4. lookup  {"url":"https://x.test/bad/3"} (failed)
        5. lookup  {"url":"https://x.test/good"}
        6. search  {"q":"cats"}"
    `);
  });

  it('inputs compare with the runner equality: key order does not matter, undefined keys are ignored, other values differ', () => {
    expect([
      { toolName: 'a', input: { x: 1, y: 2 } },
      { toolName: 'a', input: { y: 2, x: 1, z: undefined } },
    ]).toRepeatToolCalls();
    expect([
      { toolName: 'a', input: { x: 1 } },
      { toolName: 'b', input: { x: 1 } },
      { toolName: 'a', input: { x: 2 } },
    ]).not.toRepeatToolCalls({ consecutive: false });
    // Not plain data: compared by the runner, not keyed.
    expect([
      { toolName: 'a', input: new Date(0) },
      { toolName: 'b', input: {} },
      { toolName: 'a', input: new Date(0) },
    ]).toRepeatToolCalls({ consecutive: false });
  });

  it('an ai@7 trace through @ai-sdk/otel, and a real Mastra agent', async () => {
    expect(await tracedRun()).toRepeatToolCalls();
    expect(await mastraAgentRun()).toRepeatToolCalls();
  });

  it('100,000 distinct calls, and then one repeat far back, without comparing every pair', () => {
    const calls = Array.from({ length: 100_000 }, (_, index) => ({ toolName: `t${index % 7}`, input: { n: index } }));
    const started = performance.now();
    expect(calls).not.toRepeatToolCalls({ consecutive: false });
    calls.push({ toolName: 't0', input: { n: 7 } });
    expect(calls).toRepeatToolCalls({ consecutive: false });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('over sample(...)', async () => {
    const runs = await sample(() => loopOf(ai7, retrySteps), { n: 2 });
    expect(failureOf(() => expect(runs).not.toRepeatToolCalls()).message).toContain('Passed in 0 of 2 runs');
  });

  it.each([
    [{ consecutive: 'no' }, 'options.consecutive must be true or false; received "no".'],
    [{ consecutve: false }, 'options: unknown option "consecutve". Known: consecutive. Did you mean "consecutive"?'],
    [false, 'options must be { consecutive: boolean }; received boolean false.'],
  ])('bad options %j are matcher errors, .not included', (options, text) => {
    for (const call of [() => expect([]).toRepeatToolCalls(options as never), () => expect([]).not.toRepeatToolCalls(options as never)]) {
      expect(matcherErrorOf(call)).toContain(text);
      expect(call).toThrow(TypeError);
    }
    // The hint names the argument the message is about.
    expect(matcherErrorOf(() => expect([]).toRepeatToolCalls(options as never)).split('\n')[0]).toBe('expect(run).toRepeatToolCalls(options)');
  });

  it('a custom equality tester applies', () => {
    const caseless = (a: unknown, b: unknown) => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : undefined);
    // Registered for the rest of this file: this test comes last.
    expect.addEqualityTesters([caseless]);
    expect([
      { toolName: 'a', input: 'Cats' },
      { toolName: 'b', input: '' },
      { toolName: 'a', input: 'cats' },
    ]).toRepeatToolCalls({ consecutive: false });
  });
});
