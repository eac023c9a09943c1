/**
 * Results pair with their calls in one module (src/calls/pairing.ts): by id, the nearest earlier
 * unanswered call with it (runs read in the order things happened) or the earliest (runs that list
 * calls and results apart); without an id, the earliest unanswered call to the tool. These check the
 * module, and the readers that use it, against those rules written out the slow, plain way, over
 * runs with the odd but real cases: ids a provider reuses in later steps and repeats inside one
 * message, a second result for one call, a result for an earlier step's call, results out of order
 * or missing, a tool message with no content, unparsable and empty arguments, custom tools,
 * in-progress items.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type OpenAI from 'openai';
import type { ToolCall } from '../../src/index.js';
import { getToolCalls } from '../../src/index.js';
import { readRun } from '../../src/calls/getToolCalls.js';
import { Pairing } from '../../src/calls/pairing.js';

/** The entries of each call, keys in order: a call made with its result reads like one given it later. */
const entries = (calls: readonly object[]) => calls.map((call) => Object.entries(call));

type Made = Record<string, unknown>;

/** The collector's rule, plainly: the nearest earlier call with this id and no result or error yet; no value answers nothing. */
function pair(calls: Made[], toolCallId: unknown, output: unknown): void {
  if (typeof toolCallId !== 'string' || toolCallId === '' || output === undefined) return;
  for (let index = calls.length - 1; index >= 0; index--) {
    const call = calls[index]!;
    if (call.toolCallId === toolCallId && call.output === undefined && call.error === undefined) {
      call.output = output;
      return;
    }
  }
}

/** A call from a JSON-string input, as toolCall.ts makes it. */
function jsonCall(toolName: string, raw: string, id: unknown): Made {
  const withId = (input: unknown): Made => (typeof id === 'string' && id !== '' ? { toolName, input, toolCallId: id } : { toolName, input });
  if (raw.trim() === '') return withId({});
  try {
    return withId(JSON.parse(raw));
  } catch {
    return { ...withId(raw), unparsedInput: raw };
  }
}

const ids = fc.constantFrom('call_0', 'call_1', 'call_2', '');
const args = fc.constantFrom('{"n":1}', '{"n":2}', '', '  ', '{"n":', '[1]');
const contents = fc.constantFrom<string | null | undefined>('ok', 'rain', '', null, undefined);

