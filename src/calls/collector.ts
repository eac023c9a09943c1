import type { ToolApproval, ToolCall } from '../types.js';
import type { RunCalls } from './steps.js';
import { Pairing } from './pairing.js';

/**
 * Gathers the calls an adapter reads, in order, and applies the rules every format shares.
 *
 * Each entry an adapter adds is a call of its own, whatever its id: providers reuse ids (`call_0`
 * per turn). Only the same call listed twice inside one message (Mastra's and AI SDK 4's `parts` and
 * `toolInvocations`) is one call: the second list goes through `seenAgain`. A result, an error or a
 * denial pairs with its call as pairing.ts says, an approval with the nearest earlier call with its
 * id; a result with no value (undefined) answers nothing.
 */
export class CallCollector {
  readonly calls: ToolCall[] = [];
  // The model step being read, once the adapter marks steps; calls added meanwhile share it. Their
  // steps, by position, once a step or a call's own step is known (steps.ts).
  private step: number | string | undefined;
  private stepCount = 0;
  private steps: unknown[] | undefined;
  // Where the calls being read sit in a source shared with sub-agent runs, once the adapter says (`at`).
  private position: number | undefined;
  private positions: Array<number | undefined> | undefined;
  // The current message's first list of calls is calls[firstStart, firstEnd); a second list of the
  // same calls matches them mostly in order: every call before `cursor` is matched, and `outOfOrder`
  // holds the ones matched past it.
  private firstEnd = -1;
  private cursor = 0;
  private outOfOrder: Set<ToolCall> | undefined;
  private readonly pairing = new Pairing(this.calls, 'nearest');

  /** `tracksSteps`: false when the caller has no use for steps, which then cost nothing (no list of them). */
  constructor(private readonly tracksSteps = true) {}

  /** Adds a call the agent issued; `step`, when the reader knows it better than `beginStep` marks (a trace's span ids). */
  add(call: ToolCall, step: unknown = this.step): void {
    // getToolCalls (and the code scorer through it) never return steps: it records none.
    if (this.tracksSteps) {
      if (step !== undefined) (this.steps ??= new Array<unknown>(this.calls.length).fill(undefined))[this.calls.length] = step;
      else if (this.steps) this.steps.push(undefined);
    }
    if (this.position !== undefined) (this.positions ??= new Array<number | undefined>(this.calls.length).fill(undefined))[this.calls.length] = this.position;
    else if (this.positions) this.positions.push(undefined);
    this.calls.push(call);
  }

  /** The calls added from now on sit at `position` of a source the run shares with its sub-agents' runs (steps.ts). */
  at(position: number): void {
    this.position = position;
  }

  /**
   * The calls added from now on were issued in one new model step, which is what `parallel(…)`
   * checks. `id`: the step's own id where several messages share one (one model response split over
   * messages): the calls added under one id are one step, wherever its messages sit.
   */
  beginStep(id?: string): void {
    // Steps are told apart only within one read (steps.ts), so a count names them; ids are strings, never equal to a count.
    this.step = id === undefined ? ++this.stepCount : `id:${id}`;
  }

  /** Starts a message, step or response: `addSeenAgain` looks for its first sightings only from here. */
  beginScope(): void {
    this.cursor = this.calls.length;
    this.firstEnd = -1;
    this.outOfOrder = undefined;
  }

  /**
   * Adds a call from a second list of the same message (legacy `toolInvocations` beside `parts`):
   * the first call of this message with its id and tool that no earlier entry of this list matched
   * is the same call, and gains what it lacked; otherwise it is another call.
   */
  addSeenAgain(call: ToolCall): void {
    const seen = this.seenAgain(call.toolName, call.toolCallId);
    if (seen) fillIn(seen, call);
    else this.add(call);
  }

  /**
   * For an entry of a second list of the same message, before its call is made: the first call of
   * this message with its id and tool that no earlier entry matched, now matched (the reader fills it
   * in, `fillIn`), or undefined when the entry is another call (the reader adds it).
   */
  seenAgain(toolName: string, toolCallId: unknown): ToolCall | undefined {
    if (this.firstEnd === -1) this.firstEnd = this.calls.length;
    // An id is a non-empty string (as toolCall.ts keeps it); anything else names no earlier call.
    return typeof toolCallId === 'string' && toolCallId !== '' ? this.firstSighting(toolName, toolCallId) : undefined;
  }

  /** The first unmatched call of the first list with this id and tool, now matched. */
  private firstSighting(toolName: string, toolCallId: string): ToolCall | undefined {
    const calls = this.calls;
    while (this.cursor < this.firstEnd && this.outOfOrder?.has(calls[this.cursor]!)) this.cursor++;
    for (let index = this.cursor; index < this.firstEnd; index++) {
      const seen = calls[index]!;
      if (seen.toolCallId !== toolCallId || seen.toolName !== toolName || this.outOfOrder?.has(seen)) continue;
      if (index === this.cursor) this.cursor++;
      else (this.outOfOrder ??= new Set()).add(seen);
      return seen;
    }
    return undefined;
  }

  /** Records a tool result for the call it answers (pairing.ts); undefined is no result. */
  output(toolCallId: unknown, output: unknown, toolName?: string): void {
    if (output === undefined) return;
    const call = this.pairing.take(toolCallId, toolName);
    if (call) call.output = output;
  }

  /** Records a tool failure for the call it answers, paired as `output` is. */
  error(toolCallId: unknown, error: unknown, toolName?: string): void {
    if (error === undefined) return;
    const call = this.pairing.take(toolCallId, toolName);
    if (call) call.error = error;
  }

  /** Records a tool's answer: a failure when `failed`, else a result. */
  answer(toolCallId: unknown, value: unknown, failed: boolean, toolName?: string): void {
    if (failed) this.error(toolCallId, value, toolName);
    else this.output(toolCallId, value, toolName);
  }

  /** Records that a person was asked to approve the call with this id, or answered, and returns it; a denial answers the call. */
  approval(toolCallId: unknown, approval: ToolApproval): ToolCall | undefined {
    const call = approval === 'denied' ? this.pairing.take(toolCallId) : this.pairing.latest(toolCallId);
    if (call) call.approval = approval;
    return call;
  }

  /** The calls read, in order, with their steps when the run said. */
  result(): RunCalls {
    const read: RunCalls = this.steps ? { calls: this.calls, steps: this.steps } : { calls: this.calls };
    if (this.positions) read.positions = this.positions;
    return read;
  }
}

/** A second sighting of a call fills in only what the first one lacked. */
export function fillIn(seen: ToolCall, again: ToolCall): void {
  if (seen.output === undefined && again.output !== undefined) seen.output = again.output;
  if (seen.error === undefined && again.error !== undefined) seen.error = again.error;
  if (seen.approval === undefined && again.approval !== undefined) seen.approval = again.approval;
  if (again.invalid) seen.invalid = true;
  if (again.providerExecuted) seen.providerExecuted = true;
  if (seen.unparsedInput === undefined && again.unparsedInput !== undefined) seen.unparsedInput = again.unparsedInput;
}
