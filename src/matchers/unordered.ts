import { formatCallList } from '../format/callList.js';
import type { MatcherResult } from '../matcherContext.js';
import type { Comparison } from '../scoring/comparison.js';
import { compose } from '../format/message.js';
import type { ExpectedCall } from '../scoring/expectedCall.js';
import { unorderedDiff, unorderedDivergence, unorderedExpectation, unorderedFocus, unorderedMatched } from '../format/unordered.js';
import type { Cover } from '../scoring/engine.js';
import { matchUnordered } from '../scoring/engine.js';
import { asksOutcome } from '../scoring/expectedCall.js';
import { callLookup } from '../scoring/comparison.js';
import { alignUnordered, diagnoseUnordered } from '../scoring/diagnosis.js';
import { readCalls } from './received.js';

/**
 * The unordered matchers, through the engine's maximum matching: `toCallOnly([…])` (`cover: 'both'`),
 * `toCallToolsInAnyOrder` (`'items'`: other calls allowed) and `toCallOnlyFrom` (`'calls'`: items may go unused).
 */
export function unordered(compare: Comparison, hintLine: string, received: unknown, items: ExpectedCall[], cover: Cover): MatcherResult {
  const calls = readCalls(received, hintLine);
  const { matches, candidates } = callLookup(compare, calls, items);
  const matching = matchUnordered(calls.length, items.length, matches, candidates, cover);
  const { pass } = matching;
  const outcomes = asksOutcome(items);
  if (pass) {
    return {
      pass,
      message: () => compose(hintLine, unorderedExpectation(cover, items, true), formatCallList(calls, undefined, outcomes), unorderedMatched(cover, matching.callOfItem)),
    };
  }
  return {
    pass,
    message: () =>
      compose(
        hintLine,
        unorderedExpectation(cover, items, false, matching.callOfItem),
        formatCallList(calls, unorderedFocus(cover, matching.itemOfCall), outcomes),
        unorderedDivergence(cover, calls, items, diagnoseUnordered(compare, cover, calls, items, matching, matches)),
      ),
    ...unorderedDiff(cover, calls, items, matching, alignUnordered(compare, cover, calls, items, matching)),
  };
}
