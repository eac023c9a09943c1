import type { OrderDiagnosis, StrictDiagnosis } from '../scoring/diagnosis.js';
import { didYouMean } from '../suggest.js';
import type { ToolCall } from '../types.js';
import { formatName, joinFirst, ordinal, plural, times } from '../value.js';
import { asksOutcome } from '../scoring/expectedCall.js';
import { formatCallList, formatExpectedList } from './callList.js';
import { compose } from './message.js';
import { describeCallOutcome, describeOutcome, expectedAspects } from './outcomes.js';
import type { ExpectedCall } from '../scoring/expectedCall.js';

/** `toCallToolsInOrder(items)`'s message: the claim with the items, the calls, each cut around its `focus`, then `detail`. */
export function orderMessage(
  hintLine: string,
  calls: readonly ToolCall[],
  items: readonly ExpectedCall[],
  { strict, pass, focus = {}, detail }: { strict: boolean; pass: boolean; focus?: { item?: number; call?: number }; detail?: string },
): string {
  const list = formatExpectedList(items, focus.item);
  const claim = strict
    ? pass ? `Expected the calls not to be exactly this sequence:\n${list}` : `Expected exactly these calls, in this order:\n${list}`
    : pass ? `Expected these calls not to appear in this order (other calls allowed):\n${list}` : `Expected these calls, in this order (other calls allowed):\n${list}`;
  return compose(hintLine, claim, formatCallList(calls, focus.call, asksOutcome(items)), detail);
}

/** Under `.not`, the calls the expected order found: "They appear as calls 1, 3, 4." */
export function appearAs(calls: readonly number[]): string {
  return `They appear as calls ${joinFirst(calls, ', ', (index) => String(index + 1))}.`;
}

/** Flexible order: why the first unmatched item could not follow the ones before it. */
export function orderDivergence(calls: readonly ToolCall[], items: readonly ExpectedCall[], diagnosis: OrderDiagnosis): string {
  const item = items[diagnosis.failedItem]!;
  // Two items of one tool told apart by their outcomes are named with them.
  const name = `${formatName(item.toolName)}${describeOutcome(item.outcome)} (expected ${ordinal(diagnosis.failedItem + 1)})`;
  if (diagnosis.why === 'not called') {
    return diagnosis.sameName > 0 && (item.hasInput || item.outcome)
      ? `${name} was called ${times(diagnosis.sameName)}, but never with the expected ${expectedAspects(item)}.`
      : `Never called: ${name}.${didYouMean(item.toolName, calls.map((call) => call.toolName))}`;
  }
  if (diagnosis.why === 'not enough calls') {
    const only = diagnosis.fitting === 1;
    return (
      `Not enough calls to ${name}: ${only ? 'its only call' : `all ${diagnosis.fitting} of its calls`} already matched ${only ? 'an earlier item' : 'earlier items'}.` +
      misspelledItem(calls, items, diagnosis.notCalled)
    );
  }
  const before = items[diagnosis.blocker]!;
  // Without a period when it stands alone, as the example in docs/matchers.md shows it.
  const misspelled = misspelledItem(calls, items, diagnosis.notCalled);
  return `First out of order: ${name} came before ${formatName(before.toolName)}${describeOutcome(before.outcome)} (expected ${ordinal(diagnosis.blocker + 1)})${misspelled && `.${misspelled}`}`;
}

/** Strict sequence: the first position where the calls and the items differ, said in words, and a misspelled item. */
export function strictDivergence(calls: readonly ToolCall[], items: readonly ExpectedCall[], diagnosis: StrictDiagnosis): string {
  return firstDifference(calls, items, diagnosis) + misspelledItem(calls, items, diagnosis.notCalled);
}

function firstDifference(calls: readonly ToolCall[], items: readonly ExpectedCall[], { mismatch, sameName }: StrictDiagnosis): string {
  const call = calls[mismatch];
  const item = items[mismatch];
  if (call && item) {
    return sameName
      ? `First difference at call ${mismatch + 1}: ${formatName(call.toolName)} was called${item.outcome ? `, but ${describeCallOutcome(call)}` : ' with a different input'}.`
      : `First difference at call ${mismatch + 1}: expected ${formatName(item.toolName)}, received ${formatName(call.toolName)}.`;
  }
  if (item) {
    return `The run made ${plural(calls.length, 'call')} where ${items.length} were expected; first missing: ${formatName(item.toolName)} (expected ${ordinal(mismatch + 1)}).`;
  }
  const extra = calls.length - items.length;
  return `The run made ${plural(extra, 'more call')} than expected, starting at call ${mismatch + 1}: ${formatName(call!.toolName)}.`;
}

/** ` "search_flight" was never called. Did you mean "search_flights"?` for the first item not called that is close to a call's name, else "". */
export function misspelledItem(calls: readonly ToolCall[], items: readonly ExpectedCall[], notCalled: readonly number[]): string {
  let calledNames: string[] | undefined;
  for (const index of notCalled) {
    const item = items[index]!;
    const suggestion = didYouMean(item.toolName, (calledNames ??= calls.map((call) => call.toolName)));
    if (suggestion !== '') return ` ${formatName(item.toolName)} was never called.${suggestion}`;
  }
  return '';
}
