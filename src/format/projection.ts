import type { ExpectedCall } from '../scoring/expectedCall.js';
import type { OutcomeExpectation } from '../scoring/outcomes.js';
import { errorMessageOf } from '../scoring/outcomes.js';
import type { ToolCall } from '../types.js';
import { printableName } from '../value.js';

/** The small values a matcher returns as `expected`/`actual` for the runner's diff: names, or `{ toolName, input }` records. */
export function projectionOf(items: readonly ExpectedCall[]) {
  const withInput = items.some((item) => item.hasInput || item.outcome);
  return {
    expected: (item: ExpectedCall): unknown => {
      const toolName = nameOf(item.toolName);
      return withInput ? { toolName, ...(item.hasInput && { input: item.input }), ...expectedOutcome(item.outcome) } : toolName;
    },
    actual: (call: ToolCall, item?: ExpectedCall): unknown => {
      const toolName = nameOf(call.toolName);
      if (!withInput) return toolName;
      return { toolName, ...((!item || item.hasInput) && { input: call.input }), ...(item?.outcome && actualOutcome(call, item.outcome)) };
    },
  };
}

/** The outcome an item asks for, as diff entries: `error` as given (`true`, a message pattern). */
function expectedOutcome(outcome: OutcomeExpectation | undefined): Record<string, unknown> {
  if (!outcome) return {};
  return {
    ...(outcome.output !== undefined && { output: outcome.output.value }),
    ...(outcome.error !== undefined && { error: outcome.error }),
    ...(outcome.approval !== undefined && { approval: outcome.approval }),
  };
}

/** The same fields of a call: `error` is whether it failed for `true`/`false`, else its message (or value). */
function actualOutcome(call: ToolCall, outcome: OutcomeExpectation): Record<string, unknown> {
  const failed = call.error !== undefined;
  return {
    ...(outcome.output !== undefined && { output: call.output }),
    ...(outcome.error !== undefined && { error: typeof outcome.error === 'boolean' || !failed ? failed : (errorMessageOf(call.error) ?? call.error) }),
    ...(outcome.approval !== undefined && { approval: call.approval }),
  };
}

/** Names in a diff are escaped and cut as in the message (a matcher, such as StringMatching, stays itself). */
export function nameOf(name: unknown): unknown {
  return typeof name === 'string' ? printableName(name) : name;
}

/** The most entries a diff shows: beyond it, drawing the diff would cost more than the match did. */
const DIFF_ENTRIES = 40;
/** Entries kept before the first difference, for context. */
const DIFF_CONTEXT = 3;

/** A list read by position: an array, or `projected(…)`, which builds each entry only when it is read. */
export interface Entries {
  readonly length: number;
  at(index: number): unknown;
}

/** `list` with `project` applied to each entry as it is read: a huge run's diff builds only its window. */
export function projected<T>(list: readonly T[], project: (entry: T, index: number) => unknown): Entries {
  return { length: list.length, at: (index) => project(list[index]!, index) };
}

/** Both projections cut to one window of at most `DIFF_ENTRIES` from a little before `firstDifference`, marked where cut. */
export function diffWindow(expected: Entries, actual: Entries, firstDifference = 0): { expected: unknown[]; actual: unknown[] } {
  if (expected.length <= DIFF_ENTRIES && actual.length <= DIFF_ENTRIES) return { expected: entriesOf(expected), actual: entriesOf(actual) };
  const start = Math.max(0, Math.min(firstDifference, Math.max(expected.length, actual.length)) - DIFF_CONTEXT);
  const cut = (values: Entries) => {
    const end = Math.min(values.length, start + DIFF_ENTRIES);
    const window: unknown[] = start > 0 ? [`… ${Math.min(start, values.length)} earlier`] : [];
    for (let index = start; index < end; index++) window.push(values.at(index));
    if (values.length > end) window.push(`… and ${values.length - end} more`);
    return window;
  };
  return { expected: cut(expected), actual: cut(actual) };
}

function entriesOf(values: Entries): unknown[] {
  return Array.from({ length: values.length }, (_, index) => values.at(index));
}
