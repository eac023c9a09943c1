import type { ToolApproval } from '../types.js';
import { isRecord } from './adapter.js';

/**
 * Is the call's input still streaming (`partial-call`, `input-streaming`)? Only such a call is not a
 * call yet: every other counts, whatever became of it (the model chose that tool), and so does a
 * state this package does not know (leaving it out would make `.not.toCallTool` pass wrongly).
 */
export function isStreaming(state: unknown): boolean {
  // Two comparisons, not a Set: this runs for every call read, and a Set lookup hashes the state.
  return state === 'partial-call' || state === 'input-streaming';
}

/**
 * Where the call stands at its approval gate, from its state and its `approval` record
 * (`{ id, approved?, reason? }`, kept on the part after the answer), or undefined when it needed none.
 */
export function approvalOf(state: unknown, approval: unknown): ToolApproval | undefined {
  if (state === 'output-denied') return 'denied';
  if (isRecord(approval)) return approval.approved === true ? 'approved' : approval.approved === false ? 'denied' : 'requested';
  return state === 'approval-requested' ? 'requested' : undefined;
}
