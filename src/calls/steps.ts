import type { ToolCall } from '../types.js';

/**
 * Which model step (one response of the model) issued each call, where the run says so: the
 * calls of one step were issued together, which is what `parallel(…)` checks. Kept beside the
 * calls, not on them, so a normalized call stays the plain record users compare against.
 */
const stepOfCall = new WeakMap<ToolCall, unknown>();

/** `step` is any value that is the same (===) for the calls of one step and differs between steps. */
export function recordStep(call: ToolCall, step: unknown): void {
  if (!stepOfCall.has(call)) stepOfCall.set(call, step);
}

/** The step that issued the call, or undefined when the run does not say. */
export function stepOf(call: ToolCall): unknown {
  return stepOfCall.get(call);
}
