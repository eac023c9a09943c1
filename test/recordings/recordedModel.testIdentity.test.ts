/**
 * Which test a request belongs to, with the process's state left as the runner leaves it (no reset
 * between tests): two tests of one name are two tests, and a retry counts its requests again.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedModel } from '../../src/index.js';
import { majors, weatherTools, type Major } from '../helpers/recordingModels.js';

const [major] = majors.slice(-1) as [Major];
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'recordings-identity-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const generate = (model: unknown) => major.ai.generateText({ model, tools: weatherTools(major), prompt: 'Weather in Tokyo?', ...major.stopAfter(5) });

// The two tests below share one name, so one file: the first records it, the second replays it.
describe('two tests of one name', () => {
  it('weather in Tokyo', async () => {
    const model = major.model();
    await generate(recordedModel(model, { mode: 'record', dir }));
    expect(model.calls()).toBe(2);
  });

  it('weather in Tokyo', async () => {
    const model = major.model();
    const result = await generate(recordedModel(model, { mode: 'replay', dir }));
    expect(model.calls()).toBe(0);
    expect(result.text).toBe('Sunny, answer 2');
    expect((await readdir(dir)).filter((name) => name.includes('two-tests-of-one-name'))).toHaveLength(1);
  });
});

let tries = 0;
it('a retry replays from its first request again', { retry: 1 }, async () => {
  const model = major.model();
  await generate(recordedModel(model, { mode: 'auto', dir }));
  tries += 1;
  if (tries === 1) {
    expect(model.calls()).toBe(2);
    throw new Error('the first try fails after recording');
  }
  expect(model.calls()).toBe(0); // the retry's first request is the recording's first step
});
