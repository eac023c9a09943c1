// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
import { generateText as generateText7, type LanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { generateText as generateText6 } from 'ai6';
import { MockLanguageModelV3 } from 'ai6/test';
import { generateText as generateText5 } from 'ai5';
import { MockLanguageModelV2 } from 'ai5/test';
import { describe, expectTypeOf, it } from 'vitest';
import { configureRecordings, recordedModel, RecordingError, type RecordedModelOptions, type RecordingMode } from '../../src/index.js';

describe('recordedModel types', () => {
  it('returns the model type it is given, usable wherever the model is', async () => {
    const v4 = recordedModel(new MockLanguageModelV4(), { mode: 'replay', dir: '__recordings__', name: 'weather', redact: [/sk-\w+/, 'secret'] });
    expectTypeOf(v4).toEqualTypeOf<MockLanguageModelV4>();
    expectTypeOf(v4).toExtend<LanguageModel>();
    await generateText7({ model: v4, prompt: 'hi' });
    await generateText6({ model: recordedModel(new MockLanguageModelV3()), prompt: 'hi' });
    await generateText5({ model: recordedModel(new MockLanguageModelV2(), { redact: (text) => text.replaceAll('sk-1', '') }), prompt: 'hi' });
  });

  it('modes, options and the error', () => {
    expectTypeOf<RecordingMode>().toEqualTypeOf<'auto' | 'replay' | 'record' | 'off'>();
    expectTypeOf<RecordedModelOptions['name']>().toEqualTypeOf<string | undefined>();
    configureRecordings({ mode: 'record', dir: 'recordings' });
    configureRecordings({ mode: undefined });
    // @ts-expect-error not a mode
    recordedModel(new MockLanguageModelV4(), { mode: 'replya' });
    // @ts-expect-error not a language model
    recordedModel('openai/gpt-5');
    // @ts-expect-error configureRecordings takes mode and dir only
    configureRecordings({ name: 'x' });
    expectTypeOf<RecordingError['changes']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<RecordingError['command']>().toEqualTypeOf<string | undefined>();
  });
});
