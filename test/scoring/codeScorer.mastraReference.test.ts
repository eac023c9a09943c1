/**
 * Differential test against Mastra's own code scorer, live: `createToolCallAccuracyScorerCode` of
 * @mastra/evals 0.14.4 (with @mastra/core 0.24.9, imported through `reference/mastra`), on runs
 * built with Mastra's own builders (`createAgentTestRun`, `createUIMessage`, `createToolInvocation`
 * of `@mastra/evals/scorers/utils`), beside ours on runs built with this package's builders.
 *
 * What 0.14.4 reads: only the top-level `toolInvocations` of AI SDK 4 UI messages (what its
 * `createUIMessage` builds, and what its agents hand their scorers), counting only the states
 * `result` and `call`. So it finds no calls in a `format: 2` message at all, and it does not count
 * a call that failed (`output-error`), awaits approval or was denied. This package counts every
 * call the model issued: the approval states are a deliberate divergence from Mastra (the
 * conformance cases mark it); a failed call is one too, which newer Mastra shares.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createToolCallAccuracyScorerCode as createMastraScorer } from '../../reference/mastra/index.js';
import { createToolCallAccuracyScorerCode, getToolCalls } from '../../src/index.js';
import type { ToolCallAccuracyCodeOptions } from '../../src/index.js';
import { calledTools, scorerOptions, toolName } from '../helpers/arbitraries.js';
import { conformanceCases, conformanceRun } from '../helpers/conformance.js';
import { mastraBuilders } from '../helpers/mastraBuilders.js';
import { buildRun, ourBuilders, type CallSpec, type RunShape } from '../helpers/runs.js';

type Outcome = number | 'throw' | 'run-error';

interface Scorer {
  run(run: unknown): Promise<{ score: number }>;
}

/**
 * A scorer's score for a run, in the conformance file's terms: 'throw' when the options fail at
 * creation, 'run-error' when the scorer rejects the run (only Mastra's does). A run Mastra rejects
 * is also logged by the workflow engine its scorer runs on (a ConsoleLogger of its own, not
 * swappable), so `console.error` is kept quiet while a scorer runs.
 */
async function outcome(create: (options: ToolCallAccuracyCodeOptions) => Scorer, options: ToolCallAccuracyCodeOptions, run: unknown): Promise<Outcome> {
  let scorer: Scorer;
  try {
    scorer = create(options);
  } catch {
    return 'throw';
  }
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return (await scorer.run(run)).score;
  } catch (error) {
    if (String(error).includes('Input and output messages cannot be null or empty')) return 'run-error';
    throw error;
  } finally {
    quiet.mockRestore();
  }
}

const mastraOutcome = (options: ToolCallAccuracyCodeOptions, run: unknown) => outcome(createMastraScorer as never, options, run);
const ourOutcome = (options: ToolCallAccuracyCodeOptions, run: unknown) => outcome(createToolCallAccuracyScorerCode, options, run);

/**
 * The cases whose recorded `mastra` score is not what 0.14.4 gives, with the score it gives. They
 * were recorded from a Mastra that reads `format: 2` messages and counts `output-error` calls.
 */
const NOT_MASTRA_0_14: Record<string, Outcome> = {
  'state-output-error-counts': 0, // an `output-error` call: not counted
  'parts-form-counts': 0, // its output is a `format: 2` message: no calls found
  'parts-and-legacy-same-id-dedup': 0, // the same
};

describe('the conformance cases, against live Mastra 0.14.4', () => {
  it("Mastra's scorer gives the recorded `mastra` score on Mastra-built runs, except the cases listed", async () => {
    const differing: Record<string, Outcome> = {};
    for (const testCase of conformanceCases) {
      const live = await mastraOutcome(testCase.options, conformanceRun(testCase, mastraBuilders));
      if (live !== testCase.mastra) differing[testCase.id] = live;
    }
    expect(differing).toEqual(NOT_MASTRA_0_14);
  });

  it('we read a Mastra-built run as the same run built with our builders, and score it as the spec requires', async () => {
    for (const testCase of conformanceCases) {
      const theirs = conformanceRun(testCase, mastraBuilders);
      expect(getToolCalls(theirs), testCase.id).toEqual(getToolCalls(conformanceRun(testCase, ourBuilders)));
      if (testCase.expected !== 'throw') expect(await ourOutcome(testCase.options, theirs), testCase.id).toBe(testCase.expected);
    }
  });
});

