import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureJudge, getJudgeConfig, resetJudgeConfig } from '../../src/judge/config.js';
import { withConcurrencyLimit } from '../../src/judge/limit.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import * as ai7 from 'ai';
import { loopSteps, makeTools, sdks } from '../fixtures/aiSdk.js';
import { appropriateWeather, judgeModel, weatherRun, weatherTools } from '../helpers/judgeModels.js';

const sdk7 = sdks.find((sdk) => sdk.name === 'ai7')!;
const agentTools = makeTools(sdk7);
const request = 'Sign in as alice and fetch pages a and b';
/** A real generateText tool loop (AI SDK 7 mock model) that kept its request. */
const agentRun = () =>
  ai7.generateText({ model: sdk7.model(loopSteps), tools: agentTools, prompt: request, stopWhen: ai7.stepCountIs(5), include: { requestMessages: true } } as never);
const loopVerdict = {
  evaluations: ['auth-tool', 'fetch-tool', 'fetch-tool'].map((toolCalled) => ({ toolCalled, wasAppropriate: true, reasoning: 'Asked for.' })),
  missingTools: [],
  reason: 'Every call served the request.',
};

afterEach(() => {
  vi.useRealTimers();
  resetJudgeConfig();
  // A test that failed midway must not leave a judge holding the process-wide slot for the next.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('tool-call-accuracy.judge-limit')];
});

/** Lets pending I/O and promises run, without moving the fake clock, until `condition` holds (or 20 s of real time pass). */
async function until(condition: () => boolean): Promise<void> {
  const giveUp = Date.now() + 20_000; // a bound on a busy machine, not a timing claim
  while (!condition() && Date.now() < giveUp) await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}

describe('timeoutMs is a hard limit', () => {
  it('a model that never settles and ignores the abort signal: the judge rejects at the limit, naming it, and the next judge starts at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let signalSeen: AbortSignal | undefined;
    const silent = new MockLanguageModelV4({
      provider: 'test-judge',
      modelId: 'silent-judge',
      doGenerate: ({ abortSignal }) => {
        signalSeen = abortSignal;
        return new Promise(() => {}); // never settles, whatever the signal says
      },
    });
    const next = judgeModel(loopVerdict);
    configureJudge({ availableTools: agentTools, timeoutMs: 5_000, concurrency: 1 });
    const run = await agentRun();

    const hung = createToolCallAccuracyScorerLLM({ model: silent }).run(run);
    let hungError: Error | undefined;
    hung.catch((error: Error) => (hungError = error));
    await until(() => silent.doGenerateCalls.length === 1);
    const queued = createToolCallAccuracyScorerLLM({ model: next }).run(run);
    // concurrency 1: the second judge waits in the process-wide queue for the slot.
    const queue = (globalThis as Record<symbol, { waiting: unknown[] }>)[Symbol.for('tool-call-accuracy.judge-limit')]!;
    await until(() => queue.waiting.length === 1);
    expect(next.doGenerateCalls).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(4_999);
    expect(hungError).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await until(() => hungError !== undefined);
    expect(hungError!.name).toBe('JudgeError');
    expect(hungError!.message).toBe('The LLM judge (silent-judge (test-judge)) timed out after 5000 ms (the timeoutMs limit; configureJudge({ timeoutMs }) sets it).');
    expect(signalSeen?.aborted).toBe(true); // the model was told, though it did not listen

    // The slot is free: the queued judge reaches its model without the clock moving.
    await until(() => next.doGenerateCalls.length === 1);
    expect((await queued).score).toBe(1);
  });

  it("the scorer's own timeoutMs and concurrency win over configureJudge", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const silent = new MockLanguageModelV4({ doGenerate: () => new Promise(() => {}) });
    configureJudge({ timeoutMs: 60_000 });
    const run = createToolCallAccuracyScorerLLM({ model: silent, availableTools: weatherTools, timeoutMs: 50 }).run(weatherRun());
    const settled = run.catch((error: Error) => error);
    await until(() => silent.doGenerateCalls.length === 1);
    await vi.advanceTimersByTimeAsync(50);
    expect(((await settled) as Error).message).toContain('timed out after 50 ms');
  });
});

