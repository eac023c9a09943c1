/** A step with more calls than this is read as before: each result looks through the step's calls. */
const MAX_CALLS = 64;

/**
 * The results that directly follow one step's calls, read before the calls are made, so that each
 * call with its result is made with it in one literal (toolCall.ts). A result set on a call already
 * made moves out of the object: an allocation per call, with the garbage collector's work after it
 * (OpenAI Chat messages, 100,000 calls: a read takes 0.70–0.74 of the CPU time it took when each
 * result was set afterwards, `bench/ab-read.mjs`).
 *
 * The pairing stays the collector's: a result goes to the nearest earlier call with its id that has
 * none yet. While each result names a call of the step still without one, that call is the nearest:
 * the step's calls are the latest. The first result that does not (an earlier step's id, a second
 * result for one call, a result with no value) ends the reading ahead; it and those after it go to
 * the collector as before (`CallCollector.output`).
 *
 * One per read, reused for each step: `begin`, `call` for each entry of the step in order, `result`
 * for each result after them while it returns true, then `output(position)` as the calls are made.
 */
export class ResultsAhead {
  private readonly ids: unknown[] = [];
  private readonly outputs: unknown[] = [];
  private size = 0;

  /** Starts a step of `count` entries; a step too large to look through pairs nothing. */
  begin(count: number): void {
    this.size = count <= MAX_CALLS ? 0 : -1;
  }

  /** The next entry of the step: its call id, or undefined when the entry is no call or has no id. */
  call(toolCallId: unknown): void {
    if (this.size === -1) return;
    this.ids[this.size] = typeof toolCallId === 'string' && toolCallId !== '' ? toolCallId : undefined;
    this.outputs[this.size++] = undefined;
  }

  /** Pairs a result with the last call of the step with its id and none yet; false when there is none. */
  result(toolCallId: unknown, output: unknown): boolean {
    // An undefined output leaves its call unanswered for the collector; the collector decides then.
    if (output === undefined || typeof toolCallId !== 'string' || toolCallId === '') return false;
    for (let position = this.size - 1; position >= 0; position--) {
      if (this.ids[position] === toolCallId && this.outputs[position] === undefined) {
        this.outputs[position] = output;
        return true;
      }
    }
    return false;
  }

  /** The result read ahead for the step's entry at `position`, or undefined. */
  output(position: number): unknown {
    return position < this.size ? this.outputs[position] : undefined;
  }
}
