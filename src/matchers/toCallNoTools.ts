import { describeNoCalls } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import type { HintArguments } from './hints.js';
import { diffWindow, nameOf, projected } from '../format/projection.js';
import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import { readCalls } from './received.js';

export const toCallNoToolsHint = (): HintArguments => ({ expected: '' });

/** Passes when the run made no tool calls. */
export function toCallNoTools(this: MatcherContext, received: unknown): MatcherResult {
  const hintLine = hint(this, 'toCallNoTools', toCallNoToolsHint().expected);
  const calls = readCalls(received, hintLine);
  const pass = calls.length === 0;
  return {
    pass,
    message: () => compose(hintLine, describeNoCalls(calls)),
    // The names the diff shows, cut like every other diff (a long run would draw them all).
    ...(!pass && diffWindow([], projected(calls, (call) => nameOf(call.toolName)))),
  };
}
