import { MockLanguageModelV4 } from 'ai/test';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';
import type { JudgeVerdict } from '../../src/judge/types.js';

export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** A generate result whose text is `text`. */
export function textResult(text: string) {
  return { content: [{ type: 'text' as const, text }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] };
}

/** A mock judge answering with these texts or verdicts, one per call (the last repeats). */
export function judgeModel(...answers: Array<JudgeVerdict | string | unknown>) {
  let index = 0;
  return new MockLanguageModelV4({
    provider: 'test-judge',
    modelId: 'scripted-judge',
    doGenerate: async () => {
      const answer = answers[Math.min(index++, answers.length - 1)];
      return textResult(typeof answer === 'string' ? answer : JSON.stringify(answer));
    },
  });
}

/** The prompt text of a recorded model call (system + user). */
export function promptOf(model: MockLanguageModelV4, call = 0): { system: string; user: string } {
  const prompt = model.doGenerateCalls[call]!.prompt as Array<{ role: string; content: unknown }>;
  const system = prompt.find((message) => message.role === 'system')?.content as string;
  const userContent = prompt.find((message) => message.role === 'user')?.content as Array<{ type: string; text: string }>;
  return { system, user: userContent.map((part) => part.text).join('') };
}

export const weatherTools = [
  { name: 'weather-tool', description: 'Get current weather information for any location' },
  { name: 'calendar-tool', description: 'Check calendar events and scheduling' },
  { name: 'search-tool', description: 'Search the web for general information' },
];

/** The seed's runs, built with the Mastra-compatible builders. */
export function weatherRun() {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'What is the weather like in San Francisco today?', role: 'user', id: 'input-1' })],
    output: [
      createTestMessage({
        content: 'Let me check the current weather for you.',
        role: 'assistant',
        id: 'output-1',
        toolInvocations: [
          createToolInvocation({
            toolCallId: 'call-123',
            toolName: 'weather-tool',
            args: { location: 'San Francisco', date: 'today' },
            result: { temperature: '68°F', condition: 'foggy' },
            state: 'result',
          }),
        ],
      }),
    ],
    runId: 'run-weather',
  });
}

export function searchForWeatherRun() {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'What is the weather in Tokyo?', role: 'user', id: 'input-1' })],
    output: [
      createTestMessage({
        content: 'Let me search for that information.',
        role: 'assistant',
        id: 'output-1',
        toolInvocations: [
          createToolInvocation({
            toolCallId: 'call-456',
            toolName: 'search-tool',
            args: { query: 'Tokyo weather' },
            result: { results: ['Tokyo weather data...'] },
            state: 'result',
          }),
        ],
      }),
    ],
    runId: 'run-tokyo',
  });
}

export function clarificationRun() {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'I need help with something', role: 'user', id: 'input-1' })],
    output: [
      createTestMessage({
        content: "I'd be happy to help! Could you please provide more details about what you need assistance with?",
        role: 'assistant',
        id: 'output-1',
      }),
    ],
    runId: 'run-vague',
  });
}

export const appropriateWeather: JudgeVerdict = {
  evaluations: [{ toolCalled: 'weather-tool', wasAppropriate: true, reasoning: 'The user asked for the weather and weather-tool gives it.' }],
  missingTools: [],
  reason: "The agent correctly used the weather-tool to address the user's request for weather information.",
};

export const searchForWeather: JudgeVerdict = {
  evaluations: [{ toolCalled: 'search-tool', wasAppropriate: false, reasoning: 'A web search is a roundabout way to answer a direct weather question.' }],
  missingTools: ['weather-tool'],
  reason: 'The agent used search-tool when weather-tool would have been more appropriate for a direct weather query.',
};

export const clarification: JudgeVerdict = {
  evaluations: [],
  missingTools: [],
  reason: 'The agent appropriately asked for clarification rather than calling tools with insufficient information.',
};
