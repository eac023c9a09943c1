import { formatCallList } from '../format/callList.js';
import { compose } from '../format/message.js';
import { formatExpectedEntries, formatSteps, groupedDivergence } from '../format/parallel.js';
import { isParallelGroup } from '../refs/parallel.js';
import type { Matches } from '../scoring/engine.js';
import { matchUnordered } from '../scoring/engine.js';
import type { OrderEntry } from '../scoring/parallel.js';
import { matchInOrderWithGroups } from '../scoring/parallel.js';
import type { ToolCall } from '../types.js';
import type { MatcherResult } from '../format/matcherContext.js';
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
  if (unknownStep !== -1) {
    throw matcherError(
      hintLine,
      `parallel(…) needs to know which calls the model issued in one step, and this run does not record it (call ${unknownStep + 1}, ${JSON.stringify(calls[unknownStep]!.toolName)}, has no step). ` +
        'Pass the run as the agent produced it (an AI SDK result or its steps, messages, or an OpenTelemetry trace), not a plain list of calls.',
    );
  }
  const stepAt = (index: number) => steps[index];
  const matches = callMatches(compare, calls, items);
  const grouped = strict ? undefined : matchInOrderWithGroups(calls.length, items.length, entries, matches, stepAt);
  const failedEntry = grouped ? grouped.failedEntry : strictGroupedMismatch(calls.length, entries, matches, stepAt);
  const pass = failedEntry === -1;
  const expectedList = formatExpectedEntries(entries, items);
  const wording = strict ? 'exactly these calls, in this order (each parallel group in one step, in any order)' : 'these calls, in this order (other calls allowed; each parallel group in one step, in any order)';
  const anyCallFits = (item: number) => calls.some((_, index) => matches(index, item));
  return {
    pass,
    message: () =>
      pass
        ? compose(
            hintLine,
            `Expected not ${wording}:\n${expectedList}`,
            formatCallList(calls, undefined, asksOutcome(items)),
            formatSteps(calls, stepAt),
            grouped && `They appear as calls ${[...grouped.callOfItem].sort((a, b) => a - b).map((call) => call + 1).join(', ')}.`,
          )
        : compose(
            hintLine,
            `Expected ${wording}:\n${expectedList}`,
            formatCallList(calls, undefined, asksOutcome(items)),
            formatSteps(calls, stepAt),
            failedEntry < entries.length
              ? groupedDivergence(entries, items, failedEntry, anyCallFits)
              : `The run made more calls than expected, starting at call ${countEntryCalls(entries) + 1}.`,
          ),
    // The diff: the expected entries against the calls grouped by the step that issued them.
    ...(!pass && { expected: entries.map((entry) => projectEntry(entry, items)), actual: callsByStep(calls, stepAt) }),
  };
}

/** Strict order with groups: the calls, cut into consecutive runs, are exactly the entries. Returns the first entry that fails, entries.length when calls are left over, or -1. */
function strictGroupedMismatch(callCount: number, entries: readonly OrderEntry[], matches: Matches, stepAt: (index: number) => unknown): number {
  let position = 0;
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    if ('item' in entry) {
      if (position >= callCount || !matches(position, entry.item)) return index;
      position++;
      continue;
    }
    const size = entry.group.length;
    if (position + size > callCount) return index;
    const step = stepAt(position);
    for (let call = position; call < position + size; call++) if (stepAt(call) !== step) return index;
    const { pass } = matchUnordered(size, size, (call, item) => matches(position + call, entry.group[item]!));
    if (!pass) return index;
    position += size;
  }
  return position === callCount ? -1 : entries.length;
}

function countEntryCalls(entries: readonly OrderEntry[]): number {
  return entries.reduce((sum, entry) => sum + ('item' in entry ? 1 : entry.group.length), 0);
}

function projectEntry(entry: OrderEntry, items: readonly ExpectedCall[]): unknown {
  if ('item' in entry) return items[entry.item]!.toolName;
  return entry.group.map((item) => items[item]!.toolName);
}

/** One name per single-call step, a list of names for a step that issued several. */
function callsByStep(calls: readonly ToolCall[], stepAt: (index: number) => unknown): unknown[] {
  const steps: string[][] = [];
  calls.forEach((call, index) => {
    if (index > 0 && stepAt(index) === stepAt(index - 1)) steps[steps.length - 1]!.push(call.toolName);
    else steps.push([call.toolName]);
  });
  return steps.map((names) => (names.length === 1 ? names[0] : names));
}
