// The OpenAI Agents SDK and Claude Agent SDK runs under real Jest in CommonJS mode.
const agents = require('@openai/agents');
const testing = require('@openai/agents/testing');
const { z } = require('zod');
const { own, within, sample } = require('tool-call-accuracy');
const { failureMessage } = require('./failureMessage.cjs');
const { agentsRuns, claudeAgentMessages } = require('./fixtures/agentFrameworkRuns.cjs');

test('an OpenAI Agents SDK RunResult: outputs, the default error text as a failure, a handoff, usage, its tools', async () => {
  const { result, tools } = await agentsRuns(agents, testing, z);
  expect(result).toCallTool('get_weather', { city: 'Paris' }, { output: 'Sunny in Paris' });
  expect(result).toCallTool('get_forecast', undefined, { error: true });
  // Every agent's calls count: Billing's, after the handoff, are the run's, and named.
  expect(failureMessage(() => expect(result).not.toCallTool('get_weather', { city: 'Rome' }))).toContain('{"city":"Rome"} (Billing, after the handoff at call 3)');
  expect(own(result)).not.toCallTool('get_weather', { city: 'Rome' });
  expect(own(result)).toCallToolsInOrder(['get_weather', 'get_forecast', 'transfer_to_Billing'], { strict: true });
  expect(within(result, 'Billing')).toCallOnly({ toolName: 'get_weather', input: { city: 'Rome' } });
  expect(result.history).toCallToolsInOrder(['get_weather', 'get_forecast', 'transfer_to_Billing']);
  expect(result).toStayWithinBudget({ steps: 4, tokens: 480 });
  expect(result).toCallToolsWithValidInputs(tools);
  expect(failureMessage(() => expect(result).toCallToolsWithoutErrors())).toContain('"get_forecast"');
  const runs = await sample([result, JSON.parse(JSON.stringify(result))]);
  expect(runs).toCallTool('transfer_to_Billing');
  expect(runs).toCallTool('get_weather', { city: 'Rome' });
  expect(await sample([own(result), own(JSON.parse(JSON.stringify(result)))])).not.toCallTool('get_weather', { city: 'Rome' });
});

test('Claude Agent SDK messages: never zero calls, denials, sub-agents', () => {
  const messages = claudeAgentMessages();
  expect(() => expect(messages).not.toCallTool('Write')).toThrow();
  expect(messages).toCallTool('Write', undefined, { approval: 'denied' });
  expect(within(messages, 'Agent')).toCallOnly('Read');
  expect(messages).toCallToolTimes('Read', 2);
  expect(own(messages)).toCallToolTimes('Read', 1);
  expect(failureMessage(() => expect(messages).toCallToolsWithoutErrors())).toContain('Atlantis');
});
