import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureRecordings, recordedModel, RecordingError, sample, ToolCallAccuracyError } from '../../src/index.js';
import { resetRecordingsConfig } from '../../src/recordings/config.js';
import { display, resetStoreActivity, storeActivity } from '../../src/store/index.js';
import { majors, weatherTools, type Major } from '../helpers/recordingModels.js';

type Any = any;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'recordings-'));
  resetStoreActivity();
});
afterEach(async () => {
  resetRecordingsConfig();
  delete process.env.CI;
  delete process.env.TOOL_CALL_ACCURACY_RECORDINGS;
  await rm(dir, { recursive: true, force: true });
});

/** A new process, as far as recordings go: files are read again and counts start again. */
const newProcess = () => resetStoreActivity();

async function filesIn(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true })).filter((name) => name.endsWith('.json')).map((name) => path.join(folder, name));
}

async function generate(major: Major, model: Any, prompt = 'Weather in Tokyo?', tools = weatherTools(major), extra: Record<string, unknown> = {}) {
  const result = await major.ai.generateText({ model, tools, prompt, ...major.stopAfter(5), ...extra });
  return { text: result.text as string, ids: result.steps.flatMap((step: Any) => step.toolCalls.map((call: Any) => call.toolCallId)) as string[], result };
}

async function stream(major: Major, model: Any, prompt = 'Weather in Tokyo?') {
  const result = major.ai.streamText({ model, tools: weatherTools(major), prompt, ...major.stopAfter(5) });
  const text = await result.text;
  const steps = await result.steps;
  return { text: text as string, ids: steps.flatMap((step: Any) => step.toolCalls.map((call: Any) => call.toolCallId)) as string[], result };
}

describe.each(majors)('$name: record once, replay with no model', (major) => {
  it('generateText: replays the tool loop exactly, provider ids included, never calling the model', async () => {
    const live = major.model();
    const recorded = await generate(major, recordedModel(live, { mode: 'record', dir }));
    expect(live.calls()).toBe(2);
    expect(recorded.text).toBe('Sunny, answer 2');
    expect(await filesIn(dir)).toHaveLength(1);

    newProcess();
    const model = major.model();
    const replayed = await generate(major, recordedModel(model, { mode: 'replay', dir }));
    expect(model.calls()).toBe(0);
    expect(replayed).toMatchObject({ text: recorded.text, ids: recorded.ids });
    expect(replayed.result.response.timestamp).toEqual(recorded.result.response.timestamp);
    expect(replayed.result).toCallToolsInOrder(['get-weather']);
  });

  it('streamText: recorded as its stream parts and replayed as a stream', async () => {
    const live = major.model();
    const recorded = await stream(major, recordedModel(live, { mode: 'record', dir }));
    expect(live.calls()).toBe(2);
    const [file] = await filesIn(dir);
    const stored = JSON.parse(await readFile(file!, 'utf8'));
    expect(stored.steps.map((step: Any) => step.call)).toEqual(['stream', 'stream']);
    expect(stored.steps[1].stream.map((part: Any) => part.type)).toEqual(['stream-start', 'response-metadata', 'text-start', 'text-delta', 'text-end', 'finish']);

    newProcess();
    const model = major.model();
    const replayed = await stream(major, recordedModel(model, { mode: 'replay', dir }));
    expect(model.calls()).toBe(0);
    expect(replayed).toMatchObject({ text: recorded.text, ids: recorded.ids });
    expect(await replayed.result.steps).toCallToolsInOrder(['get-weather']);
  });

  it(`${major.name === 'ai5' ? 'Experimental_Agent' : 'ToolLoopAgent'}: generate and stream replay`, async () => {
    const agentOf = (model: Any) => new major.Agent({ model, tools: weatherTools(major), ...major.stopAfter(5) });
    const live = major.model();
    const first = await agentOf(recordedModel(live, { mode: 'record', dir })).generate({ prompt: 'Weather in Tokyo?' });
    const streamed = await agentOf(recordedModel(live, { mode: 'record', dir })).stream({ prompt: 'Weather in Paris?' });
    const streamedText = await streamed.text;
    expect(live.calls()).toBe(4);

    newProcess();
    const model = major.model();
    const again = await agentOf(recordedModel(model, { mode: 'replay', dir })).generate({ prompt: 'Weather in Tokyo?' });
    const streamedAgain = await agentOf(recordedModel(model, { mode: 'replay', dir })).stream({ prompt: 'Weather in Paris?' });
    expect(await streamedAgain.text).toBe(streamedText);
    expect(again.text).toBe(first.text);
    expect(model.calls()).toBe(0);
    expect(again).toCallToolsInOrder([{ toolName: 'get-weather', input: { city: 'Tokyo' } }]);
  });
});

