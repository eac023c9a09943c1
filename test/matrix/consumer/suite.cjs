// The consumer suite of the compatibility matrix: what a user's project does with the installed
// package. It imports nothing itself: each entry file loads the package, the cell's `ai` and `zod`
// its own way (import or require) and hands them in, so every runner and module system runs the same
// assertions. With `ai` left out (Jest in CommonJS mode cannot load ai@7), the suite checks the
// matchers on builder runs and that the judge refuses with an error saying why.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { stripVTControlCharacters } = require('node:util');

const REQUEST = 'What is the weather in New York?';
const descriptions = {
  'weather-tool': 'Get current weather information for any location',
  'search-tool': 'Search the web for general information',
};

/** Each `ai/test` major has its own mock model class and usage shape (V2 in ai@5, V3 in 6, V4 in 7). */
function mockModelOf(aiTest, settings) {
  const Mock = aiTest.MockLanguageModelV4 ?? aiTest.MockLanguageModelV3 ?? aiTest.MockLanguageModelV2;
  const v2 = Mock === aiTest.MockLanguageModelV2;
  const usage = v2
    ? { inputTokens: 10, outputTokens: 20, totalTokens: 30 }
    : { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 20, text: 20 } };
  const finish = (reason) => (v2 ? reason : { unified: reason, raw: reason });
  return (answer) =>
    new Mock({
      ...settings,
      doGenerate: async (options) => {
        const content = answer(options);
        const calls = content.some((part) => part.type === 'tool-call');
        return { content, finishReason: finish(calls ? 'tool-calls' : 'stop'), usage, warnings: [] };
      },
    });
}

/** A real generateText tool loop: the agent model issues `calls` in its first step, then answers. */
async function agentRun({ ai, aiTest, z }, calls, reply) {
  let step = 0;
  const model = mockModelOf(aiTest, {})(() =>
    step++ === 0 && calls.length > 0
      ? calls.map(([toolName, input], index) => ({ type: 'tool-call', toolCallId: `call-${index}`, toolName, input: JSON.stringify(input) }))
      : [{ type: 'text', text: reply }],
  );
  const tools = {
    'weather-tool': ai.tool({
      description: descriptions['weather-tool'],
      inputSchema: z.object({ location: z.string() }),
      execute: async ({ location }) => ({ location, temperature: '21°C' }),
    }),
    'search-tool': ai.tool({
      description: descriptions['search-tool'],
      inputSchema: z.object({ query: z.string() }),
      execute: async ({ query }) => ({ results: [`${query}: …`] }),
    }),
  };
  const result = await ai.generateText({ model, tools, prompt: REQUEST, stopWhen: ai.stepCountIs(5) });
  // What a user hands the judge: the conversation as model messages, so the request is in it.
  const messages = [{ role: 'user', content: REQUEST }, ...(result.responseMessages ?? result.response.messages)];
  return { result, messages, tools };
}

/** The same runs built with the package's Mastra-compatible builders (no `ai` needed). */
function builderRun({ createAgentTestRun, createTestMessage, createToolInvocation }, calls, reply) {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: REQUEST, role: 'user', id: 'in-1' })],
    output: [
      createTestMessage({
        content: reply,
        role: 'assistant',
        id: 'out-1',
        toolInvocations: calls.map(([toolName, args], index) =>
          createToolInvocation({ toolCallId: `call-${index}`, toolName, args, result: { ok: true }, state: 'result' }),
        ),
      }),
    ],
  });
}

/**
 * How a run went, from this cell's `ai`: `flaky-tool` throws, is retried and recovers, then
 * `weather-tool` is called twice with the same input; with ai@6+ a tool needing approval ends the
 * loop at its request. Steps are scripted one model call each.
 */
