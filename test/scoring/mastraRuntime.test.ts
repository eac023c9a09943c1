/**
 * The scorers and gates of this package in Mastra 1.x's own runtime (reference/mastra1: the real
 * @mastra/core 1.71 and @mastra/evals 1.10.2), over a real Mastra agent with a scripted model:
 * registration (`new Mastra({ scorers })`, an agent's `scorers`), `runEvals` with scores, gates and
 * thresholds, `expectEvals(…).toPass()` in this Vitest, and live scoring saved to Mastra's storage.
 */
import { describe, expect, it } from 'vitest';
import { check, createToolCallAccuracyScorerCode, createToolCallAccuracyScorerLLM, mastraGate, ToolCallAccuracyError } from '../../src/index.js';
import { EvalPassRateError, expectEvals, InMemoryStore, Mastra, runEvals } from '../../reference/mastra1/runtime.js';
import { travelAgent, travelToolList, travelVerdicts } from '../helpers/mastra1.js';
import { judgeModel } from '../helpers/judgeModels.js';

const availableTools = travelToolList;
const { appropriate, searchedOnly } = travelVerdicts;

const booksInOrder = () => mastraGate('books-in-order', (run) => check(run).toCallToolsInOrder(['search-flights', 'book-flight']));

describe('what Mastra reads on a scorer', () => {
  it("the code scorer has Mastra's id, name and description, and both scorers are of type 'agent'", () => {
    const single = createToolCallAccuracyScorerCode({ expectedTool: 'book-flight' });
    const order = createToolCallAccuracyScorerCode({ expectedToolOrder: ['search-flights', 'book-flight'] });
    const llm = createToolCallAccuracyScorerLLM({ model: judgeModel(appropriate), availableTools });
    expect({ id: single.id, name: single.name, type: single.type, description: single.description }).toEqual({
      id: 'code-tool-call-accuracy-scorer',
      name: 'Tool Call Accuracy Scorer',
      type: 'agent',
      description: 'Evaluates whether the LLM selected the correct tool (book-flight) from the available tools',
    });
    expect(order.description).toBe('Evaluates whether the LLM called tools in the correct order: [search-flights, book-flight]');
    expect({ id: llm.id, type: llm.type }).toEqual({ id: 'llm-tool-call-accuracy-scorer', type: 'agent' });
  });

  it('new Mastra({ scorers }) registers them by id and marks them as defined in code', () => {
    const code = createToolCallAccuracyScorerCode({ expectedTool: 'book-flight' });
    const llm = createToolCallAccuracyScorerLLM({ model: judgeModel(appropriate), availableTools });
    const gate = booksInOrder();
    const mastra: Mastra = new Mastra({ scorers: { code, llm, gate } as never, logger: false });
    expect(mastra.getScorerById('code-tool-call-accuracy-scorer')).toBe(code);
    expect(mastra.getScorerById('llm-tool-call-accuracy-scorer')).toBe(llm);
    expect(mastra.getScorerById('books-in-order')).toBe(gate);
    expect([code.source, llm.source, gate.source]).toEqual(['code', 'code', 'code']);
  });

  it('Mastra calls __registerMastra on a scorer it registers: without it, registration fails', () => {
    const { __registerMastra: _, ...withoutIt } = createToolCallAccuracyScorerCode({ expectedTool: 'book-flight' });
    expect(() => new Mastra({ scorers: { code: withoutIt } as never, logger: false })).toThrow(TypeError);
  });
});

