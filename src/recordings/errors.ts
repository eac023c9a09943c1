/**
 * A recording could not serve a request: no recording for it in `replay` (the model is never
 * called then), a corrupt recording file, a file that could not be written. Its parts are fields.
 */
export class RecordingError extends Error {
  override name = 'RecordingError';
  /** The recording file concerned (absolute). */
  declare readonly file?: string;
  /** The test (full name) or `name` the recording belongs to. */
  declare readonly test?: string;
  /** The test file, when known. */
  declare readonly testPath?: string;
  /** A replay miss: what differs from the nearest recorded request of the test, one line each. */
  declare readonly changes?: readonly string[];
  /** A replay miss: the command that records the test again. */
  declare readonly command?: string;

  constructor(message: string, options?: ErrorOptions & { file?: string; test?: string; testPath?: string; changes?: readonly string[]; command?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    const { cause: _cause, ...parts } = options ?? {};
    for (const [key, value] of Object.entries(parts)) if (value !== undefined) Object.defineProperty(this, key, { value, enumerable: true });
  }
}