describe('the same request again in one test', () => {
  it('a sample of 3 records 3 different runs and replays the same 3, in order', async () => {
    const [major] = majors.slice(-1) as [Major];
    const live = major.model();
    const recorded = [];
    for (let run = 0; run < 3; run++) recorded.push(await generate(major, recordedModel(live, { mode: 'auto', dir })));
    expect(recorded.map((run) => run.text)).toEqual(['Sunny, answer 2', 'Sunny, answer 4', 'Sunny, answer 6']);
    expect(live.calls()).toBe(6);

    newProcess();
    const model = major.model();
    const replayed = [];
    for (let run = 0; run < 3; run++) replayed.push(await generate(major, recordedModel(model, { mode: 'replay', dir })));
    expect(replayed.map((run) => run.text)).toEqual(recorded.map((run) => run.text));
    expect(replayed.map((run) => run.ids)).toEqual(recorded.map((run) => run.ids));
    expect(model.calls()).toBe(0);

    // A fourth run was never recorded: replay says so, and still calls no model.
    const error = await generate(major, recordedModel(model, { mode: 'replay', dir })).catch((e: Error) => e);
    expect(error).toBeInstanceOf(RecordingError);
    expect((error as Error).message).toContain('This request was recorded 3 times in this test; this is its 4th time');
    expect(model.calls()).toBe(0);
  });

  it("sample(): 3 runs at once record 3 runs, and replay the same 3 in the same order", async () => {
    const [major] = majors.slice(-1) as [Major];
    const live = major.model();
    const recorded = await sample(() => generate(major, recordedModel(live, { mode: 'record', dir })).then((run) => run.result), { n: 3 });
    expect(live.calls()).toBe(6);
    const texts = recorded.runs.map((run) => (run.threw ? run.error : (run.run as { text: string }).text));
    expect(new Set(texts).size).toBe(3);

    newProcess();
    const model = major.model();
    const replayed = await sample(() => generate(major, recordedModel(model, { mode: 'replay', dir })).then((run) => run.result), { n: 3 });
    expect(model.calls()).toBe(0);
    expect(replayed.runs.map((run) => (run.threw ? run.error : (run.run as { text: string }).text))).toEqual(texts);
    await expect(replayed).toCallToolsInOrder(['get-weather']);
  });

  it('auto replays what is recorded and records only what is missing', async () => {
    const [major] = majors.slice(-1) as [Major];
    const live = major.model();
    await generate(major, recordedModel(live, { mode: 'auto', dir }));
    expect(live.calls()).toBe(2);
    newProcess();
    await generate(major, recordedModel(live, { mode: 'auto', dir }));
    expect(live.calls()).toBe(2);
    await generate(major, recordedModel(live, { mode: 'auto', dir }), 'Weather in Paris?');
    expect(live.calls()).toBe(4);
    expect(storeActivity().steps).toEqual({ replayed: 2, recorded: 2, live: 0 });
  });

  it("record writes the test's file anew: a re-recorded run leaves no step of the old one", async () => {
    const [major] = majors.slice(-1) as [Major];
    await generate(major, recordedModel(major.model(), { mode: 'record', dir }));
    newProcess();
    await generate(major, recordedModel(major.model(), { mode: 'record', dir }), 'Weather in Paris?');
    const [file] = await filesIn(dir);
    const stored = JSON.parse(await readFile(file!, 'utf8'));
    expect(stored.steps).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain('Tokyo');
    const written = storeActivity().files.get(file!);
    expect(written).toMatchObject({ written: true, recorded: 2 });
    expect(written?.previous).toContain('Tokyo');
    expect(written?.content).toContain('Paris');
  });

  it("off passes through: the model answers, nothing is written, the steps count as live", async () => {
    const [major] = majors.slice(-1) as [Major];
    const live = major.model();
    await generate(major, recordedModel(live, { mode: 'off', dir }));
    expect(live.calls()).toBe(2);
    expect(await filesIn(dir)).toEqual([]);
    expect(storeActivity().steps).toEqual({ replayed: 0, recorded: 0, live: 2 });
  });
});