/** A call counts once issued, whatever became of it; not while its input streams. */
const ISSUED_STATES = new Set(['result', 'call', 'output-error', 'approval-requested', 'output-denied']);
/** The states Mastra 0.14.4 counts. */
const MASTRA_STATES = new Set(['result', 'call']);
const APPROVAL_STATES = new Set(['approval-requested', 'output-denied']);

/** The required score for the names of the calls made (a non-empty `expectedToolOrder` selects order mode). */
function specScore(options: ToolCallAccuracyCodeOptions, names: readonly string[]): 0 | 1 {
  if (names.length === 0) return 0;
  const order = options.expectedToolOrder;
  if (order && order.length > 0) {
    if (options.strictMode) return names.length === order.length && names.every((name, index) => name === order[index]) ? 1 : 0;
    let next = 0; // a subsequence: each item matched by a distinct, later call
    for (const name of names) if (name === order[next]) next++;
    return next === order.length ? 1 : 0;
  }
  if (options.strictMode) return names.length === 1 && names[0] === options.expectedTool ? 1 : 0;
  return names.includes(options.expectedTool!) ? 1 : 0;
}

const APPROVAL = 'calls awaiting approval or denied (counted here, ignored by Mastra)';
const OUTPUT_ERROR = 'failed (output-error) calls (ignored by Mastra 0.14.4 only)';

/**
 * Where our scorer and Mastra's part ways, and why; undefined where they must agree. The last two:
 * Mastra 0.14.4 does not count calls at an approval gate, nor failed calls.
 */
function divergence(options: ToolCallAccuracyCodeOptions, calls: readonly CallSpec[], shape: RunShape) {
  const order = options.expectedToolOrder;
  // An empty expectedToolOrder throws at creation here (Mastra silently falls back).
  if (order !== undefined && order.length === 0) return 'empty order';
  // A run with no output or no input messages is scored here (Mastra throws).
  if (shape !== 'full') return 'no input or output messages';
  // Flexible order is a true subsequence here (Mastra looks only at each tool's first occurrence):
  // the two can differ only when a name of the order repeats, in the order or among the calls.
  if (order && !options.strictMode) {
    const count = (name: string) => calls.filter((call) => call.toolName === name && ISSUED_STATES.has(call.state!)).length;
    if (order.some((name, index) => order.indexOf(name) !== index || count(name) > 1)) return 'first occurrence';
  }
  if (calls.some((call) => APPROVAL_STATES.has(call.state!))) return APPROVAL;
  if (calls.some((call) => call.state === 'output-error')) return OUTPUT_ERROR;
  return undefined;
}

