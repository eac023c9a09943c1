import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getToolCalls, own, parallel, within } from '../../src/index.js';
import { readRun } from '../../src/calls/getToolCalls.js';
import type { ProviderStep } from '../fixtures/aiSdk.js';
import { call, sdks } from '../fixtures/aiSdk.js';
import { failureOf, matcherErrorOf } from '../helpers/failureOf.js';

type Any = any;
const ai7 = sdks.find((sdk) => sdk.name === 'ai7')!;
const { tool, generateText, streamText, readUIMessageStream, stepCountIs } = ai7.ai;

const searchTools = { 'web-search': tool({ inputSchema: z.object({ q: z.string() }), execute: async ({ q }: { q: string }) => [`result for ${q}`] }) };
const subAgentSteps: ProviderStep[] = [[call('s1', 'web-search', { q: 'cats' })], [call('s2', 'web-search', { q: 'more cats' })], [{ type: 'text', text: 'Cats are great.' }]];

/**
 * The AI SDK's sub-agent pattern: the tool streams the sub-agent's run and yields its UI message as
 * it grows, so the final tool output is the sub-agent's whole UI message; `toModelOutput` gives
 * the parent model only the text.
 */
const streamingResearch = tool({
  inputSchema: z.object({ topic: z.string() }),
  execute: async function* ({ topic }: { topic: string }) {
    const result = streamText({ model: ai7.model(subAgentSteps), tools: searchTools, stopWhen: stepCountIs(5), prompt: topic });
    for await (const message of readUIMessageStream({ stream: ai7.uiStream(result, searchTools) })) yield message;
  },
  toModelOutput: ({ output }: Any) => ({ type: 'text', value: output.parts.filter((part: Any) => part.type === 'text').map((part: Any) => part.text).join('') }),
});

/** A tool that returns the sub-agent's generateText result as its output. */
const returningResearch = tool({
  inputSchema: z.object({ topic: z.string() }),
  execute: async ({ topic }: { topic: string }) => generateText({ model: ai7.model(subAgentSteps), tools: searchTools, stopWhen: stepCountIs(5), prompt: topic }),
  toModelOutput: ({ output }: Any) => ({ type: 'text', value: output.text }),
});

async function parentRun(research: unknown) {
  return generateText({
    model: ai7.model([[call('c1', 'research-agent', { topic: 'cats' }), call('c2', 'weather', { city: 'Paris' })], [{ type: 'text', text: 'Done.' }]]),
    tools: { 'research-agent': research, weather: tool({ inputSchema: z.object({ city: z.string() }), execute: async () => 'sunny' }) },
    stopWhen: stepCountIs(5),
    prompt: 'Research cats',
  });
}

