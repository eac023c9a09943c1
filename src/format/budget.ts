import type { TokenUsage, UsageQuantity } from '../calls/adapter.js';
import type { BudgetLimit, LimitOutcome } from '../scoring/budget.js';
import { groupDigits, plural } from '../value.js';

function amount(limit: BudgetLimit, value: number): string {
  return limit === 'durationMs' ? `${groupDigits(value)} ms` : groupDigits(value);
}

/** One aligned line per limit: its name (as `names` spells it), what the run measured, and the limit, with how far over. */
export function formatLimits(outcomes: readonly LimitOutcome[], tokens: TokenUsage | undefined, names?: { readonly [Limit in BudgetLimit]?: string }): string {
  const shownNames = outcomes.map((outcome) => names?.[outcome.limit] ?? outcome.limit);
  const values = outcomes.map((outcome) => amount(outcome.limit, outcome.measured));
  const nameWidth = Math.max(...shownNames.map((name) => name.length));
  const valueWidth = Math.max(...values.map((value) => value.length));
  return outcomes
    .map((outcome, index) => {
      const verdict = outcome.within
        ? `within the limit of ${amount(outcome.limit, outcome.max)}`
        : `over the limit of ${amount(outcome.limit, outcome.max)} by ${amount(outcome.limit, outcome.measured - outcome.max)}`;
      const detail = outcome.limit === 'tokens' && tokens ? ` (${groupDigits(tokens.input)} input + ${groupDigits(tokens.output)} output, ${plural(tokens.modelCalls, 'model call')})` : '';
      return `  ${shownNames[index]!.padEnd(nameWidth)}  ${values[index]!.padStart(valueWidth)}  ${verdict}${detail}`;
    })
    .join('\n');
}

/** `toStayWithinBudget`'s claim and its outcome, "Expected the run to stay within its budget, but it went over 2 of 3 limits:", then each limit. */
export function describeBudget(outcomes: readonly LimitOutcome[], tokens: TokenUsage | undefined, pass: boolean): string {
  const over = outcomes.filter((outcome) => !outcome.within).length;
  const limits = outcomes.length === 1 ? 'its limit' : outcomes.length === 2 ? 'both limits' : `all ${outcomes.length} limits`;
  const claim = pass
    ? `Expected the run to go over its budget, but it stayed within ${limits}:`
    : `Expected the run to stay within its budget, but it went over ${outcomes.length === 1 ? 'its limit' : `${over} of ${outcomes.length} limits`}:`;
  return `${claim}\n${formatLimits(outcomes, tokens)}`;
}

/** The diff: the limits the run went over, each against what it measured. */
export function budgetDiff(outcomes: readonly LimitOutcome[]): { expected: object; actual: object } {
  const over = outcomes.filter((outcome) => !outcome.within);
  return {
    expected: Object.fromEntries(over.map((outcome) => [outcome.limit, outcome.max])),
    actual: Object.fromEntries(over.map((outcome) => [outcome.limit, outcome.measured])),
  };
}

const QUANTITY_NAMES: Record<UsageQuantity, string> = { steps: 'model steps', tokens: 'token usage', durationMs: 'wall time' };

/** The error for a limit the run cannot be measured against; `name` is the limit as the caller's option spells it. */
export function unmeasurableLimit(limit: UsageQuantity, format: string, why: string | undefined, recordedBy: readonly string[], name: string = limit): string {
  const quantity = QUANTITY_NAMES[limit];
  return [
    `the budget limits ${name}, but this run (read as ${format}) records no ${quantity}${why ? `: ${why}` : ''}.`,
    `${quantity[0]!.toUpperCase()}${quantity.slice(1)} ${limit === 'steps' ? 'are' : 'is'} recorded by:`,
    ...recordedBy.map((shape) => `  - ${shape}`),
    `Leave ${name} out of this run's budget, or pass the run in a shape that records it.`,
  ].join('\n');
}
