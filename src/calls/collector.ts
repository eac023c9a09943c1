import type { ToolCall } from '../types.js';

/** Up to this many calls, ids are found by a scan instead of a Map. */
const SCAN_LIMIT = 16;

/**
 * Gathers the calls an adapter reads, in the order it reads them, and applies the rules every
 * format shares: a call seen again (same id, same tool) counts once, a later sighting only filling
 * in what was missing; results and errors are paired by id to the latest call with that id,
 * whichever comes first. A reused id naming another tool is another call: some servers number
 * their call ids afresh each turn (`call_0`), and copied test fixtures repeat them.
 */
export class CallCollector {
  readonly calls: ToolCall[] = [];
  // Small runs find ids by a scan of `calls`; a Map is built only once a run is large, as it
  // would be the biggest allocation of scoring a typical run.
  private byId: Map<string, ToolCall> | undefined;
  private pending: Map<string, { output?: unknown; error?: unknown; hasOutput: boolean; hasError: boolean }> | undefined;
  // Ids of calls held at an approval gate or denied there: issued by the model but not to the tool.
  private withheld: Set<string> | undefined;

  /** Adds an issued call; the same call seen again (same id and tool) is merged into the first sighting. */
  add(call: ToolCall): void {
    const id = call.toolCallId;
    if (id !== undefined) {
      const seen = this.find(id);
      if (seen && seen.toolName === call.toolName) {
        if (seen.output === undefined && call.output !== undefined) seen.output = call.output;
        if (seen.error === undefined && call.error !== undefined) seen.error = call.error;
        if (call.invalid) seen.invalid = true;
        if (call.providerExecuted) seen.providerExecuted = true;
        if (seen.unparsedInput === undefined && call.unparsedInput !== undefined) seen.unparsedInput = call.unparsedInput;
        return;
      }
      const early = seen ? undefined : this.pending?.get(id);
      if (early) {
        if (early.hasOutput && call.output === undefined) call.output = early.output;
        if (early.hasError && call.error === undefined) call.error = early.error;
        this.pending!.delete(id);
      }
    }
    this.addDistinct(call);
  }

  /**
   * Adds a call that is another call even when one with its id was seen: for a list that holds each
   * call once (Mastra's `toolCalls`), where a provider that numbers ids per turn reused one.
   */
  addDistinct(call: ToolCall): void {
    if (call.toolCallId !== undefined) this.byId?.set(call.toolCallId, call);
    this.calls.push(call);
    if (this.byId === undefined && this.calls.length > SCAN_LIMIT) this.indexIds();
  }

  /** The latest call with this id. */
  private find(toolCallId: string): ToolCall | undefined {
    if (this.byId) return this.byId.get(toolCallId);
    const calls = this.calls;
    for (let index = calls.length - 1; index >= 0; index--) if (calls[index]!.toolCallId === toolCallId) return calls[index];
    return undefined;
  }

  private indexIds(): void {
    this.byId = new Map();
    for (const call of this.calls) if (call.toolCallId !== undefined) this.byId.set(call.toolCallId, call);
  }

  /** Records a tool result for the call with this id (before or after the call itself is seen). */
  output(toolCallId: string, output: unknown): void {
    const call = this.find(toolCallId);
    if (call) {
      if (call.output === undefined) call.output = output;
      return;
    }
    const early = this.pendingFor(toolCallId);
    early.output = output;
    early.hasOutput = true;
  }

  /** Records a tool failure for the call with this id. */
  error(toolCallId: string, error: unknown): void {
    const call = this.find(toolCallId);
    if (call) {
      if (call.error === undefined) call.error = error;
      return;
    }
    const early = this.pendingFor(toolCallId);
    early.error = error;
    early.hasError = true;
  }

  /**
   * Leaves the call with this id out of the result unless it is released later: it awaits the
   * user's approval, or was denied, so it never reached the tool (Mastra does not count
   * `approval-requested` either).
   */
  withhold(toolCallId: string): void {
    (this.withheld ??= new Set()).add(toolCallId);
  }

  /** Counts a withheld call again: its approval was granted, or it produced a result. */
  release(toolCallId: string): void {
    this.withheld?.delete(toolCallId);
  }

  /** The calls read, in order, without the withheld ones. */
  result(): ToolCall[] {
    const withheld = this.withheld;
    if (withheld === undefined || withheld.size === 0) return this.calls;
    return this.calls.filter((call) => call.toolCallId === undefined || !withheld.has(call.toolCallId));
  }

  private pendingFor(toolCallId: string) {
    const pending = (this.pending ??= new Map());
    let early = pending.get(toolCallId);
    if (!early) pending.set(toolCallId, (early = { hasOutput: false, hasError: false }));
    return early;
  }
}
