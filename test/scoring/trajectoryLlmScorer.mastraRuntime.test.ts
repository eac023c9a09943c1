/**
 * createTrajectoryAccuracyScorerLLM in Mastra 1.x's own runtime (reference/mastra1): under runEvals
 * as a trajectory scorer (with each dataset item's expectedTrajectory) and as an agent's live
 * scorer, with a scripted judge (MockLanguageModelV4) that reviews the steps it is shown.
 */
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createTrajectoryAccuracyScorerLLM } from '../../src/index.js';
import { InMemoryStore, Mastra, runEvals } from '../../reference/mastra1/runtime.js';
import { textResult } from '../helpers/judgeModels.js';
import { travelAgent } from '../helpers/mastra1.js';

/** A judge that finds every step it is shown necessary and in order, and, when booking was asked for and not done, book-flight missing. */
function reviewingJudge() {
  return new MockLanguageModelV4({
    provider: 'scripted',
    modelId: 'trajectory-judge',
    doGenerate: async ({ prompt }) => {
      const user = (prompt as Array<{ role: string; content: unknown }>).find((message) => message.role === 'user')!.content as Array<{ text: string }>;
      const text = user.map((part) => part.text).join('');
      const steps = [...text.matchAll(/"toolName": "([a-z-]+)"/g)].map((match) => match[1]!);
      const missing = /book me/i.test(text) && !steps.includes('book-flight') ? ['book-flight'] : [];
      return textResult(
        JSON.stringify({
          stepEvaluations: steps.map((stepName) => ({ stepName, wasNecessary: true, wasInOrder: true, reasoning: `${stepName} served the request.` })),
          missingSteps: missing,
          criteria: [],
          overallAssessment: missing.length > 0 ? 'It searched but never booked.' : 'A sensible path.',
        }),
      );
    },
  });
}

const book = 'Book me the SFO to JFK flight, seat 14C.';
const ask = 'Which flights go from SFO to JFK?';

describe('createTrajectoryAccuracyScorerLLM in Mastra', () => {
  it('runs under runEvals as a trajectory scorer, with Mastra\'s result shape and each item\'s expectedTrajectory', async () => {
    const judge = reviewingJudge();
    const items: Array<Record<string, any>> = [];
    const result = await runEvals({
      target: travelAgent(),
      data: [{ input: book, expectedTrajectory: { steps: [{ name: 'search-flights' }, { name: 'book-flight' }] } }, { input: ask }],
      scorers: { trajectory: [createTrajectoryAccuracyScorerLLM({ model: judge })] } as never,
      onItemComplete: ({ scorerResults }) => void items.push(scorerResults),
    });
    expect(judge.doGenerateCalls).toHaveLength(2);
    // Both runs perfect by the judge: Mastra's formula gives 0.9 each.
    expect(result.scores).toEqual({ trajectory: { 'llm-trajectory-accuracy-scorer': 0.9 } });
    const booked = items[0]!.trajectory['llm-trajectory-accuracy-scorer'];
    expect(booked.preprocessStepResult.hasSteps).toBe(true);
    expect(booked.preprocessStepResult.expectedTrajectoryFormatted).toBe('1. search-flights\n2. book-flight');
    expect(booked.preprocessStepResult.actualTrajectoryFormatted).toMatch(/^1\. \[tool_call\] search-flights \(args: \{"from":"SFO","to":"JFK"\}/);
    expect(booked.analyzeStepResult).toEqual({
      stepEvaluations: [
        { stepName: 'search-flights', wasNecessary: true, wasInOrder: true, reasoning: 'search-flights served the request.' },
        { stepName: 'book-flight', wasNecessary: true, wasInOrder: true, reasoning: 'book-flight served the request.' },
      ],
      missingSteps: [],
      extraSteps: [],
      overallAssessment: 'A sensible path.',
    });
    expect(booked.reason).toBe("Score 0.9 (Mastra's formula: 0.9 at most): A sensible path.");
  });

  it("scores an agent's runs live into Mastra's storage", async () => {
    const agent = travelAgent({ id: 'live-llm-trajectory-agent', scorers: { trajectory: { scorer: createTrajectoryAccuracyScorerLLM({ model: reviewingJudge() }) } } });
    const storage = new InMemoryStore();
    const mastra = new Mastra({ agents: { travel: agent }, storage, logger: false });
    await mastra.getAgent('travel').generate(book.replace('Book me', 'Please book me'));
    const scores = await storage.getStore('scores');
    let rows: any[] = [];
    for (let attempt = 0; attempt < 100 && rows.length === 0; attempt++) {
      ({ scores: rows } = await scores!.listScoresByScorerId({ scorerId: 'llm-trajectory-accuracy-scorer', pagination: { page: 0, perPage: 10 } }));
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(rows).toHaveLength(1);
    expect({ score: rows[0].score, source: rows[0].source }).toEqual({ score: 0.9, source: 'LIVE' });
  });
});
