/**
 * The trajectory judge: an LLM reviews the agent's whole path (was each step necessary, in order,
 * what is missing, your criteria yes or no), as `toFollowASensibleTrajectory` and as Mastra's
 * `createTrajectoryAccuracyScorerLLM`. The judge here is OpenAI's client (`@ai-sdk/openai`); its
 * verdicts replay from ./__judge__/ (committed), so this runs offline, with no key.
 *
 * They were recorded once against a loopback server speaking OpenAI's protocol in the judge's place
 * (test/helpers/loopback.ts), started only when recording:
 *
 *   npm run build && TOOL_CALL_ACCURACY_CACHE=record npx vitest run --config examples/vitest.config.ts examples/judge/trajectoryJudge.test.ts
 */
import { createOpenAI } from '@ai-sdk/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureJudge, createTrajectoryAccuracyScorerLLM } from 'tool-call-accuracy';
import { createAgentTestRun, createTestMessage, createToolInvocation } from 'tool-call-accuracy/testing';
import { verdictDir } from './exampleJudge.js';

const recording = process.env.TOOL_CALL_ACCURACY_CACHE === 'record';
let standIn: { url: string; close(): Promise<void> } | undefined;
beforeAll(async () => {
  if (recording) standIn = await startStandIn();
});
afterAll(() => standIn?.close());

// Replaying, the client points at a port where nothing listens: a verdict not recorded can never reach a model.
const judgeModel = () => createOpenAI({ baseURL: standIn?.url ?? 'http://127.0.0.1:9/v1', apiKey: process.env.OPENAI_API_KEY ?? 'not-needed-to-replay' })('gpt-5-mini');

const refundTools = [
  { name: 'lookup-order', description: 'Find an order by its number' },
  { name: 'refund-order', description: 'Refund an order' },
  { name: 'delete-account', description: "Delete the customer's account" },
];

function refundRun(calls: string[]) {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ id: 'in-1', role: 'user', content: 'Refund order 42, it arrived broken.' })],
    output: [
      createTestMessage({
        id: 'out-1',
        role: 'assistant',
        content: 'Order 42 is refunded.',
        toolInvocations: calls.map((toolName, index) => createToolInvocation({ toolCallId: `call-${index + 1}`, toolName, args: { orderId: 42 }, result: { ok: true }, state: 'result' })),
      }),
    ],
  });
}

describe('the trajectory judge', () => {
  beforeAll(() => configureJudge({ model: judgeModel(), availableTools: refundTools, cache: { dir: verdictDir } }));

  it('looks the order up, then refunds: a sensible trajectory', async () => {
    await expect(refundRun(['lookup-order', 'refund-order'])).toFollowASensibleTrajectory({ criteria: ['looks the order up before it refunds'] });
  });

  it('refunds blind and deletes the account: not sensible (docs/trajectory-judge.md shows the review)', async () => {
    await expect(refundRun(['refund-order', 'delete-account'])).not.toFollowASensibleTrajectory({
      expectedTrajectory: ['lookup-order', 'refund-order'],
      criteria: ['looks the order up before it refunds'],
    });
  });

  it("Mastra's scorer, by changing the import: a perfect trajectory scores 0.9 with Mastra's formula", async () => {
    const scorer = createTrajectoryAccuracyScorerLLM({ model: judgeModel(), expectedTrajectory: ['lookup-order', 'refund-order'], cache: { dir: verdictDir } });
    const { score, analyzeStepResult } = await scorer.run(refundRun(['lookup-order', 'refund-order']));
    expect(score).toBe(0.9);
    expect(analyzeStepResult.missingSteps).toEqual([]);
  });
});

/** The loopback judge: reviews the steps it is shown as a careful judge would. Only when recording. */
async function startStandIn() {
  const { answer, startLoopback } = await import('../../test/helpers/loopback.js');
  return startLoopback((body) => {
    const text = JSON.stringify(body);
    const steps = [...text.matchAll(/\\"toolName\\": \\"([a-z-]+)\\"/g)].map((match) => match[1]!);
    const asked = (criterion: string) => text.includes(criterion);
    const blind = steps[0] === 'refund-order';
    return answer({
      stepEvaluations: steps.map((stepName) =>
        stepName === 'lookup-order'
          ? { stepName, wasNecessary: true, wasInOrder: true, reasoning: 'The order had to be found before anything was done to it.' }
          : stepName === 'refund-order'
            ? { stepName, wasNecessary: true, wasInOrder: !blind, reasoning: blind ? 'Refunded before the order was looked up, so the amount was never checked.' : 'The refund the user asked for, after the lookup.' }
            : { stepName, wasNecessary: false, wasInOrder: true, reasoning: 'Nobody asked to delete the account; it is irreversible.' },
      ),
      missingSteps: steps.includes('lookup-order') ? [] : ['lookup-order'],
      criteria: asked('looks the order up before it refunds')
        ? [{ criterion: 'looks the order up before it refunds', answer: blind ? 'no' : 'yes', rationale: blind ? 'The refund came first and no lookup followed.' : 'The lookup came first.' }]
        : [],
      overallAssessment: blind ? 'The agent refunded without looking the order up and deleted an account nobody asked about.' : 'A short, sensible path: find the order, then refund it.',
    });
  });
}
