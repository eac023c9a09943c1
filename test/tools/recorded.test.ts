import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateText, stepCountIs, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordedModel, recordedTools, RecordingError } from '../../src/index.js';
import { resetRecordingsConfig } from '../../src/recordings/config.js';
import { resetStoreActivity, storeActivity } from '../../src/store/index.js';
import { scriptedModel } from '../helpers/toolLoops.js';

type Any = any;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'recorded-tools-'));
  resetStoreActivity();
});
afterEach(async () => {
  resetRecordingsConfig();
  delete process.env.CI;
  await rm(dir, { recursive: true, force: true });
});

/** A new process, as far as recordings go. */
const newProcess = () => resetStoreActivity();

/** Tools with side effects and drifting outputs: each live run counts, and the weather changes each time. */
function liveTools() {
  const runs = { weather: 0, email: 0 };
  const tools = {
    getWeather: tool({
      description: 'The weather in a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ city, tempC: 10 + runs.weather++, at: new Date(Date.UTC(2026, 0, 1, runs.weather)) }),
    }),
    sendEmail: tool({
      description: 'Sends an email',
      inputSchema: z.object({ to: z.string() }),
      execute: async ({ to }) => {
        runs.email++;
        if (to.endsWith('.invalid')) throw new TypeError(`no mailbox at ${to}`);
        return { sent: true };
      },
    }),
  };
  return { tools, runs };
}

const script = (city = 'Paris') => [[{ call: 'getWeather', input: { city } }, { call: 'sendEmail', input: { to: 'ops@example.invalid' } }], [{ call: 'getWeather', input: { city } }]];

async function run(tools: Any, model: Any = scriptedModel(script())) {
  return generateText({ model, tools, prompt: 'Weather in Paris, and tell ops', stopWhen: stepCountIs(5) });
}

const outputs = (result: Any) => result.steps.flatMap((step: Any) => step.content.filter((part: Any) => part.type === 'tool-result' || part.type === 'tool-error').map((part: Any) => part.output ?? part.error));

