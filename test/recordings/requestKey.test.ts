/**
 * A model request's key is the sha256 of the JSON of `{ call, model, request: requestData(...) }`.
 * recordedModel writes that text straight from the call options (`requestKeyText`, issue 45 item 1:
 * a replayed step makes no copy of its request), so the text must be the copy's JSON character for
 * character, or every recording made before would miss. Checked against the copy's way on the
 * options generateText really passes, on everything the copy treats specially, on random values,
 * and on the committed recordings (their keys were made by the copy's way).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateText, jsonSchema, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { fromStored, redactor } from '../../src/recordings/data.js';
import { recordedModel } from '../../src/recordings/recordedModel.js';
import { requestData, requestKeyText, sameRequest, type CallKind } from '../../src/recordings/request.js';
import { resetStoreActivity, sha256, storeActivity } from '../../src/store/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const model = { provider: 'openai.responses', modelId: 'gpt-5-mini' };
const same = (text: string) => text;

/** The key text made the copy's way: what recordings have always been keyed by. */
const byCopy = (call: CallKind, options: unknown, redact = same, identity = model) => JSON.stringify({ call, model: { modelId: identity.modelId, provider: identity.provider }, request: requestData(options, redact) });

function expectSameText(options: unknown, redact = same) {
  expect(requestKeyText('generate', model, options, redact)).toBe(byCopy('generate', options, redact));
}

