/**
 * The LLM-scorer examples of Mastra's tool-call-accuracy documentation page, run as tests.
 * Each body is the page's code but for the import lines and two marked changes: the model is the
 * examples' stand-in judge (`exampleJudge`, see exampleJudge.ts) and `cache: true`, so verdicts
 * replay from the committed ./__judge__/ files; `console.log(x) // …` comments became checks.
 * Scores follow this package's rule: appropriate calls / (calls made + missing tools).
 */
import { describe, expect, it } from 'vitest';
import { configureJudge, createToolCallAccuracyScorerCode as createCodeScorer, createToolCallAccuracyScorerLLM } from 'tool-call-accuracy';
import { createToolCallAccuracyScorerLLM as createLLMScorer } from 'tool-call-accuracy';
import { createAgentTestRun, createTestMessage, createToolInvocation } from 'tool-call-accuracy/testing';
import { exampleJudge, verdictDir } from './exampleJudge.js';

configureJudge({ cache: { dir: verdictDir } });

const llmScorer = createToolCallAccuracyScorerLLM({
  model: exampleJudge, // was: 'openai/gpt-5.6-sol'
  cache: true, // added: record and replay verdicts
  availableTools: [
    {
      name: 'weather-tool',
      description: 'Get current weather information for any location',
    },
    {
      name: 'calendar-tool',
      description: 'Check calendar events and scheduling',
    },
    {
      name: 'search-tool',
      description: 'Search the web for general information',
    },
  ],
})

describe("Mastra's documented LLM-scorer examples", () => {
  it('basic LLM evaluation (src/example-llm-basic.ts)', async () => {
    const inputMessages = [
      createTestMessage({
        content: 'What is the weather like in San Francisco today?',
        role: 'user',
        id: 'input-1',
      }),
    ]

    const output = [
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
    ]

    const run = createAgentTestRun({ inputMessages, output })
    const result = await llmScorer.run(run)

    expect(result.score).toBe(1) // 1.0 - appropriate tool usage
    expect(result.reason).toBe("The agent correctly used the weather-tool to address the user's request for weather information.")
  });

  it('inappropriate tool use (src/example-llm-inappropriate.ts)', async () => {
    const inputMessages = [
      createTestMessage({
        content: 'What is the weather in Tokyo?',
        role: 'user',
        id: 'input-1',
      }),
    ]

    const inappropriateOutput = [
      createTestMessage({
        content: 'Let me search for that information.',
        role: 'assistant',
        id: 'output-1',
        toolInvocations: [
          createToolInvocation({
            toolCallId: 'call-456',
            toolName: 'search-tool', // Less appropriate than weather-tool
            args: { query: 'Tokyo weather' },
            result: { results: ['Tokyo weather data...'] },
            state: 'result',
          }),
        ],
      }),
    ]

    const run = createAgentTestRun({ inputMessages, output: inappropriateOutput })
    const result = await llmScorer.run(run)

    // The page shows 0.5; this judge found search-tool inappropriate and weather-tool missing: 0 / (1 + 1).
    expect(result.score).toBe(0)
    expect(result.reason).toBe('The agent used search-tool when weather-tool would have been more appropriate for a direct weather query.')
    expect(result.analyzeStepResult.missingTools).toEqual(['weather-tool'])
  });

  it('clarification (src/example-llm-clarification.ts)', async () => {
    const vagueInput = [
      createTestMessage({
        content: 'I need help with something',
        role: 'user',
        id: 'input-1'
      })
    ];

    const clarificationOutput = [
      createTestMessage({
        content: "I'd be happy to help! Could you please provide more details about what you need assistance with?",
        role: 'assistant',
        id: 'output-1',
        // No tools called - asking for clarification instead
      })
    ];

    const run = createAgentTestRun({
      inputMessages: vagueInput,
      output: clarificationOutput
    });
    const result = await llmScorer.run(run);

    expect(result.score).toBe(1); // 1.0 - appropriate to ask for clarification
    expect(result.reason).toBe('The agent appropriately asked for clarification rather than calling tools with insufficient information.');
  });

  it('comparing the two scorers (src/example-comparison.ts)', async () => {
    // Setup both scorers
    const codeScorer = createCodeScorer({
      expectedTool: 'weather-tool',
      strictMode: false,
    })

    const llmScorer = createLLMScorer({
      model: exampleJudge, // was: 'openai/gpt-5.6-sol'
      cache: true, // added
      availableTools: [
        { name: 'weather-tool', description: 'Get weather information' },
        { name: 'search-tool', description: 'Search the web' },
      ],
    })

    // Test data
    const run = createAgentTestRun({
      inputMessages: [
        createTestMessage({
          content: 'What is the weather?',
          role: 'user',
          id: 'input-1',
        }),
      ],
      output: [
        createTestMessage({
          content: 'Let me find that information.',
          role: 'assistant',
          id: 'output-1',
          toolInvocations: [
            createToolInvocation({
              toolCallId: 'call-1',
              toolName: 'search-tool',
              args: { query: 'weather' },
              result: { results: ['weather data'] },
              state: 'result',
            }),
          ],
        }),
      ],
    })

    // Run both scorers
    const codeResult = await codeScorer.run(run)
    const llmResult = await llmScorer.run(run)

    expect(codeResult.score).toBe(0) // 0 - wrong tool
    expect(llmResult.score).toBe(0) // the page shows 0.3; here search-tool inappropriate + weather-tool missing
    expect(llmResult.reason).toMatch(/search-tool is less appropriate than weather-tool/) // Explains why search-tool is less appropriate
  });
});
