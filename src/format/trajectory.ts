/**
 * `trajectory(run)`: what an agent did, as a text that stays the same from one replay to the next,
 * for snapshot tests: each call written as the failure messages write it, object keys sorted.
 */
import { getToolCalls } from '../calls/getToolCalls.js';
import { resultIsRun } from '../calls/subAgents.js';
import { brand } from '../refs/brand.js';
import { printableName } from '../value.js';
import { formatCallDetail } from './callList.js';
import { jsonOrText } from '../json.js';

/** What `trajectory(run)` returns: `String()` of it, and a snapshot of it, is its `text`. */
export class RunTrajectory {
  /** The text: one line per call. */
  readonly text: string;

  constructor(text: string) {
    this.text = text;
    brand(this, 'trajectory');
  }

  toString(): string {
    return this.text;
  }

  toJSON(): string {
    return this.text;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.text;
  }
}

const INDENT = '  ';

/**
 * The trajectory of a run in any format `getToolCalls` reads (a `turn(…)`, `within(…)` or `own(…)`
 * view too): every call of the run, a sub-agent's indented under the agent above it and named
 * (`(Billing, after the handoff at call 2)`).
 * @example
 * expect(trajectory(result)).toMatchInlineSnapshot(`
 *   search-flights  {"from":"SFO","to":"JFK"}  → {"flights":["UA 1234"]}
 *   book-flight  {"flightId":"UA 1234"}  → failed: "seat taken"
 * `)
 */
export function trajectory(run: unknown): RunTrajectory {
  const calls = getToolCalls(run);
  const lines = calls.map((call) => {
    const depth = call.agent === undefined ? 0 : (call.agent.path?.length ?? 1);
    // A result that is the sub-agent's whole run is shown by its calls, below, not as a value.
    const detail = formatCallDetail(call, true, { sortKeys: true, wide: true, calls, output: shownOutput(call.output), ...(resultIsRun(call) && { outcome: 'sub-agent run:' }) });
    return `${INDENT.repeat(depth)}${printableName(call.toolName)}  ${detail}`.trimEnd();
  });
  return new RunTrajectory(lines.length === 0 ? '(no tool calls)' : lines.join('\n'));
}

/**
 * A result kept as JSON text (OpenAI and Anthropic tool messages, LangChain `ToolMessage`s) is shown
 * as the value it holds, as a format that keeps the value shows it: the same call reads the same.
 */
function shownOutput(output: unknown): unknown {
  return typeof output === 'string' && /^\s*[[{]/.test(output) ? jsonOrText(output) : output;
}
