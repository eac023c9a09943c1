import type { ToolCall } from '../types.js';

/**
 * Which of several unanswered calls with one id a result answers: `nearest`, the latest (runs read in
 * the order things happened, where providers reuse ids per turn), or `earliest`, the first (runs
 * that list all calls and all results apart, in the same order). A result without an id answers the
 * earliest unanswered call to its tool without an id either (parallel calls without ids, Gemini's).
 */
export type PairingOrder = 'nearest' | 'earliest';

/** A result looks for its call among this many calls (from the latest, or from the earliest open one) before it looks in an index. */
const SCAN = 32;

/** The positions of the calls with one id (or, without an id, to one tool), in order; every position before `head` is answered. */
interface Positions {
  readonly at: number[];
  head: number;
}

/** An id names a call when it is a non-empty string (as toolCall.ts keeps it). */
function isId(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** A call made with its outcome (a reader that knew it when it made the call), or denied (it gets none). */
function hasOutcome(call: ToolCall): boolean {
  return call.output !== undefined || call.error !== undefined || call.approval === 'denied';
}

/**
 * Pairs results with the calls they answer: by call id, or, where a format has no ids, by tool name
 * in order. It reads the list of calls its owner keeps (and appends to). A call is answered once a
 * result was paired with it (`take`), or once it has an output, an error or a denial.
 *
 * A result mostly answers a call close by: those are looked at first, and an index of ids is made
 * only for a result whose call is further away (an index for every run cost more: bench/RESULTS.md).
 */
export class Pairing {
  /** By position in the list: the calls a result was paired with. */
  private readonly taken: boolean[] = [];
  /** Every call before it is answered (`earliest` looks from here). */
  private head = 0;
  private byId: Map<string, Positions> | undefined;
  private byName: Map<string, Positions> | undefined;
  /** How many calls of the list are in the index. */
  private indexed = 0;

  constructor(
    private readonly calls: readonly ToolCall[],
    private readonly order: PairingOrder = 'nearest',
  ) {}

  /**
   * The unanswered call a result answers, now answered: with an id, a call with that id (and tool,
   * when given), by the pairing's order; without one, the earliest to `toolName` made without an id.
   */
  take(toolCallId: unknown, toolName?: string): ToolCall | undefined {
    const id = isId(toolCallId) ? toolCallId : undefined;
    if (id === undefined && toolName === undefined) return undefined;
    const at = id !== undefined && this.order === 'nearest' ? this.latestOpen(id, toolName) : this.earliestOpen(id, toolName);
    if (at === -1) return undefined;
    this.taken[at] = true;
    return this.calls[at];
  }

  /** The latest call with this id, answered or not (an approval asked or given for it). */
  latest(toolCallId: unknown): ToolCall | undefined {
    if (!isId(toolCallId)) return undefined;
    const calls = this.calls;
    const stop = Math.max(0, calls.length - SCAN);
    for (let at = calls.length - 1; at >= stop; at--) if (calls[at]!.toolCallId === toolCallId) return calls[at];
    if (stop === 0) return undefined;
    const positions = this.index().byId.get(toolCallId);
    return positions ? calls[positions.at[positions.at.length - 1]!] : undefined;
  }

  private isOpen(at: number): boolean {
    return this.taken[at] !== true && !hasOutcome(this.calls[at]!);
  }

  /** Whether the call at `at` is open and answers a result with this id (or, without one, to this tool). */
  private answers(at: number, id: string | undefined, toolName: string | undefined): boolean {
    const call = this.calls[at]!;
    if (id === undefined ? isId(call.toolCallId) || call.toolName !== toolName : call.toolCallId !== id || (toolName !== undefined && call.toolName !== toolName)) return false;
    return this.isOpen(at);
  }

  private latestOpen(id: string, toolName: string | undefined): number {
    const stop = Math.max(0, this.calls.length - SCAN);
    for (let at = this.calls.length - 1; at >= stop; at--) if (this.answers(at, id, toolName)) return at;
    if (stop === 0) return -1;
    const positions = this.index().byId.get(id)?.at ?? [];
    for (let index = positions.length - 1; index >= 0; index--) if (this.answers(positions[index]!, id, toolName)) return positions[index]!;
    return -1;
  }

  private earliestOpen(id: string | undefined, toolName: string | undefined): number {
    const count = this.calls.length;
    while (this.head < count && !this.isOpen(this.head)) this.head++;
    const stop = Math.min(count, this.head + SCAN);
    for (let at = this.head; at < stop; at++) if (this.answers(at, id, toolName)) return at;
    if (stop === count) return -1;
    const index = this.index();
    const positions = id !== undefined ? index.byId.get(id) : index.byName.get(toolName!);
    if (!positions) return -1;
    while (positions.head < positions.at.length && !this.isOpen(positions.at[positions.head]!)) positions.head++;
    for (let index = positions.head; index < positions.at.length; index++) if (this.answers(positions.at[index]!, id, toolName)) return positions.at[index]!;
    return -1;
  }

  /** The index of ids and (for calls without one) tool names, brought up to date with the list. */
  private index(): { byId: Map<string, Positions>; byName: Map<string, Positions> } {
    const byId = (this.byId ??= new Map());
    const byName = (this.byName ??= new Map());
    const calls = this.calls;
    for (; this.indexed < calls.length; this.indexed++) {
      const call = calls[this.indexed]!;
      const id = call.toolCallId;
      const table = isId(id) ? byId : byName;
      const key = isId(id) ? id : call.toolName;
      const positions = table.get(key);
      if (positions) positions.at.push(this.indexed);
      else table.set(key, { at: [this.indexed], head: 0 });
    }
    return { byId, byName };
  }
}
