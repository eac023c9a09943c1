/**
 * How a run went beyond which tools it called: what each call came to, which calls failed and
 * whether a retry recovered them, which calls repeat an earlier one, and counts within bounds.
 */
import type { ToolApproval, ToolCall } from '../types.js';

/** What a call came to: a result, an error, or neither recorded (still running, denied, or never recorded). */
export type CallOutcome = 'succeeded' | 'failed' | 'no result';

/** A call failed when it has an error; it succeeded when it has a result and no error. */
export function outcomeOf(call: ToolCall): CallOutcome {
  if (call.error !== undefined) return 'failed';
  return call.output !== undefined ? 'succeeded' : 'no result';
}

/** The text of a call's error: itself when text, else its `message`; undefined when none was kept (an `Error` through JSON is `{}`). */
export function errorMessageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (typeof error !== 'object' || error === null) return undefined;
  try {
    const { message } = error as { message?: unknown };
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/** What an item asks of a call's outcome: `output` equal to it, `error` (`true`, `false` or a message pattern), `approval`. */
export interface OutcomeExpectation {
  output?: { value: unknown };
  error?: boolean | string | RegExp | { asymmetricMatch(other: unknown): boolean };
  approval?: ToolApproval;
}

export type Equals = (a: unknown, b: unknown) => boolean;

/** The aspects of an expected outcome a call does not meet (empty when it meets them all): for a message. */
export function outcomeMismatches(call: ToolCall, expected: OutcomeExpectation, equals: Equals): Array<keyof OutcomeExpectation> {
  const mismatches: Array<keyof OutcomeExpectation> = [];
  if (expected.output !== undefined && !outputMatches(call, expected.output.value, equals)) mismatches.push('output');
  if (expected.error !== undefined && !errorMatches(call, expected.error, equals)) mismatches.push('error');
  if (expected.approval !== undefined && call.approval !== expected.approval) mismatches.push('approval');
  return mismatches;
}

/** Does the call meet every aspect of the expected outcome? */
export function outcomeMatches(call: ToolCall, expected: OutcomeExpectation, equals: Equals): boolean {
  return (
    (expected.output === undefined || outputMatches(call, expected.output.value, equals)) &&
    (expected.error === undefined || errorMatches(call, expected.error, equals)) &&
    (expected.approval === undefined || call.approval === expected.approval)
  );
}

/** A result that arrived (a failed call's output is not its result) and equals the expected one. */
function outputMatches(call: ToolCall, expected: unknown, equals: Equals): boolean {
  return outcomeOf(call) === 'succeeded' && equals(call.output, expected);
}

function errorMatches(call: ToolCall, expected: NonNullable<OutcomeExpectation['error']>, equals: Equals): boolean {
  const outcome = outcomeOf(call);
  if (expected === true) return outcome === 'failed';
  if (expected === false) return outcome === 'succeeded';
  if (outcome !== 'failed') return false;
  const message = errorMessageOf(call.error);
  if (message === undefined) return false;
  if (typeof expected === 'string') return message.includes(expected);
  if (expected instanceof RegExp) {
    // A global or sticky RegExp keeps its place between tests: start each test from the beginning.
    expected.lastIndex = 0;
    return expected.test(message);
  }
  return equals(message, expected);
}

/** A failed call and the calls to the same tool that follow it while they keep failing (other tools in between allowed). */
export interface FailedAttempts {
  /** The failed calls' indexes, in order: the first attempt and each retry that failed too. */
  failed: number[];
  /** The index of the next call to the tool after the failures, or -1 when the run made none. */
  next: number;
  /** The next call succeeded. */
  recovered: boolean;
  /** Recovered within the retries allowed: not counted as a failure. */
  forgiven: boolean;
}

/** Every run of failed calls in the run, in the order of its first failure. `retries` 0 forgives nothing. */
export function failedAttempts(calls: readonly ToolCall[], retries: number): FailedAttempts[] {
  const all: FailedAttempts[] = [];
  // The attempts still open per tool: the last call to it failed.
  const open = new Map<string, FailedAttempts>();
  for (let index = 0; index < calls.length; index++) {
    const call = calls[index]!;
    const outcome = outcomeOf(call);
    const current = open.get(call.toolName);
    if (outcome === 'failed') {
      if (current) current.failed.push(index);
      else {
        const attempts: FailedAttempts = { failed: [index], next: -1, recovered: false, forgiven: false };
        open.set(call.toolName, attempts);
        all.push(attempts);
      }
    } else if (current) {
      current.next = index;
      current.recovered = outcome === 'succeeded';
      // n retries: the first attempt and up to n more may fail before the one that succeeded.
      current.forgiven = current.recovered && current.failed.length <= retries;
      open.delete(call.toolName);
    }
  }
  return all;
}

/** A call that repeats an earlier one: same tool, equal input. */
export interface Repeat {
  call: number;
  /** The call it repeats: the one just before it, or with `consecutive: false` the first equal call. */
  repeats: number;
}

/** Whether two calls have equal inputs, and optionally a hash per call: two hashed inputs are equal only with the same hash. */
export interface InputEquality {
  sameInput(first: number, second: number): boolean;
  hash?(call: number): number | undefined;
}

/**
 * The calls that repeat the call just before them (same tool, equal input), or with
 * `consecutive: false` the first equal earlier call, looked for among those with its hash or none.
 */
export function findRepeats(calls: readonly ToolCall[], consecutive: boolean, inputs: InputEquality): Repeat[] {
  const repeats: Repeat[] = [];
  if (consecutive) {
    for (let index = 1; index < calls.length; index++) {
      if (calls[index]!.toolName === calls[index - 1]!.toolName && inputs.sameInput(index - 1, index)) repeats.push({ call: index, repeats: index - 1 });
    }
    return repeats;
  }
  // Per tool, its earlier calls: all of them, those without a hash, and those with each hash.
  const seen = new Map<string, { all: number[]; unhashed: number[]; byHash: Map<number, number[]> }>();
  const firstEqual = (earlier: readonly number[], index: number) => earlier.find((other) => inputs.sameInput(other, index));
  for (let index = 0; index < calls.length; index++) {
    const name = calls[index]!.toolName;
    let tool = seen.get(name);
    if (!tool) seen.set(name, (tool = { all: [], unhashed: [], byHash: new Map() }));
    const hash = inputs.hash?.(index);
    let earlier: number | undefined;
    if (hash === undefined) earlier = firstEqual(tool.all, index);
    else {
      const same = tool.byHash.get(hash);
      const hashed = same && firstEqual(same, index);
      const unhashed = firstEqual(tool.unhashed, index);
      earlier = hashed === undefined ? unhashed : unhashed === undefined ? hashed : Math.min(hashed, unhashed);
      if (same) same.push(index);
      else tool.byHash.set(hash, [index]);
    }
    if (earlier !== undefined) repeats.push({ call: index, repeats: earlier });
    if (hash === undefined) tool.unhashed.push(index);
    tool.all.push(index);
  }
  return repeats;
}

/** Bounds on a count, both inclusive: `{ exactly }` or at least one of `min`, `max`. */
export type CountBounds = { exactly: number } | { min?: number; max?: number };

export function withinBounds(count: number, bounds: CountBounds): boolean {
  if ('exactly' in bounds) return count === bounds.exactly;
  return (bounds.min === undefined || count >= bounds.min) && (bounds.max === undefined || count <= bounds.max);
}
