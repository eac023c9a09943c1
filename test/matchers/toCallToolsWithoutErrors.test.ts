import { describe, expect, it } from 'vitest';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';
import { flakySteps, loopOf, loopVariants, mastraAgentRun, mastraRun, retrySteps, sdks, tracedRun } from '../helpers/outcomeRuns.js';
import { anthropicFixtures } from '../fixtures/anthropic.js';
import { langchainFixtures } from '../fixtures/langchain.js';
import { openaiFixtures } from '../fixtures/openai.js';
import { sample } from '../../src/sample/sample.js';

const ai7 = sdks.find((sdk) => sdk.name === 'ai7')!;
const fixture = (fixtures: ReadonlyArray<{ name: string; run: unknown }>, name: string) => fixtures.find((entry) => entry.name === name)!.run;

describe.each(sdks)('toCallToolsWithoutErrors on $name tool loops', (sdk) => {
  it('a tool that threw fails it; a retry that recovered is forgiven with { retries }', async () => {
    for (const { variant, run } of await loopVariants(sdk, retrySteps)) {
      expect(run, variant).not.toCallToolsWithoutErrors();
      expect(run, variant).toCallToolsWithoutErrors({ retries: 1 });
    }
    for (const { variant, run } of await loopVariants(sdk, flakySteps)) {
      // Three failures before the success: three retries needed.
      expect(run, variant).not.toCallToolsWithoutErrors({ retries: 2 });
      expect(run, variant).toCallToolsWithoutErrors({ retries: 3 });
    }
  });
});

