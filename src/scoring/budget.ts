/** The limits of `toStayWithinBudget`, in the order messages list them. */
export const BUDGET_LIMITS = ['toolCalls', 'steps', 'tokens', 'durationMs'] as const;
export type BudgetLimit = (typeof BUDGET_LIMITS)[number];
export type Budget = { readonly [Limit in BudgetLimit]?: number };

/** One limit of a budget, against what the run measured. */
export interface LimitOutcome {
  limit: BudgetLimit;
  /** The most the budget allows (inclusive). */
  max: number;
  measured: number;
  within: boolean;
}

/** Each limit the budget sets, in `BUDGET_LIMITS` order; a run stays within a limit when it measured at most that much. */
export function checkBudget(budget: Budget, measured: (limit: BudgetLimit) => number): LimitOutcome[] {
  return BUDGET_LIMITS.flatMap((limit) => {
    const max = budget[limit];
    if (max === undefined) return [];
    const value = measured(limit);
    return [{ limit, max, measured: value, within: value <= max }];
  });
}
