/**
 * OpenAI Agents SDK runs made by the real package: a real `Agent` and `run()`, with the SDK's own
 * scripted `Model` (`ScriptedModel` from `@openai/agents/testing`, an implementation of its `Model`
 * interface that answers each model call with the next scripted response). Offline: tracing is off
 * and no model provider is asked for.
 */
import { Agent, hostedMcpTool, run, setTracingDisabled, tool, Usage, webSearchTool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel, type ScriptedModelInput } from '@openai/agents/testing';
import { z } from 'zod';

setTracingDisabled(true);

/** One model response: its output items, with the usage a provider would report for it. */
const response = (output: ReturnType<typeof functionCall | typeof assistantMessage>[], inputTokens = 100, outputTokens = 20): ScriptedModelInput => ({
  output,
  usage: new Usage({ requests: 1, inputTokens, outputTokens, totalTokens: inputTokens + outputTokens }),
});

export const getWeather = tool({
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `Sunny in ${city}`,
});

/** Throws: the SDK hands the model its default error text. */
export const getForecast = tool({
  name: 'get_forecast',
  description: 'The forecast for a city',
  parameters: z.object({ city: z.string(), days: z.number() }),
  execute: async () => {
    throw new Error('forecast service down');
  },
});

/** Throws too, but its own errorFunction words the failure: that text is the output the model sees. */
export const getAlerts = tool({
  name: 'get_alerts',
  description: 'Weather alerts for a city',
  parameters: z.object({ city: z.string() }),
  execute: async () => {
    throw new Error('alerts service down');
  },
  errorFunction: () => 'No alerts available right now.',
});

export const lookupOrder = tool({
  name: 'lookup_order',
  description: 'An order by id',
  parameters: z.object({ order: z.string() }),
  execute: async ({ order }) => ({ order, total: 42 }),
});

/** Needs a person's approval before it runs. */
export const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: z.object({ order: z.string() }),
  needsApproval: true,
  execute: async ({ order }) => `refunded ${order}`,
});

export const weatherTools = [getWeather, getForecast, getAlerts];

/**
 * A weather agent: step 1 calls get_weather (Paris) and get_forecast (fails) in parallel, step 2
 * get_alerts (fails, worded by its errorFunction), step 3 answers. 3 model calls, 100/20, 110/25,
 * 120/30 tokens.
 */
function weatherAgent() {
  const model = new ScriptedModel([
    response([functionCall('get_weather', { city: 'Paris' }, { callId: 'call_weather' }), functionCall('get_forecast', { city: 'Paris', days: 3 }, { callId: 'call_forecast' })], 100, 20),
    response([functionCall('get_alerts', { city: 'Paris' }, { callId: 'call_alerts' })], 110, 25),
    response([assistantMessage('It is sunny in Paris; no forecast or alerts available.')], 120, 30),
  ]);
  return new Agent({ name: 'Weather', instructions: 'Answer weather questions.', model, tools: weatherTools });
}

export const WEATHER_REQUEST = 'What is the weather in Paris?';

/** The weather agent's `RunResult`. */
export function weatherRun() {
  return run(weatherAgent(), WEATHER_REQUEST);
}

/** The weather agent's `StreamedRunResult`, read to its end. */
export async function streamedWeatherRun() {
  const result = await run(weatherAgent(), WEATHER_REQUEST, { stream: true });
  for await (const event of result) void event;
  await result.completed;
  return result;
}

/** The weather agent's run, not read yet: still running. */
export function unfinishedStreamedRun() {
  return run(weatherAgent(), WEATHER_REQUEST, { stream: true });
}

/** A billing agent whose step 1 looks an order up and asks to refund two (each needs approval). */
function billingAgent(name = 'Billing') {
  const model = new ScriptedModel([
    response([
      functionCall('lookup_order', { order: 'A1' }, { callId: 'call_lookup' }),
      functionCall('refund', { order: 'A1' }, { callId: 'call_refund_a1' }),
      functionCall('refund', { order: 'B2' }, { callId: 'call_refund_b2' }),
    ]),
    response([assistantMessage('Refunded A1; the refund of B2 was not approved.')]),
  ]);
  return new Agent({ name, instructions: 'Handle billing.', model, tools: [lookupOrder, refund] });
}

export const REFUND_REQUEST = 'Refund orders A1 and B2';

/**
 * A run interrupted for approval (`interrupted`: both refunds await it), and the same run resumed
 * after a person approved the refund of A1 and rejected that of B2 (`resumed`).
 */