describe('a stale recording explains itself', () => {
  const [major] = majors.slice(-1) as [Major];

  it('a changed prompt: the error names the test, the file, the message and field, old and new text, and the record command', async () => {
    await generate(major, recordedModel(major.model(), { mode: 'record', dir }), 'Weather in Tokyo?');
    newProcess();
    const model = major.model();
    const error = (await generate(major, recordedModel(model, { mode: 'replay', dir }), 'Weather in Paris?').catch((e: Error) => e)) as RecordingError;
    expect(model.calls()).toBe(0);
    expect(error).toBeInstanceOf(RecordingError);
    const [file] = await filesIn(dir);
    const relative = display(file!);
    expect(error.message).toBe(
      [
        `No recording of this model request in test "a stale recording explains itself > a changed prompt: the error names the test, the file, the message and field, old and new text, and the record command", and recordings are in replay mode (recordedModel(model, { mode: 'replay' })), so no model is called.`,
        `Expected file: ${relative}`,
        'The nearest recorded request is step 1 of 2 in that file; it differs in:',
        '  - message 1 (user), part 1, text: was "Weather in Tokyo?", now "Weather in Paris?"',
        "Record it by giving recordedModel(model, { mode: 'record' }) and running, with the model's credentials:",
        '  npx vitest run test/recordings/recordedModel.test.ts',
        'Then commit the recording file.',
      ].join('\n'),
    );
    expect(error).toMatchObject({ file, testPath: path.resolve('test/recordings/recordedModel.test.ts'), changes: ['message 1 (user), part 1, text: was "Weather in Tokyo?", now "Weather in Paris?"'] });
    expect(error.command).toBe('TOOL_CALL_ACCURACY_RECORDINGS=record npx vitest run test/recordings/recordedModel.test.ts');
  });

  it('a changed tool schema is named: the tool and the schema field', async () => {
    await generate(major, recordedModel(major.model(), { mode: 'record', dir }));
    newProcess();
    process.env.TOOL_CALL_ACCURACY_RECORDINGS = 'replay';
    const model = major.model();
    const error = (await generate(major, recordedModel(model, { dir }), 'Weather in Tokyo?', weatherTools(major, { withUnit: true })).catch((e: Error) => e)) as RecordingError;
    expect(model.calls()).toBe(0);
    expect(error.message).toContain('recordings are in replay mode (TOOL_CALL_ACCURACY_RECORDINGS=replay), so no model is called.');
    expect(error.message).toContain('  - tool "get-weather", inputSchema.properties.unit: added, {"enum":["C","F"],"type":"string"}');
    expect(error.message).toContain('Record it by running, with the model\'s credentials:\n  TOOL_CALL_ACCURACY_RECORDINGS=record npx vitest run test/recordings/recordedModel.test.ts');
  });

  it('a changed tool description and a long prompt changed at its end show where they differ', async () => {
    const long = `${'Please be thorough. '.repeat(20)}Weather in Tokyo?`;
    await generate(major, recordedModel(major.model(), { mode: 'record', dir }), long);
    newProcess();
    const error = (await generate(major, recordedModel(major.model(), { mode: 'replay', dir }), long.replace('Tokyo', 'Kyoto'), weatherTools(major, { description: 'Weather, by city' })).catch((e: Error) => e)) as RecordingError;
    expect(error.changes).toEqual([
      'message 1 (user), part 1, text: was "…horough. Weather in Tokyo?", now "…horough. Weather in Kyoto?"',
      'tool "get-weather", description: was "The weather in a city", now "Weather, by city"',
    ]);
  });

  it('streamText: the miss is the RecordingError the test awaits (ai 6 and 7; ai 5 ends the stream with its own error), and reaches onError; no model is called', async () => {
    const model = major.model();
    const errors: unknown[] = [];
    const result = major.ai.streamText({ model: recordedModel(model, { mode: 'replay', dir }), tools: weatherTools(major), prompt: 'Weather in Tokyo?', onError: ({ error }: { error: unknown }) => errors.push(error) });
    if (major.name === 'ai5') await expect(result.text).rejects.toThrow('No output generated');
    else {
      const error = await Promise.resolve(result.text).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RecordingError);
      expect((error as RecordingError).message).toMatch(/^No recording of this model request in test ".*streamText: the miss/);
      expect((error as RecordingError).message).toContain('There is no such file: this test (or name) was never recorded here.');
      expect((error as RecordingError).command).toMatch(/^TOOL_CALL_ACCURACY_RECORDINGS=record npx vitest run test\/recordings\/recordedModel.test.ts$/);
    }
    expect(errors).toEqual([expect.any(RecordingError)]);
    expect((errors[0] as Error).message).toContain('There is no such file: this test (or name) was never recorded here.');
    expect(model.calls()).toBe(0);
  });

  it('a test with no recording says there is none', async () => {
    const error = (await generate(major, recordedModel(major.model(), { mode: 'replay', dir })).catch((e: Error) => e)) as RecordingError;
    expect(error.message).toContain('There is no such file: this test (or name) was never recorded here.');
  });
});

