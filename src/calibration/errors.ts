/**
 * Calibration could not be done as asked: a malformed labels file, a bad command-line flag or
 * setting. The command prints it and exits with 2; a judged assertion under a gate throws it.
 */
export class CalibrationError extends Error {
  override name = 'CalibrationError';
}

/**
 * The judge is not trusted enough: a gated metric's low end is below its minimum, or undefined.
 * `failures` keeps each failed rule apart from the message.
 */
export class CalibrationGateError extends Error {
  override name = 'CalibrationGateError';
  constructor(
    message: string,
    readonly failures: readonly string[],
  ) {
    super(message);
  }
}