describe('the concurrency queue', () => {
  it('a judge cancelled while it waits for a slot leaves the queue at once; the queue goes on', async () => {
    let release!: () => void;
    const holding = withConcurrencyLimit(1, () => new Promise<void>((resolve) => (release = resolve)));
    const cancel = new AbortController();
    let ran = false;
    const waiting = withConcurrencyLimit(1, async () => (ran = true), cancel.signal);
    const queue = (globalThis as Record<symbol, { waiting: unknown[] }>)[Symbol.for('tool-call-accuracy.judge-limit')]!;
    expect(queue.waiting).toHaveLength(1);
    cancel.abort(new Error('the test ended'));
    await expect(waiting).rejects.toThrow('the test ended');
    expect(queue.waiting).toHaveLength(0);
    const next = withConcurrencyLimit(1, async () => 'next');
    release();
    await holding;
    expect(await next).toBe('next');
    expect(ran).toBe(false);
  });
});

describe('the LLM scorer checks its options when it is made, as configureJudge does', () => {
  const model = judgeModel(appropriateWeather);
  it.each([
    [{ timeoutMs: 0 }, 'createToolCallAccuracyScorerLLM: timeoutMs must be a positive number of milliseconds; received number 0.'],
    [{ timeoutMs: '5s' }, 'createToolCallAccuracyScorerLLM: timeoutMs must be a positive number of milliseconds; received "5s".'],
    [{ concurrency: 0 }, 'createToolCallAccuracyScorerLLM: concurrency must be a whole number ≥ 1; received number 0.'],
    [{ concurrency: 1.5 }, 'createToolCallAccuracyScorerLLM: concurrency must be a whole number ≥ 1; received number 1.5.'],
    [{ maxRetries: -1 }, 'createToolCallAccuracyScorerLLM: maxRetries must be a whole number ≥ 0; received number -1.'],
    [
      { threshold: 0.5 },
      'createToolCallAccuracyScorerLLM: the scorer has no threshold; it returns the score for you to compare. toUseAppropriateTools({ threshold }) and configureJudge({ threshold }) take one.',
    ],
    [{ model: {} }, "createToolCallAccuracyScorerLLM: model must be an AI SDK language model or a model id string such as 'openai/gpt-5'; received an object with no keys."],
    [{ cache: 'auto' }, 'createToolCallAccuracyScorerLLM: cache must be { mode?, dir? }; received "auto".'],
    [{ cache: { mode: 'replya' } }, 'createToolCallAccuracyScorerLLM: cache.mode must be one of auto, replay, record, off; received "replya".'],
    [{ modle: model }, 'createToolCallAccuracyScorerLLM: unknown option "modle". Known: model, availableTools, timeoutMs, maxRetries, concurrency, rubric, votes.'],
  ])('%o', (options, message) => {
    expect(() => createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools, ...options } as never)).toThrow(message);
  });

  it('takes valid ones', () => {
    expect(() => createToolCallAccuracyScorerLLM({ model, availableTools: weatherTools, timeoutMs: 1, concurrency: 2, maxRetries: 0, cache: true })).not.toThrow();
  });
});

describe('configureJudge', () => {
  it('{ model: undefined } clears a model set earlier; settings it does not name stay', async () => {
    configureJudge({ model: judgeModel(appropriateWeather), availableTools: weatherTools, timeoutMs: 1_000, cache: { mode: 'off', dir: 'x' } });
    configureJudge({ model: undefined });
    expect(getJudgeConfig()).toEqual({ availableTools: weatherTools, timeoutMs: 1_000, cache: { mode: 'off', dir: 'x' } });
    await expect(createToolCallAccuracyScorerLLM({}).run(weatherRun())).rejects.toThrow('the judge needs a model');
    configureJudge({ cache: { mode: undefined } });
    expect(getJudgeConfig().cache).toEqual({ dir: 'x' });
  });
});

describe("the LLM scorer's identity is Mastra's", () => {
  it('id, name and description, so code that looks scorers up by id finds it', () => {
    const scorer = createToolCallAccuracyScorerLLM({ model: judgeModel(appropriateWeather), availableTools: weatherTools });
    expect({ id: scorer.id, name: scorer.name }).toEqual({ id: 'llm-tool-call-accuracy-scorer', name: 'Tool Call Accuracy (LLM)' });
    expect(scorer.description).toContain('Evaluates whether an agent selected appropriate tools');
  });
});