describe('runEvals', () => {
  const data = [{ input: 'Book me the SFO to JFK flight, seat 14C.' }, { input: 'Which flights go from SFO to JFK?' }];

  it('keys both scorers by id, runs gates and thresholds, and hands onItemComplete our result shape', async () => {
    const items: Array<{ input: unknown; scorerResults: Record<string, any> }> = [];
    const result = await runEvals({
      target: travelAgent(),
      data,
      scorers: [
        { scorer: createToolCallAccuracyScorerCode({ expectedToolOrder: ['search-flights', 'book-flight'] }), threshold: 0.5 },
        // runEvals scores the items one after the other: the judge answers for each in turn.
        createToolCallAccuracyScorerLLM({ model: judgeModel(appropriate, searchedOnly), availableTools }),
      ] as never,
      gates: [booksInOrder(), mastraGate('searches', (run) => check(run).toCallTool('search-flights', { from: 'SFO', to: expect.any(String) }))] as never,
      onItemComplete: ({ item, scorerResults }) => void items.push({ input: item.input, scorerResults }),
    });

    expect(result.scores).toEqual({ 'code-tool-call-accuracy-scorer': 0.5, 'llm-tool-call-accuracy-scorer': 1 });
    expect(result.gateResults).toEqual([
      { id: 'books-in-order', passed: false, score: 0.5 },
      { id: 'searches', passed: true, score: 1 },
    ]);
    expect(result.thresholdResults).toEqual([{ id: 'code-tool-call-accuracy-scorer', passed: true, averageScore: 0.5, threshold: 0.5 }]);
    expect(result.verdict).toBe('failed');
    expect(items.map(({ scorerResults }) => scorerResults['code-tool-call-accuracy-scorer'].preprocessStepResult.actualTools)).toEqual([
      ['search-flights', 'book-flight'],
      ['search-flights'],
    ]);
    const judged = items[0]!.scorerResults['llm-tool-call-accuracy-scorer'];
    expect({ score: judged.score, reason: judged.reason, missingTools: judged.analyzeStepResult.missingTools }).toEqual({ score: 1, reason: 'Both calls serve the request.', missingTools: [] });
  });

  it("a gate of type 'trajectory' checks the run's Mastra trajectory", async () => {
    const seen: unknown[] = [];
    const trajectoryGate = mastraGate(
      'trajectory-books-in-order',
      (run) => {
        seen.push(run.output);
        check(run.output).toCallToolsInOrder(['search-flights', 'book-flight']);
      },
      { type: 'trajectory' },
    );
    const result = await runEvals({ target: travelAgent(), data, gates: [trajectoryGate] as never });
    expect(result.gateResults).toEqual([{ id: 'trajectory-books-in-order', passed: false, score: 0.5 }]);
    expect(seen.map((output) => (output as { steps: Array<{ stepType: string; name: string }> }).steps.map((step) => `${step.stepType} ${step.name}`))).toEqual([
      ['tool_call search-flights', 'tool_call book-flight'],
      ['tool_call search-flights'],
    ]);
  });

  it("a gate given as a scorer shows the check's failure message as its reason", async () => {
    const reasons: unknown[] = [];
    const result = await runEvals({
      target: travelAgent(),
      data: [data[1]!],
      scorers: [{ scorer: booksInOrder(), threshold: 1 }] as never,
      onItemComplete: ({ scorerResults }) => void reasons.push((scorerResults as Record<string, { reason?: string }>)['books-in-order']!.reason),
    });
    expect(result.thresholdResults).toEqual([{ id: 'books-in-order', passed: false, averageScore: 0, threshold: 1 }]);
    expect(reasons[0]).toMatchInlineSnapshot(`
      "expect(run).toCallToolsInOrder(expected)

      Expected these calls, in this order (other calls allowed):
        1. search-flights
        2. book-flight

      Received 1 tool call:
        1. search-flights  {"from":"SFO","to":"JFK"}

      Never called: "book-flight" (expected 2nd).

      - Expected
      + Received

        Array [
          "search-flights",
      -   "book-flight",
        ]"
    `);
  });

  it('a gate whose check has a bad argument is an error of the scorer, not a score', async () => {
    const badArgument = mastraGate('bad', (run) => check(run).toCallToolTimes('search-flights', -1));
    const failure = await runEvals({ target: travelAgent(), data: [data[0]!], scorers: [badArgument] as never }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(((failure as Error).cause as Error)).toBeInstanceOf(ToolCallAccuracyError);
  });
});

describe('expectEvals in Vitest', () => {
  it('passes when every gate passes, and attaches the scores for MastraEvalsReporter', async ({ task }) => {
    const result = await expectEvals({
      target: travelAgent(),
      data: [{ input: 'Book me the SFO to JFK flight, seat 14C.' }],
      gates: [booksInOrder()] as never,
      scorers: [createToolCallAccuracyScorerCode({ expectedTool: 'book-flight', strictMode: false })] as never,
    }).toPass();
    expect(result.verdict).toBe('passed');
    expect((task.meta as { mastraEval?: unknown }).mastraEval).toEqual({
      scores: { 'code-tool-call-accuracy-scorer': 1 },
      totalItems: 1,
      verdict: 'passed',
      gateResults: [{ id: 'books-in-order', passed: true, score: 1 }],
    });
  });

  it('fails naming the gate when its pass rate is below toPass(minPassRate)', async () => {
    const failure = await expectEvals({
      target: travelAgent(),
      data: [{ input: 'Book me the SFO to JFK flight.' }, { input: 'Which flights go from SFO to JFK?' }],
      gates: [booksInOrder()] as never,
    })
      .toPass(0.9)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EvalPassRateError);
    expect((failure as Error).message).toMatchInlineSnapshot(`
      "Eval did not pass (required pass rate: 90%).
        ✗ gate books-in-order: pass rate 50% < required 90%"
    `);
  });
});

describe('live scoring', () => {
  it("an agent's scorers, registered through new Mastra({ agents }), score each run into Mastra's storage", async () => {
    const agent = travelAgent({
      id: 'live-travel-agent',
      scorers: {
        accuracy: { scorer: createToolCallAccuracyScorerCode({ expectedToolOrder: ['search-flights', 'book-flight'] }) },
        booksInOrder: { scorer: booksInOrder() },
      },
    });
    const storage = new InMemoryStore();
    const mastra = new Mastra({ agents: { travel: agent }, storage, logger: false });
    await mastra.getAgent('travel').generate('Which flights go from SFO to JFK?');

    const scores = await storage.getStore('scores');
    const saved = async (scorerId: string) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const { scores: rows } = await scores!.listScoresByScorerId({ scorerId, pagination: { page: 0, perPage: 10 } });
        if (rows.length > 0) return rows;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no score saved for ${scorerId}`);
    };
    const [accuracy] = await saved('code-tool-call-accuracy-scorer');
    const [gate] = await saved('books-in-order');
    expect({ score: accuracy!.score, source: accuracy!.source, entityId: accuracy!.entityId, actualTools: accuracy!.preprocessStepResult?.actualTools }).toEqual({
      score: 0,
      source: 'LIVE',
      entityId: 'live-travel-agent',
      actualTools: ['search-flights'],
    });
    expect({ score: gate!.score, reason: gate!.reason?.split('\n')[0] }).toEqual({ score: 0, reason: 'expect(run).toCallToolsInOrder(expected)' });
  });
});
