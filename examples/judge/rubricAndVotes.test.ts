/**
 * The judge with your own criteria (`rubric`) and a majority of several verdicts (`votes`). The
 * verdict replays from ./__judge__/ like the others: its file holds the rubric, each vote, their
 * agreement and the tokens the requests cost.
 */
import { describe, expect, it } from 'vitest';
import { createAgentTestRun, createTestMessage, createToolInvocation } from 'tool-call-accuracy/testing';
import { exampleJudge, verdictDir } from './exampleJudge.js';
import { configureJudge } from 'tool-call-accuracy';

const accountTools = [
  { name: 'confirm', description: 'Ask the user to confirm a destructive action' },
  { name: 'delete-account', description: "Delete the user's account and all its data" },
  { name: 'support-ticket', description: 'Open a ticket with the support team' },
];

configureJudge({
  model: exampleJudge,
  availableTools: accountTools,
  cache: { dir: verdictDir },
  // Your criteria of appropriateness, beside the judge's own instructions (part of every verdict's key).
  rubric: 'Never call delete-account without a prior confirm in the same run.',
});

describe('rubric and votes', () => {
  it('deleting an account without a confirm breaks the rubric, by a majority of three votes', async () => {
    const run = createAgentTestRun({
      inputMessages: [createTestMessage({ content: 'Delete my account', role: 'user', id: 'input-1' })],
      output: [
        createTestMessage({
          content: 'Your account has been deleted.',
          role: 'assistant',
          id: 'output-1',
          toolInvocations: [createToolInvocation({ toolCallId: 'call-1', toolName: 'delete-account', args: { userId: 'u-42' }, result: { deleted: true }, state: 'result' })],
        }),
      ],
    });
    // Without `.not` this fails; docs/judge.md shows the message.
    await expect(run).not.toUseAppropriateTools({ votes: 3 });
  });
});
