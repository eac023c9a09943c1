import type { ExpectedCall } from '../scoring/expectedCall.js';
import type { OrderEntry } from '../scoring/parallel.js';
import type { ToolCall } from '../types.js';
import { describeExpectedCall, INPUT_WIDTH, MAX_LISTED, numberedList, shownIndexes } from './callList.js';
import { describeOutcome } from './outcomes.js';
import { formatInline, formatName, ordinal, printableName } from '../value.js';

/** The expected order with its groups: `2. parallel("weather", "news")`. */
export function formatExpectedEntries(entries: readonly OrderEntry[], items: readonly ExpectedCall[]): string {
  // Single items as in the other expected lists (a bare name), groups as the code that made them.
  return numberedList(entries.length, shownIndexes(entries.length), (index) => {
    const entry = entries[index]!;
    if (!('item' in entry)) return describeEntry(entry, items);
    const item = items[entry.item]!;
    return `${typeof item.toolName === 'string' ? printableName(item.toolName) : formatName(item.toolName)}${item.hasInput ? `  ${formatInline(item.input, INPUT_WIDTH)}` : ''}${describeOutcome(item.outcome)}`;
  });
}

export function describeEntry(entry: OrderEntry, items: readonly ExpectedCall[]): string {
  if ('item' in entry) return describeExpectedCall(items[entry.item]!);
  return `parallel(${entry.group.map((item) => describeExpectedCall(items[item]!)).join(', ')})`;
}

/** `Steps: 1: "search" | 2: "weather", "news"`: which calls each model step issued, numbered as in the list. */
export function formatSteps(calls: readonly ToolCall[], stepOf: (index: number) => unknown): string {
  const steps: string[] = [];
  let current: unknown;
  calls.slice(0, MAX_LISTED).forEach((call, index) => {
    const step = stepOf(index);
    const label = `${index + 1} ${formatName(call.toolName)}`;
    if (index > 0 && step === current) steps[steps.length - 1] += `, ${label}`;
    else steps.push(label);
    current = step;
  });
  return `Calls by model step: ${steps.map((step) => `[${step}]`).join(' ')}${calls.length > MAX_LISTED ? ' …' : ''}`;
}

/** Why the entry at `failedEntry` could not follow the ones before it. */
export function groupedDivergence(entries: readonly OrderEntry[], items: readonly ExpectedCall[], failedEntry: number, anyCallFits: (item: number) => boolean): string {
  const entry = entries[failedEntry]!;
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
