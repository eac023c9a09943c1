import type { ToolApproval, ToolCall } from '../types.js';
import type { RunCalls } from './steps.js';

/** A result looks for its call among this many latest calls, then in an index of all of them. */
const SCAN_LIMIT = 32;

/**
 * Gathers the calls an adapter reads, in the order it reads them, and applies the rules every
 * format shares.
 *
 * Each entry an adapter adds is a call of its own: a call id names a call only inside one message,
 * step or response, because providers reuse them (ids numbered per turn, `call_0`, come back later
 * with other arguments; some servers repeat an id inside one message). The only entries that are
 * one call are the same call listed twice inside one message (Mastra's and AI SDK 4's `parts` and
 * `toolInvocations`): the adapter passes the second list to `addSeenAgain`.
 *
 * A result, an error or a denial pairs with the nearest earlier call with its id that has none yet;
 * an approval with the nearest earlier call with its id.
 */
export class CallCollector {
  readonly calls: ToolCall[] = [];
  // The model step being read, once the adapter marks steps; calls added meanwhile share it. Their
  // steps, by position, once a step or a call's own step is known (steps.ts).
  private step: number | undefined;
  private steps: unknown[] | undefined;
  // The current message's first list of calls is calls[firstStart, firstEnd); a second list of the
  // same calls matches them mostly in order: every call before `cursor` is matched, and `outOfOrder`
  // holds the ones matched past it.
  private firstEnd = -1;
  private cursor = 0;
  private outOfOrder: Set<ToolCall> | undefined;
  // Built only when a result's call is not among the latest: for each id, its call, or its calls in
  // order when the id came back (answered ones are skipped lazily).
  private byId: Map<string, ToolCall | ToolCall[]> | undefined;

  /** `tracksSteps`: false when the caller has no use for steps, which then cost nothing (no list of them). */
  constructor(private readonly tracksSteps = true) {}

  /**
   * Adds a call the agent issued. It is always another call, whatever its id. `step`, when the
   * reader knows it better than `beginStep` marks (a trace's span ids), names the call's step.
   */
  add(call: ToolCall, step: unknown = this.step): void {
    // getToolCalls (and the code scorer through it) never return steps: it records none.
    if (this.tracksSteps) {
      if (step !== undefined) (this.steps ??= new Array<unknown>(this.calls.length).fill(undefined))[this.calls.length] = step;
      else if (this.steps) this.steps.push(undefined);
    }
    this.calls.push(call);
    if (this.byId) this.index(call);
  }

  /**
   * The calls added from now on were issued in one new model step (a step of a result, an
   * assistant message, a `step-start` part), which is what `parallel(…)` checks. Formats that
   * never call this leave steps unknown.
   */
  beginStep(): void {
    // Steps are told apart only within one read (steps.ts), so a count names them.
    this.step = (this.step ?? 0) + 1;
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
   * this message with its id and tool that no earlier entry of this list matched, now matched (the
   * reader fills in what it lacked, see `fillIn`), or undefined when the entry is another call (the
   * reader adds it). A reader that finds nothing to fill in then makes no call for the entry.
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

  /** Records a tool result for the nearest earlier unanswered call with this id. */
  output(toolCallId: string, output: unknown): void {
    const call = this.unanswered(toolCallId);
    if (call) call.output = output;
  }

  /** Records a tool failure for the nearest earlier unanswered call with this id. */
  error(toolCallId: string, error: unknown): void {
    const call = this.unanswered(toolCallId);
    if (call) call.error = error;
  }

  /** Records that a person was asked to approve the call with this id, or answered; returns that call. */
  approval(toolCallId: string, approval: ToolApproval): ToolCall | undefined {
    const call = approval === 'denied' ? this.unanswered(toolCallId) : this.latest(toolCallId);
    if (call) call.approval = approval;
    return call;
  }

  /** The calls read, in order, with their steps when the run said. */
  result(): RunCalls {
    return this.steps ? { calls: this.calls, steps: this.steps } : { calls: this.calls };
  }

  private unanswered(toolCallId: string): ToolCall | undefined {
    // A result mostly follows the calls of its own step: the latest calls are looked at first, and
    // the index (a table entry per call, most of reading a large run when it was built for every
    // result) only for a result whose call is further back.
    const calls = this.calls;
    const stop = calls.length > SCAN_LIMIT ? calls.length - SCAN_LIMIT : 0;
    for (let index = calls.length - 1; index >= stop; index--) {
      const call = calls[index]!;
      if (call.toolCallId === toolCallId && !isAnswered(call)) return call;
    }
    if (stop === 0) return undefined;
    const indexed = this.indexed(toolCallId);
    if (!Array.isArray(indexed)) return indexed && !isAnswered(indexed) ? indexed : undefined;
    // Answered calls sit at the end of the list until they are looked past.
    for (let index = indexed.length - 1; index >= 0; index--) {
      if (!isAnswered(indexed[index]!)) return indexed[index];
    }
    return undefined;
  }

  private latest(toolCallId: string): ToolCall | undefined {
    const calls = this.calls;
    const stop = calls.length > SCAN_LIMIT ? calls.length - SCAN_LIMIT : 0;
    for (let index = calls.length - 1; index >= stop; index--) if (calls[index]!.toolCallId === toolCallId) return calls[index];
    if (stop === 0) return undefined;
    const indexed = this.indexed(toolCallId);
    return Array.isArray(indexed) ? indexed.at(-1) : indexed;
  }

  /** The calls with this id, from the index, built at the first look past the latest calls. */
  private indexed(toolCallId: string): ToolCall | ToolCall[] | undefined {
    if (!this.byId) {
      this.byId = new Map();
      for (const call of this.calls) this.index(call);
    }
    return this.byId.get(toolCallId);
  }

  private index(call: ToolCall): void {
    const id = call.toolCallId;
    if (id === undefined) return;
    // One call per id is the rule: a list only for an id that came back.
    const entry = this.byId!.get(id);
    if (entry === undefined) this.byId!.set(id, call);
    else if (Array.isArray(entry)) entry.push(call);
    else this.byId!.set(id, [entry, call]);
  }
}

/** A call is answered once it has a result or an error, or a person denied it (it will get neither). */
function isAnswered(call: ToolCall): boolean {
  return call.output !== undefined || call.error !== undefined || call.approval === 'denied';
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
