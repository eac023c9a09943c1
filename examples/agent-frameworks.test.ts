/**
 * Agent frameworks' own runs, passed as they come: an OpenAI Agents SDK run (a real Agent and run(),
 * with the SDK's scripted model so it runs offline), and the messages the Claude Agent SDK's query()
 * yielded in a real run (recorded by scripts/fixtures/claude-agent/record.mjs: its CLI needs a model).
 */
import { readFileSync } from 'node:fs';
import { Agent, run, setTracingDisabled, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { own, within } from 'tool-call-accuracy';

setTracingDisabled(true);

describe('OpenAI Agents SDK', () => {
  const lookupOrder = tool({ name: 'lookup_order', description: 'An order', parameters: z.object({ order: z.string() }), execute: async ({ order }) => ({ order, total: 42 }) });
  const refund = tool({ name: 'refund', description: 'Refunds an order', parameters: z.object({ order: z.string() }), needsApproval: true, execute: async ({ order }) => `refunded ${order}` });

  it('reads a RunResult: approvals, a handoff as a sub-agent, the agent\'s own tools', async () => {
    // Your agent's model in production; here the SDK's scripted one.
    const model = new ScriptedModel([
      [functionCall('transfer_to_Billing', {}, { callId: 'call_1' })],
      [functionCall('lookup_order', { order: 'A1' }, { callId: 'call_2' }), functionCall('refund', { order: 'A1' }, { callId: 'call_3' })],
      [assistantMessage('Refunded A1.')],
    ]);
    const billing = new Agent({ name: 'Billing', instructions: 'Handle billing.', model, tools: [lookupOrder, refund] });
    const triage = new Agent({ name: 'Triage', instructions: 'Route the user.', model, handoffs: [billing] });

    let result = await run(triage, 'Refund order A1');
    expect(within(result, 'Billing')).toCallTool('refund', { order: 'A1' }, { approval: 'requested' });

    result.state.approve(result.interruptions[0]!);
    result = await run(triage, result.state);
    // The run's calls are every agent's: Billing's follow the handoff. own(result) is triage's alone.
    expect(result).toCallToolsInOrder(['transfer_to_Billing', 'lookup_order', 'refund'], { strict: true });
    expect(own(result)).toCallOnly('transfer_to_Billing');
    expect(within(result, 'Billing')).toCallToolsInOrder(['lookup_order', { toolName: 'refund', approval: 'approved', output: 'refunded A1' }]);
    expect(within(result, 'Billing')).toCallToolsWithValidInputs(billing.tools);
    expect(result).toStayWithinBudget({ steps: 3 });
  });
});

describe('Claude Agent SDK', () => {
  it('reads the messages query() yields: a denied write counts, and so does every sub-agent call', () => {
    // const messages = []; for await (const message of query({ prompt, options })) messages.push(message);
    const messages = JSON.parse(readFileSync(new URL('../test/fixtures/claudeAgent/run.json', import.meta.url), 'utf8'));

    expect(messages).toCallTool('Write', undefined, { approval: 'denied' });
    expect(messages).toCallTool('mcp__weather__get_forecast', { city: 'Atlantis' }, { error: /Unknown city/ });
    expect(messages).toCallToolTimes('Read', 2); // the main agent's and its sub-agent's
    expect(own(messages)).toCallToolTimes('Read', 1);
    expect(within(messages, 'Agent')).toCallOnly('Read');
    expect(messages).toStayWithinBudget({ steps: 10 });
  });
});
