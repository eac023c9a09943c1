import type { ToolCall } from '../types.js';

/**
 * A run's calls as a read returns them inside the package, with the model step (one response of
 * the model) that issued each call where the run says so: the calls of one step were issued
 * together, which is what `parallel(…)` checks.
 *
 * Steps stay beside the calls rather than on them: the list and the calls `getToolCalls` gives users
 * are plain data (`toEqual`, snapshots, spreads and `JSON.stringify` see nothing else), and a hidden
 * property on each call, or on the list, costs more to define than reading the call. The
 * matchers that need steps read the run through `readRun` (getToolCalls.ts); a list of calls handed
 * back as a run (a copy, a filter) has no steps, so `parallel(…)` refuses it rather than guess.
 */
export interface RunCalls {
  calls: ToolCall[];
  /**
   * Position i: the step of call i, a value (a number, a string) that is the same (===) for the
   * calls of one step and differs between the steps of this read, or undefined where the run does
   * not say. Absent when no call's step is known.
   */
  steps?: unknown[];
  /**
   * Position i: where call i sits in a source the run shares with its sub-agents' runs (the index
   * of its message among the Claude Agent SDK's messages), so that a read places a sub-agent's calls
   * among the run's as they were made. Absent where the run gives no such order.
   */
  positions?: Array<number | undefined>;
}

/** Reads one after the other, as one; a step of one read never equals a step of another. */
export function concatRuns(reads: readonly RunCalls[]): RunCalls {
  const calls = reads.flatMap((read) => read.calls);
  if (!reads.some((read) => read.steps !== undefined)) return { calls };
  // Each read names its steps its own way (a count, span ids): prefixed with the read's position, they stay apart.
  return {
    calls,
    steps: reads.flatMap((read, index) => read.calls.map((_, call) => (read.steps?.[call] === undefined ? undefined : `${index}:${String(read.steps[call])}`))),
  };
}
