/**
 * Mastra's own unit tests of its LLM tool-call-accuracy scorer (mastra-ai/mastra,
 * packages/evals/src/scorers/llm/tool-call-accuracy/index.test.ts), ported to run for real. Mastra's
 * versions mostly replace `scorer.run` with a stub returning the expected score, so they cannot
 * fail; here each scenario runs through the real scorer, with a scripted judge (the AI SDK's
 * MockLanguageModelV4) answering the verdict Mastra's test describes, and the score is computed.
 *
 * Where this package differs on purpose, the test says so:
 * - One model call per run, where Mastra makes two (a verdict, then a separate reason).
 * - The model is checked when the scorer is made: Mastra's `model: {} as any` is an error here.
 * - A failed tool call is written with Mastra's real state `output-error`; Mastra's test writes
 *   `state: 'error' as any`, a state Mastra does not have.
 */
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { getToolCalls } from '../../src/calls/getToolCalls.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';
import type { JudgeVerdict } from '../../src/judge/types.js';
import { textResult } from '../helpers/judgeModels.js';

const availableTools = [
  { name: 'weather-tool', description: 'Get weather information for a location' },
  { name: 'calculator-tool', description: 'Perform mathematical calculations' },
  { name: 'search-tool', description: 'Search the web for information' },
  { name: 'calendar-tool', description: 'Manage calendar events' },
];

/** A judge that answers `verdict`, as a real model would, through generateText's structured output. */
function scriptedJudge(verdict: JudgeVerdict) {
  return new MockLanguageModelV4({ provider: 'scripted', modelId: 'mastra-port-judge', doGenerate: async () => textResult(JSON.stringify(verdict)) });
}

type Call = { toolName: string; args?: Record<string, unknown>; result?: Record<string, unknown>; state?: string };

function testRun(request: string, reply: string, calls: Call[] = []) {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ id: '1', role: 'user', content: request })],
    output: [
      createTestMessage({
        id: '2',
        role: 'assistant',
        content: reply,
        toolInvocations: calls.map(({ toolName, args = {}, result = {}, state }, index) =>
          createToolInvocation({ toolCallId: `call_${index + 1}`, toolName, args, result, ...(state !== undefined && { state }) }),
        ),
      }),
    ],
  });
}

const judged = (...evaluations: Array<[string, boolean]>) =>
  evaluations.map(([toolCalled, wasAppropriate]) => ({ toolCalled, wasAppropriate, reasoning: `${toolCalled} was ${wasAppropriate ? '' : 'not '}appropriate.` }));

/** Runs the scenario through the real scorer; one model call each (Mastra: two). */
async function score(run: ReturnType<typeof testRun>, verdict: JudgeVerdict, tools = availableTools) {
  const model = scriptedJudge(verdict);
  const result = await createToolCallAccuracyScorerLLM({ model, availableTools: tools }).run(run);
  expect(model.doGenerateCalls).toHaveLength(1);
  return result;
}