describe('the mode in force', () => {
  const [major] = majors.slice(-1) as [Major];

  it('CI means replay: no recording is an error, and the model is not called', async () => {
    process.env.CI = 'true';
    const model = major.model();
    const error = (await generate(major, recordedModel(model, { dir })).catch((e: Error) => e)) as RecordingError;
    expect(error.message).toContain('recordings are in replay mode because CI is set, so no model is called.');
    expect(error.message).toContain('TOOL_CALL_ACCURACY_RECORDINGS=record npx vitest run test/recordings/recordedModel.test.ts');
    expect(model.calls()).toBe(0);
  });

  it('the environment variable wins over CI, configureRecordings over both, the option over all', async () => {
    process.env.CI = 'true';
    process.env.TOOL_CALL_ACCURACY_RECORDINGS = 'record';
    const model = major.model();
    await generate(major, recordedModel(model, { dir }));
    expect(model.calls()).toBe(2);

    configureRecordings({ mode: 'replay', dir });
    const error = (await generate(major, recordedModel(model), 'Weather in Paris?').catch((e: Error) => e)) as Error;
    expect(error.message).toContain("recordings are in replay mode (configureRecordings({ mode: 'replay' }))");
    expect(error.message).toContain("Record it by setting configureRecordings({ mode: 'record' }) and running");
    expect(model.calls()).toBe(2);

    await generate(major, recordedModel(model, { mode: 'off' }), 'Weather in Paris?');
    expect(model.calls()).toBe(4);
  });

  it('one recordedModel follows configureRecordings, the environment variable and CI as they change between its requests', async () => {
    // The model keeps the mode and folder it resolved only while what they come from stays the same: each change below is alone.
    const model = major.model();
    const recorded = recordedModel(model);
    configureRecordings({ mode: 'record', dir });
    await generate(major, recorded);
    expect(model.calls()).toBe(2);
    expect(await filesIn(dir)).toHaveLength(1);

    newProcess();
    configureRecordings({ mode: 'replay' });
    await generate(major, recorded);
    expect(model.calls()).toBe(2);

    newProcess();
    configureRecordings({ mode: undefined }); // auto: replays what is recorded
    await generate(major, recorded);
    expect(model.calls()).toBe(2);

    process.env.TOOL_CALL_ACCURACY_RECORDINGS = 'off';
    await generate(major, recorded);
    expect(model.calls()).toBe(4);
    expect(storeActivity().steps).toEqual({ replayed: 2, recorded: 0, live: 2 }); // passed through, not recorded as auto would

    delete process.env.TOOL_CALL_ACCURACY_RECORDINGS; // auto again: records what is missing
    await generate(major, recorded, 'Weather in Paris?');
    expect(model.calls()).toBe(6);

    process.env.CI = 'true';
    const error = await generate(major, recorded, 'Weather in Berlin?').catch((e: Error) => e);
    expect(error).toBeInstanceOf(RecordingError);
    expect((error as Error).message).toContain('recordings are in replay mode because CI is set, so no model is called.');
    expect(model.calls()).toBe(6);

    const second = path.join(dir, 'second');
    configureRecordings({ mode: 'record', dir: second });
    await generate(major, recorded, 'Weather in Berlin?');
    expect(model.calls()).toBe(8);
    expect(await filesIn(second)).toHaveLength(1);
  });

  it('a mode that is not one of the four is a TypeError at recordedModel, naming it', () => {
    const model = major.model();
    expect(() => recordedModel(model, { mode: 'replya' as never })).toThrow('recordedModel(model, options): mode must be one of auto, replay, record, off; received "replya".');
    expect(() => recordedModel(model, { mode: 'replya' as never })).toThrow(ToolCallAccuracyError);
    expect(() => configureRecordings({ mode: 'Replay' as never })).toThrow('configureRecordings: mode must be one of auto, replay, record, off; received "Replay".');
    process.env.TOOL_CALL_ACCURACY_RECORDINGS = 'recrod';
    expect(() => recordedModel(model)).toThrow('TOOL_CALL_ACCURACY_RECORDINGS="recrod" is not a recordings mode; use one of auto, replay, record, off.');
  });

  it('refuses what is not a model, a model id string, and unknown options', () => {
    expect(() => recordedModel('openai/gpt-5' as never)).toThrow(/takes an AI SDK language model of specification v2, v3 or v4 \(ai 5, 6 or 7\); received "openai\/gpt-5"\. A model id string/);
    expect(() => recordedModel({ specificationVersion: 'v1', doGenerate() {}, doStream() {} } as never)).toThrow(ToolCallAccuracyError);
    expect(() => recordedModel(major.model(), { cache: true } as never)).toThrow('recordedModel(model, options): unknown option "cache". Known: mode, dir, name, redact.');
    expect(() => recordedModel(major.model(), { redact: [''] })).toThrow(/redact takes non-empty strings, RegExps or a function/);
  });
});

