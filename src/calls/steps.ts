import type { ToolCall } from '../types.js';

/**
 * A run's calls as a read returns them inside the package, with the model step that issued each
 * call where the run says so (what `parallel(…)` checks). Steps stay beside the calls rather than on
 * them: the calls `getToolCalls` gives users are plain data, and a hidden property on each costs more
 * to define than reading the call. A list of calls handed back as a run has no steps.
 */
export interface RunCalls {
  calls: ToolCall[];
  /** Position i: the step of call i, the same (===) for the calls of one step of this read, or undefined where the run does not say. */
  steps?: unknown[];
  /** Position i: where call i sits in a source the run shares with its sub-agents' runs (a Claude Agent SDK message's index), to interleave them. */
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
