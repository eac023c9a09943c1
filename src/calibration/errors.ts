/**
 * Calibration could not be done as asked: a malformed labels file, a bad command-line flag or
 * setting. The command prints it and exits with 2; a judged assertion under a gate throws it.
 */
export class CalibrationError extends Error {
  override name = 'CalibrationError';
}
