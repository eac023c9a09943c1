/**
 * A model request's key is the sha256 of the JSON of `{ call, model, request: requestData(...) }`
 * (`requestKeyText`); the keys of recordings made before must stay the same. A request in the
 * order its test recorded it is found without its text: `sameRequest` compares its data with the
 * next recorded step's, and may only ever say true where the texts would be the same.
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

/** The key text of call options. */
const byCopy = (call: CallKind, options: unknown, redact = same, identity = model) => requestKeyText(call, identity, requestData(options, redact));

/** Seeded random call options: nested values of every kind, messages with and without framework stamps. */
function randomRequests(seed: number) {
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const keys = ['a', 'b', 'Z', '_x', 'providerOptions', 'mastra', 'content', 'role', 'type', 'é', 'a b', 'providerOptions', 'mastra', 'content', '9', '10', '__proto__'];
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
  return { random, randomOptions };
}

describe('requestKeyText: what a request is keyed by', () => {
  it('leaves out headers, Mastra\'s stamps on messages and parts, and what redact removes', async () => {
    const seen: unknown[] = [];
    const mock = new MockLanguageModelV4({
      doGenerate: async (options) => {
        seen.push(options);
        return { content: [{ type: 'text', text: 'ok' }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } }, warnings: [] };
      },
    });
    await generateText({ model: mock, prompt: 'Book UA 1000 for sk-abc123.', temperature: 0, headers: { authorization: 'Bearer secret' } });
    expect(byCopy('generate', seen[0])).not.toContain('secret'); // headers are not data
    expect(byCopy('generate', seen[0], redactor([/sk-[a-z0-9]+/], 'test'))).not.toContain('sk-abc123');
    const stamp = { mastra: { createdAt: 1767225600000 } };
    const text = byCopy('generate', { prompt: [{ role: 'system', content: 'sys', providerOptions: stamp }] });
    expect(text).not.toContain('createdAt');
    expect(text).not.toContain('providerOptions');
    expect(() => byCopy('generate', { prompt: 'x' }, redactor(() => 3 as unknown as string, 'test'))).toThrow(/redact must return a string/);
  });

  it('gives the committed recordings their keys (made the copy\'s way when they were recorded)', () => {
    const files = ['examples/__recordings__', 'test/recordings/committed'].flatMap((dir) => readdirSync(path.join(root, dir)).map((name) => path.join(root, dir, name)));
    let steps = 0;
    for (const file of files) {
      const recording = JSON.parse(readFileSync(file, 'utf8')) as { steps: Array<{ key: string; call?: CallKind; model?: { provider: string; modelId: string }; request: unknown }> };
      for (const step of recording.steps) {
        if (step.call !== 'generate' && step.call !== 'stream') continue; // recordedFetch's HTTP exchanges are keyed their own way
        expect(sha256(byCopy(step.call, fromStored(step.request), same, step.model!)), path.basename(file)).toBe(step.key);
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