export async function approvalRuns() {
  const agent = billingAgent();
  const interrupted = await run(agent, REFUND_REQUEST);
  const interruptedHistory: unknown[] = structuredClone(interrupted.history);
  // The interrupted result, as it stood, is kept apart from the state the person now answers.
  const snapshot = await run(billingAgent(), REFUND_REQUEST);
  const [approveA1, rejectB2] = interrupted.interruptions;
  interrupted.state.approve(approveA1!);
  interrupted.state.reject(rejectB2!);
  const resumed = await run(agent, interrupted.state);
  return { interrupted: snapshot, interruptedHistory, resumed };
}

/**
 * A triage agent that hands off to Billing (which looks an order up, then hands off to Refunds,
 * which refunds it without approval), after checking the weather itself.
 */
export async function handoffRun() {
  const model = new ScriptedModel([
    // Triage
    response([functionCall('get_weather', { city: 'Paris' }, { callId: 'call_t_weather' })]),
    response([functionCall('transfer_to_Billing', {}, { callId: 'call_t_handoff' })]),
    // Billing
    response([functionCall('lookup_order', { order: 'A1' }, { callId: 'call_b_lookup' })]),
    response([functionCall('transfer_to_Refunds', {}, { callId: 'call_b_handoff' })]),
    // Refunds
    response([functionCall('quick_refund', { order: 'A1' }, { callId: 'call_r_refund' })]),
    response([assistantMessage('Order A1 is refunded.')]),
  ]);
  const quickRefund = tool({ name: 'quick_refund', description: 'Refunds an order', parameters: z.object({ order: z.string() }), execute: async ({ order }) => `refunded ${order}` });
  const refunds = new Agent({ name: 'Refunds', instructions: 'Refund orders.', model, tools: [quickRefund] });
  const billing = new Agent({ name: 'Billing', instructions: 'Handle billing.', model, tools: [lookupOrder], handoffs: [refunds] });
  const triage = new Agent({ name: 'Triage', instructions: 'Route the user.', model, tools: [getWeather], handoffs: [billing] });
  return run(triage, 'Weather in Paris, then refund A1');
}

/** Two turns of one conversation: the second run gets the first's history as its input. */
export async function twoTurnRun() {
  const model = new ScriptedModel([
    response([functionCall('get_weather', { city: 'Paris' }, { callId: 'call_1' })]),
    response([assistantMessage('Sunny in Paris.')]),
    response([functionCall('get_weather', { city: 'Rome' }, { callId: 'call_2' })]),
    response([assistantMessage('Sunny in Rome.')]),
  ]);
  const agent = new Agent({ name: 'Weather', instructions: 'Answer weather questions.', model, tools: [getWeather] });
  const first = await run(agent, 'Weather in Paris?');
  return run(agent, [...first.history, { role: 'user', content: 'And in Rome?' }]);
}

/**
 * Tools OpenAI runs itself: a web search, and a hosted MCP tool that needs approval (its request
 * interrupts the run; once approved, the run goes on). The model's output items are the SDK's own
 * `hosted_tool_call` items, as its Responses model makes them.
 */
export async function hostedToolsRuns() {
  const model = new ScriptedModel([
    response([
      { type: 'hosted_tool_call', id: 'ws_1', name: 'web_search_call', status: 'completed', providerData: { type: 'web_search_call', id: 'ws_1', action: { type: 'search', query: 'weather Paris' } } },
      {
        type: 'hosted_tool_call',
        id: 'mcpr_1',
        name: 'mcp_approval_request',
        status: 'completed',
        providerData: { type: 'mcp_approval_request', id: 'mcpr_1', name: 'create_issue', arguments: '{"title":"Bug"}', server_label: 'github' },
      },
    ] as never),
    response([assistantMessage('Waiting for the issue.')]),
  ]);
  const agent = new Agent({
    name: 'Ops',
    instructions: 'x',
    model,
    tools: [webSearchTool(), hostedMcpTool({ serverLabel: 'github', serverUrl: 'https://mcp.example.test', requireApproval: 'always' })],
  });
  const interrupted = await run(agent, 'File a bug about the weather');
  const interruptedItems = [...interrupted.newItems];
  interrupted.state.approve(interrupted.interruptions[0]!);
  const resumed = await run(agent, interrupted.state);
  return { interruptedItems, resumed };
}