async function outcomeRun({ ai, aiTest, z }) {
  const steps = [
    [['flaky-tool', { attempt: 1 }]],
    [['flaky-tool', { attempt: 2 }]],
    [['weather-tool', { location: 'Oslo' }]],
    [['weather-tool', { location: 'Oslo' }]],
  ];
  const approvals = Boolean(aiTest.MockLanguageModelV4 ?? aiTest.MockLanguageModelV3);
  if (approvals) steps.push([['delete-tool', { id: 'x' }]]);
  let step = 0;
  const model = mockModelOf(aiTest, {})(() => {
    const calls = steps[step++];
    return calls
      ? calls.map(([toolName, input]) => ({ type: 'tool-call', toolCallId: `call-${step}`, toolName, input: JSON.stringify(input) }))
      : [{ type: 'text', text: 'Done.' }];
  });
  const tools = {
    'flaky-tool': ai.tool({
      inputSchema: z.object({ attempt: z.number() }),
      execute: async ({ attempt }) => {
        if (attempt === 1) throw new Error('503 service unavailable');
        return { ok: true };
      },
    }),
    'weather-tool': ai.tool({ inputSchema: z.object({ location: z.string() }), execute: async ({ location }) => ({ location, temperature: '21°C' }) }),
    ...(approvals && { 'delete-tool': ai.tool({ inputSchema: z.object({ id: z.string() }), needsApproval: true, execute: async () => ({ deleted: true }) }) }),
  };
  const result = await ai.generateText({ model, tools, prompt: REQUEST, stopWhen: ai.stepCountIs(10) });
  return { result, approvals };
}

/** The same story from the builders: a failed call (state output-error), its recovery, a repeated call. */
function builderOutcomeRun({ createAgentTestRun, createTestMessage, createToolInvocation }) {
  const invocations = [
    createToolInvocation({ toolCallId: 'c1', toolName: 'flaky-tool', args: { attempt: 1 }, result: { message: '503 service unavailable' }, state: 'output-error' }),
    createToolInvocation({ toolCallId: 'c2', toolName: 'flaky-tool', args: { attempt: 2 }, result: { ok: true } }),
    createToolInvocation({ toolCallId: 'c3', toolName: 'weather-tool', args: { location: 'Oslo' }, result: { temperature: '21°C' } }),
    createToolInvocation({ toolCallId: 'c4', toolName: 'weather-tool', args: { location: 'Oslo' }, result: { temperature: '21°C' } }),
  ];
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: REQUEST, role: 'user', id: 'in-1' })],
    output: [createTestMessage({ content: 'Done.', role: 'assistant', id: 'out-1', toolInvocations: invocations })],
  });
}

const verdicts = {
  appropriate: {
    evaluations: [{ toolCalled: 'weather-tool', wasAppropriate: true, reasoning: 'The user asked for the weather.' }],
    missingTools: [],
    reason: 'The agent used the weather tool for a weather question.',
  },
  searchedInstead: {
    evaluations: [
      { toolCalled: 'search-tool', wasAppropriate: false, reasoning: 'A web search is a detour for the weather.' },
      { toolCalled: 'weather-tool', wasAppropriate: true, reasoning: 'The user asked for the weather.' },
    ],
    missingTools: [],
    reason: 'The search was not needed.',
  },
};

function failureOf(assertion) {
  try {
    assertion();
  } catch (error) {
    return stripVTControlCharacters(error.message);
  }
  throw new Error('expected the assertion to fail');
}

async function rejectionOf(assertion) {
  try {
    await assertion;
  } catch (error) {
    return stripVTControlCharacters(error.message);
  }
  throw new Error('expected the assertion to reject');
}

