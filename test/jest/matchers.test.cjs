// The deterministic matchers under real Jest, registered by `tool-call-accuracy/jest`
// (jest.config.cjs loads dist/jest.cjs through setupFilesAfterEnv).
const { failureMessage } = require('./failureMessage.cjs');
const { createAgentTestRun, createTestMessage, createToolInvocation } = require('tool-call-accuracy/testing');
const { matchers, createToolCallAccuracyScorerCode } = require('tool-call-accuracy');

function runWithCalls(...names) {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'Book me a flight', role: 'user', id: 'input-1' })],
    output: [
      createTestMessage({
        content: 'Done.',
        role: 'assistant',
        id: 'output-1',
        toolInvocations: names.map((toolName, index) =>
          createToolInvocation({ toolCallId: `call-${index}`, toolName, args: { step: index + 1 }, result: {} }),
        ),
      }),
    ],
  });
}


const trip = runWithCalls('search_flights', 'get_weather', 'send_confirmation', 'book_flight');

describe('under Jest', () => {
  test('every matcher is registered and passes on a matching run', () => {
    expect(Object.keys(matchers)).toEqual(expect.arrayContaining(['toCallNoTools', 'toCallOnly', 'toCallTool', 'toCallToolTimes', 'toCallToolsInOrder']));
    expect(trip).toCallTool('book_flight', { step: 4 });
    expect(trip).toCallToolTimes('get_weather', 1);
    expect(trip).toCallToolsInOrder(['search_flights', 'book_flight']);
    expect(trip).toCallOnly(['book_flight', 'search_flights', 'get_weather', 'send_confirmation']);
    expect(runWithCalls('weather-tool')).toCallOnly('weather-tool');
    expect(runWithCalls()).toCallNoTools();
  });

  test('asymmetric matchers and .not work', () => {
    expect(trip).toCallTool(expect.stringMatching(/^book/), expect.objectContaining({ step: expect.any(Number) }));
    expect(trip).not.toCallTool('cancel_flight');
    expect(trip).not.toCallToolsInOrder(['book_flight', 'search_flights']);
  });

  test('a failure message carries the call list, the divergence and the diff', () => {
    const message = failureMessage(() => expect(trip).toCallToolsInOrder(['search_flights', 'book_flight', 'send_confirmation']));
    expect(message).toContain('expect(run).toCallToolsInOrder(expected)');
    expect(message).toContain('Received 4 tool calls:');
    expect(message).toContain('First out of order: "send_confirmation" (expected 3rd) came before "book_flight" (expected 2nd)');
    expect(message).toContain('- Expected');
    expect(message).toContain('+ Received');
    expect(message).toMatch(/-\s+"book_flight",\n\s+"send_confirmation",\n\+\s+"book_flight",/);
  });

  test('a "did you mean" for a misspelled tool', () => {
    expect(failureMessage(() => expect(trip).toCallTool('book-flight'))).toContain('Did you mean "book_flight"?');
  });

  test('.not failures have no diff', () => {
    const message = failureMessage(() => expect(trip).not.toCallTool('book_flight'));
    expect(message).toContain('expect(run).not.toCallTool(toolName)');
    expect(message).toContain('Matching call: 4');
    expect(message).not.toContain('+ Received');
  });

  test('bad input is a matcher error, with and without .not', () => {
    expect(() => expect({ hello: 'world' }).toCallTool('x')).toThrow('Matcher error: received an object with keys { hello }');
    expect(() => expect({ hello: 'world' }).not.toCallTool('x')).toThrow('Matcher error: received an object with keys { hello }');
    expect(() => expect(trip).not.toCallToolTimes('x', -2)).toThrow('times must be a whole number');
  });

  test('a hostile tool name is escaped and cut, in the message and in the diff', () => {
    const run = [{ toolName: 'search\nFAKE: all good\u001b[31m', input: {} }, { toolName: 'x'.repeat(200000), input: {} }];
    const message = failureMessage(() => expect(run).toCallOnly(['search']));
    expect(message).not.toContain('\u001b');
    expect(message.split('\n').filter((line) => line.startsWith('FAKE'))).toEqual([]);
    expect(message).toContain('search\\nFAKE: all good\\u001b[31m');
    expect(message).toContain('… (200000 characters)');
    expect(message.length).toBeLessThan(2000);
  });

  test('a matcher error points at the test, not the package', () => {
    let stack = '';
    try {
      expect({ not: 'a run' }).toCallTool('x');
    } catch (error) {
      stack = error.stack;
    }
    const frames = stack.split('\n').filter((line) => line.trimStart().startsWith('at ') && !/node_modules|node:/.test(line));
    expect(frames[0]).toContain('matchers.test.cjs');
  });

  test('the scorer agrees with the matchers', async () => {
    const scorer = createToolCallAccuracyScorerCode({ expectedToolOrder: ['search_flights', 'book_flight'] });
    await expect(scorer.run(trip)).resolves.toMatchObject({ score: 1 });
  });
});

