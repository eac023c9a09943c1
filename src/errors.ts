/**
 * Thrown for input this package cannot use: a value that is not an agent run, or malformed
 * matcher or scorer arguments. Matchers let it propagate, so `.not` can never turn it into a pass.
 */
export class ToolCallAccuracyError extends TypeError {
  override name = 'ToolCallAccuracyError';
}
