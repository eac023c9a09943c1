/**
 * Thrown for input this package cannot use: a value that is not an agent run, or malformed
 * matcher or scorer arguments. Matchers let it propagate, so `.not` can never turn it into a pass.
 */
export class ToolCallAccuracyError extends TypeError {
  override name = 'ToolCallAccuracyError';
  /** What was wrong, on its own: without the matcher's hint line or the run of a sample it was found in. */
  readonly problem: string;
  /** The hint line of the matcher that raised it (`expect(run).toCallTool(toolName)`), when a matcher did. */
  readonly hint?: string;
  /** Where in a sample it was found. */
  readonly inSample?: SampleRun;
  /** For a bad options object, its parts: who takes it, the option, what was received, the options it takes, the one meant. */
  readonly badOption?: BadOption;

  /** `message` is the text shown; without parts, it is the problem itself. */
  constructor(message: string, parts?: ErrorOptions & { problem?: string; hint?: string; inSample?: SampleRun | undefined; badOption?: BadOption }) {
    super(message, parts?.cause === undefined ? undefined : { cause: parts.cause });
    this.problem = parts?.problem ?? message;
    if (parts?.hint !== undefined) this.hint = parts.hint;
    if (parts?.inSample !== undefined) this.inSample = parts.inSample;
    if (parts?.badOption !== undefined) this.badOption = parts.badOption;
  }
}

/** The parts of a bad options object's error (see `checkOptions` in options.ts). */
export interface BadOption {
  /** Who takes the options: `sample()`, `configureJudge`, `options` (a matcher's). */
  where: string;
  /** The option that is wrong; undefined when the object itself is (not an object). */
  option: string | undefined;
  /** What was received: the option's value, or for an unknown option its name. */
  received: unknown;
  /** The options it takes. */
  known: readonly string[];
  /** The known option an unknown one is close to. */
  suggestion?: string;
}

/** A run of a sample: the `run`th (1-based) of `n`. */
export interface SampleRun {
  run: number;
  n: number;
}

/**
 * Thrown by `check(run)` when a claim about a run does not hold. Its message is the failure message
 * the matcher prints in a test; `actual` and `expected` are the projection a runner would diff.
 * A bad argument or a value that is not a run is a `ToolCallAccuracyError` instead, never this.
 */
export class ToolCallCheckError extends Error {
  override name = 'ToolCallCheckError';
  /** The matcher that failed, e.g. `toCallToolsInOrder`. */
  readonly matcherName: string;
  // `declare`: set only on a positive failure, so `'actual' in error` says whether there is a diff.
  declare readonly actual?: unknown;
  declare readonly expected?: unknown;

  constructor(message: string, details: { matcherName: string; actual?: unknown; expected?: unknown }) {
    super(message);
    this.matcherName = details.matcherName;
    if ('actual' in details) Object.assign(this, { actual: details.actual, expected: details.expected });
  }
}