describe('OpenAI Chat: results pair by the nearest rule', () => {
  const toolCallItem = fc.oneof(
    fc.record({ id: ids, type: fc.constant('function' as const), function: fc.record({ name: fc.constantFrom('search', 'book'), arguments: args }) }),
    fc.record({ id: ids, type: fc.constant('custom' as const), custom: fc.record({ name: fc.constantFrom('sql'), input: fc.constantFrom('SELECT 1') }) }),
  );
  const message = fc.oneof(
    { weight: 3, arbitrary: fc.record({ role: fc.constant('assistant' as const), content: fc.constant(null), tool_calls: fc.array(toolCallItem, { maxLength: 4 }) }) },
    { weight: 4, arbitrary: fc.record({ role: fc.constant('tool' as const), tool_call_id: ids, content: contents }) },
    { weight: 1, arbitrary: fc.record({ role: fc.constant('user' as const), content: fc.constant('go on') }) },
  );

  function expected(messages: readonly (typeof message extends fc.Arbitrary<infer M> ? M : never)[], steps: number[] = []): Made[] {
    const calls: Made[] = [];
    // Each assistant message is a model step, numbered from 1 (the collector's count).
    let step = 0;
    for (const item of messages) {
      if (item.role === 'assistant') {
        step++;
        for (const toolCall of item.tool_calls) {
          const before = calls.length;
          if (toolCall.type === 'function') calls.push(jsonCall(toolCall.function.name, toolCall.function.arguments, toolCall.id));
          else if (toolCall.type === 'custom') calls.push(toolCall.id === '' ? { toolName: toolCall.custom.name, input: toolCall.custom.input } : { toolName: toolCall.custom.name, input: toolCall.custom.input, toolCallId: toolCall.id });
          if (calls.length > before) steps.push(step);
        }
      } else if (item.role === 'tool') {
        pair(calls, item.tool_call_id, item.content);
      }
    }
    return calls;
  }

  it('any run: the same calls, results and keys in order as the rule gives', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 14 }), (messages) => {
        const steps: number[] = [];
        // Typed loosely: a tool message's `content` is also null or missing here, which the SDK's type forbids.
        expect(entries(getToolCalls(messages as unknown[]))).toStrictEqual(entries(expected(messages, steps)));
        const read = readRun(messages);
        expect(read.steps ?? []).toEqual(steps);
      }),
      { numRuns: 3000 },
    );
  });

  it('a repeated id inside one message, a second result, an earlier step answered late, a tool message with no content', () => {
    const messages = [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_0', type: 'function', function: { name: 'search', arguments: '{"q":"a"}' } },
          { id: 'call_0', type: 'function', function: { name: 'search', arguments: '{"q":"b"}' } },
          { id: 'call_1', type: 'function', function: { name: 'book', arguments: '{"id":1}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_0', content: 'b found' },
      { role: 'tool', tool_call_id: 'call_0', content: 'a found' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'search', arguments: '{"q":"c"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'booked' },
      { role: 'tool', tool_call_id: 'call_0', content: undefined as unknown as string },
      { role: 'tool', tool_call_id: 'call_0', content: 'c found' },
    ] satisfies OpenAI.Chat.Completions.ChatCompletionMessageParam[];
    expect(entries(getToolCalls(messages))).toStrictEqual([
      [['toolName', 'search'], ['input', { q: 'a' }], ['toolCallId', 'call_0'], ['output', 'a found']],
      [['toolName', 'search'], ['input', { q: 'b' }], ['toolCallId', 'call_0'], ['output', 'b found']],
      [['toolName', 'book'], ['input', { id: 1 }], ['toolCallId', 'call_1'], ['output', 'booked']],
      [['toolName', 'search'], ['input', { q: 'c' }], ['toolCallId', 'call_0'], ['output', 'c found']],
    ]);
    // Each assistant message is a step, its results read ahead or not.
    expect(readRun(messages).steps).toEqual([1, 1, 1, 2]);
  });

  it('a message with 70 calls, two per id, pairs the same way', () => {
    const count = 70;
    const messages = [
      { role: 'assistant', content: null, tool_calls: Array.from({ length: count }, (_, n) => ({ id: `call_${n % 35}`, type: 'function' as const, function: { name: 'search', arguments: `{"n":${n}}` } })) },
      ...Array.from({ length: count }, (_, n) => ({ role: 'tool' as const, tool_call_id: `call_${n % 35}`, content: `result ${n}` })),
    ] satisfies OpenAI.Chat.Completions.ChatCompletionMessageParam[];
    const calls = getToolCalls(messages);
    // Two calls per id: the first result with an id goes to the later call (the nearest), the second to the earlier.
    expect(calls[0]).toStrictEqual({ toolName: 'search', input: { n: 0 }, toolCallId: 'call_0', output: 'result 35' });
    expect(calls[35]).toStrictEqual({ toolName: 'search', input: { n: 35 }, toolCallId: 'call_0', output: 'result 0' });
    expect(entries(calls)).toStrictEqual(entries(expected(messages as never)));
  });
});

