import { getRunUsage, shapesRecording } from '../calls/getRunUsage.js';
import { MUST_BE, mustBe, NO_LIMIT } from '../format/arguments.js';
import { unknownOption } from '../options.js';
import { budgetDiff, describeBudget, unmeasurableLimit } from '../format/budget.js';
import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import type { HintArguments } from './hints.js';
import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import { BUDGET_LIMITS, checkBudget, type Budget, type BudgetLimit } from '../scoring/budget.js';
import { matcherError } from './matcherError.js';
import { readCalls } from './received.js';

export const toStayWithinBudgetHint = (): HintArguments => ({ expected: 'budget' });

/** Passes when the run stays within every limit the budget sets: at most this many tool calls, model steps, tokens, milliseconds. */
export function toStayWithinBudget(this: MatcherContext, received: unknown, budget: unknown): MatcherResult {
  const hintLine = hint(this, 'toStayWithinBudget', toStayWithinBudgetHint().expected);
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
        describeBudget(outcomes, usage.tokens, pass),
        limits.toolCalls !== undefined && formatCallList(calls, calls.length > limits.toolCalls ? limits.toolCalls : undefined),
      ),
    ...(!pass && budgetDiff(outcomes)),
  };
}

/** The arguments alone, for `sample(…)`: an empty run records no tokens, so it cannot stand in for a run here. */
export function checkBudgetArguments(this: MatcherContext, budget: unknown): void {
  toBudget(budget, hint(this, 'toStayWithinBudget', toStayWithinBudgetHint().expected));
}

/** Checks the budget: an object with at least one known limit, each a count (or milliseconds) of 0 or more. */
function toBudget(budget: unknown, hintLine: string): Budget {
  if (typeof budget !== 'object' || budget === null || Array.isArray(budget)) {
    throw matcherError(hintLine, mustBe('budget', MUST_BE.budget, budget));
  }
  const record = budget as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !(BUDGET_LIMITS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    const { problem, badOption } = unknownOption('budget', unknown, BUDGET_LIMITS);
    throw matcherError(hintLine, problem, undefined, badOption);
  }
  const given = BUDGET_LIMITS.filter((limit) => record[limit] !== undefined);
  if (given.length === 0) throw matcherError(hintLine, NO_LIMIT);
  for (const limit of given) {
    const value = record[limit];
    const whole = limit !== 'durationMs';
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (whole && !Number.isInteger(value))) {
      throw matcherError(hintLine, mustBe(`budget.${limit}`, whole ? MUST_BE.limit : MUST_BE.milliseconds, value));
    }
  }
  return Object.fromEntries(given.map((limit) => [limit, record[limit]])) as Budget;
}

