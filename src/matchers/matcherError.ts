import { ToolCallAccuracyError, type BadOption, type SampleRun } from '../errors.js';
import { matcherErrorMessage } from '../format/message.js';

/** A matcher error: the hint line, then what was wrong with the arguments or the run (and in which run of a sample). */
export function matcherError(hintLine: string, problem: string, where?: SampleRun, badOption?: BadOption): ToolCallAccuracyError {
  return new ToolCallAccuracyError(matcherErrorMessage(hintLine, problem, where), { problem, hint: hintLine, inSample: where, ...(badOption && { badOption }) });
}