describe('createToolCallAccuracyScorerLLM (Mastra’s tests, ported)', () => {
  describe('Basic Configuration', () => {
    it('should create scorer with correct configuration', () => {
      const scorer = createToolCallAccuracyScorerLLM({ model: scriptedJudge({ evaluations: [], missingTools: [], reason: '' }), availableTools });
      expect(scorer.name).toBe('Tool Call Accuracy (LLM)');
      expect(scorer.description).toContain('Evaluates whether an agent selected appropriate tools');
    });

    it('should handle empty availableTools array', async () => {
      const scorer = createToolCallAccuracyScorerLLM({ model: scriptedJudge({ evaluations: [], missingTools: [], reason: 'Nothing to use.' }), availableTools: [] });
      expect(scorer.name).toBe('Tool Call Accuracy (LLM)');
      expect((await scorer.run(testRun('Hello, how are you?', 'Fine, thanks.'))).score).toBe(1);
    });

    it('checks the model when it is made (divergence: Mastra accepts `{} as any`)', () => {
      expect(() => createToolCallAccuracyScorerLLM({ model: {} as never, availableTools })).toThrow('model must be an AI SDK language model');
    });
  });

  describe('Tool Call Extraction', () => {
    it('should extract tool calls from agent output with tool invocations', () => {
      const run = testRun('What is the weather in Paris?', 'Let me check the weather in Paris for you.', [
        { toolName: 'weather-tool', args: { location: 'Paris' }, result: { temperature: 15, condition: 'cloudy' } },
      ]);
      expect(getToolCalls(run).map((call) => call.toolName)).toContain('weather-tool');
    });

    it('should handle output with no tool calls', () => {
      expect(getToolCalls(testRun('Hello, how are you?', 'I am doing well, thank you for asking!'))).toHaveLength(0);
    });
  });

  describe('Scoring Logic', () => {
    it('should score 1.0 when all tool calls are appropriate', async () => {
      const run = testRun('What is the weather in Paris?', 'The weather in Paris is 15°C and cloudy.', [
        { toolName: 'weather-tool', args: { location: 'Paris' }, result: { temperature: 15, condition: 'cloudy' } },
      ]);
      const result = await score(run, { evaluations: judged(['weather-tool', true]), missingTools: [], reason: 'Perfect tool selection for weather query.' });
      expect(result.score).toBe(1.0);
      expect(result.reason).toBe('Perfect tool selection for weather query.');
    });

    it('should score 0.0 when all tool calls are inappropriate', async () => {
      const run = testRun('What is the weather today?', 'Let me calculate that and check your calendar.', [{ toolName: 'calculator-tool' }, { toolName: 'calendar-tool' }]);
      const result = await score(run, {
        evaluations: judged(['calculator-tool', false], ['calendar-tool', false]),
        missingTools: ['weather-tool'],
        reason: 'Wrong tools used - should have used weather-tool.',
      });
      expect(result.score).toBe(0.0);
      expect(result.reason).toBe('Wrong tools used - should have used weather-tool.');
    });

    it('should score 0.5 when half of tool calls are appropriate', async () => {
      const run = testRun('What is the weather in London?', 'The weather in London is 10°C.', [
        { toolName: 'weather-tool', args: { location: 'London' }, result: { temperature: 10 } },
        { toolName: 'calculator-tool', args: { operation: 'celsius_to_fahrenheit' }, result: { fahrenheit: 50 } },
      ]);
      const result = await score(run, { evaluations: judged(['weather-tool', true], ['calculator-tool', false]), missingTools: [], reason: 'Partial success.' });
      expect(result.score).toBe(0.5);
    });

    it('should score 1.0 when no tools were called and none were needed', async () => {
      const run = testRun('Hello, how are you?', 'Hello! I am doing well, thank you for asking.');
      const result = await score(run, { evaluations: [], missingTools: [], reason: 'Correctly identified that no tools were needed for this greeting.' });
      expect(result.score).toBe(1.0);
    });

    it('should score 0.0 when no tools were called but some were needed', async () => {
      const run = testRun('What is the weather in Tokyo?', 'I cannot provide weather information without checking.');
      const result = await score(run, { evaluations: [], missingTools: ['weather-tool'], reason: 'Failed to use weather-tool when explicitly asked.' });
      expect(result.score).toBe(0.0);
      expect(result.analyzeStepResult.missingTools).toEqual(['weather-tool']);
    });
  });

  describe('Edge Cases', () => {
    it('should handle multiple tool calls for complex queries', async () => {
      const run = testRun('What is the weather in Paris and what are the top tourist attractions?', 'Let me get you the weather and tourist information for Paris.', [
        { toolName: 'weather-tool', args: { location: 'Paris' }, result: { temperature: 15 } },
        { toolName: 'search-tool', args: { query: 'Paris tourist attractions' }, result: { results: ['Eiffel Tower', 'Louvre'] } },
      ]);
      const result = await score(run, { evaluations: judged(['weather-tool', true], ['search-tool', true]), missingTools: [], reason: 'Both tools were appropriate.' });
      expect(result.score).toBe(1.0);
    });

    it('should handle clarification requests appropriately', async () => {
      const run = testRun('I need help with something', 'I would be happy to help! Could you please provide more details about what you need assistance with?');
      const result = await score(run, { evaluations: [], missingTools: [], reason: 'Appropriately asked for clarification on vague request.' });
      expect(result.score).toBe(1.0);
      expect(result.reason).toContain('clarification');
    });

    it('should handle undefined or null results gracefully', async () => {
      const run = testRun('Test query', 'Test response');
      // When no evaluations and no missing tools, default to 1.0
      expect((await score(run, { evaluations: [], missingTools: [], reason: 'Unable to evaluate tool selection.' })).score).toBe(1.0);
    });

    it('should handle tool calls with errors (written with state output-error, see above)', async () => {
      const run = testRun('What is the weather in InvalidCity?', 'I encountered an error getting the weather.', [
        { toolName: 'weather-tool', args: { location: 'InvalidCity' }, result: { error: 'City not found' }, state: 'output-error' },
      ]);
      // Tool selection was still appropriate even if execution failed
      const model = scriptedJudge({ evaluations: judged(['weather-tool', true]), missingTools: [], reason: 'Correct tool selection despite execution error.' });
      expect((await createToolCallAccuracyScorerLLM({ model, availableTools }).run(run)).score).toBe(1.0);
      // The judge was shown the failure.
      expect(JSON.stringify(model.doGenerateCalls[0]!.prompt)).toContain('City not found');
    });

    it('should handle repeated tool calls', async () => {
      const run = testRun('Compare weather in Paris and London', 'Checking weather for both cities.', [
        { toolName: 'weather-tool', args: { location: 'Paris' }, result: { temperature: 15 } },
        { toolName: 'weather-tool', args: { location: 'London' }, result: { temperature: 10 } },
        { toolName: 'weather-tool', args: { location: 'Paris' }, result: { temperature: 15 } },
      ]);
      const result = await score(run, {
        evaluations: judged(['weather-tool', true], ['weather-tool', true], ['weather-tool', false]),
        missingTools: [],
        reason: 'Two out of three tool calls were appropriate.',
      });
      expect(result.score).toBeCloseTo(0.67, 2); // 2 out of 3 were appropriate
    });
  });

  describe('Real-world Scenarios', () => {
    it('should evaluate multi-step tool usage correctly', async () => {
      const run = testRun('Schedule an outdoor picnic for this weekend if the weather is good', 'I will check the weather and schedule the picnic.', [
        { toolName: 'calendar-tool', args: { event: 'Outdoor Picnic' }, result: { scheduled: true } },
        { toolName: 'weather-tool', args: { date: 'weekend' }, result: { forecast: 'sunny' } },
        { toolName: 'email-tool', args: { to: 'user@example.com' }, result: { sent: true } },
      ]);
      const tools = [...availableTools, { name: 'email-tool', description: 'Send emails' }];
      const result = await score(
        run,
        { evaluations: judged(['calendar-tool', true], ['weather-tool', true], ['email-tool', false]), missingTools: [], reason: 'Two out of three tools were appropriate.' },
        tools,
      );
      expect(result.score).toBeCloseTo(0.67, 2);
    });

    it('should recognize when agent over-helps with unnecessary tools', async () => {
      const run = testRun('What is 15% of 240?', '15% of 240 is 36. I also found some helpful tips about percentages and checked the weather.', [
        { toolName: 'calculator-tool', args: { operation: 'percentage', value: 240, percent: 15 }, result: { result: 36 } },
        { toolName: 'search-tool', args: { query: 'percentage calculation tips' }, result: { results: ['tip1', 'tip2'] } },
        { toolName: 'weather-tool', args: { location: 'current' }, result: { temperature: 20 } },
      ]);
      const result = await score(run, {
        evaluations: judged(['calculator-tool', true], ['search-tool', false], ['weather-tool', false]),
        missingTools: [],
        reason: 'Only one out of three tools was appropriate.',
      });
      expect(result.score).toBeCloseTo(0.33, 2);
    });
  });
});
