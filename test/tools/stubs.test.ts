import { generateText, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stubbedTools, ToolCallAccuracyError, ToolStubError } from '../../src/index.js';
import { scriptedModel } from '../helpers/toolLoops.js';

type Any = any;

let liveRuns = 0;
const weatherTools = () => ({
  getWeather: tool({
    description: 'The weather in a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      liveRuns++;
      return { city, tempC: Math.round(Math.random() * 30) };
    },
  }),
  sendEmail: tool({
    description: 'Sends an email',
    inputSchema: z.object({ to: z.string(), body: z.string() }),
    execute: async () => {
      liveRuns++;
      return { sent: true };
    },
  }),
});

async function run(tools: Any, script: Any[]) {
  const model = scriptedModel(script);
  const result = await generateText({ model, tools, prompt: 'Weather in Paris?', stopWhen: stepCountIs(6) });
  return { result, model };
}

describe('stubbedTools over AI SDK tools in generateText', () => {
  it('answers with a value, a function of the input, and cases in order with asymmetric matchers; never runs the real tool', async () => {
    liveRuns = 0;
    const tools = stubbedTools(weatherTools(), {
      getWeather: [
        { input: { city: 'Paris' }, output: { city: 'Paris', tempC: 21 } },
        { input: { city: expect.stringMatching(/^L/) }, output: (input) => ({ city: input.city, tempC: 12 }) },
      ],
      sendEmail: { sent: false },
    });
    const { result } = await run(tools, [[{ call: 'getWeather', input: { city: 'Paris' } }, { call: 'getWeather', input: { city: 'Lyon' } }], [{ call: 'sendEmail', input: { to: 'a@b.c', body: 'hi' } }]]);
    expect(liveRuns).toBe(0);
    expect(result).toCallTool('getWeather', { city: 'Paris' });
    const outputs = result.steps.flatMap((step: Any) => step.toolResults.map((part: Any) => part.output));
    expect(outputs).toEqual([{ city: 'Paris', tempC: 21 }, { city: 'Lyon', tempC: 12 }, { sent: false }]);
  });

  it('an error case fails the tool as the AI SDK reports a failing tool, read by the matchers as its error', async () => {
    const tools = stubbedTools(weatherTools(), { getWeather: [{ error: 'weather service down' }], sendEmail: [{ error: new TypeError('bad address') }] });
    const { result } = await run(tools, [[{ call: 'getWeather', input: { city: 'Paris' } }, { call: 'sendEmail', input: { to: 'x', body: 'y' } }]]);
    const errors = result.steps.flatMap((step: Any) => step.content.filter((part: Any) => part.type === 'tool-error').map((part: Any) => part.error));
    expect(errors.map((error: Error) => error.message)).toEqual(['weather service down', 'bad address']);
    expect(errors[1]).toBeInstanceOf(TypeError);
    expect(() => expect(result).toCallToolsWithoutErrors()).toThrow(/weather service down/);
  });

  it('failTimes: the first n calls fail, then the case answers: a retry recovers', async () => {
    const tools = stubbedTools(weatherTools(), { getWeather: [{ output: { city: 'Paris', tempC: 21 }, failTimes: 1, error: 'timeout' }], sendEmail: { sent: true } });
    const { result } = await run(tools, [[{ call: 'getWeather', input: { city: 'Paris' } }], [{ call: 'getWeather', input: { city: 'Paris' } }]]);
    expect(result).toCallToolsWithoutErrors({ retries: 1 });
    expect(() => expect(result).toCallToolsWithoutErrors()).toThrow(/timeout/);
  });

  it('a tool without a stub, or an input no case fits, fails with a ToolStubError naming the tool and the cases; the real tool never runs', async () => {
    liveRuns = 0;
    const tools = stubbedTools(weatherTools(), { getWeather: [{ input: { city: 'Paris' }, output: 1 }] } as Any);
    const { result } = await run(tools, [[{ call: 'getWeather', input: { city: 'Rome' } }, { call: 'sendEmail', input: { to: 'x', body: 'y' } }]]);
    expect(liveRuns).toBe(0);
    const errors = result.steps.flatMap((step: Any) => step.content.filter((part: Any) => part.type === 'tool-error').map((part: Any) => part.error));
    expect(errors[0]).toBeInstanceOf(ToolStubError);
    expect(errors[0]).toMatchObject({ tool: 'getWeather', input: { city: 'Rome' }, cases: [{ input: { city: 'Paris' }, output: 1 }] });
    expect(errors[0].message).toBe(
      'stubbedTools(tools, stubs): no case of tool "getWeather" fits its input {"city":"Rome"}, so it was not run. Its cases, tried in order:\n  1. input {"city":"Paris"} → output 1\nAdd a case for this input (a case without input fits any), or a case { passThrough: true } to run the real tool for it.',
    );
    expect(errors[1].message).toBe(
      'stubbedTools(tools, stubs): tool "sendEmail" has no stub, so it was not run (called with {"to":"x","body":"y"}). Stubbed: "getWeather". Give it a stub ({ "sendEmail": output }), or pass { passThrough: true } to run the tools that have none.',
    );
  });

  it('passThrough runs the real tool for tools without a stub, and a passThrough case runs it for its inputs', async () => {
    liveRuns = 0;
    const tools = stubbedTools(weatherTools(), { getWeather: [{ input: { city: 'Paris' }, output: { city: 'Paris', tempC: 1 } }, { passThrough: true }] }, { passThrough: true });
    await run(tools, [[{ call: 'getWeather', input: { city: 'Paris' } }, { call: 'getWeather', input: { city: 'Rome' } }, { call: 'sendEmail', input: { to: 'x', body: 'y' } }]]);
    expect(liveRuns).toBe(2);
  });

  it('keeps a provider-executed tool (no execute) as it is unless stubbed', () => {
    const webSearch = { type: 'provider', id: 'openai.web_search', args: {} };
    const tools = stubbedTools({ ...weatherTools(), webSearch } as Any, { getWeather: { city: 'Paris', tempC: 1 }, sendEmail: { sent: true } });
    expect(tools.webSearch).toBe(webSearch);
  });

  it('leaves the given tools unchanged and returns the same shape', () => {
    const given = weatherTools();
    const tools = stubbedTools(given, { getWeather: { city: 'Paris', tempC: 1 } });
    // @ts-expect-error: the stub's output is typed by the tool's execute
    stubbedTools(given, { getWeather: { tempC: 1 } });
    // @ts-expect-error: so is its input
    stubbedTools(given, { getWeather: [{ input: { town: 'Paris' }, output: { city: 'Paris', tempC: 1 } }] });
    expect(Object.keys(tools)).toEqual(['getWeather', 'sendEmail']);
    expect(tools.getWeather.description).toBe('The weather in a city');
    expect(tools.getWeather.inputSchema).toBe(given.getWeather.inputSchema);
    expect(tools.getWeather.execute).not.toBe(given.getWeather.execute);
  });

  it('refuses bad stubs with errors that say what to do', () => {
    const given = weatherTools();
    expect(() => stubbedTools(given, { getWether: 1 } as Any)).toThrow(new ToolCallAccuracyError('stubbedTools(tools, stubs): there is no tool "getWether" to stub. Did you mean "getWeather"? The tools: "getWeather", "sendEmail".'));
    expect(() => stubbedTools(given, { getWeather: { error: 'down' } } as Any)).toThrow(/a case, not in a list\. Wrap it in a list/);
    expect(() => stubbedTools(given, { getWeather: [{ input: {}, output: 1 }, 'x'] } as Any)).toThrow(/its item 2 is not one: "x"/);
    expect(() => stubbedTools(given, { getWeather: [{ error: 42 }] } as Any)).toThrow(/case 1: error must be a string or an Error; received number 42/);
    expect(() => stubbedTools(given, { getWeather: [{ output: 1, failTimes: 0 }] } as Any)).toThrow(/failTimes must be a whole number of calls, at least 1/);
    expect(() => stubbedTools(given, { getWeather: [{ error: 'x', failTimes: 2 }] })).toThrow(/after its 2 failing calls it has nothing to answer/);
    expect(() => stubbedTools(given, { getWeather: [{ output: 1, error: 'x' }] } as Any)).toThrow(/must say one outcome: output, error or passThrough: true .* it has several/);
    expect(() => stubbedTools('tools' as Any, {})).toThrow(/takes the agent's tools as a record/);
    expect(() => stubbedTools(given.getWeather as Any, {})).toThrow(/received one tool/);
    expect(() => stubbedTools(given, {}, { passthrough: true } as Any)).toThrow(/unknown option "passthrough"\. Known: passThrough/);
  });
});
