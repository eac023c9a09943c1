import { ToolCallAccuracyError } from '../errors.js';

/**
 * A stubbed tool was called with nothing to answer it: the tool has no stub, or no case of its stub
 * fits the input. The real tool was not run. Thrown from the tool's execution, so the framework
 * reports it as the tool's failure (the OpenAI Agents SDK, which would hand the model only its
 * generic error text, gets it thrown out of the run instead).
 */
export class ToolStubError extends ToolCallAccuracyError {
  override name = 'ToolStubError';
  /** The tool's name. */
  readonly tool: string;
  /** The input it was called with. */
  readonly input: unknown;
  /** Its stub's cases, in order (none when it has no stub). */
  readonly cases: readonly unknown[];
  /** Marks a double's setup error (not a failure the stub asked for): the OpenAI Agents SDK wrapper throws it out of the run. */
  readonly toolStub = 'setup';

  constructor(message: string, parts: { tool: string; input: unknown; cases: readonly unknown[] }) {
    super(message);
    this.tool = parts.tool;
    this.input = parts.input;
    this.cases = parts.cases;
  }
}