/** Seeded random call options: nested values of every kind, messages with and without framework stamps. */
function randomRequests(seed: number) {
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const keys = ['a', 'b', 'Z', '_x', 'providerOptions', 'mastra', 'content', 'role', 'type', 'é', 'a b', 'providerOptions', 'mastra', 'content', '9', '10', '__proto__'];
  // Whether the writer takes these options itself (no value it leaves to the copy's way).
  const writtenDirectly = (item: unknown): boolean => {
    if (typeof item !== 'object' || item === null) return true;
    if (Array.isArray(item)) return item.every(writtenDirectly);
    if (Object.getPrototypeOf(item) !== Object.prototype) return false;
    return Object.keys(item).every((key) => !/^[0-9]|^__proto__$/.test(key) && writtenDirectly((item as Record<string, unknown>)[key]));
  };
  const value = (depth: number): unknown => {
    const kind = depth > 3 ? Math.floor(random() * 6) : Math.floor(random() * 9);
    switch (kind) {
      case 0:
        return pick(['', 'text', 'quote "', 'line\n', '🙂', '\ud800']);
      case 1:
        return pick([0, -0, 1.5, -7, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]);
      case 2:
        return pick([true, false, null]);
      case 3:
        return pick([undefined, () => 1]);
      case 4:
        return random() < 0.8 ? 10n : pick([new Date(0), new Uint8Array([1])]);
      case 5:
        return pick(['x', 1]);
      case 6:
        return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      default: {
        const out: Record<string, unknown> = {};
        for (let index = Math.floor(random() * 5); index > 0; index--) {
          const key = pick(keys);
          if (key === '__proto__') Object.defineProperty(out, key, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
          else out[key] = value(depth + 1);
        }
        return out;
      }
    }
  };
  const message = () => {
    const out: Record<string, unknown> = { role: pick(['user', 'assistant', 'tool']), content: random() < 0.5 ? 'text' : Array.from({ length: 3 }, () => (random() < 0.8 ? { type: 'text', text: 'p', providerOptions: value(2) } : value(2))) };
    if (random() < 0.7) out.providerOptions = random() < 0.5 ? { mastra: { createdAt: 1 }, ...(random() < 0.5 && { openai: value(3) }) } : value(2);
    return out;
  };
  const randomOptions = () => ({ prompt: Array.from({ length: Math.floor(random() * 4) }, message), temperature: value(3), tools: value(1), [pick(keys)]: value(1) });
  return { random, randomOptions, writtenDirectly };
}

describe('requestKeyText: the copy\'s JSON, written without the copy', () => {
  it('on the options generateText passes a model (a tool call, a tool result, two tools, settings, headers left out)', async () => {
    const seen: unknown[] = [];
    const mock = new MockLanguageModelV4({
      doGenerate: async (options) => {
        seen.push(options);
        return { content: [{ type: 'text', text: 'ok' }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } }, warnings: [] };
      },
    });
    await generateText({
      model: mock,
      system: 'You are a booking agent.',
      messages: [
        { role: 'user', content: 'Book UA 1000, seat 14C. "Quotes", \\ backslashes, a tab\t and é, 漢字, 🙂.' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: { from: 'SFO', to: 'JFK', passengers: 2, flexible: true, nothing: null } }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'search', output: { type: 'json', value: { flights: [{ id: 'UA 1000', price: 12.5 }] } } }] },
      ],
      tools: {
        search: tool({ description: 'Find flights', inputSchema: jsonSchema({ type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } }, required: ['from', 'to'] }) }),
        book: tool({ description: 'Book a seat', inputSchema: jsonSchema({ type: 'object', properties: { flightId: { type: 'string' }, seat: { type: 'string' } } }) }),
      },
      temperature: 0,
      maxOutputTokens: 1024,
      providerOptions: { openai: { store: false, reasoningEffort: 'low' } },
      headers: { authorization: 'Bearer secret' },
    });
    expect(seen).toHaveLength(1);
    const text = requestKeyText('generate', model, seen[0], same);
    expect(text).toBe(byCopy('generate', seen[0]));
    expect(text).not.toContain('secret'); // headers are not data
    expect(requestKeyText('stream', { provider: 'p', modelId: 'm' }, seen[0], same)).toBe(byCopy('stream', seen[0], same, { provider: 'p', modelId: 'm' }));
  });

  it('leaves out Mastra\'s stamps on messages and parts as the copy does, and providerOptions left with nothing', () => {
    const stamp = { mastra: { createdAt: 1767225600000 } };
    expectSameText({
      prompt: [
        { role: 'system', content: 'sys', providerOptions: stamp },
        { role: 'user', content: [{ type: 'text', text: 'hi', providerOptions: { ...stamp, openai: { cache: true } } }], providerOptions: { ...stamp, anthropic: { cacheControl: { type: 'ephemeral' } } } },
        { role: 'assistant', content: [{ type: 'text', text: 'a', providerOptions: stamp }], providerOptions: {} },
        { role: 'user', content: 'plain', providerOptions: { mastra: undefined } },
        { role: 'user', content: 'x', providerOptions: { mastra: () => 1, other: 1 } },
        { role: 'user', content: [{ type: 'text', text: 'y', providerOptions: [1, 2] }, 'a string part', null, [{ providerOptions: stamp }]] },
        'a string message',
        null,
        undefined,
      ],
      providerOptions: stamp, // not a message: kept
    });
    const text = requestKeyText('generate', model, { prompt: [{ role: 'system', content: 'sys', providerOptions: stamp }] }, same);
    expect(text).not.toContain('createdAt');
    expect(text).not.toContain('providerOptions');
  });

  it('on every value the copy treats specially: left out, turned to text, revived types, odd keys', () => {
    class Point {
      x = 1;
    }
    const cases: Record<string, unknown> = {
      'undefined, functions and symbols': { a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1, Symbol('t'), 1] },
      'numbers JSON cannot hold': { a: Number.NaN, b: Number.POSITIVE_INFINITY, c: Number.NEGATIVE_INFINITY, d: -0, e: 1e21, f: 5e-324, g: 0.1 + 0.2 },
      bigint: { a: 10n ** 30n },
      'strings that need escapes': { a: '"\\\n\r\t\b\f', b: '\u0000\u001f\u2028\u2029', c: '\ud800 lone', d: 'pair 🙂', e: '' },
      'keys that need escapes': { 'a"b': 1, 'new\nline': 2, '': 3, 'é': 4, Z: 5, a: 6, _: 7, '-': 8 },
      'array-index keys (JSON puts them first)': { 10: 'ten', 9: 'nine', a: 1, '01': 'zero one', '1a': 2 },
      '__proto__ as an own key': JSON.parse('{"a":1,"__proto__":{"b":2},"nested":{"__proto__":"x","c":3}}'),
      'a null-prototype object': Object.assign(Object.create(null), { b: 2, a: 1 }),
      'a Date, bytes, a URL, an error': { at: new Date(Date.UTC(2026, 0, 1)), bytes: new Uint8Array([1, 2, 255]), buffer: new Uint8Array([3]).buffer, url: new URL('https://example.com/a?b=1'), error: new TypeError('bad') },
      'a class instance without toJSON, and one with': { point: new Point(), json: { toJSON: () => 1 }, withJson: Object.assign(new Point(), { toJSON: () => ({ z: 1, y: 2 }) }) },
      'an array as a message': { prompt: [['a', 'b'], { role: 'user', content: 'x' }] },
      'a prompt that is not a list': { prompt: 'just text' },
      'many keys (past the in-place sort)': Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`k${(index * 7919) % 40}x`, index])),
      'left-out options among the rest': { abortSignal: new AbortController().signal, headers: { a: 'b' }, temperature: 0 },
    };
    for (const [name, options] of Object.entries(cases)) {
      expect(requestKeyText('generate', model, options, same), name).toBe(byCopy('generate', options));
    }
    // Options that are no plain object at all.
    for (const options of [undefined, null, 'text', 3, ['a'], new Point()]) {
      expect(requestKeyText('generate', model, options, same)).toBe(byCopy('generate', options));
    }
  });

  it('cleans strings by redact, in keys as the copy does (values only), and an error from redact is not swallowed', () => {
    const redact = redactor([/sk-[a-z0-9]+/, 'ada@example.com'], 'test');
    const options = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'key sk-abc123 and ada@example.com' }] }], providerOptions: { 'sk-key': 'sk-zzz' } };
    expectSameText(options, redact);
    expect(requestKeyText('generate', model, options, redact)).not.toContain('sk-abc123');
    const bad = redactor(() => 3 as unknown as string, 'test');
    expect(() => requestKeyText('generate', model, { prompt: 'x' }, bad)).toThrow(/redact must return a string/);
  });

  it('on random nested values (seeded)', () => {
    const { randomOptions, writtenDirectly } = randomRequests(45);
    let direct = 0;
    for (let index = 0; index < 600; index++) {
      const options = randomOptions();
      const text = requestKeyText('generate', model, options, same);
      expect(text, `case ${index}`).toBe(byCopy('generate', options));
      if (writtenDirectly(options)) direct++;
    }
    expect(direct).toBeGreaterThan(100); // many cases went the direct way, not only the copy's
  });

  it('gives the committed recordings their keys (made the copy\'s way when they were recorded)', () => {
    const files = ['examples/__recordings__', 'test/recordings/committed'].flatMap((dir) => readdirSync(path.join(root, dir)).map((name) => path.join(root, dir, name)));
    let steps = 0;
    for (const file of files) {
      const recording = JSON.parse(readFileSync(file, 'utf8')) as { steps: Array<{ key: string; call?: CallKind; model?: { provider: string; modelId: string }; request: unknown }> };
      for (const step of recording.steps) {
        if (step.call !== 'generate' && step.call !== 'stream') continue; // recordedFetch's HTTP exchanges are keyed their own way
        expect(sha256(requestKeyText(step.call, step.model!, fromStored(step.request), same)), path.basename(file)).toBe(step.key);
        steps++;
      }
    }
    expect(steps).toBeGreaterThanOrEqual(8);
  });
});

