import { getRunUsage, shapesRecording } from '../calls/getRunUsage.js';
import { describeArgument } from '../describe.js';
import { budgetHeadline, formatLimits, unmeasurableLimit } from '../format/budget.js';
import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import type { MatcherContext, MatcherResult } from '../format/matcherContext.js';
import { BUDGET_LIMITS, checkBudget, type Budget, type BudgetLimit } from '../scoring/budget.js';
import { formatInline } from '../value.js';
import { matcherError } from './matcherError.js';
import { readCalls } from './received.js';

const EXAMPLE = '{ toolCalls: 8, steps: 5, tokens: 20_000, durationMs: 30_000 }';

/** Passes when the run stays within every limit the budget sets: at most this many tool calls, model steps, tokens, milliseconds. */
export function toStayWithinBudget(this: MatcherContext, received: unknown, budget: unknown): MatcherResult {
  const hintLine = hint(this, 'toStayWithinBudget', 'budget');
  const limits = toBudget(budget, hintLine);
  const calls = readCalls(received, hintLine);
  const needsUsage = limits.steps !== undefined || limits.tokens !== undefined || limits.durationMs !== undefined;
  const { format, usage } = needsUsage ? getRunUsage(received) : { format: '', usage: {} };
  const measured = (limit: BudgetLimit): number => {
    if (limit === 'toolCalls') return calls.length;
    const value = limit === 'tokens' ? (usage.tokens && usage.tokens.input + usage.tokens.output) : usage[limit];
    if (value === undefined) throw matcherError(hintLine, unmeasurableLimit(limit, format, usage.lacking?.[limit], shapesRecording(limit)));
    return value;
  };
  const outcomes = checkBudget(limits, measured);
  const pass = outcomes.every((outcome) => outcome.within);
  return {
    pass,
    message: () =>
      compose(
        hintLine,
        `${budgetHeadline(outcomes, pass)}\n${formatLimits(outcomes, usage.tokens)}`,
        limits.toolCalls !== undefined && formatCallList(calls, calls.length > limits.toolCalls ? limits.toolCalls : undefined),
      ),
    // The diff shows the limits the run went over, each against what it measured.
    ...(!pass && {
      expected: Object.fromEntries(outcomes.flatMap((outcome) => (outcome.within ? [] : [[outcome.limit, outcome.max]]))),
      actual: Object.fromEntries(outcomes.flatMap((outcome) => (outcome.within ? [] : [[outcome.limit, outcome.measured]]))),
    }),
  };
}

/** The arguments alone, for `sample(…)`: an empty run records no tokens, so it cannot stand in for a run here. */
export function checkBudgetArguments(this: MatcherContext, budget: unknown): void {
  toBudget(budget, hint(this, 'toStayWithinBudget', 'budget'));
}

/** Checks the budget: an object with at least one known limit, each a count (or milliseconds) of 0 or more. */
function toBudget(budget: unknown, hintLine: string): Budget {
  if (typeof budget !== 'object' || budget === null || Array.isArray(budget)) {
    throw matcherError(hintLine, `budget must be an object of limits, e.g. ${EXAMPLE}; received ${describeArgument(budget)}.`);
  }
  const record = budget as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !(BUDGET_LIMITS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    throw matcherError(
      hintLine,
      `budget has unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => formatInline(key, 40)).join(', ')}; a budget takes toolCalls, steps, tokens and durationMs.`,
    );
  }
  const given = BUDGET_LIMITS.filter((limit) => record[limit] !== undefined);
  if (given.length === 0) throw matcherError(hintLine, `budget sets no limit; give at least one of toolCalls, steps, tokens, durationMs, e.g. ${EXAMPLE}.`);
  for (const limit of given) {
    const value = record[limit];
    const whole = limit !== 'durationMs';
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (whole && !Number.isInteger(value))) {
      throw matcherError(hintLine, `budget.${limit} must be ${whole ? 'a whole number' : 'a number of milliseconds'} (0 or more); received ${describeArgument(value)}.`);
    }
  }
  return Object.fromEntries(given.map((limit) => [limit, record[limit]])) as Budget;
}

