import type { MatcherName } from './names.js';

/** The arguments a hint line names: `expect(run).toCallTool(toolName, input)` names `toolName` and `input`. */
export interface HintArguments {
  expected: string;
  secondArgument?: string;
}

/** A matcher's hint arguments from the arguments it was called with (the run left out), for its own line and a sample's. */
type HintOf = (...args: unknown[]) => HintArguments;

export const EXPECTED: HintArguments = { expected: 'expected' };

/** The judge matchers: `(options)` when options were given. */
export function judgeHint(options: unknown): HintArguments {
  return { expected: options === undefined ? '' : 'options' };
}

export type HintTable = Partial<Record<MatcherName, HintOf>>;
