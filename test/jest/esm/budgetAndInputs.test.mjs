// toStayWithinBudget and toCallToolsWithValidInputs under Jest's ESM mode, on a real ai@7 tool
// loop: the ES module build reads the run's usage and loads @cfworker/json-schema for jsonSchema().
import { generateText, isStepCount, jsonSchema, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import { sample } from 'tool-call-accuracy';

const usage = { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 20, text: 20 } };
const steps = [
  [{ type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{"id":7}' }],
  [{ type: 'text', text: 'Done.' }],
];
const tools = {
  search: tool({ inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => [query] }),
  lookup: tool({ inputSchema: jsonSchema({ type: 'object', properties: { id: { type: 'string' } } }), execute: async () => 'found' }),
};

async function agentRun() {
  let call = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async () => {
      const content = steps[Math.min(call++, steps.length - 1)];
      return { content, finishReason: { unified: content[0].type === 'tool-call' ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] };
    },
  });
  return generateText({ model, tools, stopWhen: isStepCount(5), prompt: 'go' });
}

test('toStayWithinBudget and toCallToolsWithValidInputs on an ai@7 result', async () => {
  const result = await agentRun();
  expect(result).toStayWithinBudget({ toolCalls: 1, steps: 2, tokens: 60 });
  expect(result).not.toStayWithinBudget({ tokens: 59 });
  expect(result).not.toCallToolsWithValidInputs(tools);
  let message = '';
  try {
    expect(result).toCallToolsWithValidInputs(tools);
  } catch (error) {
    message = error.message;
  }
  expect(message).toContain('id: Instance type "number" is invalid. Expected "string".');
  const runs = await sample(() => agentRun(), { n: 2 });
  expect(runs).toStayWithinBudget({ steps: 2 });
});
