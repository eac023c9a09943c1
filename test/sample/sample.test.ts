import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSample, sample, type Sample } from '../../src/index.js';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';
import { runWithCalls } from '../helpers/runs.js';
import { agentWith, bookTable, choices } from './helpers/bookingAgent.js';

const ORDER = ['search-restaurants', 'book-table'];

/** A sample of `n` plain runs, of which the runs at `failing` call only 'other'. */
function sampleOf(n: number, failing: number, options: { minPassRate?: number; confidence?: number } = {}): Promise<Sample> {
  return sample(Array.from({ length: n }, (_, index) => (index < failing ? ['other'] : ['search'])), options);
}

describe('sample()', () => {
  it('calls a function n times and keeps the runs in call order, whatever order they finish in', async () => {
    const finished: number[] = [];
    const runs = await sample(
      async (index) => {
        await new Promise((resolve) => setTimeout(resolve, (5 - index) * 3));
        finished.push(index);
        return [`tool-${index}`];
      },
      { n: 5 },
    );
    expect(finished).not.toEqual([0, 1, 2, 3, 4]);
    expect(runs.runs.map((run) => (run.threw ? undefined : run.run))).toEqual([['tool-0'], ['tool-1'], ['tool-2'], ['tool-3'], ['tool-4']]);
    expect(runs.n).toBe(5);
    expect(isSample(runs)).toBe(true);
    expect(isSample({ runs: [] })).toBe(false);
  });

  it.each([
    [undefined, 4],
    [1, 1],
    [3, 3],
  ])('has at most `concurrency` (%s) calls in flight, default 4', async (concurrency, limit) => {
    let active = 0;
    let highest = 0;
    let calls = 0;
    await sample(
      async () => {
        calls++;
        highest = Math.max(highest, ++active);
        await new Promise((resolve) => setTimeout(resolve, 2));
        active--;
        return [];
      },
      { n: 12, ...(concurrency !== undefined && { concurrency }) },
    );
    expect(calls).toBe(12);
    expect(highest).toBe(limit);
  });

  it('takes runs already made: an array, an iterable, an async iterable, a promise of either; n is their count', async () => {
    const runs = [['a'], ['b']];
    async function* recorded() {
      yield ['a'];
      yield ['b'];
    }
    for (const source of [runs, new Set(runs), recorded(), Promise.resolve(runs)]) {
      const taken = await sample(source);
      expect(taken.n).toBe(2);
      expect(taken.runs.map((run) => (run.threw ? undefined : run.run))).toEqual(runs);
    }
    await expect(sample(runs, { n: 2 })).resolves.toMatchObject({ n: 2 });
  });

  it('keeps a run whose function threw (or rejected), or a rejected promise in a list, as a failed run with its error', async () => {
    const boom = new Error('provider down');
    const runs = await sample(
      (index) => {
        if (index === 1) throw boom;
        if (index === 2) return Promise.reject(new Error('timeout'));
        return ['search'];
      },
      { n: 3 },
    );
    expect(runs.runs.map((run) => run.threw)).toEqual([false, true, true]);
    expect(runs.runs[1]).toMatchObject({ threw: true, error: boom });
    const listed = await sample([Promise.resolve(['a']), Promise.reject(new Error('lost'))]);
    expect(listed.runs[1]).toMatchObject({ threw: true, error: new Error('lost') });
  });

  it('refuses an empty sample: its pass rate would mean nothing', async () => {
    await expect(sample([])).rejects.toThrow('sample() received no runs: a pass rate of an empty sample means nothing.');
    await expect(sample((async function* () {})())).rejects.toThrow(TypeError);
  });

  it.each([
    [{ n: 0 }, 'sample(): n must be a whole number of runs, at least 1; received number 0.'],
    [{ n: 2.5 }, 'sample(): n must be a whole number of runs, at least 1; received number 2.5.'],
    [{}, 'sample(fn, { n }) needs n: how many times to call the function, e.g. { n: 10 }.'],
    [{ n: 3, concurrency: 0 }, 'sample(): concurrency must be a whole number, at least 1; received number 0.'],
    [{ n: 3, minPassRate: 0 }, 'sample(): minPassRate must be a number above 0 and at most 1 (0.9 means 9 runs in 10); received number 0.'],
    [{ n: 3, minPassRate: 90 }, 'sample(): minPassRate must be a number above 0 and at most 1 (0.9 means 9 runs in 10); received number 90.'],
    [{ n: 3, minPassRate: '0.9' }, 'sample(): minPassRate must be a number above 0 and at most 1 (0.9 means 9 runs in 10); received "0.9".'],
    [{ n: 3, confidence: 95 }, 'sample(): confidence must be a number between 0 and 1 (exclusive), e.g. 0.95; received number 95.'],
    [{ n: 3, passRate: 0.9 }, 'sample(): unknown option "passRate". Known: n, concurrency, minPassRate, confidence.'],
  ])('invalid options are TypeErrors naming the option: %j', async (options, message) => {
    const error = await sample(() => [], options as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(message);
  });

  it('refuses a source that is not runs, and says what to pass', async () => {
    await expect(sample('runs.jsonl' as never)).rejects.toThrow('sample() received a string; to gate runs recorded in a file, pass sample(loadRuns(path), options).');
    await expect(sample({ steps: [] } as never)).rejects.toThrow(
      'sample() takes a function that makes one run (called n times), or an array, iterable or async iterable of runs; received an object with keys { steps }.',
    );
    await expect(sample([['a']], { n: 3 })).rejects.toThrow('sample(): n is 3 but the source holds 1 runs. With runs already made, n is their count; leave it out.');
  });

  it('refuses a confidence gate that no result of n runs could pass, and says how many runs would do', async () => {
    await expect(sample(() => [], { n: 10, confidence: 0.95 })).rejects.toThrow(
      'sample(): with confidence 0.95, 10 runs cannot reach minPassRate 1: even 10 of 10 passing gives a lower bound of 0.722.',
    );
    const error = await sample(() => [], { n: 10, minPassRate: 0.9, confidence: 0.95 }).catch((caught: Error) => caught.message);
    expect(error).toContain('To gate on confidence, take at least 35 runs, lower minPassRate, or leave confidence out (then 9 of 10 must pass).');
    // 35 runs is indeed the fewest: 35 of 35 reaches 0.9, 34 of 34 does not.
    await expect(sample(() => [], { n: 35, minPassRate: 0.9, confidence: 0.95 })).resolves.toMatchObject({ n: 35 });
    await expect(sample(() => [], { n: 34, minPassRate: 0.9, confidence: 0.95 })).rejects.toThrow('34 runs cannot reach minPassRate 0.9');
  });
});

describe('the pass-rate gate', () => {
  it('9 of 10 at 0.9 passes; 8 of 10 fails', async () => {
    expect(await sampleOf(10, 1, { minPassRate: 0.9 })).toCallTool('search');
    expect(passesGate(await sampleOf(10, 2, { minPassRate: 0.9 }))).toBe(false);
  });

  it('has no floating-point surprises: k of n passes exactly when k/n ≥ minPassRate, for every rate in hundredths', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 100 }), fc.nat(), async (n, hundredths, seed) => {
        const passes = seed % (n + 1);
        const taken = await sampleOf(n, n - passes, { minPassRate: hundredths / 100 });
        // Whole numbers only: passes/n ≥ hundredths/100 ⇔ 100·passes ≥ hundredths·n.
        expect(passesGate(taken)).toBe(100 * passes >= hundredths * n);
      }),
      { numRuns: 300 },
    );
    // The classic traps: 0.7 * 10 and 0.29 * 100 are not whole numbers in binary floating point.
    expect(passesGate(await sampleOf(10, 3, { minPassRate: 0.7 }))).toBe(true);
    expect(passesGate(await sampleOf(100, 71, { minPassRate: 0.29 }))).toBe(true);
    expect(passesGate(await sampleOf(100, 72, { minPassRate: 0.29 }))).toBe(false);
  });

  it('with confidence, gates on the Wilson lower bound instead of the observed rate', async () => {
    // 29 of 30: observed 96.7% ≥ 0.8, 95% lower bound 83.3% ≥ 0.8.
    expect(passesGate(await sampleOf(30, 1, { minPassRate: 0.8, confidence: 0.95 }))).toBe(true);
    // 26 of 30: observed 86.7% ≥ 0.8, but the lower bound is 70.3%.
    expect(passesGate(await sampleOf(30, 4, { minPassRate: 0.8 }))).toBe(true);
    expect(passesGate(await sampleOf(30, 4, { minPassRate: 0.8, confidence: 0.95 }))).toBe(false);
  });

  it('applies .not to each run: at least the required share of runs must not call the tool', async () => {
    const oneCancel = await sample(agentWith(choices(10, 'search-then-book', { 3: 'book-then-cancel' })), { n: 10, minPassRate: 0.9 });
    expect(oneCancel).not.toCallTool('cancel-booking');
    expect(oneCancel).toCallToolsInOrder(ORDER);
    const twoCancels = await sample(agentWith(choices(10, 'search-then-book', { 3: 'book-then-cancel', 7: 'book-then-cancel' })), { n: 10, minPassRate: 0.9 });
    const { message } = failureOf(() => expect(twoCancels).not.toCallTool('cancel-booking'));
    expect(message.split('\n').slice(0, 4)).toEqual([
      'expect(runs).not.toCallTool(toolName)',
      '',
      'Passed in 8 of 10 runs (flaky); at least 9 required (minPassRate 0.9).',
      'Pass rate 80%, 95% Wilson interval 49%–94.3%.',
    ]);
    expect(message).toContain('Run 4 of 10 failed:\n  Expected no call to "cancel-booking"');
    expect(message).toContain('Run 8 of 10 failed:');
    // A sample that always calls it fails both ways: the runs do not flip into passes under .not.
    const always = await sample([['cancel-booking'], ['cancel-booking']]);
    expect(passesGate(always, (runs) => expect(runs).not.toCallTool('cancel-booking'))).toBe(false);
    expect(passesGate(always, (runs) => expect(runs).toCallTool('cancel-booking'))).toBe(true);
  });

  it('reads runs of different formats in one sample', async () => {
    const langchain = [
      new HumanMessage(REQUEST_TEXT),
      new AIMessage({ content: '', tool_calls: [{ id: 'l1', name: 'search-restaurants', args: { partySize: 2 } }] }),
      new ToolMessage({ tool_call_id: 'l1', content: '[]' }),
      new AIMessage({ content: '', tool_calls: [{ id: 'l2', name: 'book-table', args: { restaurantId: 'r1' } }] }),
    ];
    const openaiChat = {
      object: 'chat.completion',
      choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [
        { id: 'o1', type: 'function', function: { name: 'search-restaurants', arguments: '{"partySize":2}' } },
        { id: 'o2', type: 'function', function: { name: 'book-table', arguments: '{"restaurantId":"r1"}' } },
      ] } }],
    };
    const mixed = [await bookTable('search-then-book'), langchain, openaiChat, runWithCalls(...ORDER), ORDER, [{ toolName: 'book-table', input: {} }]];
    expect(await sample(mixed, { minPassRate: 0.8 })).toCallToolsInOrder(ORDER, { strict: true });
    const allOf = await sample(mixed);
    const all = failureOf(() => expect(allOf).toCallToolsInOrder(ORDER));
    expect(all.message).toContain('Passed in 5 of 6 runs (flaky); all 6 required (minPassRate 1).');
    expect(all.message).toContain('Run 6 of 6 failed:');
  });
});