// Last: a registered equality tester stays for the rest of the file.
describe('equality under Jest, as toEqual does it', () => {
  const tagged = [{ toolName: 'tag', input: { tags: new Set(['a', 'b']), meta: new Map([['k', 1]]) } }];

  test('Maps and Sets compare by content', () => {
    expect(tagged).toCallTool('tag', { tags: new Set(['b', 'a']), meta: new Map([['k', 1]]) });
    expect(tagged).not.toCallTool('tag', { tags: new Set(['x']), meta: new Map([['k', 1]]) });
    expect(tagged).not.toCallTool('tag', { tags: new Set(['a', 'b']), meta: new Map([['k', 2]]) });
    expect(tagged).not.toCallToolsInOrder([{ toolName: 'tag', input: { tags: new Set(), meta: new Map() } }]);
  });

  // toCallOnly groups inputs that are plain data by value; Jest's toEqual must still decide, even
  // where it differs from Vitest's (a trailing undefined item counts as missing here).
  test('toCallOnly agrees with toEqual on inputs, plain data or not', () => {
    expect({ list: [1, undefined] }).toEqual({ list: [1] });
    const pairs = [
      [{ q: 'cats', page: undefined }, { q: 'cats' }],
      [{ a: 1, b: 2 }, { b: 2, a: 1 }],
      [{ n: 0 }, { n: -0 }],
      [{ n: NaN }, { n: NaN }],
      [{ list: [1, undefined] }, { list: [1] }],
      [{ list: [1] }, { list: [1, undefined] }],
      [{ list: [1, 2] }, { list: [2, 1] }],
      [{ at: new Date(0) }, { at: new Date(0) }],
      [{ a: { b: undefined } }, { a: {} }],
    ];
    for (const [called, wanted] of pairs) {
      let equal = true;
      try {
        expect(called).toEqual(wanted);
      } catch {
        equal = false;
      }
      const run = [{ toolName: 'search', input: { q: 'other' } }, { toolName: 'search', input: called }];
      const assertion = () => expect(run).toCallOnly([{ toolName: 'search', input: wanted }, { toolName: 'search', input: { q: 'other' } }]);
      if (equal) assertion();
      else expect(assertion).toThrow('Called, but not with the expected input');
    }
  });

  test('custom equality testers decide names too, in every matcher', () => {
    expect(trip).not.toCallTool('BOOK_FLIGHT');
    expect.addEqualityTesters([(a, b) => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : undefined)]);
    expect(trip).toCallTool('BOOK_FLIGHT', { step: 4 });
    expect(trip).toCallToolTimes('Get_Weather', 1);
    expect(trip).toCallToolsInOrder(['SEARCH_FLIGHTS', 'Book_Flight']);
    expect(trip).toCallOnly(['BOOK_FLIGHT', 'SEARCH_FLIGHTS', 'GET_WEATHER', 'SEND_CONFIRMATION']);
    expect(runWithCalls('weather-tool')).toCallOnly('WEATHER-TOOL');
  });
});
