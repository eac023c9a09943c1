import type { ExpectedCall } from '../scoring/expectedCall.js';
import type { OrderEntry } from '../scoring/parallel.js';
import type { ToolCall } from '../types.js';
import { describeExpectedCall, MAX_LISTED, numberedList, shownIndexes } from './callList.js';
import { DETAIL_WIDTH, describeOutcome } from './outcomes.js';
import { formatInline, formatName, ordinal, printableName } from '../value.js';

/** The claim of `toCallToolsInOrder` with `parallel(…)` groups, `strict` or not, and the expected order; with `pass`, what `.not` shows. */
export function describeGroupedClaim(entries: readonly OrderEntry[], items: readonly ExpectedCall[], strict: boolean, pass: boolean): string {
  const order = strict ? 'exactly these calls, in this order (each parallel group in one step, in any order)' : 'these calls, in this order (other calls allowed; each parallel group in one step, in any order)';
  return `Expected ${pass ? 'not ' : ''}${order}:\n${formatExpectedEntries(entries, items)}`;
}

/** The expected order with its groups: `2. parallel("weather", "news")`. */
function formatExpectedEntries(entries: readonly OrderEntry[], items: readonly ExpectedCall[]): string {
  // Single items as in the other expected lists (a bare name), groups as the code that made them.
  return numberedList(entries.length, shownIndexes(entries.length), (index) => {
    const entry = entries[index]!;
    if (!('item' in entry)) return describeEntry(entry, items);
    const item = items[entry.item]!;
    return `${typeof item.toolName === 'string' ? printableName(item.toolName) : formatName(item.toolName)}${item.hasInput ? `  ${formatInline(item.input, DETAIL_WIDTH)}` : ''}${describeOutcome(item.outcome)}`;
  });
}

function describeEntry(entry: OrderEntry, items: readonly ExpectedCall[]): string {
  if ('item' in entry) return describeExpectedCall(items[entry.item]!);
  return `parallel(${entry.group.map((item) => describeExpectedCall(items[item]!)).join(', ')})`;
}

/** `Steps: 1: "search" | 2: "weather", "news"`: which calls each model step issued, numbered as in the list. */
export function formatSteps(calls: readonly ToolCall[], stepOf: (index: number) => unknown): string {
  const steps = stepGroups(Math.min(calls.length, MAX_LISTED), stepOf).map((step) => `[${step.map((index) => `${index + 1} ${formatName(calls[index]!.toolName)}`).join(', ')}]`);
  return `Calls by model step: ${steps.join(' ')}${calls.length > MAX_LISTED ? ' …' : ''}`;
}

/** The first `count` calls' indexes, in runs of calls issued in one step. */
function stepGroups(count: number, stepOf: (index: number) => unknown): number[][] {
  const steps: number[][] = [];
  for (let index = 0; index < count; index++) {
    if (index > 0 && stepOf(index) === stepOf(index - 1)) steps[steps.length - 1]!.push(index);
    else steps.push([index]);
  }
  return steps;
}

/** Why the entry at `failedEntry` could not follow the ones before it, or (past the last entry) that calls were left over. */
export function groupedDivergence(entries: readonly OrderEntry[], items: readonly ExpectedCall[], failedEntry: number, anyCallFits: (item: number) => boolean): string {
  const entry = entries[failedEntry];
  if (!entry) return `The run made more calls than expected, starting at call ${entries.reduce((sum, entry) => sum + ('item' in entry ? 1 : entry.group.length), 0) + 1}.`;
  const where = `(expected ${ordinal(failedEntry + 1)})`;
  if ('item' in entry) {
    return anyCallFits(entry.item)
      ? `${describeEntry(entry, items)} ${where} was not called after the calls matched before it.`
      : `Never called: ${describeEntry(entry, items)} ${where}.`;
  }
  const missing = entry.group.filter((item) => !anyCallFits(item)).map((item) => formatName(items[item]!.toolName));
  if (missing.length > 0) return `${describeEntry(entry, items)} ${where}: never called: ${missing.join(', ')}.`;
  return `${describeEntry(entry, items)} ${where}: no single model step after the calls matched before it issued all of these.`;
}

/** The error for a run that does not record which calls each model step issued. */
export function unknownStepProblem(calls: readonly ToolCall[], unknownStep: number): string {
  return (
    `parallel(…) needs to know which calls the model issued in one step, and this run does not record it (call ${unknownStep + 1}, ${JSON.stringify(calls[unknownStep]!.toolName)}, has no step). ` +
    'Pass the run as the agent produced it (an AI SDK result or its steps, messages, or an OpenTelemetry trace), not a plain list of calls.'
  );
}

/** The diff: the expected entries (a name, or a group's list of names) against the calls grouped by the step that issued them. */
export function groupedDiff(entries: readonly OrderEntry[], items: readonly ExpectedCall[], calls: readonly ToolCall[], stepAt: (index: number) => unknown): { expected: unknown[]; actual: unknown[] } {
  return {
    expected: entries.map((entry) => ('item' in entry ? items[entry.item]!.toolName : entry.group.map((item) => items[item]!.toolName))),
    actual: stepGroups(calls.length, stepAt).map((step) => (step.length === 1 ? calls[step[0]!]!.toolName : step.map((index) => calls[index]!.toolName))),
  };
}
