// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
import Anthropic from '@anthropic-ai/sdk';
import { createOpenAI } from '@ai-sdk/openai';
import OpenAI from 'openai';
import { describe, expectTypeOf, it } from 'vitest';
import { recordedFetch, type RecordedFetchOptions } from '../../src/index.js';

describe('recordedFetch types', () => {
  it('is a fetch that the clients taking a fetch option accept', () => {
    expectTypeOf(recordedFetch()).toEqualTypeOf<typeof fetch>();
    new OpenAI({ apiKey: 'sk', fetch: recordedFetch({ mode: 'replay', dir: '__recordings__', name: 'weather', redact: [/sk-\w+/, 'secret'] }) });
    new Anthropic({ apiKey: 'sk', fetch: recordedFetch({ fetch: globalThis.fetch }) });
    createOpenAI({ fetch: recordedFetch({ redact: (text) => text.replaceAll('sk-1', '') }) });
  });

  it('takes recordedModel\'s options and the fetch it wraps', () => {
    expectTypeOf<RecordedFetchOptions['mode']>().toEqualTypeOf<'auto' | 'replay' | 'record' | 'off' | undefined>();
    expectTypeOf<RecordedFetchOptions['fetch']>().toEqualTypeOf<typeof fetch | undefined>();
    // @ts-expect-error not a mode
    recordedFetch({ mode: 'replya' });
    // @ts-expect-error not an option
    recordedFetch({ headers: {} });
  });
});
