import { getToolCalls, readRun } from '../calls/getToolCalls.js';
import type { RunCalls } from '../calls/steps.js';
import { ToolCallAccuracyError } from '../errors.js';
import type { ToolCall } from '../types.js';
import { matcherError } from './matcherError.js';

/** Reads the run's calls (without their steps: only `parallel(…)` needs them); a value that is not a run is a matcher error. */
export function readCalls(received: unknown, hintLine: string): ToolCall[] {
  return asMatcherError(() => getToolCalls(received), hintLine);
}

/** `readCalls`, with the model step of each call where the run records it (for `parallel(…)`). */
export function readRunCalls(received: unknown, hintLine: string): RunCalls {
  return asMatcherError(() => readRun(received), hintLine);
}

function asMatcherError<T>(read: () => T, hintLine: string): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ToolCallAccuracyError) throw matcherError(hintLine, error.problem);
    throw error;
  }
}
