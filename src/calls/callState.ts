import { isRecord } from './adapter.js';

/**
 * When a stored tool invocation counts as a call: once it went, or is going, to the tool. Not while
 * its input still streams (`partial-call`, `input-streaming`), nor while it awaits the user's
 * approval (`approval-requested`, which Mastra's conformance cases score 0), nor when the user
 * denied it (`output-denied`, or `approval-responded` without approval): the tool never ran.
 */
export const MASTRA_ISSUED_STATES: ReadonlySet<string> = new Set(['call', 'result', 'output-error']);
export const UI_ISSUED_STATES: ReadonlySet<string> = new Set(['input-available', 'output-available', 'output-error']);

/** Is this state one of `issued`, or an approval that was granted? */
export function isIssuedState(state: unknown, approval: unknown, issued: ReadonlySet<string>): boolean {
  if (issued.has(state as string)) return true;
  return state === 'approval-responded' && isRecord(approval) && approval.approved === true;
}
