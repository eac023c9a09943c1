import { ToolCallAccuracyError } from '../errors.js';
import { matcherErrorMessage } from '../format/message.js';

/** A matcher error: the hint line, then what was wrong with the arguments or the run. */
export function matcherError(hintLine: string, problem: string): ToolCallAccuracyError {
  return new ToolCallAccuracyError(matcherErrorMessage(hintLine, problem));
}
