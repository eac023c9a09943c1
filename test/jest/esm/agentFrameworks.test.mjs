// The OpenAI Agents SDK and Claude Agent SDK runs under Jest's ESM mode, the package's ES module build.
import * as agents from '@openai/agents';
import * as testing from '@openai/agents/testing';
import { z } from 'zod';
import { createRequire } from 'node:module';
import { own, within } from 'tool-call-accuracy';

const { agentsRuns, claudeAgentMessages } = createRequire(import.meta.url)('../fixtures/agentFrameworkRuns.cjs');

test('an OpenAI Agents SDK run and Claude Agent SDK messages', async () => {
  const { result } = await agentsRuns(agents, testing, z);
  expect(result).toCallToolsInOrder(['get_weather', 'get_forecast', 'transfer_to_Billing', 'get_weather'], { strict: true });
  expect(own(result)).toCallToolsInOrder(['get_weather', 'get_forecast', 'transfer_to_Billing'], { strict: true });
  expect(() => expect(result).not.toCallTool('get_weather', { city: 'Rome' })).toThrow('(Billing, after the handoff at call 3)');
  expect(within(result, 'transfer_to_Billing')).toCallTool('get_weather', { city: 'Rome' });
  expect(result).toCallTool('get_forecast', undefined, { error: 'An error occurred while running the tool. Please try again.' });
  const messages = claudeAgentMessages();
  expect(messages).toCallToolsInOrder(['Read', 'mcp__weather__get_forecast', 'Agent', 'Write']);
  expect(within(messages, 'general-purpose')).toCallTool('Read');
  expect(own(messages)).toCallToolTimes('Read', 1);
});
