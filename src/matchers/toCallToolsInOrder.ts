import { formatCallList, formatExpectedList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import { diffWindow, projectionOf } from '../format/projection.js';
import { didYouMean } from '../suggest.js';
import { formatName, joinFirst, ordinal, plural, times } from '../value.js';
import type { Matches } from '../scoring/engine.js';
import { firstSequenceMismatch, matchInOrder } from '../scoring/engine.js';
import type { ToolCall } from '../types.js';
import type { MatcherContext, MatcherResult } from '../format/matcherContext.js';
import type { ExpectedCall } from '../format/projection.js';
import { describeArgument } from '../describe.js';
import { hasParallelGroup, inOrderWithGroups } from './inOrderWithGroups.js';
import { callMatches, isCalled, itemNamedBy, matcherError, nameMatches, readCalls, toExpectedCalls } from './shared.js';

/**
 * Passes when the items appear among the calls in this order (other calls allowed), or with
 * `{ strict: true }` when the calls are exactly this sequence.
 */
export function toCallToolsInOrder(this: MatcherContext, received: unknown, expected: unknown, options?: unknown): MatcherResult {
  const strictOption = readStrictOption(options, () => hint(this, 'toCallToolsInOrder', 'expected', 'options'));
  const hintLine = hint(this, 'toCallToolsInOrder', 'expected', strictOption ? '{ strict: true }' : undefined);
  if (hasParallelGroup(expected)) return inOrderWithGroups(this, hintLine, received, expected as unknown[], strictOption);
  const items = toExpectedCalls(expected, 'expected', hintLine);
  // An empty list means what it means for toCallOnly([]): no calls at all (in flexible order it
  // would pass on every run, which is never what a test means).
  const strict = strictOption || items.length === 0;
  const calls = readCalls(received, hintLine);
  const matches = callMatches(this, calls, items);
  const expectedList = (focus?: number) => formatExpectedList(items, focus);
  const project = projectionOf(items);
  const expectedProjection = items.map(project.expected);

  if (strict) {
    const mismatch = firstSequenceMismatch(calls.length, items.length, matches);
    const pass = mismatch === -1;
    return {
      pass,
      message: () =>
        pass
          ? compose(hintLine, `Expected the calls not to be exactly this sequence:\n${expectedList()}`, formatCallList(calls))
          : compose(
              hintLine,
              `Expected exactly these calls, in this order:\n${expectedList(mismatch)}`,
              formatCallList(calls, mismatch),
              strictDivergence(this, calls, items, mismatch) + misspelledItem(this, calls, items),
            ),
      ...(!pass && diffWindow(expectedProjection, calls.map((call, index) => project.actual(call, items[index])), mismatch)),
    };
  }

  const matched: number[] = [];
  const failedItem = matchInOrder(calls.length, items.length, matches, matched);
  const pass = failedItem === -1;
  if (pass) {
    return {
      pass,
      message: () =>
        compose(
          hintLine,
          `Expected these calls not to appear in this order (other calls allowed):\n${expectedList()}`,
          formatCallList(calls),
          `They appear as calls ${joinFirst(matched, ', ', (index) => String(index + 1))}.`,
        ),
    };
  }
  // The failed item's first candidate call is where the order broke; without one, after the last match.
  const candidate = calls.findIndex((_, index) => matches(index, failedItem));
  const focus = candidate !== -1 ? candidate : matched.length > 0 ? matched[matched.length - 1] : undefined;
  // The diff shows only the received calls the expectation is about, so an unrelated call adds no noise.
  const itemOf = itemNamedBy(this, items);
  const relevant = calls.filter((call) => itemOf(call) !== undefined);
  return {
    pass,
    message: () =>
      compose(
        hintLine,
        `Expected these calls, in this order (other calls allowed):\n${expectedList(failedItem)}`,
        formatCallList(calls, focus),
        orderDivergence(this, calls, items, matches, matched, failedItem),
      ),
    ...diffWindow(
      expectedProjection,
      relevant.map((call) => project.actual(call, itemOf(call))),
      failedItem,
    ),
  };
}

function readStrictOption(options: unknown, hintLine: () => string): boolean {
  if (options === undefined) return false;
  if (typeof options === 'object' && options !== null && !Array.isArray(options)) {
    const { strict, ...rest } = options as { strict?: unknown };
    const unknownKeys = Object.keys(rest);
    if (unknownKeys.length > 0) {
      throw matcherError(hintLine(), `options takes only { strict: boolean }; received unknown key ${JSON.stringify(unknownKeys[0])}.`);
    }
    if (strict === undefined || typeof strict === 'boolean') return strict === true;
  }
  throw matcherError(hintLine(), `options must be { strict: boolean }; received ${describeArgument(options)}.`);
}

/** Why the first unmatched item could not follow the ones before it. */
function orderDivergence(
  ctx: MatcherContext,
  calls: readonly ToolCall[],
  items: readonly ExpectedCall[],
  matches: Matches,
  matched: readonly number[],
  failedItem: number,
): string {
  const item = items[failedItem]!;
  const name = `${formatName(item.toolName)} (expected ${ordinal(failedItem + 1)})`;
  const candidates: number[] = [];
  for (let index = 0; index < calls.length; index++) if (matches(index, failedItem)) candidates.push(index);
  if (candidates.length === 0) {
    const sameName = calls.filter((call) => nameMatches(ctx, call, item)).length;
    return sameName > 0 && item.hasInput
      ? `${name} was called ${times(sameName)}, but never with the expected input.`
      : `Never called: ${name}.${didYouMean(item.toolName, calls.map((call) => call.toolName))}`;
  }
  const used = new Set(matched);
  const free = candidates.find((index) => !used.has(index));
  if (free === undefined) {
    const only = candidates.length === 1;
    return (
      `Not enough calls to ${name}: ${only ? 'its only call' : `all ${candidates.length} of its calls`} already matched ${only ? 'an earlier item' : 'earlier items'}.` +
      misspelledItem(ctx, calls, items)
    );
  }
  // The free call came too early: name the earliest expected item it had to follow.
  const blocker = matched.findIndex((index) => index > free);
  const before = items[blocker]!;
  // Without a period when it stands alone, as the example in docs/matchers.md shows it.
  const misspelled = misspelledItem(ctx, calls, items);
  return `First out of order: ${name} came before ${formatName(before.toolName)} (expected ${ordinal(blocker + 1)})${misspelled && `.${misspelled}`}`;
}

/**
 * " "search_flight" was never called. Did you mean "search_flights"?" for the first expected name
 * that no call has and a called name is close to, so a typo is named even when the first
 * divergence is elsewhere; else "".
 */
function misspelledItem(ctx: MatcherContext, calls: readonly ToolCall[], items: readonly ExpectedCall[]): string {
  const called = isCalled(ctx, calls);
  let calledNames: string[] | undefined;
  for (const item of items) {
    if (called(item)) continue;
    const suggestion = didYouMean(item.toolName, (calledNames ??= calls.map((call) => call.toolName)));
    if (suggestion !== '') return ` ${formatName(item.toolName)} was never called.${suggestion}`;
  }
  return '';
}

function strictDivergence(ctx: MatcherContext, calls: readonly ToolCall[], items: readonly ExpectedCall[], mismatch: number): string {
  const call = calls[mismatch];
  const item = items[mismatch];
  if (call && item) {
    return nameMatches(ctx, call, item)
      ? `First difference at call ${mismatch + 1}: ${formatName(call.toolName)} was called with a different input.`
      : `First difference at call ${mismatch + 1}: expected ${formatName(item.toolName)}, received ${formatName(call.toolName)}.`;
  }
  if (item) {
    return `The run made ${plural(calls.length, 'call')} where ${items.length} were expected; first missing: ${formatName(item.toolName)} (expected ${ordinal(mismatch + 1)}).`;
  }
  const extra = calls.length - items.length;
  return `The run made ${plural(extra, 'more call')} than expected, starting at call ${mismatch + 1}: ${formatName(call!.toolName)}.`;
}
