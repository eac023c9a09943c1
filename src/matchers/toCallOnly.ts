import { describeExpectedCall, formatCallList, formatExpectedList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import { diffWindow, projected, projectionOf } from '../format/projection.js';
import { didYouMean } from '../suggest.js';
import { describeCallOutcome } from '../format/outcomes.js';
import { formatName, joinFirst, ordinal } from '../value.js';
import { matchUnordered } from '../scoring/engine.js';
import type { MatcherContext, MatcherResult } from '../format/matcherContext.js';
import type { ExpectedCall } from '../format/projection.js';
import { asksOutcome, callMatches, isCalled, nameKeys, nameMatches, readCalls, toExpectedCall, toExpectedCalls } from './shared.js';

/**
 * `toCallOnly(name)`: exactly one call in the run, and it is to `name`.
 * `toCallOnly([a, b, …])`: the calls are exactly these, in any order (a multiset).
 */
export function toCallOnly(this: MatcherContext, received: unknown, expected: unknown): MatcherResult {
  const hintLine = hint(this, 'toCallOnly');
  if (Array.isArray(expected)) {
    return onlyTheseCalls(this, hintLine, received, toExpectedCalls(expected, 'expected', hintLine));
  }
  return onlyOneCall(this, hintLine, received, toExpectedCall(expected, 'expected', hintLine));
}

function onlyOneCall(ctx: MatcherContext, hintLine: string, received: unknown, item: ExpectedCall): MatcherResult {
  const calls = readCalls(received, hintLine);
  const pass = calls.length === 1 && callMatches(ctx, calls, [item])(0, 0);
  const project = projectionOf([item]);
  if (pass) {
    return { pass, message: () => compose(hintLine, `Expected the run not to be a single call to ${describeExpectedCall(item)}`, formatCallList(calls, undefined, asksOutcome([item]))) };
  }
  const only = calls[0];
  const position = calls.findIndex((call) => nameMatches(ctx, call, item));
  let divergence: string | undefined;
  if (calls.length === 1 && only) {
    divergence = nameMatches(ctx, only, item)
      ? `The only call is to ${formatName(only.toolName)}, but ${item.outcome ? `it ${describeCallOutcome(only)}` : 'with a different input'}.`
      : `The only call is to ${formatName(only.toolName)}.`;
  } else if (calls.length > 1) {
    divergence =
      `${calls.length} calls were made where one was expected` +
      (position === -1 ? `.${didYouMean(item.toolName, calls.map((call) => call.toolName))}` : ` (${formatName(item.toolName)} is call ${position + 1}).`);
  }
  return {
    pass,
    message: () =>
      compose(hintLine, `Expected exactly one tool call, to ${describeExpectedCall(item)}`, formatCallList(calls, position === -1 ? 1 : position, asksOutcome([item])), divergence),
    ...diffWindow([project.expected(item)], projected(calls, (call) => project.actual(call, item))),
  };
}

function onlyTheseCalls(ctx: MatcherContext, hintLine: string, received: unknown, items: ExpectedCall[]): MatcherResult {
  const calls = readCalls(received, hintLine);
  const { pass, callOfItem, itemOfCall } = matchUnordered(calls.length, items.length, callMatches(ctx, calls, items), nameKeys(ctx, calls, items));
  const expectedList = formatExpectedList(items);
  if (pass) {
    return {
      pass,
      message: () => compose(hintLine, `Expected the calls not to be exactly these, in any order:\n${expectedList}`, formatCallList(calls, undefined, asksOutcome(items))),
    };
  }
  // A missing item whose tool was called (with another input) is not a misspelling.
  const missing = unassigned(callOfItem);
  const unexpected = unassigned(itemOfCall);
  const called = isCalled(ctx, calls);
  const describeMissing = (index: number) => `${describeExpectedCall(items[index]!)} (expected ${ordinal(index + 1)})`;
  const absent = missing.filter((index) => !called(items[index]!));
  const otherInput = missing.filter((index) => called(items[index]!));
  const unexpectedNames = () => unexpected.map((index) => calls[index]!.toolName);
  const divergence = [
    absent.length > 0 && `Not called: ${joinFirst(absent, '; ', describeMissing)}.${absent.length === 1 ? didYouMean(items[absent[0]!]!.toolName, unexpectedNames()) : ''}`,
    otherInput.length > 0 &&
      `Called, but not ${otherInput.every((index) => !items[index]!.outcome) ? 'with the expected input' : 'as expected'}: ${joinFirst(otherInput, '; ', describeMissing)}.`,
    unexpected.length > 0 && `Not expected: ${joinFirst(unexpected, '; ', (index) => `call ${index + 1}, ${formatName(calls[index]!.toolName)}`)}.`,
  ]
    .filter(Boolean)
    .join('\n');
  const firstUnexpected = itemOfCall.indexOf(-1);
  // Line the received calls up with the items they matched, so the diff shows only what is missing or extra.
  const project = projectionOf(items);
  // Positions only (the call, and the item it matched or -1): the diff projects just its window.
  const alignedCalls: number[] = [];
  const alignedItems: number[] = [];
  callOfItem.forEach((call, index) => {
    if (call === -1) return;
    alignedCalls.push(call);
    alignedItems.push(index);
  });
  for (const index of unexpected) {
    alignedCalls.push(index);
    alignedItems.push(-1);
  }
  return {
    pass,
    message: () =>
      compose(hintLine, `Expected exactly these calls, in any order:\n${expectedList}`, formatCallList(calls, firstUnexpected === -1 ? undefined : firstUnexpected, asksOutcome(items)), divergence),
    // Aligned, the lists agree up to the first item left without a call.
    ...diffWindow(projected(items, project.expected), projected(alignedCalls, (call, position) => project.actual(calls[call]!, items[alignedItems[position]!])), missing[0] ?? 0),
  };
}

/** The positions left without a partner in the matching. */
function unassigned(partners: Int32Array): number[] {
  const positions: number[] = [];
  for (let index = 0; index < partners.length; index++) if (partners[index] === -1) positions.push(index);
  return positions;
}