describe('recordedTools over AI SDK tools', () => {
  it('records each execution (input, output or error) once, and replays them by name, input and occurrence with no tool run', async () => {
    const first = liveTools();
    const recorded = await run(recordedTools(first.tools, { mode: 'record', dir }));
    expect(first.runs).toEqual({ weather: 2, email: 1 });

    newProcess();
    const second = liveTools();
    const replayed = await run(recordedTools(second.tools, { mode: 'replay', dir }));
    expect(second.runs).toEqual({ weather: 0, email: 0 });
    expect(outputs(replayed)).toEqual(outputs(recorded));
    // The two calls of getWeather with one input replay in order; the Date comes back a Date.
    expect(outputs(replayed).filter((output: Any) => output.city).map((output: Any) => output.tempC)).toEqual([10, 11]);
    expect(outputs(replayed)[0].at).toBeInstanceOf(Date);
    // The error replays as the same error: its name and message.
    const error = outputs(replayed)[1];
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.message]).toEqual(['TypeError', 'no mailbox at ops@example.invalid']);
    expect(replayed).toCallTool('sendEmail', { to: 'ops@example.invalid' });
    expect(() => expect(replayed).toCallToolsWithoutErrors()).toThrow(/no mailbox at ops@example\.invalid/);
    expect(storeActivity().steps).toMatchObject({ replayed: 3, recorded: 0 });

    const [file] = await readdir(dir);
    const stored = JSON.parse(await readFile(path.join(dir, file!), 'utf8'));
    expect(stored.steps.map((step: Any) => [step.kind, step.tool, step.input])).toEqual([
      ['tool', 'getWeather', { city: 'Paris' }],
      ['tool', 'sendEmail', { to: 'ops@example.invalid' }],
      ['tool', 'getWeather', { city: 'Paris' }],
    ]);
  });

  it('a call with no recording in replay is a RecordingError naming the tool, the input, the nearest recorded input and what differs, and the command', async () => {
    await run(recordedTools(liveTools().tools, { mode: 'record', dir }));
    newProcess();
    const { tools, runs } = liveTools();
    const result = await run(recordedTools(tools, { mode: 'replay', dir }), scriptedModel(script('Rome')));
    expect(runs.weather).toBe(0);
    const error = outputs(result)[0];
    expect(error).toBeInstanceOf(RecordingError);
    const [file] = await readdir(dir);
    expect(error.message.replace(dir, '<dir>')).toBe(
      [
        `No recording of this tool call (tool "getWeather", input {"city":"Rome"}) in test "recordedTools over AI SDK tools > a call with no recording in replay is a RecordingError naming the tool, the input, the nearest recorded input and what differs, and the command", and recordings are in replay mode (recordedTools(tools, { mode: 'replay' })), so the tool is not run.`,
        `Expected file: <dir>/${file}`,
        'The nearest recorded tool call is step 1 of 3 in that file; it differs in:',
        '  - input.city: was "Paris", now "Rome"',
        "Record it by giving recordedTools(tools, { mode: 'record' }) and running, with what the tools need to run live (their credentials and services), and the model's:",
        '  npx vitest run test/tools/recorded.test.ts',
        'Then commit the recording file.',
      ].join('\n'),
    );
    expect(error).toMatchObject({ changes: ['input.city: was "Paris", now "Rome"'], command: 'TOOL_CALL_ACCURACY_RECORDINGS=record npx vitest run test/tools/recorded.test.ts' });
  });

  it('refuses an output a file cannot hold when recording, naming the tool and where', async () => {
    const tools = {
      openStream: tool({ description: 'A stream', inputSchema: z.object({}), execute: async () => ({ body: new ReadableStream(), items: [{ format: () => 'x' }] }) }),
      getCache: tool({ description: 'A cache', inputSchema: z.object({}), execute: async () => ({ entries: new Map([['a', 1]]) }) }),
    };
    const result = await generateText({ model: scriptedModel([[{ call: 'openStream', input: {} }, { call: 'getCache', input: {} }]]), tools: recordedTools(tools, { mode: 'record', dir }), prompt: 'x', stopWhen: stepCountIs(2) });
    const [stream, cache] = outputs(result);
    expect(stream.message).toBe(
      'recordedTools(tools, options): the output of tool "openStream" holds a stream at the output.body, which a recording cannot store, so the call was not recorded. Record what the agent reads: return plain data from the tool, or stub it with stubbedTools(tools, stubs).',
    );
    expect(cache.message).toMatch(/tool "getCache" holds a Map at the output\.entries/);
  });

  it('in off mode runs the tools and writes nothing', async () => {
    const { tools, runs } = liveTools();
    await run(recordedTools(tools, { mode: 'off', dir }));
    expect(runs.weather).toBe(2);
    expect(await readdir(dir)).toEqual([]);
    // A live call is counted once answered: the email that threw ran, but is not counted.
    expect(storeActivity().steps.live).toBe(2);
  });
});

describe('hermetic: recordedModel and recordedTools together', () => {
  // The model's second request carries the tool's result: a live tool whose output drifts makes that request new.
  async function agentRun(tools: Any, mode: 'record' | 'replay') {
    const model = recordedModel(scriptedModel([[{ call: 'getWeather', input: { city: 'Paris' } }], [{ text: 'It is mild.' }]]), { mode, dir });
    return generateText({ model, tools, prompt: 'Weather in Paris?', stopWhen: stepCountIs(4) });
  }

  it('a live tool whose output changed makes the model replay miss', async () => {
    await agentRun(liveTools().tools, 'record');
    newProcess();
    const drifted = liveTools();
    drifted.runs.weather = 5; // the weather changed since the recording
    await expect(agentRun(drifted.tools, 'replay')).rejects.toThrow(/^No recording of this model request[\s\S]*message 3 \(tool\)/);
  });

  it('with recordedTools, the same run replays: no model, no tool, the same answer', async () => {
    const first = await agentRun(recordedTools(liveTools().tools, { dir }), 'record');
    newProcess();
    const drifted = liveTools();
    drifted.runs.weather = 5;
    const replayed = await agentRun(recordedTools(drifted.tools, { mode: 'replay', dir }), 'replay');
    expect(drifted.runs.weather).toBe(5);
    expect(replayed.text).toBe(first.text);
    expect(replayed).toCallTool('getWeather', { city: 'Paris' });
    expect(outputs(replayed)[0].tempC).toBe(10);
  });
});