describe('OpenAI Responses: results pair by the nearest rule', () => {
  const item = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        type: fc.constant('function_call' as const),
        call_id: ids,
        name: fc.constantFrom('search', 'book', ''),
        arguments: args,
        status: fc.constantFrom('completed' as const, 'in_progress' as const),
      }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('custom_tool_call' as const), call_id: ids, name: fc.constant('sql'), input: fc.constant('SELECT 1') }) },
    { weight: 4, arbitrary: fc.record({ type: fc.constantFrom('function_call_output' as const, 'custom_tool_call_output' as const), call_id: ids, output: contents }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('reasoning' as const), id: fc.constant('rs_1'), summary: fc.constant([]) }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('message' as const), role: fc.constant('user' as const), content: fc.constant('go on') }) },
  );
  type Item = typeof item extends fc.Arbitrary<infer I> ? I : never;

  /** The calls, and their steps: a step begins at a call or reasoning item after anything else. */
  function expected(items: readonly Item[], steps: number[]): Made[] {
    const calls: Made[] = [];
    let step = 0;
    let inCalls = false;
    for (const entry of items) {
      const ofResponse = entry.type === 'reasoning' || entry.type.endsWith('_call');
      if (ofResponse && !inCalls) step++;
      inCalls = ofResponse;
      const before = calls.length;
      if (entry.type === 'function_call') {
        if (entry.status !== 'in_progress' && entry.name !== '') calls.push(jsonCall(entry.name, entry.arguments, entry.call_id));
      } else if (entry.type === 'custom_tool_call') {
        calls.push(entry.call_id === '' ? { toolName: entry.name, input: entry.input } : { toolName: entry.name, input: entry.input, toolCallId: entry.call_id });
      } else if (entry.type === 'function_call_output' || entry.type === 'custom_tool_call_output') {
        pair(calls, entry.call_id, entry.output);
      }
      if (calls.length > before) steps.push(step);
    }
    return calls;
  }

  it('any list of items: the same calls, results, keys in order and steps as the rule gives', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 16 }), (items) => {
        const steps: number[] = [];
        // Typed loosely: outputs are also null or missing here, which the SDK's type forbids.
        expect(entries(getToolCalls(items as unknown[]))).toStrictEqual(entries(expected(items, steps)));
        expect(readRun(items).steps ?? []).toEqual(steps);
      }),
      { numRuns: 3000 },
    );
  });

  it("a Response's input items: calls reusing an id across responses, outputs out of order and late", () => {
    const items = [
      { type: 'message', role: 'user', content: 'Weather in Paris and Rome?' },
      { type: 'function_call', id: 'fc_1', call_id: 'call_0', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
      { type: 'function_call', id: 'fc_2', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Rome"}', status: 'completed' },
      { type: 'function_call_output', call_id: 'call_1', output: 'sun' },
      { type: 'function_call', id: 'fc_3', call_id: 'call_0', name: 'get_time', arguments: '{}', status: 'completed' },
      { type: 'function_call_output', call_id: 'call_0', output: '12:00' },
      { type: 'function_call_output', call_id: 'call_0', output: 'rain' },
    ] satisfies OpenAI.Responses.ResponseInputItem[];
    expect(entries(getToolCalls(items))).toStrictEqual([
      [['toolName', 'get_weather'], ['input', { city: 'Paris' }], ['toolCallId', 'call_0'], ['output', 'rain']],
      [['toolName', 'get_weather'], ['input', { city: 'Rome' }], ['toolCallId', 'call_1'], ['output', 'sun']],
      [['toolName', 'get_time'], ['input', {}], ['toolCallId', 'call_0'], ['output', '12:00']],
    ]);
    expect(readRun(items).steps).toEqual([1, 1, 2]);
  });
});

