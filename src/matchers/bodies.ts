import type { ToolCallMatchers } from '../../matchers.js';
import { ToolCallAccuracyError } from '../errors.js';
import type { Implementations, MatcherContext, MatcherResult } from '../format/matcherContext.js';
import { failOnLeftoverJudges, failOnUnawaitedJudges } from '../judge/pending.js';
import { isSample } from '../sample/sample.js';
import { appendDiff } from './diffInMessage.js';
import { judgeSampleAssertion, sampleAssertion } from './sampled.js';
import { toCallNoTools } from './toCallNoTools.js';
import { toCallOnly } from './toCallOnly.js';
import { toCallOnlyFrom } from './toCallOnlyFrom.js';
import { toCallTool } from './toCallTool.js';
import { toCallToolTimes } from './toCallToolTimes.js';
import { toCallToolsInAnyOrder } from './toCallToolsInAnyOrder.js';
import { toCallToolsInOrder } from './toCallToolsInOrder.js';
import { toCallToolsWithValidInputs } from './toCallToolsWithValidInputs.js';
import { toCallToolsWithoutErrors } from './toCallToolsWithoutErrors.js';
import { toRepeatToolCalls } from './toRepeatToolCalls.js';
import { checkBudgetArguments, toStayWithinBudget } from './toStayWithinBudget.js';
import { toUseAppropriateTools } from './toUseAppropriateTools.js';

/**
 * What the matchers (`lazy.ts`) load at their first call: each matcher's assertion on one run, and
 * `runMatcher`, the one place a call of a matcher goes through. The setup hooks' checks come from the
 * same module instances (the registry of pending judges). The build's `bodies` entry.
 */
export { failOnLeftoverJudges, failOnUnawaitedJudges };

/** Each matcher on one run; a sample of runs is handled by `runMatcher`. */
const ONE_RUN = {
  toCallTool,
  toCallToolTimes,
  toCallOnly,
  toCallToolsInOrder,
  toCallToolsInAnyOrder,
  toCallOnlyFrom,
  toCallNoTools,
  toCallToolsWithoutErrors,
  toRepeatToolCalls,
  toStayWithinBudget,
  toCallToolsWithValidInputs,
  toUseAppropriateTools,
} satisfies Implementations<ToolCallMatchers<void>>;

export type MatcherName = keyof typeof ONE_RUN;

/** Every matcher's name (lazy.ts, which may import no module of the matchers, lists them again). */
export const MATCHER_NAMES = Object.keys(ONE_RUN) as MatcherName[];

/** A sample's arguments are checked once, on an empty run, except where an empty run cannot answer: a budget of tokens needs a run that records them. */
const ARGUMENT_CHECKS: Partial<Record<MatcherName, (this: MatcherContext, ...args: any[]) => void>> = { toStayWithinBudget: checkBudgetArguments };

type Matcher = (this: MatcherContext, received: unknown, ...args: unknown[]) => MatcherResult;

/**
 * A call of the matcher `name`, as a runner makes it (`this` is the runner's context): on one run,
 * or on each run of a sample, gated (`sampled.ts`); with the diff of `actual` and `expected` written
 * at the end of the failure message when `diffInMessage` (Jest draws none of its own); and a matcher
 * error (bad input, `ToolCallAccuracyError`) with a stack that starts at the caller of `outermost`,
 * the function the runner or the user called, so the runner points at the test's own line. Errors
 * that are not the package's on purpose (a bug) keep their whole stack.
 *
 * The judge, the one matcher that answers with a promise, draws no diff: its promise is handed back
 * as it is, so the runner's own `.then` is the only one before the test's (judge/pending.ts counts
 * on that), and its errors point at the caller by themselves (`judge/callSite.ts`).
 */
export function runMatcher(name: MatcherName, diffInMessage: boolean, outermost: (...args: never[]) => unknown, ctx: MatcherContext, args: readonly unknown[]): MatcherResult | Promise<MatcherResult> {
  const [received, ...rest] = args;
  try {
    if (name === 'toUseAppropriateTools') {
      const options = rest[0] as Parameters<typeof toUseAppropriateTools>[1];
      return isSample(received) ? judgeSampleAssertion(ctx, received, options) : toUseAppropriateTools.call(ctx, received, options);
    }
    const matcher = ONE_RUN[name] as Matcher;
    const result = isSample(received) ? sampleAssertion(ctx, name, matcher, received, rest, ARGUMENT_CHECKS[name]) : matcher.call(ctx, received, ...rest);
    return diffInMessage ? appendDiff(ctx, result) : result;
  } catch (error) {
    if (error instanceof ToolCallAccuracyError) Error.captureStackTrace(error, outermost);
    throw error;
  }
}
