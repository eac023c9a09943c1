import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolCallAccuracyScorerCode } from '../../src/index.js';
import { passes } from '../helpers/failureOf.js';
import { calledTools, scorerOptions } from '../helpers/arbitraries.js';
import { runWithCalls } from '../helpers/runs.js';

/** The matcher that states the same claim as a scorer configured with these options. */
function matcherFor(run: unknown, opts: { expectedTool?: string; expectedToolOrder?: string[]; strictMode: boolean }, negated: boolean) {
  const assertion = negated ? expect(run).not : expect(run);
  if (opts.expectedToolOrder) {
    const order = opts.expectedToolOrder;
    return () => assertion.toCallToolsInOrder(order, { strict: opts.strictMode });
  }
  const name = opts.expectedTool!;
  return opts.strictMode ? () => assertion.toCallOnly(name) : () => assertion.toCallTool(name);
}

describe('matchers and the code scorer agree', () => {
  it('each matcher passes exactly when the equivalently configured scorer scores 1', async () => {
    await fc.assert(
      fc.asyncProperty(calledTools, scorerOptions, async (calls, opts) => {
        const run = runWithCalls(...calls);
        const { score } = await createToolCallAccuracyScorerCode(opts).run(run);
        expect(passes(matcherFor(run, opts, false))).toBe(score === 1);
        expect(passes(matcherFor(run, opts, true))).toBe(score === 0);
      }),
      { numRuns: 1500 },
    );
  });
});