describe('Pairing, on its own: the plain rules over any sequence of calls and results', () => {
  type Event = { kind: 'call'; toolName: string; id: string } | { kind: 'result'; toolName: string; id: string; named: boolean; value: string | undefined };
  const event = fc.oneof(
    fc.record({ kind: fc.constant('call' as const), toolName: fc.constantFrom('a', 'b'), id: fc.constantFrom('1', '2', '') }),
    fc.record({ kind: fc.constant('result' as const), toolName: fc.constantFrom('a', 'b'), id: fc.constantFrom('1', '2', ''), named: fc.boolean(), value: fc.constantFrom('x', 'y', undefined) }),
  );

  /** The rule, plainly, over calls made so far: the call a result answers, or -1. */
  function expectedPairs(events: readonly Event[], order: 'nearest' | 'earliest'): Array<[number, string | undefined]> {
    const calls: Array<{ toolName: string; id: string; answered: boolean }> = [];
    const pairs: Array<[number, string | undefined]> = [];
    for (const item of events) {
      if (item.kind === 'call') {
        calls.push({ toolName: item.toolName, id: item.id, answered: false });
        continue;
      }
      if (item.value === undefined) continue;
      const open = calls.map((call, index) => ({ call, index })).filter(({ call }) => !call.answered);
      const candidates =
        item.id !== ''
          ? open.filter(({ call }) => call.id === item.id && (!item.named || call.toolName === item.toolName))
          : item.named
            ? open.filter(({ call }) => call.id === '' && call.toolName === item.toolName)
            : [];
      const chosen = item.id !== '' && order === 'nearest' ? candidates.at(-1) : candidates[0];
      if (chosen) {
        chosen.call.answered = true;
        pairs.push([chosen.index, item.value]);
      }
    }
    return pairs;
  }

  function actualPairs(events: readonly Event[], order: 'nearest' | 'earliest'): Array<[number, string | undefined]> {
    const calls: ToolCall[] = [];
    const pairing = new Pairing(calls, order);
    const pairs: Array<[number, string | undefined]> = [];
    for (const item of events) {
      if (item.kind === 'call') calls.push(item.id === '' ? { toolName: item.toolName, input: {} } : { toolName: item.toolName, input: {}, toolCallId: item.id });
      else if (item.value !== undefined) {
        const call = pairing.take(item.id, item.named ? item.toolName : undefined);
        if (call) {
          call.output = item.value;
          pairs.push([calls.indexOf(call), item.value]);
        }
      }
    }
    return pairs;
  }

  for (const order of ['nearest', 'earliest'] as const) {
    it(`${order}: by id (and tool when the result names it), else the earliest open call to the tool without an id`, () => {
      fc.assert(
        fc.property(fc.array(event, { maxLength: 20 }), (events) => {
          expect(actualPairs(events, order)).toEqual(expectedPairs(events, order));
        }),
        { numRuns: 2000 },
      );
    });

    it(`${order}: the same over long runs, where a result's call may be far from the latest and the earliest open ones`, () => {
      // Many calls first, results later: the calls a result answers lie past the first few looked at.
      const long = fc.tuple(fc.array(event.filter((item) => item.kind === 'call'), { minLength: 40, maxLength: 120 }), fc.array(event, { maxLength: 120 }));
      fc.assert(
        fc.property(long, ([calls, rest]) => {
          const events = [...calls, ...rest];
          expect(actualPairs(events, order)).toEqual(expectedPairs(events, order));
        }),
        { numRuns: 300 },
      );
    });
  }

  it('a call made with its outcome, or denied, is answered; a taken call stays answered without a value', () => {
    const calls: ToolCall[] = [
      { toolName: 'a', input: {}, toolCallId: '1', output: 'known' },
      { toolName: 'a', input: {}, toolCallId: '1', approval: 'denied' },
      { toolName: 'a', input: {}, toolCallId: '1' },
      { toolName: 'a', input: {}, toolCallId: '1' },
    ];
    const pairing = new Pairing(calls, 'earliest');
    expect(pairing.take('1')).toBe(calls[2]);
    expect(pairing.take('1')).toBe(calls[3]);
    expect(pairing.take('1')).toBeUndefined();
    expect(pairing.latest('1')).toBe(calls[3]);
    expect(pairing.latest('')).toBeUndefined();
  });

  it('sees the calls its owner added after it was made', () => {
    const calls: ToolCall[] = [];
    const pairing = new Pairing(calls);
    expect(pairing.take('1')).toBeUndefined();
    calls.push({ toolName: 'a', input: {}, toolCallId: '1' });
    expect(pairing.take('1')).toBe(calls[0]);
    calls.push({ toolName: 'b', input: {} });
    expect(pairing.take(undefined, 'a')).toBeUndefined();
    expect(pairing.take(undefined, 'b')).toBe(calls[1]);
  });
});
