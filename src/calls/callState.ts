import type { ToolApproval } from '../types.js';
import { isRecord } from './adapter.js';

/**
 * Is the call's input still streaming (AI SDK 4 and Mastra `partial-call`, AI SDK 5+ `input-streaming`)?
 * Only such a call is not a call yet. Every call the model issued counts, whatever became of it:
 * succeeded, failed, pending, awaiting a person's approval, approved or denied (the model chose
 * that tool, and that choice is what is tested). A state this package does not know counts too:
 * leaving out a call would turn `.not.toCallTool` into a wrong pass.
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
