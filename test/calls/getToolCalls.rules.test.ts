import { describe, expect, test } from 'vitest';
import { getToolCalls } from '../../src/calls/getToolCalls.js';
import { ToolCallAccuracyError } from '../../src/errors.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';
import { sdks, unawaitedStream } from '../fixtures/aiSdk.js';
import { unawaitedStream4 } from '../fixtures/aiSdk4.js';

const names = (run: unknown) => getToolCalls(run).map((call) => call.toolName);

describe('one count per call id', () => {
  test('a call in a step\'s content and in its toolCalls list counts once', () => {
    const call = { type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: { q: 'x' } };
    const step = { content: [call], toolCalls: [call], finishReason: 'tool-calls' };
    expect(getToolCalls({ steps: [step] })).toEqual([{ toolName: 'search', input: { q: 'x' }, toolCallId: 'c1' }]);
  });

  test('a hand-built step without content is read from toolCalls and toolResults', () => {
    const step = {
      toolCalls: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: {} }],
      toolResults: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'search', input: {}, output: 'ok' }],
      finishReason: 'tool-calls',
    };
    expect(getToolCalls({ steps: [{ content: [] }, step] })).toEqual([{ toolName: 'search', input: {}, toolCallId: 'c1', output: 'ok' }]);
  });

  test('calls without ids are never merged', () => {
    expect(names(['a', 'a'])).toEqual(['a', 'a']);
    const message = { role: 'assistant', content: null, function_call: { name: 'a', arguments: '{}' } };
    expect(names([message, message])).toEqual(['a', 'a']);
  });

  test('a result pairs with the nearest earlier unanswered call with its id; one before any call pairs with none', () => {
    const messages = [
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'a', output: { type: 'json', value: 0 } }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'a', input: { n: 1 } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'a', output: { type: 'json', value: 1 } }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'a', input: { n: 2 } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'a', output: { type: 'json', value: 2 } }] },
    ];
    expect(getToolCalls(messages)).toEqual([
      { toolName: 'a', input: { n: 1 }, toolCallId: 'c1', output: 1 },
      { toolName: 'a', input: { n: 2 }, toolCallId: 'c1', output: 2 },
    ]);
  });
});

describe('output only', () => {
  test('calls in Mastra inputMessages are context', () => {
    const run = createAgentTestRun({
      inputMessages: [
        createTestMessage({ role: 'assistant', content: '', toolInvocations: [createToolInvocation({ toolCallId: 'x', toolName: 'earlier', args: {}, result: {} })] }),
      ],
      output: [createTestMessage({ role: 'assistant', content: 'ok' })],
    });
    expect(getToolCalls(run)).toEqual([]);
  });

  test('tool parts in user messages do not count', () => {
    const ui = [
      { id: 'u', role: 'user', parts: [{ type: 'tool-search', toolCallId: 'u1', state: 'output-available', input: {}, output: 1 }] },
      { id: 'a', role: 'assistant', parts: [{ type: 'tool-book', toolCallId: 'a1', state: 'input-available', input: {} }] },
    ];
    expect(names(ui)).toEqual(['book']);
    const model = [
      { role: 'user', content: [{ type: 'tool-call', toolCallId: 'u1', toolName: 'search', input: {} }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a1', toolName: 'book', input: {} }] },
    ];
    expect(names(model)).toEqual(['book']);
  });
});

describe('UI part states', () => {
  const part = (state: string, extra: object = {}) => ({ type: 'tool-search', toolCallId: `id-${state}`, state, input: { q: 1 }, ...extra });
  const run = (...parts: object[]) => [{ id: 'a', role: 'assistant', parts }];

  test.each([
    ['input-streaming', undefined],
    ['input-available', {}],
    ['approval-requested', { approval: 'requested' }],
    ['output-available', {}],
    ['output-error', {}],
    ['output-denied', { approval: 'denied' }],
    ['a-state-from-a-later-sdk', {}],
  ])('%s: %j', (state, expected) => {
    const calls = getToolCalls(run(part(state)));
    if (expected === undefined) expect(calls).toEqual([]);
    else expect(calls).toEqual([expect.objectContaining({ toolName: 'search', ...expected })]);
  });

  test('approval-responded counts, approved or denied, and says which', () => {
    expect(getToolCalls(run(part('approval-responded', { approval: { id: 'p', approved: true } })))[0]?.approval).toBe('approved');
    expect(getToolCalls(run(part('approval-responded', { approval: { id: 'p', approved: false } })))[0]?.approval).toBe('denied');
    // An approved call that then ran keeps its approval record.
    const ran = part('output-available', { output: 1, approval: { id: 'p', approved: true } });
    expect(getToolCalls(run(ran))).toEqual([{ toolName: 'search', input: { q: 1 }, toolCallId: 'id-output-available', output: 1, approval: 'approved' }]);
  });

  test('a dynamic tool is named by toolName; output and error are kept', () => {
    const parts = [
      { type: 'dynamic-tool', toolName: 'mcp-x', toolCallId: 'd1', state: 'output-available', input: {}, output: 'r' },
      part('output-error', { errorText: 'boom' }),
    ];
    expect(getToolCalls(run(...parts))).toEqual([
      { toolName: 'mcp-x', input: {}, toolCallId: 'd1', output: 'r' },
      { toolName: 'search', input: { q: 1 }, toolCallId: 'id-output-error', error: 'boom' },
    ]);
  });

  test('Mastra: calls awaiting approval, approved or denied count; a partial call does not', () => {
    const message = {
      id: 'm',
      role: 'assistant',
      content: {
        format: 2,
        parts: [
          { type: 'tool-invocation', toolInvocation: { state: 'approval-requested', toolCallId: '1', toolName: 'a', args: {} } },
          { type: 'tool-invocation', toolInvocation: { state: 'output-denied', toolCallId: '2', toolName: 'b', args: {} } },
          { type: 'tool-invocation', toolInvocation: { state: 'approval-responded', toolCallId: '3', toolName: 'c', args: {}, approval: { approved: true } } },
          { type: 'tool-invocation', toolInvocation: { state: 'partial-call', toolCallId: '4', toolName: 'd', args: {} } },
        ],
      },
    };
    expect(getToolCalls([message]).map(({ toolName, approval }) => [toolName, approval])).toEqual([
      ['a', 'requested'],
      ['b', 'denied'],
      ['c', 'approved'],
    ]);
  });
});

describe('inputs', () => {
  test('JSON-string arguments are parsed; unparsable ones are kept and flagged', () => {
    const message = {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: '1', type: 'function', function: { name: 'a', arguments: '{"x":1}' } },
        { id: '2', type: 'function', function: { name: 'b', arguments: '{"x":' } },
        { id: '3', type: 'function', function: { name: 'c', arguments: '' } },
      ],
    };
    expect(getToolCalls([message])).toEqual([
      { toolName: 'a', input: { x: 1 }, toolCallId: '1' },
      { toolName: 'b', input: '{"x":', unparsedInput: '{"x":', toolCallId: '2' },
      { toolName: 'c', input: {}, toolCallId: '3' },
    ]);
  });
});

