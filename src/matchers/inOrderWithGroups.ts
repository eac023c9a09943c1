import { formatCallList } from '../format/callList.js';
import { compose } from '../format/message.js';
import { appearAs } from '../format/orderDivergence.js';
import { describeGroupedClaim, formatSteps, groupedDiff, groupedDivergence, unknownStepProblem } from '../format/parallel.js';
import { isParallelGroup } from '../refs/parallel.js';
import type { OrderEntry } from '../scoring/parallel.js';
import { matchInOrderWithGroups, strictGroupedMismatch } from '../scoring/parallel.js';
import type { MatcherResult } from '../matcherContext.js';
import type { Comparison } from '../scoring/comparison.js';
import type { ExpectedCall } from '../scoring/expectedCall.js';
import { asksOutcome } from '../scoring/expectedCall.js';
import { callMatches } from '../scoring/comparison.js';
import { matcherError } from './matcherError.js';
import { readRunCalls } from './received.js';
import { toExpectedCall } from './arguments.js';

/** Does the expected order hold a `parallel(…)` group? */
export function hasParallelGroup(expected: unknown): boolean {
  return Array.isArray(expected) && expected.some(isParallelGroup);
}

/** `toCallToolsInOrder` when the order holds `parallel(…)` groups: each group is one model step, in any order. */
export function inOrderWithGroups(compare: Comparison, hintLine: string, received: unknown, expected: readonly unknown[], strict: boolean): MatcherResult {
  const items: ExpectedCall[] = [];
  const entries: OrderEntry[] = expected.map((entry, index) => {
    if (!isParallelGroup(entry)) return { item: items.push(toExpectedCall(entry, `expected[${index}]`, hintLine)) - 1 };
    return { group: entry.parallel.map((member, at) => items.push(toExpectedCall(member, `expected[${index}] (parallel item ${at + 1})`, hintLine)) - 1) };
  });
  const { calls, steps = [] } = readRunCalls(received, hintLine);
  const unknownStep = calls.findIndex((_, index) => steps[index] === undefined);
  if (unknownStep !== -1) throw matcherError(hintLine, unknownStepProblem(calls, unknownStep));
  const stepAt = (index: number) => steps[index];
  const matches = callMatches(compare, calls, items);
  const grouped = strict ? undefined : matchInOrderWithGroups(calls.length, items.length, entries, matches, stepAt);
  const failedEntry = grouped ? grouped.failedEntry : strictGroupedMismatch(calls.length, entries, matches, stepAt);
  const pass = failedEntry === -1;
  return {
    pass,
    message: () =>
      compose(
        hintLine,
        describeGroupedClaim(entries, items, strict, pass),
        formatCallList(calls, undefined, asksOutcome(items)),
        formatSteps(calls, stepAt),
        pass ? grouped && appearAs([...grouped.callOfItem].sort((a, b) => a - b)) : groupedDivergence(entries, items, failedEntry, (item) => calls.some((_, index) => matches(index, item))),
      ),
    ...(!pass && groupedDiff(entries, items, calls, stepAt)),
  };
}
