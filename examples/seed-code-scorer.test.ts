/**
 * The code-scorer examples of Mastra's tool-call-accuracy documentation page, run as tests.
 * Each body is the page's code unchanged but for the import lines; its `console.log(x) // 1`
 * comments became `expect(x)` checks, and the two examples that use `run` without building it
 * get the one line that builds it (marked).
 */
import { describe, expect, it } from 'vitest';
import { createToolCallAccuracyScorerCode } from 'tool-call-accuracy';
import { createToolCallAccuracyScorerCode as createCodeScorer } from 'tool-call-accuracy';
import { createAgentTestRun, createTestMessage, createToolInvocation } from 'tool-call-accuracy/testing';

describe("Mastra's documented code-scorer examples", () => {
  it('scorer options (createCodeScorer)', async () => {
    // Standard mode - passes if expected tool is called
    const lenientScorer = createCodeScorer({
      expectedTool: 'search-tool',
      strictMode: false,
    })

    // Strict mode - only passes if exactly one tool is called
    const strictScorer = createCodeScorer({
      expectedTool: 'search-tool',
      strictMode: true,
    })

    // Order checking with strict mode
    const strictOrderScorer = createCodeScorer({
      expectedTool: 'step1-tool',
      expectedToolOrder: ['step1-tool', 'step2-tool', 'step3-tool'],
      strictMode: true, // no extra tools allowed
    })

    expect(lenientScorer.description).toContain('search-tool');
    expect(strictScorer.description).toContain('search-tool');
    expect(strictOrderScorer.description).toContain('[step1-tool, step2-tool, step3-tool]');
  });

  it('correct tool selection (src/example-correct-tool.ts)', async () => {
    const scorer = createToolCallAccuracyScorerCode({
      expectedTool: 'weather-tool',
    })

    // Simulate LLM input and output with tool call
    const inputMessages = [
      createTestMessage({
        content: 'What is the weather like in New York today?',
        role: 'user',
        id: 'input-1',
      }),
    ]

    const output = [
      createTestMessage({
        content: 'Let me check the weather for you.',
        role: 'assistant',
        id: 'output-1',
        toolInvocations: [
          createToolInvocation({
            toolCallId: 'call-123',
            toolName: 'weather-tool',
            args: { location: 'New York' },
            result: { temperature: '72°F', condition: 'sunny' },
            state: 'result',
          }),
        ],
      }),
    ]

    const run = createAgentTestRun({ inputMessages, output })
    const result = await scorer.run(run)

    expect(result.score).toBe(1) // 1
    expect(result.preprocessStepResult?.correctToolCalled).toBe(true) // true
  });

  it('strict mode (src/example-strict-mode.ts)', async () => {
    const strictScorer = createToolCallAccuracyScorerCode({
      expectedTool: 'weather-tool',
      strictMode: true,
    })

    // Multiple tools called - fails in strict mode
    const output = [
      createTestMessage({
        content: 'Let me help you with that.',
        role: 'assistant',
        id: 'output-1',
        toolInvocations: [
          createToolInvocation({
            toolCallId: 'call-1',
            toolName: 'search-tool',
            args: {},
            result: {},
            state: 'result',
          }),
          createToolInvocation({
            toolCallId: 'call-2',
            toolName: 'weather-tool',
            args: { location: 'New York' },
            result: { temperature: '20°C' },
            state: 'result',
          }),
        ],
      }),
    ]

    const run = createAgentTestRun({ output }) // not on the page: it uses `run` without building it

    const result = await strictScorer.run(run)
    expect(result.score).toBe(0) // 0 - fails because multiple tools were called
  });

  it('tool order validation (src/example-order-validation.ts)', async () => {
    const orderScorer = createToolCallAccuracyScorerCode({
      expectedTool: 'auth-tool', // ignored when order is specified
      expectedToolOrder: ['auth-tool', 'fetch-tool'],
      strictMode: true, // no extra tools allowed
    })

    const output = [
      createTestMessage({
        content: 'I will authenticate and fetch the data.',
        role: 'assistant',
        id: 'output-1',
        toolInvocations: [
          createToolInvocation({
            toolCallId: 'call-1',
            toolName: 'auth-tool',
            args: { token: 'abc123' },
            result: { authenticated: true },
            state: 'result',
          }),
          createToolInvocation({
            toolCallId: 'call-2',
            toolName: 'fetch-tool',
            args: { endpoint: '/data' },
            result: { data: ['item1'] },
            state: 'result',
          }),
        ],
      }),
    ]

    const run = createAgentTestRun({ output }) // not on the page: it uses `run` without building it

    const result = await orderScorer.run(run)
    expect(result.score).toBe(1) // 1 - correct order
  });

  it('flexible order (src/example-flexible-order.ts)', async () => {
    const flexibleOrderScorer = createToolCallAccuracyScorerCode({
      expectedTool: 'auth-tool',
      expectedToolOrder: ['auth-tool', 'fetch-tool'],
      strictMode: false, // allows extra tools
    })

    const output = [
      createTestMessage({
        content: 'Performing comprehensive operation.',
        role: 'assistant',
        id: 'output-1',
        toolInvocations: [
          createToolInvocation({
            toolCallId: 'call-1',
            toolName: 'auth-tool',
            args: { token: 'abc123' },
            result: { authenticated: true },
            state: 'result',
          }),
          createToolInvocation({
            toolCallId: 'call-2',
            toolName: 'log-tool', // Extra tool - OK in flexible mode
            args: { message: 'Starting fetch' },
            result: { logged: true },
            state: 'result',
          }),
          createToolInvocation({
            toolCallId: 'call-3',
            toolName: 'fetch-tool',
            args: { endpoint: '/data' },
            result: { data: ['item1'] },
            state: 'result',
          }),
        ],
      }),
    ]

    const run = createAgentTestRun({ output }) // not on the page: it uses `run` without building it

    const result = await flexibleOrderScorer.run(run)
    expect(result.score).toBe(1) // 1 - auth-tool comes before fetch-tool
  });

  it('the code scorer of the comparison example (src/example-comparison.ts)', async () => {
    // Setup both scorers (the LLM scorer of this example runs in examples/judge)
    const codeScorer = createCodeScorer({
      expectedTool: 'weather-tool',
      strictMode: false,
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

    expect(codeResult.score).toBe(0) // 0 - wrong tool
  });
});