describe('values that are not runs', () => {
  const errorOf = (value: unknown) => {
    try {
      getToolCalls(value);
    } catch (error) {
      return error;
    }
    throw new Error('expected getToolCalls to throw');
  };

  test.each([
    ['an object', { foo: 1, bar: 2 }, 'an object with keys { foo, bar }'],
    ['a number', 42, 'number 42'],
    ['a string', 'hello', 'a string ("hello")'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a Promise', Promise.resolve([]), 'a Promise (did you forget to await'],
    ['an array of numbers', [1, 2], 'an array of 2 items whose first is number 1'],
    ['a mixed array', ['a', { toolName: 'b' }], 'an array of 2 items'],
  ])('%s: names what was received and lists the accepted shapes', (_, value, described) => {
    const error = errorOf(value);
    expect(error).toBeInstanceOf(ToolCallAccuracyError);
    const message = (error as Error).message;
    expect(message).toContain(`received ${described}`);
    expect(message).toContain('Accepted shapes:');
    for (const shape of ['Mastra agent run', 'AI SDK 5/6/7 generateText result', 'UI messages', 'OpenAI Chat Completions', 'OpenAI Responses', 'Anthropic', 'LangChain', 'plain array']) {
      expect(message).toContain(shape);
    }
  });

  test.each(sdks.map((sdk) => [sdk.name, sdk] as const))('%s: a streamText result whose steps are a Promise says to await them', async (_, sdk) => {
    const result = unawaitedStream(sdk);
    const error = errorOf(result);
    expect(error).toBeInstanceOf(ToolCallAccuracyError);
    expect((error as Error).message).toContain('await result.steps');
    // And once awaited, the same run reads fine.
    expect(names(await result.steps)).toEqual(['auth-tool', 'fetch-tool', 'fetch-tool']);
  });

  test('ai4: the same error says to read the stream first, which is what makes v4 steps settle', async () => {
    const result = unawaitedStream4();
    expect((errorOf(result) as Error).message).toContain('With AI SDK 4, read the stream first (await result.consumeStream())');
    await result.consumeStream();
    expect(names(await result.steps)).toEqual(['auth-tool', 'fetch-tool', 'fetch-tool']);
  });
});

describe('hostile input', () => {
  test('cyclic objects do not hang', () => {
    const cyclic: Record<string, unknown> = { role: 'assistant' };
    cyclic.content = [cyclic];
    cyclic.self = cyclic;
    expect(() => getToolCalls({ a: cyclic, steps: undefined })).toThrow(ToolCallAccuracyError);
    const array: unknown[] = [];
    array.push(array);
    expect(() => getToolCalls(array)).toThrow(ToolCallAccuracyError);
    // A message whose content holds a message is no format's: refused (read or refuse), not read as no calls.
    expect(() => getToolCalls([cyclic])).toThrow(/its message 1 \(\{ role: "assistant", content: \[\{ role: "assistant", content, self \}\], self \}\) is in no message format/);
  });

  test('getters that throw become a ToolCallAccuracyError', () => {
    const trap = Object.defineProperty({}, 'steps', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(() => getToolCalls(trap)).toThrow(ToolCallAccuracyError);
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        has() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(() => getToolCalls(proxy)).toThrow(ToolCallAccuracyError);
    expect(() => getToolCalls([proxy])).toThrow(ToolCallAccuracyError);
  });

  test('a getter that throws while reading is reported, not leaked', () => {
    const step = { finishReason: 'stop', content: [] as unknown[] };
    Object.defineProperty(step.content, 0, {
      enumerable: true,
      get() {
        throw new Error('late');
      },
    });
    const error = (() => {
      try {
        getToolCalls({ steps: [{ content: [] }, step] });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(ToolCallAccuracyError);
    expect(error?.message).toContain('late');
  });

  test('a huge run is read whole (its speed is measured in bench/)', () => {
    const content = Array.from({ length: 100_000 }, (_, index) => ({ type: 'tool-call', toolCallId: `c${index}`, toolName: 't', input: {} }));
    const calls = getToolCalls({ steps: [{ content, finishReason: 'tool-calls' }] });
    expect(calls).toHaveLength(100_000);
    // A huge array that is not a run fails fast too.
    expect(() => getToolCalls(new Array(1_000_000).fill(7))).toThrow(ToolCallAccuracyError);
  });
});