describe("our scorer and Mastra's", () => {
  it('agree on random runs outside the divergences; inside them ours follows the spec', async () => {
    const options = fc.oneof(
      { arbitrary: scorerOptions, weight: 5 },
      {
        arbitrary: fc.record({ expectedToolOrder: fc.constant<string[]>([]), expectedTool: toolName, strictMode: fc.boolean() }, { requiredKeys: ['expectedToolOrder', 'strictMode'] }),
        weight: 1,
      },
    );
    const shape = fc.oneof({ arbitrary: fc.constant<RunShape>('full'), weight: 8 }, fc.constantFrom<RunShape>('no-input', 'no-output'));
    // How often each region came up: every one must have been tried.
    const seen: Record<string, number> = {};

    await fc.assert(
      fc.asyncProperty(calledTools, options, shape, async (calls, opts, runShape) => {
        const ours = buildRun(ourBuilders, calls, runShape);
        const theirs = buildRun(mastraBuilders, calls, runShape);
        expect(getToolCalls(theirs)).toEqual(getToolCalls(ours));
        const [our, mastra] = [await ourOutcome(opts, ours), await mastraOutcome(opts, theirs)];
        const region = divergence(opts, calls, runShape);
        const key = region ?? 'agree';
        seen[key] = (seen[key] ?? 0) + 1;
        if (region === undefined) {
          expect(our).toBe(mastra);
          return;
        }
        if (region === 'empty order') {
          expect(our).toBe('throw');
          expect(mastra).not.toBe('throw');
          return;
        }
        if (region === 'no input or output messages') expect(mastra).toBe('run-error');
        const names = (counted: (state: string) => boolean) =>
          runShape === 'no-output' ? [] : calls.filter((call) => counted(call.state)).map((call) => call.toolName);
        expect(our).toBe(specScore(opts, names((state) => ISSUED_STATES.has(state))));
        // The only difference there: Mastra 0.14.4 scores as if those calls were not made.
        if (region === OUTPUT_ERROR || region === APPROVAL) expect(mastra).toBe(specScore(opts, names((state) => MASTRA_STATES.has(state))));
      }),
      { numRuns: 400 },
    );
    for (const key of ['agree', 'empty order', 'no input or output messages', 'first occurrence', APPROVAL, OUTPUT_ERROR]) {
      expect(seen[key], key).toBeGreaterThan(0);
    }
  });

  it.each<[string, ToolCallAccuracyCodeOptions, string[], 0 | 1]>([
    ['[a,b] against [b,a,b]', { expectedToolOrder: ['a', 'b'] }, ['b', 'a', 'b'], 1],
    ['[a,a] against [a,a]', { expectedToolOrder: ['a', 'a'] }, ['a', 'a'], 1],
  ])('flexible order is a true subsequence: %s scores %i for us and 0 for Mastra', async (_name, options, called, score) => {
    expect(await ourOutcome(options, buildRun(ourBuilders, called))).toBe(score);
    expect(await mastraOutcome(options, buildRun(mastraBuilders, called))).toBe(0);
  });

  it('an empty expectedToolOrder: we throw at creation, Mastra falls back to expectedTool', async () => {
    const options = { expectedTool: 'a', expectedToolOrder: [] };
    expect(await ourOutcome(options, buildRun(ourBuilders, ['b', 'a']))).toBe('throw');
    expect(await mastraOutcome(options, buildRun(mastraBuilders, ['b', 'a']))).toBe(1);
  });

  it('no input or no output messages: we score the run, Mastra rejects it', async () => {
    for (const [shape, score] of [['no-input', 1], ['no-output', 0]] as const) {
      expect(await ourOutcome({ expectedTool: 'a' }, buildRun(ourBuilders, ['a'], shape))).toBe(score);
      expect(await mastraOutcome({ expectedTool: 'a' }, buildRun(mastraBuilders, ['a'], shape))).toBe('run-error');
    }
  });

  it.each(['approval-requested', 'output-denied'])('a call at an approval gate (%s) counts for us, not for Mastra', async (state) => {
    const called = [{ toolName: 'a', state }];
    expect(await ourOutcome({ expectedTool: 'a' }, buildRun(ourBuilders, called))).toBe(1);
    expect(await mastraOutcome({ expectedTool: 'a' }, buildRun(mastraBuilders, called))).toBe(0);
  });

  it('a failed (output-error) call counts for us, not for Mastra 0.14.4', async () => {
    const called = [{ toolName: 'a', state: 'output-error' }];
    expect(await ourOutcome({ expectedTool: 'a' }, buildRun(ourBuilders, called))).toBe(1);
    expect(await mastraOutcome({ expectedTool: 'a' }, buildRun(mastraBuilders, called))).toBe(0);
  });
});
