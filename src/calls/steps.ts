import type { ToolCall } from '../types.js';

/**
 * Which model step (one response of the model) issued a call, where the run says so: the calls of
 * one step were issued together, which is what `parallel(…)` checks. It travels on the call itself
 * as a non-enumerable property under a private symbol, so a normalized call stays the plain record
 * users compare against (`toEqual`, snapshots and spreads do not see it) and no table outlives a run.
 */
const STEP = Symbol('tool-call-accuracy.step');

/**
 * `step` is any value that is the same (===) for the calls of one step and differs between steps.
 * The first step recorded for a call stays: a reader that knows the step better records it before
 * the collector's default.
 */
export function recordStep(call: ToolCall, step: unknown): void {
  if (!Object.prototype.hasOwnProperty.call(call, STEP)) Object.defineProperty(call, STEP, { value: step });
}

/** The step that issued the call, or undefined when the run does not say. */
export function stepOf(call: ToolCall): unknown {
  return (call as { [STEP]?: unknown })[STEP];
}