/** A request's data as its step's file holds it. */
const storedOf = (options: unknown) => JSON.parse(JSON.stringify(requestData(options, same))) as unknown;

describe('sameRequest: a replayed step found without its key text, only where the text would be the same', () => {
  it('says true only of data whose key text is the same, and is true of most requests its own step holds (seeded)', () => {
    const { random, randomOptions } = randomRequests(46);
    const requests = Array.from({ length: 300 }, randomOptions);
    let own = 0;
    let across = 0;
    for (const [index, options] of requests.entries()) {
      const text = byCopy('generate', options);
      if (sameRequest(options, storedOf(options), same)) own++;
      // Against another request's data, and against its own with one leaf changed: true only when the texts are the same.
      const other = requests[Math.floor(random() * requests.length)];
      if (sameRequest(options, storedOf(other), same)) {
        across++;
        expect(byCopy('generate', other), `case ${index}`).toBe(text);
      }
      const changed = JSON.parse(JSON.stringify(storedOf(options)).replace(/"text"|true|1\.5|"p"/, (found) => (found === 'true' ? 'false' : found === '1.5' ? '2.5' : found === '"p"' ? '"q"' : '"texts"'))) as unknown;
      if (JSON.stringify(changed) !== JSON.stringify(storedOf(options))) expect(sameRequest(options, changed, same), `case ${index}, changed`).toBe(false);
    }
    // Most random requests hold what sends them the hash's way (a stamped prompt, NaN, a bigint): 32 of 300 do not.
    expect(own).toBeGreaterThan(20); // the cheap way is taken, not only the hash's
    expect(across).toBeLessThan(requests.length);
  });

  it('on the options generateText passes, and on what the writer leaves to the copy or a prompt\'s stamps: false, never a wrong true', async () => {
    const seen: unknown[] = [];
    const mock = new MockLanguageModelV4({
      doGenerate: async (options) => {
        seen.push(options);
        return { content: [{ type: 'text', text: 'ok' }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } }, warnings: [] };
      },
    });
    await generateText({ model: mock, system: 'sys', prompt: 'Book UA 1000.', tools: { book: tool({ description: 'Book', inputSchema: jsonSchema({ type: 'object', properties: { id: { type: 'string' } } }) }) }, temperature: 0, headers: { authorization: 'Bearer secret' } });
    expect(sameRequest(seen[0], storedOf(seen[0]), same)).toBe(true);
    expect(sameRequest(seen[0], { ...(storedOf(seen[0]) as object), extra: 1 }, same)).toBe(false);
    const redact = redactor(['UA 1000'], 'test');
    expect(sameRequest(seen[0], JSON.parse(JSON.stringify(requestData(seen[0], redact))), redact)).toBe(true);
    expect(sameRequest(seen[0], storedOf(seen[0]), redact)).toBe(false);
    const stamped = { prompt: [{ role: 'user', content: 'x', providerOptions: { mastra: { createdAt: 1 } } }] };
    expect(sameRequest(stamped, storedOf(stamped), same)).toBe(false); // the hash's way, which leaves the stamp out
    for (const options of [{ a: Number.NaN }, { a: 10n }, { at: new Date(0) }, { 1: 'x' }, { prompt: [['a']] }, null, ['a']]) {
      expect(sameRequest(options, storedOf(options), same)).toBe(false);
    }
  });

  it('replays requests in any order, each its own answer (a request that is not the next step\'s is hashed), and a request made once more than recorded misses', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'same-request-'));
    try {
      let answered = 0;
      const live = new MockLanguageModelV4({
        doGenerate: async () => ({ content: [{ type: 'text', text: `answer ${answered++}` }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } }, warnings: [] }),
      });
      const ask = async (model: Parameters<typeof generateText>[0]['model'], prompt: string) => (await generateText({ model, prompt })).text;
      const recorder = recordedModel(live, { mode: 'record', dir, name: 'order' });
      for (const prompt of ['a', 'b', 'a', 'c']) await ask(recorder, prompt);
      const replayed = async (prompts: string[]) => {
        resetStoreActivity(); // a new process: the file read anew
        const model = recordedModel(live, { mode: 'replay', dir, name: 'order' });
        const texts: string[] = [];
        for (const prompt of prompts) texts.push(await ask(model, prompt));
        return texts;
      };
      expect(await replayed(['a', 'b', 'a', 'c'])).toEqual(['answer 0', 'answer 1', 'answer 2', 'answer 3']);
      expect(await replayed(['c', 'a', 'b', 'a'])).toEqual(['answer 3', 'answer 0', 'answer 1', 'answer 2']);
      expect(await replayed(['b', 'a', 'a', 'c'])).toEqual(['answer 1', 'answer 0', 'answer 2', 'answer 3']);
      await expect(replayed(['a', 'a', 'a'])).rejects.toThrow(/recorded 2 times in this test; this is its 3rd time|3rd time/);
      expect(storeActivity().steps.replayed).toBe(2);
      expect(answered).toBe(4); // replay never asked the model
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