describe('files', () => {
  const [major] = majors.slice(-1) as [Major];

  it('by default under __recordings__/ beside the test file, named by the test, pretty JSON with no headers', async () => {
    const folder = path.resolve('test/recordings/__recordings__');
    try {
      await generate(major, recordedModel(major.model(), { mode: 'record' }), 'Weather in Tokyo?', weatherTools(major), { headers: { Authorization: 'Bearer sk-header-credential' } });
      const [file] = await filesIn(folder);
      expect(path.basename(file!)).toMatch(/^recordedmodel-test-ts--files-by-default-under-recordings-beside-the-test-file-named-[0-9a-f]{12}\.json$/);
      const text = await readFile(file!, 'utf8');
      expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
      const stored = JSON.parse(text);
      expect(Object.keys(stored)).toEqual(['version', 'test', 'steps']);
      expect(Object.keys(stored.steps[0])).toEqual(['key', 'call', 'model', 'request', 'response']);
      expect(stored.steps[0].response.response).toEqual({ id: 'resp-1', modelId: 'weather-1', timestamp: { $date: '2026-01-01T00:00:00.000Z' } });
      expect(text).not.toMatch(/sk-header-credential|set-cookie|Authorization/i);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('redact removes a secret from prompts and answers before writing and keying; it replays', async () => {
    const secret = 'sk-live-4242424242';
    const live = major.model({ echo: secret });
    const prompt = `Weather in Tokyo? My key is ${secret}`;
    const options = { dir, redact: [/sk-live-\d+/] };
    const recorded = await generate(major, recordedModel(live, { ...options, mode: 'record' }), prompt, weatherTools(major), { headers: { 'x-api-key': secret } });
    expect(recorded.text).toContain(secret); // the run itself is untouched
    for (const file of await filesIn(dir)) expect(await readFile(file, 'utf8')).not.toContain(secret);
    expect(await readFile((await filesIn(dir))[0]!, 'utf8')).toContain('[REDACTED]');

    newProcess();
    const model = major.model();
    const replayed = await generate(major, recordedModel(model, { ...options, mode: 'replay' }), prompt);
    expect(model.calls()).toBe(0);
    expect(replayed.text).toBe('Sunny, answer 2 ([REDACTED])');
  });

  it('a redact function is given every string', async () => {
    await generate(major, recordedModel(major.model(), { mode: 'record', dir, redact: (text) => text.replaceAll('Tokyo', 'CITY') }));
    const text = await readFile((await filesIn(dir))[0]!, 'utf8');
    expect(text).not.toContain('Tokyo');
    expect(text).toContain('Weather in CITY?');
  });

  it(`a hostile test name stays inside the folder: \u001b[2J../../${'x'.repeat(300)}/..`, async () => {
    await generate(major, recordedModel(major.model(), { mode: 'record', dir }));
    await generate(major, recordedModel(major.model(), { mode: 'record', dir, name: `../../${'y'.repeat(300)}/../etc/passwd` }));
    const names = await readdir(dir);
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/^[a-z0-9-]+\.json$/);
      expect(name.length).toBeLessThan(160);
    }
    const stored = JSON.parse(await readFile(path.join(dir, names.find((name) => name.startsWith('recordedmodel'))!), 'utf8'));
    expect(stored.test).toContain('\u001b[2J'); // the file keeps the real name; only the file name is a slug

    newProcess();
    const error = (await generate(major, recordedModel(major.model(), { mode: 'replay', dir }), 'Weather in Paris?').catch((e: Error) => e)) as RecordingError;
    expect(error.message).toContain(`in test "files > a hostile test name stays inside the folder: \\u001b[2J../../xxx`);
    expect(error.message).not.toContain('\u001b');
    expect(error.test).toBe(stored.test); // the error's field keeps the real name
  });

  it('a name: one test replays what another recorded, and code outside a test can record', async () => {
    await generate(major, recordedModel(major.model(), { mode: 'record', dir, name: 'weather in tokyo' }));
    newProcess();
    const model = major.model();
    await generate(major, recordedModel(model, { mode: 'replay', dir, name: 'weather in tokyo' }));
    expect(model.calls()).toBe(0);
    expect(await readdir(dir)).toEqual([expect.stringMatching(/^weather-in-tokyo-[0-9a-f]{12}\.json$/)]);
  });

  it('a corrupt recording file is refused with a clear error', async () => {
    await generate(major, recordedModel(major.model(), { mode: 'record', dir }));
    const [file] = await filesIn(dir);
    await writeFile(file!, '{ "steps": [ { "key": ');
    newProcess();
    const model = major.model();
    const error = await generate(major, recordedModel(model, { mode: 'replay', dir })).catch((e: Error) => e);
    expect(error).toBeInstanceOf(RecordingError);
    expect((error as Error).message).toMatch(new RegExp(`^The recording ${escape(display(file!))} is corrupt: not valid JSON \\(.+\\)\\. Delete the file and record the test again \\(TOOL_CALL_ACCURACY_RECORDINGS=record\\)\\.$`));
    expect(model.calls()).toBe(0);

    newProcess(); // record refuses it too, rather than write over what nobody could read
    await expect(generate(major, recordedModel(model, { mode: 'record', dir }))).rejects.toThrow(`The recording ${display(file!)} is corrupt: not valid JSON`);
    await expect(generate(major, recordedModel(model, { mode: 'auto', dir }))).rejects.toThrow('is corrupt: not valid JSON');
    expect(await readFile(file!, 'utf8')).toBe('{ "steps": [ { "key": '); // untouched
    expect(model.calls()).toBe(0);

    await rm(file!);
    newProcess(); // once it is deleted, record writes it anew
    await generate(major, recordedModel(model, { mode: 'record', dir }));
    const stored = JSON.parse(await readFile(file!, 'utf8'));
    expect(stored.version).toBe(1);
    delete stored.steps[0].response;
    await writeFile(file!, JSON.stringify(stored));
    newProcess();
    await expect(generate(major, recordedModel(model, { mode: 'replay', dir }))).rejects.toThrow('is corrupt: a doGenerate step has no "response" with a "content" list.');

    await writeFile(file!, JSON.stringify({ test: 'x', steps: [{ call: 'generate' }] }));
    newProcess();
    await expect(generate(major, recordedModel(model, { mode: 'auto', dir }))).rejects.toThrow('is corrupt: its step 1 is not an object with a "key" string.');

    for (const mode of ['replay', 'auto', 'record'] as const) {
      await writeFile(file!, JSON.stringify({ version: 2, test: 'x', steps: [] }));
      newProcess();
      await expect(generate(major, recordedModel(model, { mode, dir }))).rejects.toThrow(
        `The recording ${display(file!)} is corrupt: its "version" is 2, and this version of tool-call-accuracy reads version 1 (a file written by a newer release, or edited by hand).`,
      );
    }
    await writeFile(file!, JSON.stringify({ test: 'x', steps: { key: 'a' } }));
    newProcess();
    await expect(generate(major, recordedModel(model, { mode: 'record', dir }))).rejects.toThrow('is corrupt: it has no "steps" list.');
    expect(model.calls()).toBe(2); // only the re-recording called it
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a change of a long text in a miss', () => {
  it('keeps both quotes where the text is cut, at its start and at its end', async () => {
    const { describeValueChange } = await import('../../src/recordings/request.js');
    const system = 'You are a customer support agent. Look orders up before refunding them, and always be polite to customers who write in.';
    expect(describeValueChange(system, 'Hi')).toBe('was "You are a customer support agent. Look orders up before refunding t…", now "Hi"');
    expect(describeValueChange(system, system.replace('polite', 'kind'))).toBe(
      'was "…them, and always be polite to customers who write in.", now "…them, and always be kind to customers who write in."',
    );
    const long = `${system} ${system}`;
    const change = describeValueChange(long, long.replace('refunding', 'refusing'));
    expect(change).toBe('was "…rders up before refunding them, and always be polite to customers …", now "…rders up before refusing them, and always be polite to customers w…"');
    expect(change.match(/"/g)).toHaveLength(4);
  });
});

describe('keys', () => {
  it("a step's key is the hash of the canonical JSON of its call, model and request, as written (keys made in one pass agree with it)", async () => {
    const { hashKey } = await import('../../src/store/index.js');
    const [major] = majors.slice(-1) as [Major];
    await generate(major, recordedModel(major.model(), { mode: 'record', dir }), 'Weather in Tokyo? {"z": 1, "a": 2}', weatherTools(major), { temperature: 0, providerOptions: { zeta: { b: 1, a: 2 }, mastra: { createdAt: 1 } } });
    const [file] = await filesIn(dir);
    const { steps } = JSON.parse(await readFile(file!, 'utf8')) as { steps: Array<{ key: string; call: unknown; model: unknown; request: unknown }> };
    expect(steps).toHaveLength(2);
    for (const step of steps) expect(step.key).toBe(hashKey({ call: step.call, model: step.model, request: step.request }));
  });
});
