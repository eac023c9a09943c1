/**
 * Tool executions in what the reporters learn of recordings: recordedTools' steps are counted
 * apart from the model's, in the test's own metadata (as Vitest carries it to the reporter), and
 * the reporters' line says how many tool calls replayed, recorded or ran live beside the model steps.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateText, stepCountIs, tool } from 'ai';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { recordedModel, recordedTools } from '../../src/index.js';
import { RECORDINGS_META_KEY, type RecordingUse } from '../../src/recordings/usage.js';
import { recordingsReport } from '../../src/reporter/recordings.js';
import { resetStoreActivity } from '../../src/store/index.js';
import { scriptedModel } from '../helpers/toolLoops.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'recordings-tools-report-'));
  resetStoreActivity();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const tools = { getWeather: tool({ description: 'Weather', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, tempC: 20 }) }) };
const agent = (mode: 'record' | 'replay') =>
  generateText({
    model: recordedModel(scriptedModel([[{ call: 'getWeather', input: { city: 'Paris' } }, { call: 'getWeather', input: { city: 'Lyon' } }], [{ text: 'Mild.' }]]), { mode, dir, name: 'weather' }),
    tools: recordedTools(tools, { mode, dir, name: 'weather' }),
    prompt: 'Weather?',
    stopWhen: stepCountIs(4),
  });

it("counts tool calls apart from model steps in the test's metadata, recorded then replayed", async ({ task }) => {
  await agent('record');
  resetStoreActivity();
  await agent('replay');
  const uses = task.meta[RECORDINGS_META_KEY as never] as unknown as RecordingUse[];
  expect(uses).toEqual([{ file: expect.stringContaining('weather-'), replayed: 2, recorded: 2, live: 0, tools: { replayed: 2, recorded: 2, live: 0 } }]);
});

it('the reporters say how many tool calls replayed beside the model steps, and say nothing of tools when none ran', async () => {
  const use = { testFile: path.join(dir, 'a.test.ts'), test: 'a', file: path.join(dir, 'a.json'), replayed: 3, recorded: 0, live: 0 };
  const scope = { full: false as const, why: 'tests were filtered' };
  const withTools = (await recordingsReport([{ ...use, tools: { replayed: 4, recorded: 1, live: 0 } }], [], scope, dir))?.text;
  expect(withTools!.split('\n')[0]).toBe('tool-call-accuracy recordings: 3 steps replayed, 0 recorded, 0 passed through live; 4 tool calls replayed, 1 recorded, 0 run live, in 1 recording file.');
  const without = (await recordingsReport([use], [], scope, dir))?.text;
  expect(without!.split('\n')[0]).toBe('tool-call-accuracy recordings: 3 steps replayed, 0 recorded, 0 passed through live, in 1 recording file.');
});
