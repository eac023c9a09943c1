/**
 * `output`, `error` and `approval`: on toCallTool's third argument and on the call patterns of
 * toCallOnly and toCallToolsInOrder, over runs made by the real libraries.
 */
import { describe, expect, it } from 'vitest';
import { anthropicFixtures } from '../fixtures/anthropic.js';
import { langchainFixtures } from '../fixtures/langchain.js';
import { openaiFixtures } from '../fixtures/openai.js';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';
import {
  approvalAnswered,
  approvalRequested,
  approvalSdks,
  loopOf,
  loopVariants,
  mastraAgentRun,
  mastraRun,
  retrySteps,
  sdks,
  tracedRun,
} from '../helpers/outcomeRuns.js';
import { sample } from '../../src/sample/sample.js';
import { toolRefs } from '../../src/refs/toolRefs.js';

const fixture = (fixtures: ReadonlyArray<{ name: string; run: unknown }>, name: string) => fixtures.find((entry) => entry.name === name)!.run;

describe.each(sdks)('$name tool loop: a failed call, its retry, a repeated call', (sdk) => {
  it('every form of the run: error true/false, the error message, the output', async () => {
    for (const { variant, run } of await loopVariants(sdk, retrySteps)) {
      const label = `${sdk.name} ${variant}`;
      expect(run, label).toCallTool('lookup', { url: 'https://x.test/bad' }, { error: true });
      expect(run, label).toCallTool('lookup', undefined, { error: false, output: { status: 200, url: 'https://x.test/good' } });
      expect(run, label).not.toCallTool('search', undefined, { error: true });
      expect(run, label).toCallTool('search', { q: 'cats' }, { output: expect.objectContaining({ hits: ['cats'] }) });
      expect(run, label).toCallToolsInOrder([
        { toolName: 'lookup', error: true },
        { toolName: 'lookup', error: false },
      ]);
      expect(run, label).toCallOnly([
        { toolName: 'search', error: false },
        { toolName: 'lookup', input: { url: 'https://x.test/good' }, error: false },
        { toolName: 'lookup', error: true },
        'search',
      ]);
      // An Error that went through JSON is `{}`: it failed, but its message is gone. Model messages
      // keep its text (ai@7 prefixed "Error: "), UI messages what the stream's onError wrote ("ERR: …").
      const message = variant === 'JSON round trip' ? undefined : '502 bad gateway for https://x.test/bad';
      if (message === undefined) expect(run, label).not.toCallTool('lookup', undefined, { error: 'bad gateway' });
      else {
        expect(run, label).toCallTool('lookup', undefined, { error: 'bad gateway' });
        expect(run, label).toCallTool('lookup', undefined, { error: /^(Error: |ERR: )?502 bad gateway/ });
        expect(run, label).toCallTool('lookup', undefined, { error: expect.stringContaining('x.test/bad') });
        expect(run, label).not.toCallTool('lookup', undefined, { error: /timeout/ });
      }
    }
  });
});