describe('within(run, tool): an AI SDK sub-agent tool', () => {
  it.each([
    ['yields the sub-agent UI message', streamingResearch],
    ['returns the sub-agent result', returningResearch],
  ])('reads the calls of a tool that %s among the run\'s, after the step that started it; own(run) leaves them out', async (_name, research) => {
    const result = await parentRun(research);
    // The sub-agent ran once its step's two calls were issued: its calls follow both, each naming it.
    expect(getToolCalls(result).map((each) => [each.toolName, each.agent])).toEqual([
      ['research-agent', undefined],
      ['weather', undefined],
      ['web-search', { name: 'research-agent' }],
      ['web-search', { name: 'research-agent' }],
    ]);
    expect(result).toCallTool('web-search', { q: 'cats' });
    expect(failureOf(() => expect(result).not.toCallTool('web-search')).message).toContain('3. web-search      {"q":"cats"} (research-agent, run by call 1)');
    expect(own(result)).toCallOnly(['research-agent', 'weather']);
    expect(own(result)).not.toCallTool('web-search');
    expect(within(result, 'research-agent')).toCallToolsInOrder([{ toolName: 'web-search', input: { q: 'cats' } }, 'web-search'], { strict: true });
    // Inside within(…), the sub-agent is the top agent: its calls name no agent.
    expect(getToolCalls(within(result, 'research-agent')).map((each) => each.agent)).toEqual([undefined, undefined]);
  });

  it('keeps each sub-agent run\'s steps apart when the tool ran twice', async () => {
    const result = await generateText({
      model: ai7.model([[call('c1', 'research-agent', { topic: 'cats' }), call('c2', 'research-agent', { topic: 'dogs' })], [{ type: 'text', text: 'Done.' }]]),
      tools: { 'research-agent': returningResearch },
      stopWhen: stepCountIs(5),
      prompt: 'Research cats and dogs',
    });
    const { calls, steps } = readRun(within(result, 'research-agent'));
    expect(calls.map((each) => each.toolName)).toEqual(['web-search', 'web-search', 'web-search', 'web-search']);
    // Each sub-agent issued its two calls in two steps: four steps, none shared across the two runs.
    expect(new Set(steps).size).toBe(4);
    expect(within(result, 'research-agent')).not.toCallToolsInOrder([parallel('web-search', 'web-search')]);
  });

  it('refuses a tool whose result holds no agent run', async () => {
    const result = await parentRun(streamingResearch);
    expect(matcherErrorOf(() => expect(within(result, 'weather')).toCallNoTools())).toMatchInlineSnapshot(`
      "expect(run).toCallNoTools()

      Matcher error: within(run, "weather"): call 1 to "weather" holds no agent run: its result is a string ("sunny"). A sub-agent's calls are known from an OpenTelemetry trace of the run, or when the tool returns the sub-agent's run (its UI message, generateText result or messages)."
    `);
    expect(matcherErrorOf(() => expect(within(result, 'nope')).not.toCallTool('web-search'))).toMatchInlineSnapshot(`
      "expect(run).not.toCallTool(toolName)

      Matcher error: within(run, "nope"): the run never called "nope", so there is no sub-agent run to look in. It called: "research-agent", "weather"."
    `);
  });

  it('refuses parallel() where the run does not record steps', () => {
    const calls = [{ toolName: 'a', input: {} }, { toolName: 'b', input: {} }];
    expect(matcherErrorOf(() => expect(calls).toCallToolsInOrder([parallel('a', 'b')]))).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Matcher error: parallel(…) needs to know which calls the model issued in one step, and this run does not record it (call 1, "a", has no step). Pass the run as the agent produced it (an AI SDK result or its steps, messages, or an OpenTelemetry trace), not a plain list of calls."
    `);
  });
});

describe('within(run, tool): a Mastra agent used as a tool', () => {
  it('says where the sub-agent run is, as its result holds only the text', async () => {
    const { Agent, noopLogger } = await import('../../reference/mastra/index.js');
    const ai5 = sdks.find((sdk) => sdk.name === 'ai5')!;
    const researcher = new Agent({ name: 'researcher', instructions: 'Search.', model: ai5.model(subAgentSteps), tools: searchTools as Any });
    const lead = new Agent({
      name: 'lead',
      instructions: 'Delegate.',
      model: ai5.model([[call('c1', 'agent-researcher', { prompt: 'cats' })], [{ type: 'text', text: 'Done.' }]]),
      agents: { researcher },
    });
    researcher.__setLogger(noopLogger);
    lead.__setLogger(noopLogger);
    const result: Any = await lead.generate('Research cats', { maxSteps: 5 });
    // Its calls are not in the run: the run is what the lead agent did.
    expect(result).toCallOnly('agent-researcher');
    expect(result).not.toCallTool('web-search');
    expect(matcherErrorOf(() => expect(within(result, 'agent-researcher')).toCallTool('web-search'))).toMatch(
      /within\(run, "agent-researcher"\): call 1 to "agent-researcher" holds no agent run: its result is an object with keys \{ text, subAgentThreadId, subAgentResourceId \}\. A Mastra sub-agent keeps its messages in its memory thread \(a string \(".+"\)\): pass those messages, or an OpenTelemetry trace of the run\./,
    );
  });
});
