import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tool } from 'ai';
import { MockLanguageModelV3 as MockV3FromAi6 } from 'ai6/test';
import { MockLanguageModelV2 } from 'ai5/test';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureJudge, resetJudgeConfig } from '../../src/judge/config.js';
import { setAiLoaderForTesting } from '../../src/judge/loadAi.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';
import {
  appropriateWeather,
  clarification,
  clarificationRun,
  judgeModel,
  promptOf,
  searchForWeather,
  searchForWeatherRun,
  textResult,
  weatherRun,
  weatherTools,
} from '../helpers/judgeModels.js';

afterEach(() => {
  resetJudgeConfig();
  setAiLoaderForTesting();
});

describe('createToolCallAccuracyScorerLLM', () => {
  it('scores an appropriate call 1 with one model call (the seed’s basic example)', async () => {
    const model = judgeModel(appropriateWeather);
    const scorer = createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools });
    const result = await scorer.run(weatherRun());
    expect(result).toEqual({
      runId: 'run-weather',
      score: 1,
      reason: appropriateWeather.reason,
      analyzeStepResult: { evaluations: appropriateWeather.evaluations, missingTools: [] },
      agreement: 1,
    });
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('lowers the score for an inappropriate call and a missing tool', async () => {
    const scorer = createToolCallAccuracyScorerLLM({ model: judgeModel(searchForWeather), availableTools: weatherTools });
    const result = await scorer.run(searchForWeatherRun());
    expect(result.score).toBe(0);
    expect(result.analyzeStepResult.missingTools).toEqual(['weather-tool']);
  });

  it('counts missing tools in the denominator and rounds to 2 decimals', async () => {
    const run = createAgentTestRun({
      inputMessages: [createTestMessage({ content: 'Weather in Paris and my meetings?', role: 'user' })],
      output: [
        createTestMessage({
          content: 'Here you go.',
          role: 'assistant',
          toolInvocations: [
            createToolInvocation({ toolCallId: 'a', toolName: 'weather-tool', args: { location: 'Paris' }, result: {} }),
            createToolInvocation({ toolCallId: 'b', toolName: 'search-tool', args: { query: 'Paris' }, result: {} }),
          ],
        }),
      ],
    });
    const verdict = {
      evaluations: [
        { toolCalled: 'weather-tool', wasAppropriate: true, reasoning: 'fits' },
        { toolCalled: 'search-tool', wasAppropriate: true, reasoning: 'acceptable' },
      ],
      missingTools: ['calendar-tool'],
      reason: 'Meetings were never checked.',
    };
    const result = await createToolCallAccuracyScorerLLM({ model: judgeModel(verdict), availableTools: weatherTools }).run(run);
    expect(result.score).toBe(0.67);
  });

  it('scores 1 when the agent rightly asked for clarification (no calls, nothing missing)', async () => {
    const scorer = createToolCallAccuracyScorerLLM({ model: judgeModel(clarification), availableTools: weatherTools });
    const result = await scorer.run(clarificationRun());
    expect(result.score).toBe(1);
    expect(result.reason).toMatch(/clarification/);
  });

  it('scores 0 when nothing was called but a tool was missing', async () => {
    const verdict = { evaluations: [], missingTools: ['weather-tool'], reason: 'It should have looked the weather up.' };
    const run = createAgentTestRun({
      inputMessages: [createTestMessage({ content: 'Weather in Oslo?', role: 'user' })],
      output: [createTestMessage({ content: 'It is probably cold.', role: 'assistant' })],
    });
    expect((await createToolCallAccuracyScorerLLM({ model: judgeModel(verdict), availableTools: weatherTools }).run(run)).score).toBe(0);
  });

  it('sends the structured-output request through generateText with the verdict schema', async () => {
    const model = judgeModel(appropriateWeather);
    await createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(weatherRun());
    const format = model.doGenerateCalls[0]!.responseFormat as { type: string; name?: string; schema: { required: string[] } };
    expect(format.type).toBe('json');
    expect(format.name).toBe('tool_call_verdict');
    expect(format.schema.required).toEqual(['evaluations', 'missingTools', 'reason']);
  });

  it('parses an answer wrapped in a Markdown fence', async () => {
    const model = judgeModel('```json\n' + JSON.stringify(appropriateWeather) + '\n```');
    const result = await createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(weatherRun());
    expect(result.score).toBe(1);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  describe('invalid answers: retried once, then an error', () => {
    it('retries an answer that evaluates the wrong calls, and uses the second answer', async () => {
      const wrong = { ...appropriateWeather, evaluations: [{ toolCalled: 'search-tool', wasAppropriate: true, reasoning: 'x' }] };
      const model = judgeModel(wrong, appropriateWeather);
      const result = await createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(weatherRun());
      expect(result.score).toBe(1);
      expect(model.doGenerateCalls).toHaveLength(2);
      // The note sits outside the fences, so it names no tool: names come from the run and the answer.
      const note = promptOf(model, 1).user.split('\n\n').at(-1);
      expect(note).toBe('Your previous answer was rejected: its evaluation 1 names a different tool than call 1. Answer again with the JSON object only.');
    });

    it('retries an answer naming a called tool as missing, then rejects', async () => {
      const model = judgeModel({ ...appropriateWeather, missingTools: ['weather-tool'] });
      await expect(createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(weatherRun())).rejects.toThrow(
        /gave no valid verdict in 2 attempts: it named as missing a tool the agent called \("weather-tool"\)\./,
      );
      expect(model.doGenerateCalls).toHaveLength(2);
      expect(promptOf(model, 1).user.split('\n\n').at(-1)).toBe(
        'Your previous answer was rejected: it named as missing a tool the agent called. Answer again with the JSON object only.',
      );
    });

    it('rejects a missing tool when no tools are available at all', async () => {
      const model = judgeModel({ ...appropriateWeather, missingTools: ['teleport-tool'] });
      await expect(createToolCallAccuracyScorerLLM({ model, availableTools: [] }).run(weatherRun())).rejects.toThrow(
        /it named as missing a tool that is not available \("teleport-tool"\)/,
      );
      expect(model.doGenerateCalls).toHaveLength(2);
    });

    it('an answer with no verdict object (undefined output) is an invalid answer, not a TypeError', async () => {
      const ai = await import('ai');
      let calls = 0;
      setAiLoaderForTesting(async () => ({ ...ai, generateText: async () => (calls++, { output: undefined }) }) as never);
      await expect(createToolCallAccuracyScorerLLM({ model: judgeModel(appropriateWeather), availableTools: weatherTools }).run(weatherRun())).rejects.toThrow(
        /gave no valid verdict in 2 attempts: it gave no verdict object\./,
      );
      expect(calls).toBe(2);
    });

    it('rejects after two answers with the wrong number of evaluations', async () => {
      const model = judgeModel({ ...appropriateWeather, evaluations: [] });
      await expect(createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(weatherRun())).rejects.toThrow(
        /gave no valid verdict in 2 attempts: it evaluated 0 calls but the agent made 1/,
      );
      expect(model.doGenerateCalls).toHaveLength(2);
    });

    it('rejects after two answers that are not JSON', async () => {
      const model = judgeModel('The agent did fine, score 1.');
      await expect(createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(weatherRun())).rejects.toThrow(
        /gave no valid verdict in 2 attempts: its answer was not valid JSON\. Its last answer: "The agent did fine, score 1\."/,
      );
      expect(model.doGenerateCalls).toHaveLength(2);
    });

    it('rejects after two answers that break the schema, naming the field', async () => {
      const model = judgeModel({ evaluations: [{ toolCalled: 'weather-tool', wasAppropriate: 'yes', reasoning: 'x' }], missingTools: [], reason: 'r' });
      await expect(createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(weatherRun())).rejects.toThrow(
        /did not match the verdict schema \(evaluations\.0\.wasAppropriate: /,
      );
    });

    it('rejects a missing tool that is not an available tool', async () => {
      const model = judgeModel({ ...appropriateWeather, missingTools: ['teleport-tool'] });
      await expect(createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(weatherRun())).rejects.toThrow(
        /it named as missing a tool that is not available \("teleport-tool"\)/,
      );
    });
  });

  describe('availableTools', () => {
    it('accepts Mastra’s real { id, description } field', async () => {
      const model = judgeModel(appropriateWeather);
      const tools = weatherTools.map(({ name, description }) => ({ id: name, description }));
      expect((await createToolCallAccuracyScorerLLM({ model, availableTools: tools }).run(weatherRun())).score).toBe(1);
      expect(promptOf(model).user).toContain('"name": "calendar-tool"');
    });

    it('accepts an AI SDK tool set: names from keys, descriptions and input schemas reach the judge', async () => {
      const model = judgeModel(appropriateWeather);
      const tools = {
        'weather-tool': tool({
          description: 'Get current weather information for any location',
          inputSchema: z.object({ location: z.string().describe('City name'), date: z.string().optional() }),
        }),
        'search-tool': tool({ description: 'Search the web', inputSchema: z.object({ query: z.string() }) }),
      };
      await createToolCallAccuracyScorerLLM({ model, availableTools: tools }).run(weatherRun());
      const { user } = promptOf(model);
      const toolsBlock = JSON.parse(user.split('## The available tools (2)\n\n')[1]!.split('\n').slice(1, -4).join('\n').replace(/\n`{3,}$/, '')) as unknown;
      expect(toolsBlock).toEqual([
        {
          name: 'weather-tool',
          description: 'Get current weather information for any location',
          inputSchema: expect.objectContaining({
            type: 'object',
            properties: { location: { type: 'string', description: 'City name' }, date: { type: 'string' } },
            required: ['location'],
          }),
        },
        { name: 'search-tool', description: 'Search the web', inputSchema: expect.objectContaining({ required: ['query'] }) },
      ]);
    });

    it("keys and shows input schemas without their $schema URL, so a dependency bump keeps every verdict", async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'judge-schema-url-'));
      try {
        const model = judgeModel(appropriateWeather);
        const toolsWith = (url: string) => [
          { name: 'weather-tool', description: 'Weather', inputSchema: { $schema: url, type: 'object', properties: { location: { type: 'string' } } } },
        ];
        const scorer = (url: string) => createToolCallAccuracyScorerLLM({ model, availableTools: toolsWith(url), cache: { mode: 'auto', dir } });
        await scorer('http://json-schema.org/draft-07/schema#').run(weatherRun());
        await scorer('https://json-schema.org/draft/2020-12/schema').run(weatherRun());
        expect(model.doGenerateCalls).toHaveLength(1);
        expect(promptOf(model).user).not.toContain('$schema');
        const zodTools = { 'weather-tool': tool({ description: 'Weather', inputSchema: z.object({ location: z.string() }) }) };
        await createToolCallAccuracyScorerLLM({ model, availableTools: zodTools }).run(weatherRun());
        expect(promptOf(model, 1).user).not.toContain('$schema');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('needs availableTools from the options or configureJudge', async () => {
      await expect(createToolCallAccuracyScorerLLM({ model: judgeModel(appropriateWeather) }).run(weatherRun())).rejects.toThrow(/needs availableTools/);
      configureJudge({ availableTools: weatherTools });
      await expect(createToolCallAccuracyScorerLLM({ model: judgeModel(appropriateWeather) }).run(weatherRun())).resolves.toMatchObject({ score: 1 });
    });

    it('rejects an item without a name', async () => {
      await expect(
        createToolCallAccuracyScorerLLM({ model: judgeModel(appropriateWeather), availableTools: [{ description: 'x' } as never] }).run(weatherRun()),
      ).rejects.toThrow('availableTools[0] has no name');
    });
  });

  it('rejects a value that is not a run, naming what it got', async () => {
    await expect(createToolCallAccuracyScorerLLM({ model: judgeModel(appropriateWeather), availableTools: weatherTools }).run(42)).rejects.toThrow(
      /received number 42, which is not an agent run/,
    );
  });

  it('works on ai@6 (MockLanguageModelV3)', async () => {
    setAiLoaderForTesting(async () => (await import('ai6')) as never);
    const model = new MockV3FromAi6({ doGenerate: async () => textResult('```json\n' + JSON.stringify(searchForWeather) + '\n```') as never });
    const result = await createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(searchForWeatherRun());
    expect(result.score).toBe(0);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('works on ai@5 (MockLanguageModelV2, experimental_output)', async () => {
    setAiLoaderForTesting(async () => (await import('ai5')) as never);
    const model = new MockLanguageModelV2({
      doGenerate: async () => ({
        content: [{ type: 'text', text: JSON.stringify(appropriateWeather) }],
        finishReason: 'stop',
        usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
        warnings: [],
      }),
    });
    const result = await createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools }).run(weatherRun());
    expect(result.score).toBe(1);
  });
});
