// toStayWithinBudget and toCallToolsWithValidInputs under real Jest (CommonJS), on a real ai@6 tool
// loop driven by its mock model: the built package reads the run's usage, and checks inputs with
// zod and, for a jsonSchema() without validate, @cfworker/json-schema loaded from the CommonJS build.
const { generateText, jsonSchema, stepCountIs, tool } = require('ai6');
const { MockLanguageModelV3 } = require('ai6/test');
const { z } = require('zod');
const { sample } = require('tool-call-accuracy');
const { failureMessage } = require('./failureMessage.cjs');

const usage = { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 20, text: 20 } };
const steps = [
  [
    { type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: '{"query":"cats"}' },
    { type: 'tool-call', toolCallId: 'c2', toolName: 'lookup', input: '{"id":7}' },
  ],
  [{ type: 'tool-call', toolCallId: 'c3', toolName: 'serch', input: '{"query":"dogs"}' }],
  [{ type: 'text', text: 'Done.' }],
];
const tools = {
  search: tool({ inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => [query] }),
  lookup: tool({ inputSchema: jsonSchema({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }), execute: async () => 'found' }),
};

async function agentRun() {
  let call = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async () => {
      const content = steps[Math.min(call++, steps.length - 1)];
      const calls = content.some((part) => part.type === 'tool-call');
      return { content, finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] };
    },
  });
  return generateText({ model, tools, stopWhen: stepCountIs(5), prompt: 'go' });
}

describe('under Jest (CommonJS)', () => {
  test('toStayWithinBudget reads the steps and tokens of an ai@6 result', async () => {
    const result = await agentRun();
    expect(result).toStayWithinBudget({ toolCalls: 3, steps: 3, tokens: 90 });
    expect(result).not.toStayWithinBudget({ tokens: 89 });
    const message = failureMessage(() => expect(result).toStayWithinBudget({ steps: 2, tokens: 100 }));
    expect(message).toContain('Expected the run to stay within its budget, but it went over 1 of 2 limits:');
    expect(message).toContain('  steps    3  over the limit of 2 by 1');
    expect(message).toContain('  tokens  90  within the limit of 100 (30 input + 60 output, 3 model calls)');
    // Jest ignores actual/expected; the diff is written into the message.
    expect(message).toMatch(/-\s+"steps": 2,\n\+\s+"steps": 3,/);
    expect(() => expect(result.response.messages).not.toStayWithinBudget({ tokens: 1 })).toThrow('records no token usage');
    expect(() => expect(result).not.toStayWithinBudget({ steps: -1 })).toThrow('budget.steps must be a whole number (0 or more); received number -1.');
  });

  test('toCallToolsWithValidInputs checks zod and jsonSchema() inputs, and suggests a name', async () => {
    const result = await agentRun();
    const message = failureMessage(() => expect(result).toCallToolsWithValidInputs(tools));
    expect(message).toContain('but 2 of 3 calls did not:');
    expect(message).toContain('id: Instance type "number" is invalid. Expected "string".');
    expect(message).toContain('not one of the tools (search, lookup). Did you mean "search"?');
    expect(result).not.toCallToolsWithValidInputs(tools);
    expect([{ toolName: 'search', input: { query: 'x' } }]).toCallToolsWithValidInputs(tools);
    expect(() => expect(result).not.toCallToolsWithValidInputs('tools')).toThrow('tools must be a record of tools or schemas');
  });

  test('both over sample(…)', async () => {
    const runs = await sample(() => agentRun(), { n: 3 });
    expect(runs).toStayWithinBudget({ steps: 3 });
    expect(runs).not.toCallToolsWithValidInputs(tools);
  });
});
