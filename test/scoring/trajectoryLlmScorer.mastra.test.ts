/**
 * Mastra's installed LLM trajectory scorer (@mastra/evals 1.10.2, reference/mastra1) and ours, over
 * the same runs, each judge scripted to answer the same verdict. For every well-formed verdict the
 * scores are equal (ours keeps Mastra's formula); for each malformed one Mastra's scores and ours
 * refuses, naming what is wrong. docs/trajectory-judge.md tabulates these cases.
 */
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai6/test';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { JudgeError } from '../../src/judge/errors.js';
import type { TrajectoryVerdict } from '../../src/judge/trajectory.js';
import { createTrajectoryAccuracyScorerLLM } from '../../src/scoring/trajectoryLlmScorer.js';
import { mastraTrajectoryAccuracyScorerLLM } from '../../reference/mastra1/runtime.js';
import { step, verdict } from '../helpers/trajectoryJudge.js';
import { textResult } from '../helpers/judgeModels.js';

const v3Usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 20, text: 20, reasoning: undefined } };

/** Mastra's judge: the verdict for its analysis request, a sentence for its second (reason) request. */
function theirJudge(answer: unknown) {
  const text = (prompt: unknown) => (JSON.stringify(prompt).includes('ONE SENTENCE') ? 'A scripted reason.' : JSON.stringify(answer));
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId: 'their-judge',
    doGenerate: async ({ prompt }) => ({ content: [{ type: 'text', text: text(prompt) }], finishReason: { unified: 'stop', raw: 'stop' }, usage: v3Usage, warnings: [] }),
    doStream: async ({ prompt }) => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: text(prompt) },
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: v3Usage },
      ] as never[]),
    }),
  });
}

function ourJudge(answer: unknown) {
  return new MockLanguageModelV4({ provider: 'scripted', modelId: 'our-judge', doGenerate: async () => textResult(JSON.stringify(answer)) });
}

const trajectoryOf = (...names: string[]) => ({ steps: names.map((name) => ({ stepType: 'tool_call', name, toolArgs: { id: 42 }, toolResult: { ok: true }, success: true })) });
const input = { inputMessages: [{ id: 'u1', role: 'user', content: { format: 2, parts: [{ type: 'text', text: 'Refund order 42, it arrived broken.' }] }, createdAt: new Date(0) }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} };
const runOf = (...names: string[]) => ({ input, output: trajectoryOf(...names) });
const expectedTrajectory = { steps: [{ stepType: 'tool_call' as const, name: 'lookup-order' }, { stepType: 'tool_call' as const, name: 'refund-order' }] };

async function theirs(run: unknown, answer: unknown) {
  const scorer = mastraTrajectoryAccuracyScorerLLM({ model: theirJudge(answer) as never, expectedTrajectory: expectedTrajectory as never });
  return (await scorer.run(run as never)) as { score: number; analyzeStepResult: unknown };
}

async function ours(run: unknown, answer: unknown) {
  return createTrajectoryAccuracyScorerLLM({ model: ourJudge(answer), expectedTrajectory }).run(run);
}

const wellFormed: Array<[string, string[], TrajectoryVerdict]> = [
  ['a perfect trajectory', ['lookup-order', 'refund-order'], verdict([step('lookup-order'), step('refund-order')])],
  ['a step out of order', ['refund-order', 'lookup-order'], verdict([step('refund-order', true, false), step('lookup-order')])],
  ['an unnecessary step', ['lookup-order', 'delete-account', 'refund-order'], verdict([step('lookup-order'), step('delete-account', false), step('refund-order')])],
  ['a missing step', ['lookup-order'], verdict([step('lookup-order')], { missingSteps: ['refund-order'] })],
  ['nothing right', ['delete-account'], verdict([step('delete-account', false, false)], { missingSteps: ['lookup-order', 'refund-order'] })],
];

describe("Mastra's createTrajectoryAccuracyScorerLLM and ours, same runs, same scripted verdicts", () => {
  for (const [name, steps, answer] of wellFormed) {
    it(`${name}: equal scores`, async () => {
      const [their, our] = await Promise.all([theirs(runOf(...steps), answer), ours(runOf(...steps), answer)]);
      expect(our.score).toBe(their.score);
      expect(our.analyzeStepResult.stepEvaluations).toEqual((their.analyzeStepResult as { stepEvaluations: unknown }).stepEvaluations);
    });
  }

  it('the scores of the well-formed verdicts, as docs/trajectory-judge.md lists them', async () => {
    const scores = await Promise.all(wellFormed.map(([, steps, answer]) => ours(runOf(...steps), answer).then((result) => result.score)));
    expect(scores).toEqual([0.9, 0.75, 0.7, 0.85, 0]);
  });

  it('a perfect trajectory scores 0.9 in both (the formula\'s maximum)', async () => {
    const answer = wellFormed[0]![2];
    expect((await theirs(runOf('lookup-order', 'refund-order'), answer)).score).toBe(0.9);
    expect((await ours(runOf('lookup-order', 'refund-order'), answer)).score).toBe(0.9);
  });

  const malformed: Array<[string, string[], unknown, string]> = [
    ['fewer evaluations than steps', ['lookup-order', 'refund-order'], verdict([step('lookup-order')]), 'it evaluated 1 step but the agent took 2'],
    ['an invented step name', ['lookup-order', 'refund-order'], verdict([step('lookup-order'), step('issue-refund')]), 'its evaluation 2 names a different step than step 2'],
    ['the wrong order', ['lookup-order', 'refund-order'], verdict([step('refund-order'), step('lookup-order')]), 'its evaluation 1 names a different step than step 1 (the steps are out of order)'],
    ['no evaluations at all', ['lookup-order', 'refund-order'], verdict([]), 'it evaluated 0 steps but the agent took 2'],
    ['an invented missing step', ['lookup-order', 'refund-order'], verdict([step('lookup-order'), step('refund-order')], { missingSteps: ['call-the-bank'] }), 'it named as missing a step that is neither an available tool nor a step of the expected trajectory ("call-the-bank")'],
  ];
  for (const [name, steps, answer, problem] of malformed) {
    it(`${name}: theirs scores, ours refuses`, async () => {
      const their = await theirs(runOf(...steps), answer);
      expect(typeof their.score).toBe('number');
      const error = await ours(runOf(...steps), answer).then(() => undefined, (thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(JudgeError);
      expect((error as Error).message).toContain(problem);
    });
  }

  it('the scores Mastra gives the malformed verdicts, as docs/trajectory-judge.md lists them', async () => {
    const scores = await Promise.all(malformed.map(([, steps, answer]) => theirs(runOf(...steps), answer).then((result) => result.score)));
    expect(scores).toEqual([0.9, 0.9, 0.9, 1, 0.87]);
  });

  it('an empty run: ours scores it without a judge (every expected step missing)', async () => {
    const model = ourJudge(verdict([]));
    const result = await createTrajectoryAccuracyScorerLLM({ model, expectedTrajectory }).run(runOf());
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(result.score).toBe(0);
    expect(result.analyzeStepResult.missingSteps).toEqual(['lookup-order', 'refund-order']);
    expect(result.preprocessStepResult).toEqual({ actualTrajectory: { steps: [] }, actualTrajectoryFormatted: 'No steps taken', expectedTrajectoryFormatted: '1. [tool_call] lookup-order\n2. [tool_call] refund-order', hasSteps: false });
  });
});
