/**
 * The OpenAI Agents SDK reader, over runs made by the real `Agent` and `run()` with the SDK's
 * scripted model: every shape, every matcher, approvals, failures, handoffs and budgets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { detectFormat } from '../../../src/calls/detect.js';
import { getToolCalls } from '../../../src/calls/getToolCalls.js';
import { getRunUsage } from '../../../src/calls/getRunUsage.js';
import { own, turn, within } from '../../../src/calls/views.js';
import { DEFAULT_REJECTION, DEFAULT_TOOL_ERROR } from '../../../src/calls/adapters/openaiAgents.js';
import { parallel } from '../../../src/refs/parallel.js';
import { sample } from '../../../src/sample/sample.js';
import { ToolCallAccuracyError } from '../../../src/errors.js';
import { failureOf, matcherErrorOf } from '../../helpers/failureOf.js';
import { check, createToolCallAccuracyScorerCode } from '../../../src/index.js';
import { Agent, handoff } from '@openai/agents';
import { approvalRuns, getWeather, handoffRun, hostedToolsRuns, lookupOrder, refund, streamedWeatherRun, twoTurnRun, unfinishedStreamedRun, weatherRun, weatherTools } from '../../helpers/openaiAgents.js';

type Runs = {
  weather: Awaited<ReturnType<typeof weatherRun>>;
  approvals: Awaited<ReturnType<typeof approvalRuns>>;
  handoff: Awaited<ReturnType<typeof handoffRun>>;
};
let runs: Runs;
beforeAll(async () => {
  runs = { weather: await weatherRun(), approvals: await approvalRuns(), handoff: await handoffRun() };
});

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('detection', () => {
  it('claims every shape of a run, and an item list only on an item of its own', () => {
    const { weather } = runs;
    for (const run of [weather, json(weather), JSON.parse(weather.state.toString()), weather.history, json(weather.history), weather.newItems, json(weather.newItems)]) {
      expect(detectFormat(run)?.format).toBe('openai-agents');
    }
    // OpenAI Responses items (call_id, function_call_output) stay OpenAI Responses.
    expect(detectFormat([{ type: 'function_call', call_id: 'c1', name: 'search', arguments: '{}' }, { type: 'function_call_output', call_id: 'c1', output: 'ok' }])?.format).toBe('openai-responses');
    // A text-only history has no calls in either format.
    expect(getToolCalls([{ role: 'user', content: 'hi' }, { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'hello' }] }])).toEqual([]);
  });

  it('reads the same calls from a RunResult, its history and its items, as objects and as JSON', () => {
    const { weather } = runs;
    const calls = getToolCalls(weather);
    expect(calls).toHaveLength(3);
    for (const run of [json(weather), weather.history, json(weather.history), weather.newItems, json(weather.newItems)]) expect(getToolCalls(run)).toEqual(calls);
  });
});

describe('read or refuse', () => {
  it('an item type it does not know is refused, naming it, by every matcher, .not included', () => {
    const history = [...runs.weather.history, { type: 'unknown', providerData: { type: 'new_tool_call' } }];
    expect(() => getToolCalls(history)).toThrow(ToolCallAccuracyError);
    const refusal = 'its messages are openai-agents, but its message 9 ({ type: "unknown", providerData }) is not: a message this package does not know is refused rather than read as no calls';
    expect(() => getToolCalls(history)).toThrow(refusal);
    expect(matcherErrorOf(() => expect(history).not.toCallTool('delete_everything'))).toContain(refusal);
    expect(matcherErrorOf(() => expect(history).toCallNoTools())).toContain(refusal);
    // In a RunResult's items too, which no classifier sees first.
    const result = Object.create(runs.weather, { newItems: { value: [...runs.weather.newItems, { type: 'tool_call_item', rawItem: { type: 'brand_new_call', callId: 'x' } }] } });
    expect(matcherErrorOf(() => expect(result).not.toCallTool('x'))).toContain('reading the run as openai-agents: its result.newItems item 8 is { type: "brand_new_call", callId }, which this reader does not know');
  });

  it('a StreamedRunResult still running is refused: its calls are not all made', async () => {
    const running = await unfinishedStreamedRun();
    expect(matcherErrorOf(() => expect(running).not.toCallTool('get_weather'))).toContain('a StreamedRunResult whose run has not finished: `await result.completed` first');
    for await (const event of running) void event;
    await running.completed;
    expect(running).toCallTool('get_weather');
  });

  it('a finished StreamedRunResult reads as its RunResult', async () => {
    expect(getToolCalls(await streamedWeatherRun())).toEqual(getToolCalls(runs.weather));
  });
});

describe('outputs and failures', () => {
  it("a tool that threw is failed with the SDK's default error text; a custom errorFunction's text is output", () => {
    const { weather } = runs;
    expect(weather).toCallTool('get_weather', { city: 'Paris' }, { output: 'Sunny in Paris', error: false });
    expect(weather).toCallTool('get_forecast', undefined, { error: DEFAULT_TOOL_ERROR });
    expect(weather).toCallTool('get_alerts', undefined, { error: false, output: 'No alerts available right now.' });
    expect(weather.history).toCallTool('get_forecast', undefined, { error: true });
    const failure = failureOf(() => expect(weather).toCallToolsWithoutErrors());
    expect(failure.message).toContain('get_forecast');
    expect(failure.message).not.toContain('get_alerts  {');
  });

  it('parallel calls of one model response are one step', () => {
    expect(runs.weather).toCallToolsInOrder([parallel('get_weather', 'get_forecast'), 'get_alerts']);
    expect(runs.weather.newItems).toCallToolsInOrder([parallel('get_weather', 'get_forecast'), 'get_alerts']);
    expect(runs.weather).not.toCallToolsInOrder([parallel('get_forecast', 'get_alerts')]);
  });
});

describe('approvals', () => {
  it('interruptions are calls awaiting approval; after resuming they carry the decision', () => {
    const { interrupted, resumed } = runs.approvals;
    expect(interrupted.interruptions).toHaveLength(2);
    expect(interrupted).toCallToolTimes('refund', 2);
    expect(interrupted).toCallTool('refund', { order: 'A1' }, { approval: 'requested' });
    // result.interruptions alone: the calls awaiting approval.
    expect(interrupted.interruptions).toCallOnly([
      { toolName: 'refund', input: { order: 'A1' }, approval: 'requested' },
      { toolName: 'refund', input: { order: 'B2' }, approval: 'requested' },
    ]);
    expect(resumed).toCallTool('refund', { order: 'A1' }, { approval: 'approved', output: 'refunded A1' });
    expect(resumed).toCallTool('refund', { order: 'B2' }, { approval: 'denied' });
    expect(json(resumed)).toCallTool('refund', { order: 'B2' }, { approval: 'denied' });
    // A denied call never ran: no failure.
    expect(resumed).toCallToolsWithoutErrors();
    // The denied call still counts: the model chose it.
    expect(() => expect(resumed).not.toCallTool('refund', { order: 'B2' })).toThrow();
  });

  it("without a run state, the SDK's default rejection text marks a denied call", () => {
    const { resumed } = runs.approvals;
    expect(resumed.history).toCallTool('refund', { order: 'B2' }, { approval: 'denied' });
    expect(resumed.history).toCallTool('refund', { order: 'A1' }, { output: 'refunded A1' });
    expect(resumed.history.some((item) => JSON.stringify(item).includes(DEFAULT_REJECTION))).toBe(true);
  });

  it('the history of an interrupted run leaves out the calls awaiting approval (the SDK writes them when the run resumes): the RunResult has them', () => {
    const { interrupted, interruptedHistory } = runs.approvals;
    expect(interruptedHistory).not.toCallTool('refund');
    expect(interrupted).toCallTool('refund');
  });
});

describe('tools OpenAI runs', () => {
  it('a hosted tool is a call the provider ran; a hosted MCP call is one call from its approval request to its answer', async () => {
    const { interruptedItems, resumed } = await hostedToolsRuns();
    expect(interruptedItems).toCallToolsInOrder([{ toolName: 'web_search', input: { type: 'search', query: 'weather Paris' } }, { toolName: 'create_issue', input: { title: 'Bug' }, approval: 'requested' }]);
    for (const run of [resumed, resumed.history, json(resumed)]) {
      expect(run).toCallOnly(['web_search', { toolName: 'create_issue', approval: 'approved' }]);
      expect(getToolCalls(run).every((call) => call.providerExecuted)).toBe(true);
    }
  });
});

describe('handoffs: the calls of the agents handed off to are the run\'s, each naming its agent', () => {
  it('reads them in the order made; own(run) gives the top agent\'s, within(run, agentName) or the handoff tool one agent\'s', () => {
    for (const run of [runs.handoff, json(runs.handoff), runs.handoff.history, runs.handoff.newItems]) {
      expect(run).toCallToolsInOrder(['get_weather', 'transfer_to_Billing', 'lookup_order', 'transfer_to_Refunds', 'quick_refund'], { strict: true });
      expect(getToolCalls(run).map((call) => call.agent)).toEqual([undefined, undefined, { name: 'Billing' }, { name: 'Billing' }, { name: 'Refunds', path: ['Billing', 'Refunds'] }]);
      expect(own(run)).toCallToolsInOrder(['get_weather', 'transfer_to_Billing'], { strict: true });
      expect(own(run)).not.toCallTool('lookup_order');
      expect(within(run, 'Billing')).toCallOnly(['lookup_order', 'transfer_to_Refunds', 'quick_refund']);
      expect(own(within(run, 'Billing'))).toCallOnly(['lookup_order', 'transfer_to_Refunds']);
      expect(within(within(run, 'Billing'), 'Refunds')).toCallOnly('quick_refund');
      // An agent inside another opens by its name alone.
      expect(within(run, 'Refunds')).toCallOnly('quick_refund');
    }
  });

  it('a negative assertion fails on a call of an agent handed off to, and names that agent; own(run) passes', () => {
    const failure = failureOf(() => expect(runs.handoff).not.toCallTool('quick_refund'));
    expect(failure.message).toContain('5. quick_refund         {"order":"A1"} (Billing > Refunds, after the handoff at call 4)');
    expect(failureOf(() => expect(runs.handoff).not.toCallTool('lookup_order')).message).toContain('3. lookup_order         {"order":"A1"} (Billing, after the handoff at call 2)');
    expect(own(runs.handoff)).not.toCallTool('quick_refund');
    expect(own(runs.handoff)).not.toCallTool('lookup_order');
  });

  it('own and within work wherever a run does: check(run), sample(…), the scorers', async () => {
    expect(() => check(runs.handoff).not.toCallTool('quick_refund')).toThrow('(Billing > Refunds, after the handoff at call 4)');
    check(own(runs.handoff)).not.toCallTool('quick_refund');
    check(within(runs.handoff, 'Refunds')).toCallOnly('quick_refund');
    const runsOfSample = await sample([runs.handoff, json(runs.handoff)]);
    expect(runsOfSample).toCallTool('quick_refund');
    expect(await sample([own(runs.handoff), own(json(runs.handoff))])).not.toCallTool('quick_refund');
    expect(await sample([within(runs.handoff, 'Billing')])).toCallTool('lookup_order');
    // Mastra's code scorer scores the top agent's calls, as Mastra would score its trajectory's top-level steps.
    const scorer = createToolCallAccuracyScorerCode({ expectedTool: 'get_weather', expectedToolOrder: ['get_weather', 'transfer_to_Billing'], strictMode: true });
    expect((await scorer.run(runs.handoff)).score).toBe(1);
    expect((await scorer.run(getToolCalls(runs.handoff))).score).toBe(1);
  });

  it('an output the tool returned as an object is that object where a run item keeps it; the JSON text the model saw in a history', () => {
    for (const run of [runs.handoff, json(runs.handoff), runs.handoff.newItems]) {
      expect(run).toCallTool('lookup_order', { order: 'A1' }, { output: { order: 'A1', total: 42 } });
      expect(within(run, 'transfer_to_Billing')).toCallTool('lookup_order', undefined, { output: expect.objectContaining({ total: 42 }) });
    }
    expect(runs.handoff.history).toCallTool('lookup_order', { order: 'A1' }, { output: '{"order":"A1","total":42}' });
  });

  it('an agent it never handed off to is an error naming the agents it did', () => {
    expect(matcherErrorOf(() => expect(within(runs.handoff, 'Bililng')).toCallTool('x'))).toMatch(/never called "Bililng".*Did you mean "Billing"\?.*"Billing" \(an agent it handed off to\)/s);
  });
});

describe('turns', () => {
  it('a RunResult is one run; its history holds every turn, cut at user messages', async () => {
    const second = await twoTurnRun();
    expect(second).toCallToolTimes('get_weather', 1);
    expect(turn(second, 1)).toCallTool('get_weather', { city: 'Rome' });
    expect(second.history).toCallToolTimes('get_weather', 2);
    expect(turn(second.history, 1)).toCallTool('get_weather', { city: 'Paris' });
    expect(turn(second.history, -1)).toCallOnly({ toolName: 'get_weather', input: { city: 'Rome' } });
  });
});

describe('budgets', () => {
  it('model calls and tokens from the run usage (requests, inputTokens, outputTokens)', () => {
    const { weather } = runs;
    expect(getRunUsage(weather).usage).toEqual({ steps: 3, tokens: { input: 330, output: 75, modelCalls: 3 } });
    expect(getRunUsage(json(weather)).usage).toEqual(getRunUsage(weather).usage);
    expect(weather).toStayWithinBudget({ steps: 3, tokens: 405 });
    expect(weather).not.toStayWithinBudget({ tokens: 404 });
  });

  it('items carry no usage: the error says what to pass', () => {
    expect(matcherErrorOf(() => expect(runs.weather.history).toStayWithinBudget({ tokens: 1000 }))).toContain('its items carry no usage: pass the RunResult (or its JSON)');
  });
});

describe('toCallToolsWithValidInputs with the SDK\'s own tool objects', () => {
  it('takes agent.tools (tool() objects, checked against the JSON Schema the SDK sent the model)', () => {
    expect(runs.weather).toCallToolsWithValidInputs(weatherTools);
    const agent = new Agent({ name: 'Weather', tools: weatherTools });
    expect(runs.weather).toCallToolsWithValidInputs(agent.tools);
    // get_forecast takes { city, days }: without it, the call is an unknown tool; with another schema, an invalid input.
    const unknown = failureOf(() => expect(runs.weather).toCallToolsWithValidInputs([getWeather, weatherTools[2]!])).message;
    expect(unknown).toContain('get_forecast');
    const numberedOrders = { ...lookupOrder, parameters: { type: 'object', properties: { order: { type: 'number' } } } };
    const invalid = failureOf(() => expect(runs.approvals.resumed).toCallToolsWithValidInputs([refund, numberedOrders])).message;
    expect(invalid).toMatch(/lookup_order.*order/s);
    expect(runs.approvals.resumed).toCallToolsWithValidInputs([refund, lookupOrder]);
  });

  it('takes handoffs, as handoff() objects or as the agents listed in handoffs', () => {
    const billing = new Agent({ name: 'Billing', tools: [lookupOrder] });
    // The top agent's calls against its tools and handoffs.
    expect(own(runs.handoff)).toCallToolsWithValidInputs([getWeather, billing]);
    expect(own(runs.handoff)).toCallToolsWithValidInputs([getWeather, handoff(billing)]);
    expect(failureOf(() => expect(own(runs.handoff)).toCallToolsWithValidInputs([getWeather])).message).toContain('transfer_to_Billing');
    // An agent's handoffs alone, all agents (an Agent has an mcpServers key, which a Gemini Tool has too: read as agents, not skipped as a Gemini built-in).
    const front = new Agent({ name: 'Front', handoffs: [billing] });
    expect(failureOf(() => expect(own(runs.handoff)).toCallToolsWithValidInputs(front.handoffs)).message).toContain('not one of the tools (transfer_to_Billing)');
    // Every call of the run, against the tools of every agent in it.
    const refunds = new Agent({ name: 'Refunds' });
    const failure = failureOf(() => expect(runs.handoff).toCallToolsWithValidInputs([getWeather, billing, lookupOrder, refunds])).message;
    expect(failure).toContain('5. quick_refund  {"order":"A1"} (Billing > Refunds, after the handoff at call 4)\n       not one of the tools');
    expect(failure).toContain('list their tools too, or check the top agent\'s own calls with own(run)');
  });

  it('refuses a list it cannot read whole', () => {
    expect(matcherErrorOf(() => expect(runs.weather).toCallToolsWithValidInputs([getWeather, { nope: 1 }] as never))).toContain('tools[1] is not an OpenAI Agents SDK tool, handoff or agent (keys "nope")');
  });
});

describe('sample(...)', () => {
  it('one verdict per run over a list of RunResults', async () => {
    const sampled = await sample([runs.weather, await weatherRun(), await streamedWeatherRun()]);
    expect(sampled).toCallTool('get_forecast', undefined, { error: true });
    expect(failureOf(() => expect(sampled).toCallToolsWithoutErrors()).message).toContain('Passed in 0 of 3 runs');
  });
});
