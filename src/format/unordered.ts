/** The messages of the unordered matchers (`toCallOnly([…])`, `toCallToolsInAnyOrder`, `toCallOnlyFrom`), which share one matching. */
import { unassigned, type UnorderedAlignment, type UnorderedDiagnosis } from '../scoring/diagnosis.js';
import type { Cover } from '../scoring/engine.js';
import { didYouMean } from '../suggest.js';
import type { ToolCall } from '../types.js';
import { formatInline, formatName, joinFirst, ordinal } from '../value.js';
import { describeExpectedCall, formatExpectedList } from './callList.js';
import { misspelledItem } from './orderDivergence.js';
import type { ExpectedCall } from '../scoring/expectedCall.js';
import { diffWindow, projected, projectionOf } from './projection.js';

/** What each matcher expects, positive or negated; a cut list keeps the first item left without a call in view. */
export function unorderedExpectation(cover: Cover, items: readonly ExpectedCall[], negated: boolean, callOfItem?: number[]): string {
  const missing = cover === 'calls' || !callOfItem ? -1 : callOfItem.indexOf(-1);
  const list = formatExpectedList(items, missing === -1 ? undefined : missing);
  if (cover === 'both') return negated ? `Expected the calls not to be exactly these, in any order:\n${list}` : `Expected exactly these calls, in any order:\n${list}`;
  if (cover === 'items') {
    return negated
      ? `Expected these calls not all to be made, in any order (other calls allowed):\n${list}`
      : `Expected these calls, in any order (other calls allowed):\n${list}`;
  }
  return negated
    ? `Expected some call beyond these (each matches one call at most):\n${list}`
    : `Expected every call to be one of these, each matching one call at most (some may go unused):\n${list}`;
}

/** Under `.not`, where the items found their calls: "They were made as calls 3, 1, 2." ("It was made as call 3." for one). */
export function unorderedMatched(cover: Cover, callOfItem: number[]): string | undefined {
  if (cover !== 'items' || callOfItem.length === 0) return undefined;
  if (callOfItem.length === 1) return `It was made as call ${callOfItem[0]! + 1}.`;
  return `They were made as calls ${joinFirst(Array.from(callOfItem), ', ', (call) => String(call + 1))}.`;
}

/** Why the matching failed (`diagnoseUnordered`), in words: each item left without a call and each call left without an item, sorted by why. */
export function unorderedDivergence(cover: Cover, calls: readonly ToolCall[], items: readonly ExpectedCall[], diagnosis: UnorderedDiagnosis): string {
  const { absent, short, otherInput, unexpected, strangers, surplus, otherInputCalls } = diagnosis;
  const describeItem = (index: number) => `${describeExpectedCall(items[index]!)} (expected ${ordinal(index + 1)})`;
  const describeCall = (index: number) => `call ${index + 1}, ${formatName(calls[index]!.toolName)}`;
  const lines: string[] = [];
  if (absent.length > 0) {
    const suggestion = absent.length === 1 ? didYouMean(items[absent[0]!]!.toolName, (cover === 'both' ? unexpected : calls.map((_, index) => index)).map((index) => calls[index]!.toolName)) : '';
    lines.push(`Not called: ${joinFirst(absent, '; ', describeItem)}.${suggestion}`);
  }
  if (short.length > 0) lines.push(`Not enough calls: ${joinFirst(short, '; ', describeItem)}. Each call that fits ${short.length === 1 ? 'it' : 'them'} matched another item.`);
  if (otherInput.length > 0) {
    lines.push(`Called, but not ${otherInput.every((index) => !items[index]!.outcome) ? 'with the expected input' : 'as expected'}: ${joinFirst(otherInput, '; ', describeItem)}.`);
  }

  if (cover === 'both') {
    if (unexpected.length > 0) lines.push(`Not expected: ${joinFirst(unexpected, '; ', describeCall)}.`);
    return lines.join('\n');
  }
  // An item never called whose name is close to a call left over: a misspelled item, said as the order matchers say it.
  if (strangers.length > 0) lines.push(`Not expected: ${joinFirst(strangers, '; ', describeCall)}.${misspelledItem(strangers.slice(0, 10).map((index) => calls[index]!), items, diagnosis.notCalled)}`);
  if (surplus.length > 0) lines.push(`More calls than items: ${joinFirst(surplus, '; ', describeCall)}. Each item that fits ${surplus.length === 1 ? 'it' : 'them'} matched another call.`);
  if (otherInputCalls.length > 0) {
    const asked = items.some((item) => item.outcome) ? 'input or outcome' : 'input';
    lines.push(`No item with its ${asked}: ${joinFirst(otherInputCalls, '; ', (index) => `${describeCall(index)} ${formatInline(calls[index]!.input, 48)}`)}.`);
  }
  return lines.join('\n');
}

/** The call to put in view in the call list: the first call left without an item, if any. */
export function unorderedFocus(cover: Cover, itemOfCall: number[]): number | undefined {
  if (cover === 'items') return undefined;
  const first = itemOfCall.indexOf(-1);
  return first === -1 ? undefined : first;
}

/**
 * The diff, lined up by the matching so that it shows only what went wrong: the items against the
 * calls that matched them (for `calls`, the calls against their items), then the leftovers
 * `alignUnordered` chose.
 */
export function unorderedDiff(
  cover: Cover,
  calls: readonly ToolCall[],
  items: readonly ExpectedCall[],
  { callOfItem, itemOfCall }: { callOfItem: number[]; itemOfCall: number[] },
  { itemNamedBy, leftovers }: UnorderedAlignment,
): { expected: unknown[]; actual: unknown[] } {
  const project = projectionOf(items);
  const missing = unassigned(callOfItem);
  const unexpected = unassigned(itemOfCall);
  if (cover === 'calls') {
    // Positions only (the item, and the call it matched or -1): the diff projects just its window.
    const alignedItems = [...[...itemOfCall].filter((item) => item !== -1), ...leftovers];
    return diffWindow(
      projected(alignedItems, (item) => project.expected(items[item]!)),
      projected(calls as ToolCall[], (call, index) => project.actual(call, items[itemOfCall[index]!] ?? items[itemNamedBy[index]!])),
      unexpected[0] ?? 0,
    );
  }
  const alignedCalls: number[] = [];
  const alignedItems: number[] = [];
  callOfItem.forEach((call, index) => {
    if (call === -1) return;
    alignedCalls.push(call);
    alignedItems.push(index);
  });
  for (const index of leftovers) {
    alignedCalls.push(index);
    alignedItems.push(-1);
  }
  // Aligned, the lists agree up to the first item left without a call.
  return diffWindow(
    projected(items, project.expected),
    projected(alignedCalls, (call, position) => project.actual(calls[call]!, items[alignedItems[position]!])),
    missing[0] ?? 0,
  );
}

