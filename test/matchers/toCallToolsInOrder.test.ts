import { describe, expect, it } from 'vitest';
import { failureOf, matcherErrorOf, passes } from '../helpers/failureOf.js';
import { runWithCalls } from '../helpers/runs.js';

// The run of the failure example in docs/matchers.md: the confirmation was sent before the booking.
const trip = runWithCalls(
  { toolName: 'search_flights', args: { from: 'SFO', to: 'JFK', date: '2025-07-01' } },
  { toolName: 'get_weather', args: { city: 'New York' } },
  { toolName: 'send_confirmation', args: { to: 'ada@example.com' } },
  { toolName: 'book_flight', args: { flightId: 'UA 1234', seat: '14C' } },
);

describe('toCallToolsInOrder', () => {
  it('passes when the names appear in this order, other calls allowed', () => {
    expect(trip).toCallToolsInOrder(['search_flights', 'book_flight']);
    expect(trip).toCallToolsInOrder(['search_flights', 'get_weather', 'send_confirmation', 'book_flight']);
    expect(runWithCalls('a', 'b', 'a', 'b')).toCallToolsInOrder(['a', 'a', 'b']);
  });

  it('fails at the first call out of order, and diffs only the calls it is about', () => {
    const failure = failureOf(() => expect(trip).toCallToolsInOrder(['search_flights', 'book_flight', 'send_confirmation']));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Expected these calls, in this order (other calls allowed):
        1. search_flights
        2. book_flight
        3. send_confirmation

      Received 4 tool calls:
        1. search_flights     {"from":"SFO","to":"JFK","date":"2025-07-01"}
        2. get_weather        {"city":"New York"}
        3. send_confirmation  {"to":"ada@example.com"}
        4. book_flight        {"flightId":"UA 1234","seat":"14C"}

      First out of order: "send_confirmation" (expected 3rd) came before "book_flight" (expected 2nd)"
    `);
    expect(failure.expected).toEqual(['search_flights', 'book_flight', 'send_confirmation']);
    expect(failure.actual).toEqual(['search_flights', 'send_confirmation', 'book_flight']);
  });

  it('says when an expected tool was never called, with a suggestion', () => {
    const failure = failureOf(() => expect(trip).toCallToolsInOrder(['search_flight', 'book_flight']));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Expected these calls, in this order (other calls allowed):
        1. search_flight
        2. book_flight

      Received 4 tool calls:
        1. search_flights     {"from":"SFO","to":"JFK","date":"2025-07-01"}
        2. get_weather        {"city":"New York"}
        3. send_confirmation  {"to":"ada@example.com"}
        4. book_flight        {"flightId":"UA 1234","seat":"14C"}

      Never called: "search_flight" (expected 1st). Did you mean "search_flights"?"
    `);
  });

  it('names a misspelled tool even when the first divergence is elsewhere, strict or not', () => {
    const strict = failureOf(() => expect(trip).toCallToolsInOrder(['search_flights', 'bookflight'], { strict: true }));
    expect(strict.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected, { strict: true })

      Expected exactly these calls, in this order:
        1. search_flights
        2. bookflight

      Received 4 tool calls:
        1. search_flights     {"from":"SFO","to":"JFK","date":"2025-07-01"}
        2. get_weather        {"city":"New York"}
        3. send_confirmation  {"to":"ada@example.com"}
        4. book_flight        {"flightId":"UA 1234","seat":"14C"}

      First difference at call 2: expected "bookflight", received "get_weather". "bookflight" was never called. Did you mean "book_flight"?"
    `);
    const order = failureOf(() => expect(trip).toCallToolsInOrder(['book_flight', 'search_flights', 'send_confirmaton']));
    expect(order.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Expected these calls, in this order (other calls allowed):
        1. book_flight
        2. search_flights
        3. send_confirmaton

      Received 4 tool calls:
        1. search_flights     {"from":"SFO","to":"JFK","date":"2025-07-01"}
        2. get_weather        {"city":"New York"}
        3. send_confirmation  {"to":"ada@example.com"}
        4. book_flight        {"flightId":"UA 1234","seat":"14C"}

      First out of order: "search_flights" (expected 2nd) came before "book_flight" (expected 1st). "send_confirmaton" was never called. Did you mean "send_confirmation"?"
    `);
    // No close name: nothing to suggest.
    const unrelated = failureOf(() => expect(trip).toCallToolsInOrder(['search_flights', 'refund'], { strict: true }));
    expect(unrelated.message).not.toContain('Did you mean');
  });

  it('says when a repeated tool was called too few times', () => {
    const failure = failureOf(() => expect(runWithCalls('a', 'b')).toCallToolsInOrder(['a', 'a']));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Expected these calls, in this order (other calls allowed):
        1. a
        2. a

      Received 2 tool calls:
        1. a  {}
        2. b  {}

      Not enough calls to "a" (expected 2nd): its only call already matched an earlier item."
    `);
  });

  it('strict: passes only for exactly this sequence', () => {
    expect(runWithCalls('auth-tool', 'fetch-tool')).toCallToolsInOrder(['auth-tool', 'fetch-tool'], { strict: true });
    expect(runWithCalls('auth-tool', 'log-tool', 'fetch-tool')).not.toCallToolsInOrder(['auth-tool', 'fetch-tool'], { strict: true });
    expect(runWithCalls('auth-tool', 'fetch-tool')).toCallToolsInOrder(['auth-tool', 'fetch-tool'], { strict: false });
  });

  it('strict: names the first difference, a missing call, or the extra calls', () => {
    const extra = failureOf(() =>
      expect(runWithCalls('auth-tool', 'log-tool', 'fetch-tool')).toCallToolsInOrder(['auth-tool', 'fetch-tool'], { strict: true }),
    );
    expect(extra.message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected, { strict: true })

      Expected exactly these calls, in this order:
        1. auth-tool
        2. fetch-tool

      Received 3 tool calls:
        1. auth-tool   {}
        2. log-tool    {}
        3. fetch-tool  {}

      First difference at call 2: expected "fetch-tool", received "log-tool"."
    `);
    expect(extra.expected).toEqual(['auth-tool', 'fetch-tool']);
    expect(extra.actual).toEqual(['auth-tool', 'log-tool', 'fetch-tool']);
    const missing = failureOf(() => expect(runWithCalls('auth-tool')).toCallToolsInOrder(['auth-tool', 'fetch-tool'], { strict: true }));
    expect(missing.message).toContain('The run made 1 call where 2 were expected; first missing: "fetch-tool" (expected 2nd).');
    const longer = failureOf(() => expect(runWithCalls('a', 'b', 'c')).toCallToolsInOrder(['a'], { strict: true }));
    expect(longer.message).toContain('The run made 2 more calls than expected, starting at call 2: "b".');
  });

  it('.not passes when the order does not hold, and fails showing where it does', () => {
    expect(trip).not.toCallToolsInOrder(['book_flight', 'search_flights']);
    const failure = failureOf(() => expect(trip).not.toCallToolsInOrder(['search_flights', 'book_flight']));
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).not.toCallToolsInOrder(expected)

      Expected these calls not to appear in this order (other calls allowed):
        1. search_flights
        2. book_flight

      Received 4 tool calls:
        1. search_flights     {"from":"SFO","to":"JFK","date":"2025-07-01"}
        2. get_weather        {"city":"New York"}
        3. send_confirmation  {"to":"ada@example.com"}
        4. book_flight        {"flightId":"UA 1234","seat":"14C"}

      They appear as calls 1, 4."
    `);
    expect(failure.actual).toBeUndefined();
    const strict = failureOf(() => expect(runWithCalls('a', 'b')).not.toCallToolsInOrder(['a', 'b'], { strict: true }));
    expect(strict.message).toMatchInlineSnapshot(`
      "expect(run).not.toCallToolsInOrder(expected, { strict: true })

      Expected the calls not to be exactly this sequence:
        1. a
        2. b

      Received 2 tool calls:
        1. a  {}
        2. b  {}"
    `);
  });

  it('matches items with inputs and asymmetric matchers, never greedily wrong', () => {
    const run = runWithCalls(
      { toolName: 'search', args: { q: 'cats' } },
      { toolName: 'search', args: { q: 'dogs' } },
      { toolName: 'book', args: { id: 1 } },
    );
    // A greedy match of the first item to call 1 still leaves call 2 for the second item.
    expect(run).toCallToolsInOrder([{ toolName: 'search' }, { toolName: 'search', input: { q: 'dogs' } }, 'book']);
    expect(run).toCallToolsInOrder([{ toolName: 'search', input: { q: expect.stringMatching(/^d/) } }, 'book']);
    const failure = failureOf(() => expect(run).toCallToolsInOrder([{ toolName: 'search', input: { q: 'birds' } }, 'book']));
    expect(failure.message).toContain('"search" (expected 1st) was called 2 times, but never with the expected input.');
    expect(failure.expected).toEqual([{ toolName: 'search', input: { q: 'birds' } }, { toolName: 'book' }]);
    expect(failure.actual).toEqual([
      { toolName: 'search', input: { q: 'cats' } },
      { toolName: 'search', input: { q: 'dogs' } },
      { toolName: 'book' },
    ]);
  });

  it('an empty list means no calls, as for toCallOnly([]), strict or not', () => {
    for (const options of [undefined, { strict: true }, { strict: false }]) {
      expect([]).toCallToolsInOrder([], options);
      expect(trip).not.toCallToolsInOrder([], options);
      expect(passes(() => expect(trip).toCallToolsInOrder([], options))).toBe(passes(() => expect(trip).toCallOnly([])));
    }
    expect(failureOf(() => expect(['search']).toCallToolsInOrder([])).message).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Expected exactly these calls, in this order:
        (no calls)

      Received 1 tool call:
        1. search

      The run made 1 more call than expected, starting at call 1: "search"."
    `);
  });

  it('throws matcher errors for bad arguments, also under .not', () => {
    expect(matcherErrorOf(() => expect(trip).not.toCallToolsInOrder('search_flights' as unknown as string[]))).toContain(
      'expected must be an array of tool names or { toolName, input }; received "search_flights".',
    );
    expect(matcherErrorOf(() => expect(trip).toCallToolsInOrder(['a', { tool: 'b' } as never]))).toContain('expected[1] must be a tool name or { toolName, input }');
    expect(matcherErrorOf(() => expect(trip).toCallToolsInOrder(['a', { toolName: 'b', args: {} } as never]))).toContain(
      'expected[1] has unknown key "args"; a call pattern takes only { toolName, input, output, error, approval }.',
    );
    expect(matcherErrorOf(() => expect(trip).not.toCallToolsInOrder(['a'], { strictMode: true } as never))).toContain(
      'options: unknown option "strictMode". Known: strict.',
    );
    expect(matcherErrorOf(() => expect(trip).toCallToolsInOrder(['a'], true as never))).toContain('options must be { strict: boolean }; received boolean true.');
  });
});
