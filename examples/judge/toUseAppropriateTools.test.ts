/**
 * Judged assertions as a user writes them: configure the judge once, then
 * `await expect(run).toUseAppropriateTools()`. Verdicts replay from ./__judge__/ (committed);
 * with CI=true the cache only replays, so this file runs offline and free.
 */
import { describe, expect, it } from 'vitest';
import { configureJudge } from 'tool-call-accuracy';
import { createAgentTestRun, createTestMessage, createToolInvocation } from 'tool-call-accuracy/testing';
import { exampleJudge, verdictDir } from './exampleJudge.js';

configureJudge({
  model: exampleJudge, // in your project: 'openai/gpt-5-mini', or a provider model such as openai('gpt-5-mini')
  availableTools: [
    { name: 'weather-tool', description: 'Get current weather information for any location' },
    { name: 'calendar-tool', description: 'Check calendar events and scheduling' },
    { name: 'search-tool', description: 'Search the web for general information' },
  ],
  cache: { dir: verdictDir }, // default: __judge__/ at the project root
});

function agentRun(request: string, reply: string, calls: Array<{ toolName: string; args: Record<string, unknown>; result: Record<string, unknown> }> = []) {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: request, role: 'user', id: 'input-1' })],
    output: [
      createTestMessage({
        content: reply,
        role: 'assistant',
        id: 'output-1',
        toolInvocations: calls.map((call, index) => createToolInvocation({ toolCallId: `call-${index + 1}`, state: 'result', ...call })),
      }),
    ],
  });
}

describe('toUseAppropriateTools', () => {
  it('the weather agent uses the weather tool', async () => {
    const run = agentRun('What is the weather like in San Francisco today?', 'Let me check the current weather for you.', [
      { toolName: 'weather-tool', args: { location: 'San Francisco', date: 'today' }, result: { temperature: '68°F', condition: 'foggy' } },
    ]);
    await expect(run).toUseAppropriateTools();
  });

  it('a vague request: asking for clarification is appropriate', async () => {
    const run = agentRun('I need help with something', "I'd be happy to help! Could you please provide more details about what you need assistance with?");
    await expect(run).toUseAppropriateTools();
  });

  it('searching the web for the weather is not appropriate', async () => {
    const run = agentRun('What is the weather in Tokyo?', 'Let me search for that information.', [
      { toolName: 'search-tool', args: { query: 'Tokyo weather' }, result: { results: ['Tokyo weather data...'] } },
    ]);
    // Without `.not` this fails; docs/judge.md shows the message.
    await expect(run).not.toUseAppropriateTools();
    await expect(run).not.toUseAppropriateTools({ threshold: 0.5 });
  });
});
