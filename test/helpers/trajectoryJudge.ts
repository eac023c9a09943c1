/**
 * Runs and verdicts for the trajectory judge's tests: a refund agent's runs, built with the
 * Mastra-compatible builders, and verdicts a scripted judge (MockLanguageModelV4) answers.
 */
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';
import type { StepEvaluation, TrajectoryVerdict } from '../../src/judge/trajectory.js';

export const refundTools = [
  { name: 'lookup-order', description: 'Find an order by its number' },
  { name: 'refund-order', description: 'Refund an order' },
  { name: 'notify-customer', description: 'Email the customer' },
  { name: 'delete-account', description: "Delete the customer's account" },
];

export const REFUND_REQUEST = 'Refund order 42, it arrived broken.';

type Step = { toolName: string; args?: Record<string, unknown>; result?: unknown };

/** A run of the refund agent that made these calls, in this order. */
export function refundRun(calls: Step[] = [{ toolName: 'lookup-order', args: { id: 42 }, result: { id: 42, total: 30 } }, { toolName: 'refund-order', args: { id: 42 }, result: { refunded: 30 } }], reply = 'Order 42 is refunded.', request = REFUND_REQUEST) {
  return createAgentTestRun({
    inputMessages: [createTestMessage({ id: 'in-1', role: 'user', content: request })],
    output: [
      createTestMessage({
        id: 'out-1',
        role: 'assistant',
        content: reply,
        toolInvocations: calls.map(({ toolName, args = {}, result = { ok: true } }, index) =>
          createToolInvocation({ toolCallId: `call-${index + 1}`, toolName, args, result: result as Record<string, unknown>, state: 'result' }),
        ),
      }),
    ],
    runId: 'run-refund',
  });
}

/** A step evaluation: `[name, necessary, inOrder]`. */
export const step = (stepName: string, wasNecessary = true, wasInOrder = true, reasoning = `${stepName} ${wasNecessary ? 'served' : 'did not serve'} the request.`): StepEvaluation => ({ stepName, wasNecessary, wasInOrder, reasoning });

export function verdict(steps: StepEvaluation[], more: Partial<TrajectoryVerdict> = {}): TrajectoryVerdict {
  return { stepEvaluations: steps, missingSteps: [], criteria: [], overallAssessment: 'A sensible path to the refund.', ...more };
}

/** The perfect verdict of `refundRun()`. */
export const soundRefund = verdict([step('lookup-order'), step('refund-order')]);