const REQUEST_TEXT = 'Book a table for two at 8';

/** Does the assertion (default: toCallTool('search')) pass on this sample? */
function passesGate(runs: Sample, assertion: (runs: Sample) => void = (taken) => expect(taken).toCallTool('search')): boolean {
  try {
    assertion(runs);
    return true;
  } catch (error) {
    if (String((error as Error).message).includes('Matcher error')) throw error;
    return false;
  }
}

describe('the failure message of a sample', () => {
  it('gives passes of n, the requirement, the rate and its 95% Wilson interval, then the first three failing runs and a count', async () => {
    const agent = agentWith(choices(10, 'search-then-book', { 1: 'book-without-search', 4: 'throw', 5: 'ask', 8: 'book-without-search', 9: 'ask' }));
    const runs = await sample(agent, { n: 10, minPassRate: 0.9 });
    const { message, actual, expected } = failureOf(() => expect(runs).toCallToolsInOrder(ORDER));
    expect(actual).toBeUndefined();
    expect(expected).toBeUndefined();
    expect(message).toMatchInlineSnapshot(`
      "expect(runs).toCallToolsInOrder(expected)

      Passed in 5 of 10 runs (flaky); at least 9 required (minPassRate 0.9).
      Pass rate 50%, 95% Wilson interval 23.7%–76.3%.

      Run 2 of 10 failed:
        Expected these calls, in this order (other calls allowed):
          1. search-restaurants
          2. book-table

        Received 1 tool call:
          1. book-table  {"restaurantId":"r1","partySize":2,"time":"20:00"}

        Never called: "search-restaurants" (expected 1st).

        - Expected
        + Received

          [
        -   "search-restaurants",
            "book-table",
          ]

      Run 5 of 10 failed:
        The agent threw: Error: 429 Too Many Requests

      Run 6 of 10 failed:
        Expected these calls, in this order (other calls allowed):
          1. search-restaurants
          2. book-table

        Received no tool calls.

        Never called: "search-restaurants" (expected 1st).

        - Expected
        + Received

        - [
        -   "search-restaurants",
        -   "book-table",
        - ]
        + []

      … and 2 more failing runs: 9, 10."
    `);
  });

  it('shows a thrown error with its control characters made visible and cut to a few lines', async () => {
    const runs = await sample(
      () => {
        throw new Error(`\u001b[2J\u001b[31mred\nline 2\n${'x\n'.repeat(50)}${'y'.repeat(1_000_000)}`);
      },
      { n: 1 },
    );
    const { message } = failureOf(() => expect(runs).toCallNoTools());
    expect(message).toContain('The agent threw: Error: \\u001b[2J\\u001b[31mred\n  line 2\n  x\n');
    expect(message).toContain('… 45 more lines');
    expect(message.length).toBeLessThan(3000);
  });

  it('shows a thrown value that is no Error as itself, "threw" said once', async () => {
    const runs = await sample(
      (index) => {
        throw index === 0 ? 'quota\n\u001b[31mgone' : 42;
      },
      { n: 2 },
    );
    const { message } = failureOf(() => expect(runs).toCallNoTools());
    expect(message).toContain('Run 1 of 2 failed:\n  The agent threw: "quota\\n\\u001b[31mgone"\n');
    expect(message).toContain('Run 2 of 2 failed:\n  The agent threw: 42');
  });

  it('under .not, counts the runs where the negated claim held', async () => {
    const runs = await sampleOf(4, 1);
    const { message } = failureOf(() => expect(runs).not.toCallTool('search'));
    expect(message.split('\n').slice(0, 3)).toEqual(['expect(runs).not.toCallTool(toolName)', '', 'Passed in 1 of 4 runs (flaky); all 4 required (minPassRate 1).']);
    expect(message).toContain('Run 2 of 4 failed:\n  Expected no call to "search"');
  });
});

