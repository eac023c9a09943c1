import { doubledAs } from '../store/doubles.js';
import type { ToolCall } from '../types.js';
import { isHandoff, startedBy } from '../calls/subAgents.js';
import { DETAIL_WIDTH, describeOutcome, shortOutcome } from './outcomes.js';
import type { ExpectedCall } from '../scoring/expectedCall.js';
import { formatInline, formatName, joinAnd, plural, printableName } from '../value.js';
import type { InlineOptions } from '../value.js';

export const MAX_LISTED = 20;
// Inputs are cut shorter when the outcome follows them on the line.
const OUTCOME_INPUT_WIDTH = 40;
// A cut list shows this many calls from the start, and this many either side of the focus.
const HEAD = 10;
const AROUND = 3;

/** `Received N tool calls:` and a numbered list, cut when long, keeping the call at `focus` in view with its neighbours. */
export function formatCallList(calls: readonly ToolCall[], focus?: number, outcomes = false): string {
  if (calls.length === 0) return 'Received no tool calls.';
  const shown = shownIndexes(calls.length, focus);
  const nameOf = (index: number) => printableName(calls[index]!.toolName);
  const nameWidth = Math.min(32, Math.max(...shown.map((index) => (index === -1 ? 0 : nameOf(index).length))));
  const lines = numberedList(calls.length, shown, (index) => `${nameOf(index).padEnd(nameWidth)}  ${formatCallDetail(calls[index]!, outcomes, { calls })}`);
  return `Received ${plural(calls.length, 'tool call')}:\n${lines}`;
}

/** The line a failed claim gets when the top agent's own calls pass it: which calls other agents made, and `own(run)`. */
export function ownWouldPass(calls: readonly ToolCall[]): string {
  const others = calls.flatMap((call, index) => (call.agent === undefined ? [] : [index + 1]));
  const agents = [...new Set(calls.flatMap((call) => (call.agent === undefined ? [] : [printableName(call.agent.name)])))];
  const numbers = others.length === 1 ? `call ${others[0]} was` : `calls ${joinAnd(others.slice(0, 10).map(String))}${others.length > 10 ? ' (and more)' : ''} were`;
  return (
    `Of these, ${numbers} made by ${agents.length === 1 ? 'another agent' : 'other agents'} than the top one (${agents.slice(0, 5).join(', ')}${agents.length > 5 ? ', …' : ''}). ` +
    "The top agent's own calls pass this check: to check only them, write expect(own(run))."
  );
}

/** `toCallNoTools`' claim and the calls, or (what `.not` shows) that the run made none. */
export function describeNoCalls(calls: readonly ToolCall[]): string {
  return calls.length === 0 ? 'Expected at least one tool call, but the run made none.' : `Expected no tool calls\n\n${formatCallList(calls)}`;
}

/** The indexes of the calls to list, with -1 where some are left out. */
export function shownIndexes(count: number, focus?: number): number[] {
  if (count <= MAX_LISTED) return Array.from({ length: count }, (_, index) => index);
  const head = focus !== undefined && focus >= MAX_LISTED ? HEAD : MAX_LISTED;
  const shown = Array.from({ length: head }, (_, index) => index);
  if (head < MAX_LISTED) {
    const from = Math.max(head, focus! - AROUND);
    if (from > head) shown.push(-1);
    for (let index = from; index <= Math.min(count - 1, focus! + AROUND); index++) shown.push(index);
  }
  if (shown[shown.length - 1]! < count - 1) shown.push(-1);
  return shown;
}

const APPROVAL_NOTES = { requested: 'awaiting approval', approved: 'approved', denied: 'denied by the user' } as const;

/** How a trajectory writes a call: `output` for the call's output, `outcome` for the whole outcome, `wide` widths. */
export interface CallDetailOptions extends InlineOptions {
  output?: unknown;
  outcome?: string;
  wide?: boolean;
  /** The list the call is numbered in: a sub-agent's call names the call that started its agent by its number there. */
  calls?: readonly ToolCall[];
}

