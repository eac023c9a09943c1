import type { ToolCall } from '../types.js';

/**
 * Gathers the calls an adapter reads, in the order it reads them, and applies the rules every
 * format shares: a call id counts once (a later sighting only fills in what was missing), and
 * results or errors are paired to their call by id, whichever comes first.
 */
/** Up to this many calls, ids are found by a scan instead of a Map. */
const SCAN_LIMIT = 16;

export class CallCollector {
  readonly calls: ToolCall[] = [];
  // Small runs find ids by a scan of `calls`; a Map is built only once a run is large, as it
  // would be the biggest allocation of scoring a typical run.
  private byId: Map<string, ToolCall> | undefined;
  private pending: Map<string, { output?: unknown; error?: unknown; hasOutput: boolean; hasError: boolean }> | undefined;
  // Ids of calls held at an approval gate or denied there: issued by the model but not to the tool.
  private withheld: Set<string> | undefined;

  /** Adds an issued call; a call whose id was already seen is merged into the first one. */
  add(call: ToolCall): void {
    const id = call.toolCallId;
    if (id !== undefined) {
      const seen = this.find(id);
      if (seen) {
        if (seen.output === undefined && call.output !== undefined) seen.output = call.output;
        if (seen.error === undefined && call.error !== undefined) seen.error = call.error;
        return;
      }
      this.byId?.set(id, call);
      const early = this.pending?.get(id);
      if (early) {
        if (early.hasOutput && call.output === undefined) call.output = early.output;
        if (early.hasError && call.error === undefined) call.error = early.error;
        this.pending!.delete(id);
      }
    }
    this.calls.push(call);
    if (this.byId === undefined && this.calls.length > SCAN_LIMIT) this.indexIds();
  }

  private find(toolCallId: string): ToolCall | undefined {
    if (this.byId) return this.byId.get(toolCallId);
    const calls = this.calls;
    for (let index = 0; index < calls.length; index++) if (calls[index]!.toolCallId === toolCallId) return calls[index];
    return undefined;
  }

  private indexIds(): void {
    this.byId = new Map();
    for (const call of this.calls) if (call.toolCallId !== undefined && !this.byId.has(call.toolCallId)) this.byId.set(call.toolCallId, call);
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

/**
 * Turns arguments that arrive as a JSON string (OpenAI, raw provider parts) into a value.
 * A string that does not parse is kept as it is and flagged, never dropped.
 */
export function parseInput(raw: unknown): Pick<ToolCall, 'input' | 'unparsedInput'> {
  if (typeof raw !== 'string') return { input: raw };
  if (raw.trim() === '') return { input: {} };
  try {
    return { input: JSON.parse(raw) };
  } catch {
    return { input: raw, unparsedInput: raw };
  }
}