describe('bad input in a sample is a matcher error, which .not cannot pass', () => {
  it('names the run that is not a run', async () => {
    const runs = await sample([['search'], { notARun: true }]);
    for (const assertion of [() => expect(runs).toCallTool('search'), () => expect(runs).not.toCallTool('search')]) {
      const message = matcherErrorOf(assertion);
      expect(message).toContain('Matcher error: In run 2 of 2: received an object with keys { notARun }, which is not an agent run this package can read.');
    }
  });

  it('reports a bad argument once, as the argument, not as a run', async () => {
    const runs = await sampleOf(3, 0);
    expect(matcherErrorOf(() => expect(runs).toCallToolTimes('search', -1))).not.toContain('In run');
    const message = matcherErrorOf(() => expect(runs).not.toCallToolsInOrder('search' as never));
    expect(message.split('\n')[0]).toBe('expect(runs).not.toCallToolsInOrder(expected)');
    expect(message).toContain('Matcher error: expected must be an array');
    expect(message).not.toContain('In run');
  });
});

describe('every deterministic matcher takes a sample', () => {
  it.each([
    ['toCallTool', (runs: Sample) => expect(runs).toCallTool('book-table', { restaurantId: 'r1', partySize: 2, time: expect.stringMatching(/^\d\d:\d\d$/) })],
    ['toCallToolTimes', (runs: Sample) => expect(runs).toCallToolTimes('book-table', 1)],
    ['toCallOnly', (runs: Sample) => expect(runs).toCallOnly(['book-table', 'search-restaurants'])],
    ['toCallToolsInOrder', (runs: Sample) => expect(runs).toCallToolsInOrder(ORDER, { strict: true })],
    ['toCallNoTools', (runs: Sample) => expect(runs).not.toCallNoTools()],
  ])('%s', async (_name, assertion) => {
    const runs = await sample(agentWith(choices(4, 'search-then-book', { 2: 'ask' })), { n: 4, minPassRate: 0.75 });
    assertion(runs);
    const strict = await sample(runs.runs.map((run) => (run.threw ? undefined : run.run)), { minPassRate: 1 });
    expect(failureOf(() => assertion(strict)).message).toContain('Passed in 3 of 4 runs (flaky); all 4 required (minPassRate 1).');
  });
});