/** Which agent made a call, when not the top one: `Billing, after the handoff at call 2`, `research-agent, run by call 3`, `Billing > Refunds`. */
export function agentNote(call: ToolCall, calls?: readonly ToolCall[]): string | undefined {
  const { agent } = call;
  if (agent === undefined) return undefined;
  const name = (agent.path ?? [agent.name]).map((part) => printableName(String(part))).join(' > ');
  const starter = startedBy(call);
  const at = starter && calls ? calls.indexOf(starter) : -1;
  if (at === -1) return name;
  return `${name}, ${isHandoff(starter!) ? 'after the handoff at' : 'run by'} call ${at + 1}`;
}

/** A call's input and notes; with `outcomes`, what it came to after an arrow. */
export function formatCallDetail(call: ToolCall, outcomes: boolean, options?: CallDetailOptions): string {
  const input = call.input === undefined ? '' : formatInline(call.input, outcomes && !options?.wide ? OUTCOME_INPUT_WIDTH : DETAIL_WIDTH, options);
  const notes: string[] = [];
  if (call.unparsedInput !== undefined) notes.push('input is not valid JSON');
  if (call.invalid) notes.push('invalid call');
  if (call.error !== undefined && !outcomes) notes.push('failed');
  if (call.approval !== undefined) notes.push(APPROVAL_NOTES[call.approval]);
  const agent = agentNote(call, options?.calls);
  const detail = `${notes.length > 0 ? `${input} (${notes.join(', ')})` : input}${agent === undefined ? '' : ` (${agent})`}`.trimStart();
  if (!outcomes) return detail;
  // A double's outcome says so: a stubbed or replayed output is not what the real tool returned.
  const doubled = options?.outcome === undefined ? doubledAs(call) : undefined;
  return `${detail}  → ${options?.outcome ?? shortOutcome(call, options)}${doubled === undefined ? '' : ` (${doubled})`}`.trimStart();
}

/** A numbered list of what was expected: names or `{ toolName, input }` patterns, cut like the call list around `focus`. */
export function formatExpectedList(items: readonly ExpectedCall[], focus?: number): string {
  if (items.length === 0) return '  (no calls)';
  const shown = shownIndexes(items.length, focus);
  const nameOf = (index: number) => {
    const name = items[index]!.toolName;
    return typeof name === 'string' ? printableName(name) : formatInline(name, 32);
  };
  const nameWidth = Math.max(...shown.map((index) => (index === -1 ? 0 : nameOf(index).length)));
  return numberedList(items.length, shown, (index) => {
    const item = items[index]!;
    const detail = [item.hasInput ? formatInline(item.input, DETAIL_WIDTH) : '', describeOutcome(item.outcome).trimStart()].filter(Boolean).join(' ');
    return `${nameOf(index).padEnd(nameWidth)}  ${detail}`;
  });
}

/** A numbered list of `count` entries, `  1. ` and the entry's `line`, for the indexes `shown`, with "… N more" at each gap (-1). */
export function numberedList(count: number, shown: readonly number[], line: (index: number) => string): string {
  const numberWidth = String(Math.max(...shown) + 1).length;
  return shown
    .map((index, position) => {
      if (index !== -1) return `  ${`${index + 1}.`.padStart(numberWidth + 1)} ${line(index)}`.trimEnd();
      const skipped = (shown[position + 1] ?? count) - shown[position - 1]! - 1;
      return position === shown.length - 1 ? `  … and ${skipped} more` : `  … ${skipped} more`;
    })
    .join('\n');
}

/** `"search"`, or `"search" with input {"q":"cats"}` when the expectation names an input, then the outcome it asks for. */
export function describeExpectedCall(item: ExpectedCall): string {
  return `${formatName(item.toolName)}${item.hasInput ? ` with input ${formatInline(item.input)}` : ''}${describeOutcome(item.outcome, item.hasInput)}`;
}