describe('toCallTool(name, input, { output, error, approval })', () => {
  it('fails naming what each call to the tool came to (ai@7)', async () => {
    const run = await loopOf(sdks.find((sdk) => sdk.name === 'ai7')!, retrySteps);
    const failure = failureOf(() => expect(run).toCallTool('lookup', undefined, { error: /timeout/ }));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName, undefined, options)

      Expected a call to "lookup" that failed with an error matching /timeout/

      Received 4 tool calls:
        1. lookup  {"url":"https://x.test/bad"}  → failed: "502 bad gateway for https://x.test/bad"
        2. lookup  {"url":"https://x.test/good"}  → {"status":200,"url":"https://x.test/goo…
        3. search  {"q":"cats"}  → {"hits":["cats"]}
        4. search  {"q":"cats"}  → {"hits":["cats"]}

      "lookup" was called 2 times, but never with the expected outcome:
        call 1: failed: "502 bad gateway for https://x.test/bad"
        call 2: succeeded with output {"status":200,"url":"https://x.test/good"}"
    `);
    // No diff: the message says it, per call.
    expect(failure.expected).toBeUndefined();
    expect(failureOf(() => expect(run).toCallTool('search', { q: 'cats' }, { output: { hits: ['dogs'] } })).message).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName, input, options)

      Expected a call to "search" with input {"q":"cats"} and output {"hits":["dogs"]}

      Received 4 tool calls:
        1. lookup  {"url":"https://x.test/bad"}  → failed: "502 bad gateway for https://x.test/bad"
        2. lookup  {"url":"https://x.test/good"}  → {"status":200,"url":"https://x.test/goo…
        3. search  {"q":"cats"}  → {"hits":["cats"]}
        4. search  {"q":"cats"}  → {"hits":["cats"]}

      "search" was called 2 times, but never with the expected input and outcome:
        call 3: succeeded with output {"hits":["cats"]}
        call 4: succeeded with output {"hits":["cats"]}"
    `);
    expect(failureOf(() => expect(run).toCallTool('lookup', { url: 'https://x.test/bad' }, { error: false })).message).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName, input, options)

      Expected a call to "lookup" with input {"url":"https://x.test/bad"} that succeeded

      Received 4 tool calls:
        1. lookup  {"url":"https://x.test/bad"}  → failed: "502 bad gateway for https://x.test/bad"
        2. lookup  {"url":"https://x.test/good"}  → {"status":200,"url":"https://x.test/goo…
        3. search  {"q":"cats"}  → {"hits":["cats"]}
        4. search  {"q":"cats"}  → {"hits":["cats"]}

      "lookup" was called 2 times, but never with the expected input and outcome:
        call 1: failed: "502 bad gateway for https://x.test/bad"
        call 2: another input, {"url":"https://x.test/good"}"
    `);
  });

  it('.not names the calls that came to it', async () => {
    const run = await loopOf(sdks.find((sdk) => sdk.name === 'ai7')!, retrySteps);
    expect(failureOf(() => expect(run).not.toCallTool('lookup', undefined, { error: true })).message).toMatchInlineSnapshot(`
      "expect(run).not.toCallTool(toolName, undefined, options)

      Expected no call to "lookup" that failed

      Received 4 tool calls:
        1. lookup  {"url":"https://x.test/bad"}  → failed: "502 bad gateway for https://x.test/bad"
        2. lookup  {"url":"https://x.test/good"}  → {"status":200,"url":"https://x.test/goo…
        3. search  {"q":"cats"}  → {"hits":["cats"]}
        4. search  {"q":"cats"}  → {"hits":["cats"]}

      Matching call: 1"
    `);
  });

  describe.each(approvalSdks)('$name approvals (needsApproval)', (sdk) => {
    it('requested, denied, approved', async () => {
      const requested = await approvalRequested(sdk);
      expect(requested).toCallTool('delete', { id: 'x' }, { approval: 'requested' });
      expect(requested).not.toCallTool('delete', undefined, { approval: 'approved' });
      const denied = await approvalAnswered(sdk, false);
      expect(denied).toCallTool('delete', undefined, { approval: 'denied' });
      expect(denied).not.toCallTool('delete', undefined, { error: false });
      expect(denied).not.toCallTool('delete', undefined, { error: true });
      const approved = await approvalAnswered(sdk, true);
      expect(approved).toCallTool('delete', { id: 'x' }, { approval: 'approved', error: false, output: { deleted: 'x' } });
      expect(approved).toCallToolsInOrder(['search', { toolName: 'delete', approval: 'approved' }], { strict: true });
    });
  });

  it('a call whose result never arrived is neither a success nor a failure, and the message says so (ai@7 approval requested)', async () => {
    const run = await approvalRequested(sdks.find((sdk) => sdk.name === 'ai7')!);
    expect(failureOf(() => expect(run).toCallTool('delete', undefined, { error: false })).message).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName, undefined, options)

      Expected a call to "delete" that succeeded

      Received 2 tool calls:
        1. search  {"q":"old"}  → {"hits":["old"]}
        2. delete  {"id":"x"} (awaiting approval)  → no result

      "delete" was called once, but never with the expected outcome:
        call 2: no result recorded (the run has neither output nor error for it)"
    `);
    expect(failureOf(() => expect(run).toCallTool('delete', undefined, { approval: 'approved' })).message).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName, undefined, options)

      Expected a call to "delete" that was approved

      Received 2 tool calls:
        1. search  {"q":"old"}  → {"hits":["old"]}
        2. delete  {"id":"x"} (awaiting approval)  → no result

      "delete" was called once, but never with the expected outcome:
        call 2: awaiting approval"
    `);
  });

  it('a denied call never ran (ai@6 model messages)', async () => {
    const run = await approvalAnswered(sdks.find((sdk) => sdk.name === 'ai6')!, false);
    expect(failureOf(() => expect(run).toCallTool('delete', undefined, { output: expect.anything() })).message).toMatchInlineSnapshot(`
      "expect(run).toCallTool(toolName, undefined, options)

      Expected a call to "delete" with output Anything

      Received 2 tool calls:
        1. search  {"q":"old"}  → {"hits":["old"]}
        2. delete  {"id":"x"} (denied by the user)  → no result

      "delete" was called once, but never with the expected outcome:
        call 2: denied approval, so it never ran"
    `);
  });

  it('an ai@7 trace through @ai-sdk/otel: the failed span is the error, the results are outputs', async () => {
    const run = await tracedRun();
    expect(run).toCallTool('broken', {}, { error: 'backend down' });
    expect(run).toCallTool('weather', { city: 'Oslo' }, { output: { city: 'Oslo', celsius: 21 }, error: false });
    expect(run).toCallToolsInOrder(['weather', 'weather', { toolName: 'broken', error: true }], { strict: true });
  });

  it('a Mastra run from the project builders: output-error is an error, state call has no result', () => {
    const run = mastraRun();
    expect(run).toCallTool('lookup', { url: 'https://x.test/bad' }, { error: '502 bad gateway' });
    expect(run).toCallTool('lookup', undefined, { output: { status: 200 }, error: false });
    expect(run).not.toCallTool('search', undefined, { error: false });
    expect(run).not.toCallTool('search', undefined, { error: true });
    expect(failureOf(() => expect(run).toCallOnly([{ toolName: 'search', error: false }, 'lookup', 'lookup'])).message).toMatchInlineSnapshot(`
      "expect(run).toCallOnly(expected)

      Expected exactly these calls, in any order:
        1. search  that succeeded
        2. lookup
        3. lookup

      Received 3 tool calls:
        1. lookup  {"url":"https://x.test/bad"}  → failed: "502 bad gateway"
        2. lookup  {"url":"https://x.test/good"}  → {"status":200}
        3. search  {"q":"cats"}  → no result

      Called, but not as expected: "search" that succeeded (expected 1st).
      Not expected: call 3, "search"."
    `);
  });

  it('a real Mastra agent (@mastra/core): a throwing tool is an error with its message', async () => {
    const run = await mastraAgentRun();
    expect(run).toCallTool('flaky-tool', { user: 'bob' }, { error: 'backend down' });
    expect(run).toCallTool('auth-tool', undefined, { output: { token: 'tok-bob' }, error: false });
  });

  it('OpenAI, Anthropic and LangChain results and errors', () => {
    const anthropic = fixture(anthropicFixtures, 'anthropic conversation');
    expect(anthropic).toCallTool('get_weather', undefined, { error: 'weather service down' });
    expect(anthropic).toCallTool('search_flights', undefined, { output: '{"found":true}', error: false });
    const openaiChat = fixture(openaiFixtures, 'openai chat messages');
    expect(openaiChat).toCallTool('get_weather', {}, { output: 'sunny' });
    expect(openaiChat).not.toCallTool(expect.any(String), undefined, { error: true });
    const mcp = fixture(openaiFixtures, 'openai responses MCP approvals');
    expect(mcp).toCallTool('delete_file', { path: 'draft.md' }, { approval: 'approved', output: 'deleted' });
    expect(mcp).toCallTool('delete_file', { path: 'backup.md' }, { approval: 'denied' });
    const langchain = fixture(langchainFixtures, 'langchain message objects');
    // A ToolMessage with status 'error'.
    expect(langchain).toCallTool('get_weather', undefined, { error: 'weather service down' });
    expect(langchain).toCallToolsInOrder([{ toolName: 'book_flight', error: 'Malformed args.' }, { toolName: 'book_flight', output: 'booked' }]);
  });

  it('toolRefs name the tool', async () => {
    const sdk = sdks.find((entry) => entry.name === 'ai7')!;
    const { outcomeTools } = await import('../helpers/outcomeRuns.js');
    const t = toolRefs(outcomeTools(sdk));
    const run = await loopOf(sdk, retrySteps);
    expect(run).toCallTool(t.lookup, { url: 'https://x.test/bad' }, { error: true });
    expect(run).toCallToolsInOrder([{ toolName: t.lookup, error: true }, t.search]);
  });

  it('over sample(...): one verdict per run', async () => {
    const sdk = sdks.find((entry) => entry.name === 'ai6')!;
    const runs = await sample(() => loopOf(sdk, retrySteps), { n: 3 });
    expect(runs).toCallTool('lookup', undefined, { error: true });
    expect(failureOf(() => expect(runs).toCallTool('lookup', undefined, { error: /timeout/ })).message).toContain('Passed in 0 of 3 runs (failing); all 3 required (minPassRate 1).');
  });
});

describe('outcome fields on the items of toCallToolsInOrder and toCallOnly', () => {
  it('fail with the outcome of each call beside it (ai@7)', async () => {
    const run = await loopOf(sdks.find((sdk) => sdk.name === 'ai7')!, retrySteps);
    const inOrder = failureOf(() => expect(run).toCallToolsInOrder([{ toolName: 'lookup', error: false }, { toolName: 'lookup', error: true }]));
    expect(inOrder.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Expected these calls, in this order (other calls allowed):
        1. lookup  that succeeded
        2. lookup  that failed

      Received 4 tool calls:
        1. lookup  {"url":"https://x.test/bad"}  → failed: "502 bad gateway for https://x.test/bad"
        2. lookup  {"url":"https://x.test/good"}  → {"status":200,"url":"https://x.test/goo…
        3. search  {"q":"cats"}  → {"hits":["cats"]}
        4. search  {"q":"cats"}  → {"hits":["cats"]}

      First out of order: "lookup" that failed (expected 2nd) came before "lookup" that succeeded (expected 1st)"
    `);
    expect(inOrder.expected).toEqual([
      { toolName: 'lookup', error: false },
      { toolName: 'lookup', error: true },
    ]);
    expect(inOrder.actual).toEqual([
      { toolName: 'lookup', error: true },
      { toolName: 'lookup', error: false },
    ]);
    const strict = failureOf(() =>
      expect(run).toCallToolsInOrder(['lookup', 'lookup', { toolName: 'search', output: { hits: ['dogs'] } }, 'search'], { strict: true }),
    );
    expect(strict.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected, { strict: true })

      Expected exactly these calls, in this order:
        1. lookup
        2. lookup
        3. search  with output {"hits":["dogs"]}
        4. search

      Received 4 tool calls:
        1. lookup  {"url":"https://x.test/bad"}  → failed: "502 bad gateway for https://x.test/bad"
        2. lookup  {"url":"https://x.test/good"}  → {"status":200,"url":"https://x.test/goo…
        3. search  {"q":"cats"}  → {"hits":["cats"]}
        4. search  {"q":"cats"}  → {"hits":["cats"]}

      First difference at call 3: "search" was called, but succeeded with output {"hits":["cats"]}."
    `);
    const only = failureOf(() => expect(run).toCallOnly([{ toolName: 'lookup', error: /timeout/ }, 'lookup', 'search', 'search']));
    expect(only.message).toMatchInlineSnapshot(`
      "expect(run).toCallOnly(expected)

      Expected exactly these calls, in any order:
        1. lookup  that failed with an error matching /timeout/
        2. lookup
        3. search
        4. search

      Received 4 tool calls:
        1. lookup  {"url":"https://x.test/bad"}  → failed: "502 bad gateway for https://x.test/bad"
        2. lookup  {"url":"https://x.test/good"}  → {"status":200,"url":"https://x.test/goo…
        3. search  {"q":"cats"}  → {"hits":["cats"]}
        4. search  {"q":"cats"}  → {"hits":["cats"]}

      Called, but not as expected: "lookup" that failed with an error matching /timeout/ (expected 1st).
      Not expected: call 2, "lookup"."
    `);
  });

  it('parallel(…) groups take them too', async () => {
    const { parallel } = await import('../../src/refs/parallel.js');
    const sdk = sdks.find((entry) => entry.name === 'ai7')!;
    const run = await loopOf(sdk, [
      [
        { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{"url":"https://x.test/bad"}' },
        { type: 'tool-call', toolCallId: 'c2', toolName: 'search', input: '{"q":"cats"}' },
      ],
      [{ type: 'text', text: 'ok' }],
    ]);
    expect(run).toCallToolsInOrder([parallel({ toolName: 'search', error: false }, { toolName: 'lookup', error: 'bad gateway' })]);
    expect(run).not.toCallToolsInOrder([parallel({ toolName: 'search', error: true }, 'lookup')]);
  });

  it('hostile error text and outputs are escaped and cut', () => {
    const run = [
      { toolName: 'x', input: {}, error: new Error(`boom\nFAKE: passed \u001b[32m${'e'.repeat(10_000)}`) },
      { toolName: 'x', input: {}, output: { huge: 'o'.repeat(100_000), ansi: '\u001b[2J' } },
    ];
    const message = failureOf(() => expect(run).toCallTool('x', undefined, { error: /never/ })).message;
    expect(message).not.toMatch(/\u001b/);
    expect(message.split('\n').some((line) => line.startsWith('FAKE'))).toBe(false);
    expect(message.length).toBeLessThan(1_500);
  });
});

describe('bad outcome patterns are matcher errors, .not included', () => {
  const run = [{ toolName: 'search', input: {}, output: 1 }];
  it('an undefined third argument is no options: the input is compared as before', () => {
    expect(run).toCallTool('search', {}, undefined);
    expect(run).not.toCallTool('search', undefined, undefined);
  });

  it.each([
    ['error: 42', () => expect(run).toCallTool('search', undefined, { error: 42 as never }), 'options.error must be true (the call failed), false (it succeeded), or what its error message must match'],
    ['an empty error string', () => expect(run).not.toCallTool('search', undefined, { error: '' }), 'received an empty string.'],
    ['an unknown approval', () => expect(run).not.toCallTool('search', undefined, { approval: 'yes' as never }), `options.approval must be 'requested', 'approved' or 'denied'; received "yes".`],
    ['an unknown option', () => expect(run).not.toCallTool('search', undefined, { result: 1 } as never), 'options: unknown option "result". Known: output, error, approval.'],
    ['options that are not an object', () => expect(run).toCallTool('search', undefined, true as never), 'options must be { output?, error?, approval? }, e.g. { error: true }; received boolean true.'],
    ['a bad item field', () => expect(run).not.toCallOnly([{ toolName: 'search', error: 1 as never }]), 'expected[0].error must be'],
    ['an unknown item key', () => expect(run).not.toCallToolsInOrder([{ toolName: 'search', status: 'ok' } as never]), 'has unknown key "status"; a call pattern takes only { toolName, input, output, error, approval }.'],
  ])('%s', (_, call, text) => {
    const message = matcherErrorOf(call);
    expect(message).toContain(text);
    expect(() => call()).toThrow(TypeError);
  });
});