describe('toCallToolsWithoutErrors', () => {
  it('passes on a run without failures', async () => {
    const clean = await loopOf(ai7, [[{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: '{"q":"cats"}' }], [{ type: 'text', text: 'ok' }]]);
    expect(clean).toCallToolsWithoutErrors();
    expect([]).toCallToolsWithoutErrors();
    expect(failureOf(() => expect(clean).not.toCallToolsWithoutErrors()).message).toMatchInlineSnapshot(`
      "expect(run).not.toCallToolsWithoutErrors()

      Expected some call to fail, but none did.

      Received 1 tool call:
        1. search  {"q":"cats"}"
    `);
  });

  it('lists each failed call with its position, input and error (ai@7)', async () => {
    const run = await loopOf(ai7, flakySteps);
    const failure = failureOf(() => expect(run).toCallToolsWithoutErrors());
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsWithoutErrors()

      Expected no failed tool calls

      3 calls failed:
        call 2: "lookup" {"url":"https://x.test/bad/1"} failed: "502 bad gateway for https://x.test/bad/1"
        call 3: "lookup" {"url":"https://x.test/bad/2"} failed: "502 bad gateway for https://x.test/bad/2"
        call 4: "lookup" {"url":"https://x.test/bad/3"} failed: "502 bad gateway for https://x.test/bad/3"

      Received 6 tool calls:
        1. search  {"q":"cats"}
        2. lookup  {"url":"https://x.test/bad/1"} (failed)
        3. lookup  {"url":"https://x.test/bad/2"} (failed)
        4. lookup  {"url":"https://x.test/bad/3"} (failed)
        5. lookup  {"url":"https://x.test/good"}
        6. search  {"q":"cats"}"
    `);
    expect(failure.expected).toBeUndefined();
  });

  it('with retries: how many attempts it took and whether it recovered (ai@7)', async () => {
    const run = await loopOf(ai7, flakySteps);
    expect(failureOf(() => expect(run).toCallToolsWithoutErrors({ retries: 2 })).message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsWithoutErrors({ retries: 2 })

      Expected no failed tool calls, allowing 2 retries per failure

      "lookup": 4 attempts, recovered at call 5 after 3 failed attempts (more than 2 retries):
        call 2: "lookup" {"url":"https://x.test/bad/1"} failed: "502 bad gateway for https://x.test/bad/1"
        call 3: "lookup" {"url":"https://x.test/bad/2"} failed: "502 bad gateway for https://x.test/bad/2"
        call 4: "lookup" {"url":"https://x.test/bad/3"} failed: "502 bad gateway for https://x.test/bad/3"

      Received 6 tool calls:
        1. search  {"q":"cats"}
        2. lookup  {"url":"https://x.test/bad/1"} (failed)
        3. lookup  {"url":"https://x.test/bad/2"} (failed)
        4. lookup  {"url":"https://x.test/bad/3"} (failed)
        5. lookup  {"url":"https://x.test/good"}
        6. search  {"q":"cats"}"
    `);
    expect(failureOf(() => expect(run).not.toCallToolsWithoutErrors({ retries: 3 })).message).toMatchInlineSnapshot(`
      "expect(run).not.toCallToolsWithoutErrors({ retries: 3 })

      Expected some call to fail, allowing 3 retries per failure, but every failure recovered in time.

      "lookup": 4 attempts, recovered at call 5 after 3 failed attempts (forgiven):
        call 2: "lookup" {"url":"https://x.test/bad/1"} failed: "502 bad gateway for https://x.test/bad/1"
        call 3: "lookup" {"url":"https://x.test/bad/2"} failed: "502 bad gateway for https://x.test/bad/2"
        call 4: "lookup" {"url":"https://x.test/bad/3"} failed: "502 bad gateway for https://x.test/bad/3"

      Received 6 tool calls:
        1. search  {"q":"cats"}
        2. lookup  {"url":"https://x.test/bad/1"} (failed)
        3. lookup  {"url":"https://x.test/bad/2"} (failed)
        4. lookup  {"url":"https://x.test/bad/3"} (failed)
        5. lookup  {"url":"https://x.test/good"}
        6. search  {"q":"cats"}"
    `);
  });

  it('a failure never retried, or retried without a result, is not recovered (Mastra builders run)', () => {
    const run = mastraRun();
    expect(run).toCallToolsWithoutErrors({ retries: 1 });
    const pending = [
      { toolName: 'lookup', input: { n: 1 }, error: new Error('timeout') },
      { toolName: 'lookup', input: { n: 2 } },
      { toolName: 'search', input: {}, error: 'no index' },
    ];
    expect(failureOf(() => expect(pending).toCallToolsWithoutErrors({ retries: 5 })).message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsWithoutErrors({ retries: 5 })

      Expected no failed tool calls, allowing 5 retries per failure

      "lookup": 2 attempts, call 2 has no result (not recovered):
        call 1: "lookup" {"n":1} failed: "timeout"
      "search": 1 attempt, never tried again (not recovered):
        call 3: "search" {} failed: "no index"

      Received 3 tool calls:
        1. lookup  {"n":1} (failed)
        2. lookup  {"n":2}
        3. search  {} (failed)"
    `);
  });

  it('a real Mastra agent whose tool throws; a trace through @ai-sdk/otel', async () => {
    expect(await mastraAgentRun()).not.toCallToolsWithoutErrors({ retries: 1 });
    const traced = await tracedRun();
    expect(failureOf(() => expect(traced).toCallToolsWithoutErrors()).message).toContain('call 3: "broken" {} failed: "backend down"');
  });

  it('Anthropic is_error, LangChain status error and invalid calls, OpenAI results', () => {
    expect(fixture(anthropicFixtures, 'anthropic conversation')).not.toCallToolsWithoutErrors();
    expect(fixture(langchainFixtures, 'langchain message objects')).not.toCallToolsWithoutErrors();
    // book_flight's malformed call recovers at its next call; get_weather's error is never retried.
    expect(fixture(langchainFixtures, 'langchain message objects')).not.toCallToolsWithoutErrors({ retries: 1 });
    expect(fixture(openaiFixtures, 'openai chat messages')).toCallToolsWithoutErrors();
  });

  it('hostile error text is escaped and cut', () => {
    const run = [{ toolName: 'x\u001b[31m', input: { big: 'y'.repeat(10_000) }, error: new Error(`line one\nFAKE PASS \u001b[32m${'z'.repeat(5000)}`) }];
    const message = failureOf(() => expect(run).toCallToolsWithoutErrors()).message;
    expect(message).not.toMatch(/\u001b/);
    expect(message.split('\n').some((line) => line.startsWith('FAKE'))).toBe(false);
    expect(message.length).toBeLessThan(1_000);
  });

  it('over sample(...)', async () => {
    const runs = await sample(() => loopOf(ai7, retrySteps), { n: 2 });
    expect(runs).toCallToolsWithoutErrors({ retries: 1 });
    expect(failureOf(() => expect(runs).toCallToolsWithoutErrors()).message).toContain('Passed in 0 of 2 runs');
  });

  it.each([
    [{ retries: -1 }, 'options.retries must be a whole number of retries (0 or more); received -1.'],
    [{ retries: 1.5 }, 'options.retries must be a whole number of retries (0 or more); received 1.5.'],
    [{ retries: '2' }, 'options.retries must be a whole number of retries (0 or more); received "2".'],
    [{ retry: 2 }, 'options: unknown option "retry". Known: retries.'],
    [2, 'options must be { retries: number }; received number 2.'],
  ])('bad options %j are matcher errors, .not included', (options, text) => {
    for (const call of [() => expect([]).toCallToolsWithoutErrors(options as never), () => expect([]).not.toCallToolsWithoutErrors(options as never)]) {
      expect(matcherErrorOf(call)).toContain(text);
      expect(call).toThrow(TypeError);
    }
    // The hint names the argument the message is about.
    expect(matcherErrorOf(() => expect([]).toCallToolsWithoutErrors(options as never)).split('\n')[0]).toBe('expect(run).toCallToolsWithoutErrors(options)');
  });
});