module.exports = function defineSuite({ expect, test, describe, beforeEach, lib, testing, ai, aiTest, z }) {
  const { getToolCalls, createToolCallAccuracyScorerCode, createToolCallAccuracyScorerLLM, configureJudge, stubbedTools, recordedTools, ToolStubError } = lib;
  const sdk = ai ? { ai, aiTest, z } : undefined;
  const availableTools = Object.entries(descriptions).map(([name, description]) => ({ name, description }));
  const runs = {};

  beforeEach(async () => {
    const weather = [['weather-tool', { location: 'New York' }]];
    const searchThenWeather = [['search-tool', { query: 'New York weather' }], ...weather];
    runs.builder = {
      weather: builderRun(testing, weather, 'It is 21°C.'),
      searchThenWeather: builderRun(testing, searchThenWeather, 'It is 21°C.'),
      none: builderRun(testing, [], 'Which city do you mean?'),
    };
    if (!sdk) return;
    runs.weather = await agentRun(sdk, weather, 'It is 21°C in New York.');
    runs.searchThenWeather = await agentRun(sdk, searchThenWeather, 'It is 21°C in New York.');
    runs.none = await agentRun(sdk, [], 'Which city do you mean?');
  });

  // The agent runs this cell can build: the AI SDK's own results when `ai` loads, else builder runs.
  const run = (name) => (sdk ? runs[name].result : runs.builder[name]);
  const conversation = (name) => (sdk ? runs[name].messages : runs.builder[name]);

  describe('getToolCalls', () => {
    test('reads a Mastra run built with the testing builders', () => {
      expect(getToolCalls(runs.builder.searchThenWeather).map((call) => call.toolName)).toEqual(['search-tool', 'weather-tool']);
      expect(getToolCalls(runs.builder.weather)).toEqual([expect.objectContaining({ toolName: 'weather-tool', input: { location: 'New York' }, output: { ok: true } })]);
    });

    if (sdk) test("reads this cell's generateText result, its JSON form, its steps and its model messages", () => {
      const expected = [
        expect.objectContaining({ toolName: 'search-tool', input: { query: 'New York weather' }, toolCallId: 'call-0' }),
        expect.objectContaining({ toolName: 'weather-tool', input: { location: 'New York' }, output: { location: 'New York', temperature: '21°C' } }),
      ];
      const { result, messages } = runs.searchThenWeather;
      expect(getToolCalls(result)).toEqual(expected);
      expect(getToolCalls(JSON.parse(JSON.stringify(result)))).toEqual(expected);
      expect(getToolCalls(messages)).toEqual(expected);
      expect(getToolCalls(result.steps)).toEqual(expected);
    });

    test('refuses a value it cannot read, saying what it received', () => {
      expect(() => getToolCalls(42)).toThrow(/number/);
    });
  });

  describe('the deterministic matchers', () => {
    test('pass on the calls made, with asymmetric matchers in inputs', () => {
      expect(run('weather')).toCallTool('weather-tool');
      expect(run('weather')).toCallTool('weather-tool', { location: expect.stringContaining('New') });
      expect(run('weather')).toCallToolTimes('weather-tool', 1);
      expect(run('weather')).toCallOnly('weather-tool');
      expect(run('searchThenWeather')).toCallOnly(['weather-tool', 'search-tool']);
      expect(run('searchThenWeather')).toCallToolsInOrder(['search-tool', 'weather-tool']);
      expect(run('searchThenWeather')).toCallToolsInOrder(['search-tool', { toolName: 'weather-tool', input: { location: 'New York' } }], { strict: true });
      expect(run('searchThenWeather')).toCallToolsInAnyOrder([{ toolName: 'weather-tool', input: { location: 'New York' } }, 'search-tool']);
      expect(run('searchThenWeather')).toCallOnlyFrom(['weather-tool', 'search-tool', 'search-tool']);
      expect(run('none')).toCallNoTools();
    });

    test('.not passes where the claim is false', () => {
      expect(run('weather')).not.toCallTool('search-tool');
      expect(run('weather')).not.toCallToolTimes('weather-tool', 2);
      expect(run('searchThenWeather')).not.toCallOnly('weather-tool');
      expect(run('searchThenWeather')).not.toCallToolsInOrder(['weather-tool', 'search-tool']);
      expect(run('weather')).not.toCallToolsInAnyOrder(['weather-tool', 'search-tool']);
      expect(run('searchThenWeather')).not.toCallOnlyFrom(['weather-tool']);
      expect(run('weather')).not.toCallNoTools();
    });

    test('a trajectory: one line per call, printed as its text in a snapshot by the setup file', () => {
      expect(String(lib.trajectory(run('searchThenWeather'))).split('\n').map((line) => line.split('  →')[0])).toEqual([
        'search-tool  {"query":"New York weather"}',
        'weather-tool  {"location":"New York"}',
      ]);
      // Two calls, so two lines: Jest compares a one-line text with a one-line snapshot only.
      const calls = [
        { toolName: 'weather-tool', input: { location: 'Oslo', days: 2 }, output: 'sunny' },
        { toolName: 'search-tool', input: { query: 'Oslo weather' }, error: new Error('timeout') },
      ];
      expect(lib.trajectory(calls)).toMatchInlineSnapshot(`
        weather-tool  {"days":2,"location":"Oslo"}  → "sunny"
        search-tool  {"query":"Oslo weather"}  → failed: "timeout"
      `);
    });

    test("every agent's calls count, each naming its agent; own(run) is the top agent's", () => {
      // A list of calls as getToolCalls gives them: the forecaster's call names its agent.
      const calls = [
        { toolName: 'search-tool', input: { query: 'Oslo' } },
        { toolName: 'weather-tool', input: { location: 'Oslo' }, agent: { name: 'forecaster' } },
      ];
      expect(calls).toCallToolsInOrder(['search-tool', 'weather-tool'], { strict: true });
      expect(lib.own(calls)).not.toCallTool('weather-tool');
      expect(lib.own(calls)).toCallOnly('search-tool');
      expect(failureOf(() => expect(calls).not.toCallTool('weather-tool'))).toMatch(/2\. weather-tool +\{"location":"Oslo"\} \(forecaster\)/);
      expect(failureOf(() => expect(calls).toCallOnly('search-tool'))).toContain("The top agent's own calls pass this check: to check only them, write expect(own(run)).");
      expect(lib.own(run('searchThenWeather'))).toCallToolsInOrder(['search-tool', 'weather-tool'], { strict: true });
      expect(lib.getToolCalls(lib.own(calls))).toEqual([calls[0]]);
    });

    test('a failure shows the calls made and the closest name', () => {
      const message = failureOf(() => expect(run('searchThenWeather')).toCallTool('serch-tool'));
      expect(message).toContain('expect(run).toCallTool(');
      expect(message).toContain('Received 2 tool calls:');
      expect(message).toMatch(/1\. search-tool +\{"query":"New York weather"\}/);
      expect(message).toContain('Did you mean "search-tool"?');
    });

    test('a value that is not a run is a matcher error, with .not too', () => {
      expect(() => expect(42).toCallTool('weather-tool')).toThrow();
      expect(() => expect(42).not.toCallTool('weather-tool')).toThrow();
      expect(() => expect(run('weather')).toCallToolTimes('weather-tool', -1)).toThrow();
    });
  });

  describe('how the run went: outcomes, failed calls, retries, repeats, call budgets', () => {
    const story = async () => (sdk ? outcomeRun(sdk) : { result: builderOutcomeRun(testing), approvals: false });

    test("on this cell's own run", async () => {
      const { result, approvals } = await story();
      expect(result).toCallTool('flaky-tool', { attempt: 1 }, { error: /503/ });
      expect(result).toCallTool('flaky-tool', undefined, { error: false, output: { ok: true } });
      expect(result).toCallToolsInOrder([{ toolName: 'flaky-tool', error: true }, { toolName: 'flaky-tool', error: false }, 'weather-tool']);
      expect(result).toCallOnly([
        { toolName: 'flaky-tool', error: expect.stringContaining('unavailable') },
        'flaky-tool',
        'weather-tool',
        { toolName: 'weather-tool', input: { location: 'Oslo' }, output: expect.objectContaining({ temperature: '21°C' }) },
        ...(approvals ? [{ toolName: 'delete-tool', approval: 'requested' }] : []),
      ]);
      expect(result).not.toCallToolsWithoutErrors();
      expect(result).toCallToolsWithoutErrors({ retries: 1 });
      expect(result).toCallToolTimes('weather-tool', { min: 1, max: 2 });
      expect(result).toCallToolTimes(expect.any(String), { max: approvals ? 5 : 4 });
      expect(result).not.toCallToolTimes(expect.any(String), { max: 3 });
      expect(result).toRepeatToolCalls();
      expect(result).toRepeatToolCalls({ consecutive: false });
    });

    test('failures name the calls, and bad options throw with .not too', async () => {
      const { result } = await story();
      expect(failureOf(() => expect(result).toCallToolsWithoutErrors())).toMatch(/call 1: "flaky-tool" \{"attempt":1\} failed: "(Error: )?503 service unavailable"/);
      expect(failureOf(() => expect(result).not.toRepeatToolCalls())).toContain('call 4: "weather-tool" {"location":"Oslo"} repeats call 3');
      expect(failureOf(() => expect(result).toCallToolTimes(expect.any(String), { max: 3 }))).toMatch(/Expected at most 3 calls matching Any<String>, but the run made [45]\./);
      expect(() => expect(result).not.toCallToolsWithoutErrors({ retries: -1 })).toThrow(TypeError);
      expect(() => expect(result).not.toCallTool('flaky-tool', undefined, { error: 42 })).toThrow(TypeError);
      expect(() => expect(result).not.toCallToolTimes('flaky-tool', { min: 3, max: 1 })).toThrow(TypeError);
    });
  });

  describe('tool doubles: stubbedTools and recordedTools', () => {
    // A weather tool that counts its live runs; the model calls it twice (the first call fails under the stub), then answers.
    const weather = () => {
      const runs = { count: 0 };
      const execute = async ({ location }) => ({ location, temperature: `${20 + runs.count++}°C` });
      const tool = sdk ? sdk.ai.tool({ description: descriptions['weather-tool'], inputSchema: sdk.z.object({ location: sdk.z.string() }), execute }) : { description: descriptions['weather-tool'], inputSchema: {}, execute };
      return { tools: { 'weather-tool': tool }, runs };
    };
    const twice = async (tools) => {
      if (!sdk) {
        const outcomes = [];
        for (const id of ['call-1', 'call-2']) outcomes.push(await tools['weather-tool'].execute({ location: 'Oslo' }, { toolCallId: id, messages: [] }).then((output) => ({ output }), (error) => ({ error })));
        return outcomes;
      }
      let step = 0;
      const model = mockModelOf(sdk.aiTest, {})(() => (step++ < 2 ? [{ type: 'tool-call', toolCallId: `call-${step}`, toolName: 'weather-tool', input: '{"location":"Oslo"}' }] : [{ type: 'text', text: 'Mild.' }]));
      return sdk.ai.generateText({ model, tools, prompt: REQUEST, stopWhen: sdk.ai.stepCountIs(5) });
    };

    test('stubbedTools: a failing first call then an answer, a case with an asymmetric matcher; the real tool never runs', async () => {
      const { tools, runs } = weather();
      const result = await twice(stubbedTools(tools, { 'weather-tool': [{ input: { location: expect.any(String) }, output: { temperature: '5°C' }, failTimes: 1, error: 'weather service down' }] }));
      expect(runs.count).toBe(0);
      if (sdk) {
        expect(result).toCallToolsWithoutErrors({ retries: 1 });
        expect(failureOf(() => expect(result).toCallToolsWithoutErrors())).toContain('weather service down');
      } else expect(result.map((outcome) => outcome.error?.message ?? outcome.output)).toEqual(['weather service down', { temperature: '5°C' }]);
      expect(() => stubbedTools(tools, { 'weather-tol': 1 })).toThrow('Did you mean "weather-tool"?');
      const missed = await stubbedTools(tools, { 'weather-tool': [{ input: { location: 'Paris' }, output: 1 }] })['weather-tool'].execute({ location: 'Oslo' }, { toolCallId: 'x', messages: [] }).catch((error) => error);
      expect(missed).toBeInstanceOf(ToolStubError);
      expect(missed.message).toContain('no case of tool "weather-tool" fits its input {"location":"Oslo"}');
    });

    const dir = path.join(os.tmpdir(), `tca-matrix-tools-${process.pid}`);
    test('recordedTools: records each call once', async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      const { tools, runs } = weather();
      await twice(recordedTools(tools, { mode: 'record', dir, name: 'matrix weather' }));
      expect(runs.count).toBe(2);
    });
    test('recordedTools: replays them in order with no tool run', async () => {
      try {
        const { tools, runs } = weather();
        const result = await twice(recordedTools(tools, { mode: 'replay', dir, name: 'matrix weather' }));
        expect(runs.count).toBe(0);
        if (sdk) expect(result).toCallToolsInOrder([{ toolName: 'weather-tool', output: { location: 'Oslo', temperature: '20°C' } }, { toolName: 'weather-tool', output: { location: 'Oslo', temperature: '21°C' } }]);
        else expect(result.map((outcome) => outcome.output.temperature)).toEqual(['20°C', '21°C']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('budgets and valid inputs', () => {
    test("toStayWithinBudget on this cell's runs: tool calls always, steps and tokens where the run records them", () => {
      expect(run('searchThenWeather')).toStayWithinBudget({ toolCalls: 2 });
      expect(run('searchThenWeather')).not.toStayWithinBudget({ toolCalls: 1 });
      expect(() => expect(run('weather')).not.toStayWithinBudget({ toolCalls: -1 })).toThrow('budget.toolCalls must be a whole number');
      if (sdk) {
        // Two model calls (the calls, then the answer), 10 input and 20 output tokens each.
        expect(run('searchThenWeather')).toStayWithinBudget({ steps: 2, tokens: 60 });
        const message = failureOf(() => expect(run('searchThenWeather')).toStayWithinBudget({ tokens: 59 }));
        expect(message).toContain('tokens  60  over the limit of 59 by 1 (20 input + 40 output, 2 model calls)');
        expect(JSON.parse(JSON.stringify(run('searchThenWeather')))).not.toStayWithinBudget({ steps: 1 });
      } else {
        expect(() => expect(run('weather')).toStayWithinBudget({ tokens: 100 })).toThrow('records no token usage');
      }
    });

    test("toCallToolsWithValidInputs against this cell's tools", () => {
      const tools = sdk ? runs.weather.tools : undefined;
      if (tools) {
        expect(run('searchThenWeather')).toCallToolsWithValidInputs(tools);
        const message = failureOf(() => expect(run('searchThenWeather')).toCallToolsWithValidInputs({ 'weather-tool': tools['weather-tool'] }));
        expect(message).toContain('not one of the tools (weather-tool).');
        expect(message).toContain('1. search-tool  {"query":"New York weather"}');
      }
      const bad = [{ toolName: 'weather-tool', input: { location: 42 } }];
      expect(() => expect(bad).toCallToolsWithValidInputs('weather-tool')).toThrow('tools must be a record of tools or schemas');
      if (z) {
        const schemas = { 'weather-tool': z.object({ location: z.string() }) };
        expect(bad).not.toCallToolsWithValidInputs(schemas);
        expect(failureOf(() => expect(bad).toCallToolsWithValidInputs(schemas))).toMatch(/\n {7}location: .+\n/);
      }
    });
  });

  describe('the code scorer', () => {
    test('scores like the matchers, on an AI SDK result and on a Mastra run', async () => {
      const order = createToolCallAccuracyScorerCode({ expectedToolOrder: ['search-tool', 'weather-tool'], strictMode: true });
      expect((await order.run(run('searchThenWeather'))).score).toBe(1);
      expect((await order.run(run('weather'))).score).toBe(0);
      const single = createToolCallAccuracyScorerCode({ expectedTool: 'weather-tool', strictMode: true });
      const scored = await single.run(runs.builder.weather);
      expect(scored.score).toBe(1);
      expect(scored.preprocessStepResult).toEqual(expect.objectContaining({ actualTools: ['weather-tool'], hasToolCalls: true, correctToolCalled: true }));
      expect(() => createToolCallAccuracyScorerCode({})).toThrow();
    });
  });

  if (!sdk) {
    describe('the LLM judge without a loadable `ai`', () => {
      test('refuses with an error that says why and what to do, with .not too', async () => {
        configureJudge({ model: { provider: 'matrix', modelId: 'unloadable' }, availableTools, cache: { mode: 'off' } });
        for (const assertion of [() => expect(run('weather')).toUseAppropriateTools(), () => expect(run('weather')).not.toUseAppropriateTools()]) {
          const message = await rejectionOf(assertion());
          expect(message).toContain('could not load the AI SDK');
          expect(message).toContain('NODE_OPTIONS=--experimental-vm-modules');
        }
      });
    });
    return;
  }

  describe('the LLM judge', () => {
    const judgeModel = (verdict, asked, id = 'scripted-judge') =>
      mockModelOf(aiTest, { provider: 'matrix', modelId: id })((options) => {
        asked.push(JSON.stringify(options.prompt));
        return [{ type: 'text', text: JSON.stringify(verdict) }];
      });
    const refusingModel = mockModelOf(aiTest, { provider: 'matrix', modelId: 'scripted-judge' })(() => {
      throw new Error('this judge must not be asked: the verdict is replayed');
    });

    test('the LLM scorer asks the scripted model once, with the request, and scores its verdict', async () => {
      const asked = [];
      const scorer = createToolCallAccuracyScorerLLM({ model: judgeModel(verdicts.searchedInstead, asked), availableTools: runs.weather.tools });
      const scored = await scorer.run(runs.searchThenWeather.messages);
      expect(scored.score).toBe(0.5);
      expect(scored.analyzeStepResult.evaluations.map((e) => e.wasAppropriate)).toEqual([false, true]);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain(REQUEST);
      expect(asked[0]).toContain('New York weather');
    });

    test('toUseAppropriateTools passes on an appropriate verdict, .not on an inappropriate one', async () => {
      const asked = [];
      configureJudge({ model: judgeModel(verdicts.appropriate, asked), availableTools, threshold: 1, cache: { mode: 'off' } });
      await expect(conversation('weather')).toUseAppropriateTools();
      configureJudge({ model: judgeModel(verdicts.searchedInstead, asked) });
      await expect(conversation('searchThenWeather')).not.toUseAppropriateTools();
      await expect(conversation('searchThenWeather')).toUseAppropriateTools({ threshold: 0.5 });
      expect(asked).toHaveLength(3);
    });

    test('a failing verdict shows the score, the reason and the calls', async () => {
      configureJudge({ model: judgeModel(verdicts.searchedInstead, []), availableTools, threshold: 1, cache: { mode: 'off' } });
      const message = await rejectionOf(expect(conversation('searchThenWeather')).toUseAppropriateTools());
      expect(message).toContain("Expected the judge's score to be at least 1; it was 0.5.");
      expect(message).toContain('Reason: The search was not needed.');
      expect(message).toContain('Received 2 tool calls:');
    });

    test('a judge error fails the assertion, with .not too', async () => {
      configureJudge({ model: refusingModel, availableTools, cache: { mode: 'off' } });
      for (const assertion of [() => expect(conversation('weather')).toUseAppropriateTools(), () => expect(conversation('weather')).not.toUseAppropriateTools()]) {
        expect(await rejectionOf(assertion())).toContain('this judge must not be asked');
      }
    });

    test('a recorded verdict replays without asking the model; a missing one fails and says how to record it', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tca-matrix-verdicts-'));
      try {
        const asked = [];
        configureJudge({ model: judgeModel(verdicts.appropriate, asked), availableTools, threshold: 1, cache: { mode: 'auto', dir } });
        await expect(conversation('weather')).toUseAppropriateTools();
        expect(asked).toHaveLength(1);
        expect(fs.readdirSync(dir).filter((file) => file.endsWith('.json'))).toHaveLength(1);

        configureJudge({ model: refusingModel, cache: { mode: 'replay', dir } });
        await expect(conversation('weather')).toUseAppropriateTools();
        const miss = await rejectionOf(expect(conversation('searchThenWeather')).toUseAppropriateTools());
        expect(miss).toContain('No recorded verdict for this run');
        expect(miss).toContain("Record it by setting configureJudge({ cache: { mode: 'auto' } })");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    test('the installed bin labels and calibrates; a calibration gate the judge misses fails judged assertions', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tca-matrix-calibration-'));
      const bin = path.join(process.cwd(), 'node_modules', '.bin', 'tool-call-accuracy');
      const { execFileSync } = require('node:child_process');
      try {
        configureJudge({ model: judgeModel(verdicts.appropriate, []), availableTools, threshold: 1, cache: { mode: 'auto', dir } });
        await expect(conversation('weather')).toUseAppropriateTools();
        expect(execFileSync(bin, ['label', '--dir', dir, '--accept-judge'], { encoding: 'utf8' })).toContain("Labelled 1 verdict");
        expect(execFileSync(bin, ['calibrate', '--dir', dir], { encoding: 'utf8' })).toContain('run level: 1 labelled decision');
        configureJudge({ calibration: { minTpr: 0.5 } });
        expect(await rejectionOf(expect(conversation('weather')).toUseAppropriateTools())).toContain('1 labelled decision at the run level, fewer than the 20 a gate needs');
      } finally {
        configureJudge({ calibration: undefined });
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    const trajectoryVerdict = (stepEvaluations, missingSteps = [], criteria = []) => ({ stepEvaluations, missingSteps, criteria, overallAssessment: 'Reviewed.' });
    const sensible = (name, wasNecessary = true) => ({ stepName: name, wasNecessary, wasInOrder: true, reasoning: `${name} reviewed.` });

    test('toFollowASensibleTrajectory passes on a sound trajectory, fails as a review on a detour, refuses a verdict that does not fit the run', async () => {
      const asked = [];
      configureJudge({ model: judgeModel(trajectoryVerdict([sensible('weather-tool')]), asked), availableTools, cache: { mode: 'off' } });
      await expect(conversation('weather')).toFollowASensibleTrajectory();
      configureJudge({ model: judgeModel(trajectoryVerdict([sensible('search-tool', false), sensible('weather-tool')], [], [{ criterion: 'asks the weather tool first', answer: 'no', rationale: 'It searched first.' }]), asked) });
      await expect(conversation('searchThenWeather')).not.toFollowASensibleTrajectory({ criteria: ['asks the weather tool first'] });
      const message = await rejectionOf(expect(conversation('searchThenWeather')).toFollowASensibleTrajectory({ criteria: ['asks the weather tool first'] }));
      expect(message).toContain('Expected a sensible trajectory; the judge found 1 unnecessary step and 1 criterion answered "no" (score 0.5).');
      expect(message).toContain('1. search-tool   unnecessary  in order      search-tool reviewed.');
      configureJudge({ model: judgeModel(trajectoryVerdict([sensible('weather-tool')]), asked) });
      expect(await rejectionOf(expect(conversation('searchThenWeather')).toFollowASensibleTrajectory())).toContain('gave no valid verdict in 2 attempts: it evaluated 1 step but the agent took 2');
      expect(asked).toHaveLength(5);
    });

    test('createTrajectoryAccuracyScorerLLM scores with Mastra\'s formula (0.9 for a perfect trajectory)', async () => {
      const scorer = lib.createTrajectoryAccuracyScorerLLM({ model: judgeModel(trajectoryVerdict([sensible('weather-tool')]), []), expectedTrajectory: ['weather-tool'] });
      const scored = await scorer.run(runs.weather.messages);
      expect(scored.score).toBe(0.9);
      expect(scored.analyzeStepResult.stepEvaluations).toHaveLength(1);
    });
  });
};
