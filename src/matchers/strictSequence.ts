import type { MatcherResult } from '../matcherContext.js';
import type { Comparison } from '../scoring/comparison.js';
import { orderMessage, strictDivergence } from '../format/orderDivergence.js';
import type { ExpectedCall } from '../scoring/expectedCall.js';
import { diffWindow, projected, projectionOf } from '../format/projection.js';
import { firstSequenceMismatch } from '../scoring/engine.js';
import type { ToolCall } from '../types.js';
import { callMatches } from '../scoring/comparison.js';
import { diagnoseStrict } from '../scoring/diagnosis.js';

/** `toCallToolsInOrder(items, { strict: true })`: the calls are exactly this sequence, nothing before, between or after. */
export function strictSequence(compare: Comparison, hintLine: string, calls: ToolCall[], items: readonly ExpectedCall[]): MatcherResult {
  const matches = callMatches(compare, calls, items);
  const mismatch = firstSequenceMismatch(calls.length, items.length, matches);
  const pass = mismatch === -1;
  if (pass) {
    return { pass, message: () => orderMessage(hintLine, calls, items, { strict: true, pass }) };
  }
  const project = projectionOf(items);
  return {
    pass,
    message: () =>
      orderMessage(hintLine, calls, items, { strict: true, pass, focus: { item: mismatch, call: mismatch }, detail: strictDivergence(calls, items, diagnoseStrict(compare, calls, items, mismatch)) }),
    ...diffWindow(projected(items, project.expected), projected(calls, (call, index) => project.actual(call, items[index])), mismatch),
  };
}
