import type { ToolCallMatchers } from '../../matchers.js';
import { ToolCallAccuracyError } from '../errors.js';
import type { Implementations, MatcherContext, MatcherResult } from '../matcherContext.js';
import { failOnLeftoverJudges, failOnUnawaitedJudges } from '../judge/pending.js';
import { isSample } from '../sample/sample.js';
import { hasOtherAgents, readRun } from '../calls/getToolCalls.js';
import { own } from '../calls/views.js';
import { ownWouldPass } from '../format/callList.js';
import { appendDiff } from './diffInMessage.js';
import { sampleAssertion } from './sampled.js';
import { toCallNoTools, toCallNoToolsHint } from './toCallNoTools.js';
import { toCallOnly } from './toCallOnly.js';
import { toCallOnlyFrom } from './toCallOnlyFrom.js';
import { toCallTool, toCallToolHint } from './toCallTool.js';
import { toCallToolTimes, toCallToolTimesHint } from './toCallToolTimes.js';
import { toCallToolsInAnyOrder } from './toCallToolsInAnyOrder.js';
import { toCallToolsInOrder, toCallToolsInOrderHint } from './toCallToolsInOrder.js';
import { toCallToolsWithValidInputs, toCallToolsWithValidInputsHint } from './toCallToolsWithValidInputs.js';
import { toCallToolsWithoutErrors, toCallToolsWithoutErrorsHint } from './toCallToolsWithoutErrors.js';
import { toRepeatToolCalls, toRepeatToolCallsHint } from './toRepeatToolCalls.js';
import { checkBudgetArguments, toStayWithinBudget, toStayWithinBudgetHint } from './toStayWithinBudget.js';
import { toFollowASensibleTrajectory, toUseAppropriateTools } from './toUseAppropriateTools.js';
// Only the type: the list itself is setup's (lazy.ts), and a value import would make the build
// split it into a chunk that setup then loads too (test/package/setupEntries.test.ts).
import type { MatcherName } from './names.js';
import { EXPECTED, type HintTable } from './hints.js';

/** What the matchers load at their first call (the build's `bodies` entry), and the setup hooks' checks, from the same module instances. */
export { failOnLeftoverJudges, failOnUnawaitedJudges };

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
  toFollowASensibleTrajectory,
} satisfies Implementations<ToolCallMatchers<void>> & Record<MatcherName, unknown>;
// Typed by the one list of names (names.ts): a name without a body, or a body under another name, does not compile.

/** Every matcher's name, as the table has them (test/matchers/lazy.test.ts checks they are names.ts's list, in its order). */
export const MATCHER_NAMES = Object.keys(ONE_RUN) as MatcherName[];

/** Each matcher's hint arguments, for a sample's hint line (hints.ts); a matcher not listed names `expected`. */
const HINTS: HintTable = {
  toCallTool: toCallToolHint,
  toCallToolTimes: toCallToolTimesHint,
  toCallNoTools: toCallNoToolsHint,
  toCallToolsInOrder: toCallToolsInOrderHint,
  toCallToolsWithoutErrors: toCallToolsWithoutErrorsHint,
  toRepeatToolCalls: toRepeatToolCallsHint,
  toStayWithinBudget: toStayWithinBudgetHint,
  toCallToolsWithValidInputs: toCallToolsWithValidInputsHint,
};

/** A sample's arguments are checked once, on an empty run, except where an empty run cannot answer: a budget of tokens needs a run that records them. */
const ARGUMENT_CHECKS: Partial<Record<MatcherName, (this: MatcherContext, ...args: any[]) => void>> = { toStayWithinBudget: checkBudgetArguments };

type Matcher = (this: MatcherContext, received: unknown, ...args: unknown[]) => MatcherResult;

/**
 * Every call of a matcher goes through here once (`ctx` is the runner's `this`): on one run or a sample's runs,
 * with the diff in the message when `diffInMessage` (Jest draws none), and a matcher error's stack starting at
 * the caller of `outermost`. The judge's promise is handed on as it is: judge/pending.ts counts the `.then`s.
 */
export function runMatcher(name: MatcherName, diffInMessage: boolean, outermost: (...args: never[]) => unknown, ctx: MatcherContext, args: readonly unknown[]): MatcherResult | Promise<MatcherResult> {
  const received = args[0];
  if (name === 'toUseAppropriateTools' || name === 'toFollowASensibleTrajectory') return ONE_RUN[name].call(ctx, received, args[1] as never);
  const matcher = ONE_RUN[name] as Matcher;
  try {
    // The arguments as the runner gave them: no copy of them on one run.
    const result = isSample(received) ? sampleAssertion(ctx, name, matcher, received, args.slice(1), (HINTS[name] ?? (() => EXPECTED))(...args.slice(1)), ARGUMENT_CHECKS[name]) : withOwnHint(ctx, matcher, args, matcher.apply(ctx, args as Parameters<Matcher>));
    return diffInMessage ? appendDiff(ctx, result) : result;
  } catch (error) {
    if (error instanceof ToolCallAccuracyError) Error.captureStackTrace(error, outermost);
    throw error;
  }
}

/** A claim that fails only because of calls other agents made: the message says the top agent's own calls, `own(run)`, pass. */
function withOwnHint(ctx: MatcherContext, matcher: Matcher, args: readonly unknown[], result: MatcherResult): MatcherResult {
  if (result.pass || ctx.isNot) return result;
  const received = args[0];
  let hint: string | undefined;
  try {
    if (!hasOtherAgents(received)) return result;
    if (!matcher.apply(ctx, [own(received), ...args.slice(1)] as Parameters<Matcher>).pass) return result;
    hint = ownWouldPass(readRun(received).calls);
  } catch {
    // The claim cannot be checked on own(run) (a budget of tokens measures a whole run): no hint.
    return result;
  }
  const message = result.message;
  return { ...result, message: () => `${message()}\n\n${hint}` };
}
