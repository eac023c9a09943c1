import type { ToolCall } from '../types.js';

/**
 * Which of several unanswered calls with one id a result answers:
 * - `nearest`: the latest one. For runs read in the order things happened (messages, items, step
 *   content): a provider that numbers ids per turn (`call_0`) reuses them, and a result answers the
 *   call of its own step, the latest with its id, never an earlier step's call left without one.
 * - `earliest`: the first one. For runs that list all calls and all results apart, in the same
 *   order (a Mastra `generate()` result's `toolCalls` and `toolResults`, a trace's tool spans).
 * A result without an id answers the earliest unanswered call to its tool that has no id either,
 * whatever the order: parallel calls without ids (Gemini) are answered in the order they were made.
 */
export type PairingOrder = 'nearest' | 'earliest';

/** The calls with one id (or, without an id, to one tool), in the order they were made. */
interface Waiting {
  readonly calls: ToolCall[];
  /** Every call before it is answered (`earliest` starts looking here). */
  head: number;
}

/**
 * Pairs results with the calls they answer: by call id, or, where a format has no ids, by tool
 * name in order. The one place a reader looks up the call of a result, a failure or an approval.
 *
 * It reads the list of calls its owner keeps (and appends to): a result sees every call made before
 * it. A call is answered once a result was paired with it (`take`), or once it has an output, an
 * error, or a denial (a reader that knew its result when it made it). The caller sets the result on
 * the call `take` returns: a result with no value (undefined) should not be taken, so that its call
 * stays open for the next one (`CallCollector.output`).
 *
 * The index of ids is made at the first result, so a run whose calls carry their results (UI
 * parts, trajectories) builds none.
 */
/** An id names a call when it is a non-empty string (as toolCall.ts keeps it). */
function isId(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

export class Pairing {
  private byId: Map<string, Waiting> | undefined;
  private byName: Map<string, Waiting> | undefined;
  /** How many calls of the list are in the index. */
  private indexed = 0;
  private readonly taken = new Set<ToolCall>();

  constructor(
    private readonly calls: readonly ToolCall[],
    private readonly order: PairingOrder = 'nearest',
  ) {}

  /**
   * The unanswered call a result answers, now answered; undefined when there is none. With an id
   * (a non-empty string): a call with that id (and, when `toolName` is given, that tool), the
   * latest or the earliest by the pairing's order. Without one: the earliest unanswered call to
   * `toolName` made without an id.
   */
  take(toolCallId: unknown, toolName?: string): ToolCall | undefined {
    this.catchUp();
    const byId = isId(toolCallId);
    const waiting = byId ? this.byId!.get(toolCallId) : toolName === undefined ? undefined : this.byName!.get(toolName);
    if (waiting === undefined) return undefined;
    const call = byId && this.order === 'nearest' ? this.latestOpen(waiting, toolName) : this.earliestOpen(waiting, toolName);
    if (call) this.taken.add(call);
    return call;
  }

  /** The latest call with this id, answered or not (an approval asked or given for it). */
  latest(toolCallId: unknown): ToolCall | undefined {
    if (!isId(toolCallId)) return undefined;
    this.catchUp();
    return this.byId!.get(toolCallId)?.calls.at(-1);
  }

  /** Whether the call is answered: paired with a result here, or made with its outcome. */
  isAnswered(call: ToolCall): boolean {
    return this.taken.has(call) || call.output !== undefined || call.error !== undefined || call.approval === 'denied';
  }

  private latestOpen(waiting: Waiting, toolName: string | undefined): ToolCall | undefined {
    const { calls } = waiting;
    for (let index = calls.length - 1; index >= waiting.head; index--) {
      const call = calls[index]!;
      if (!this.isAnswered(call) && (toolName === undefined || call.toolName === toolName)) return call;
    }
    return undefined;
  }

  private earliestOpen(waiting: Waiting, toolName: string | undefined): ToolCall | undefined {
    const { calls } = waiting;
    while (waiting.head < calls.length && this.isAnswered(calls[waiting.head]!)) waiting.head++;
    for (let index = waiting.head; index < calls.length; index++) {
      const call = calls[index]!;
      if (!this.isAnswered(call) && (toolName === undefined || call.toolName === toolName)) return call;
    }
    return undefined;
  }

  /** Puts the calls made since the last look into the index. */
  private catchUp(): void {
    const byId = (this.byId ??= new Map());
    const byName = (this.byName ??= new Map());
    const calls = this.calls;
    for (; this.indexed < calls.length; this.indexed++) {
      const call = calls[this.indexed]!;
      const id = call.toolCallId;
      const table = isId(id) ? byId : byName;
      const key = isId(id) ? id : call.toolName;
      const waiting = table.get(key);
      if (waiting) waiting.calls.push(call);
      else table.set(key, { calls: [call], head: 0 });
    }
  }
}
