/**
 * `trajectory(run)`: what an agent did, as a short text that stays the same from one replay to the
 * next, for snapshot tests. Each call on a line of its own, in order: its name, its input, and after
 * an arrow what it came to, written as the failure messages write a call (format/callList.ts), with
 * the keys of every object sorted. The calls of a sub-agent run follow the call that started them,
 * indented. The setup files register a snapshot serializer that prints the text.
 */
import { subAgentCallsOf, getToolCalls } from '../calls/getToolCalls.js';
import { brand } from '../refs/brand.js';
import type { ToolCall } from '../types.js';
import { printableName } from '../value.js';
import { formatCallDetail } from './callList.js';

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
/** Sub-agents within sub-agents are read this deep (a trace's tree is finite; this bounds a pathological one). */
const MAX_DEPTH = 16;

/**
 * The trajectory of a run in any format `getToolCalls` reads (a `turn(…)` or `within(…)` view too).
 * @example
 * expect(trajectory(result)).toMatchInlineSnapshot(`
 *   search-flights  {"from":"SFO","to":"JFK"}  → {"flights":["UA 1234"]}
 *   book-flight  {"flightId":"UA 1234"}  → failed: "seat taken"
 * `)
 */
export function trajectory(run: unknown): RunTrajectory {
  const lines: string[] = [];
  writeCalls(getToolCalls(run), 0, lines);
  return new RunTrajectory(lines.length === 0 ? '(no tool calls)' : lines.join('\n'));
}

function writeCalls(calls: readonly ToolCall[], depth: number, lines: string[]): void {
  const indent = INDENT.repeat(depth);
  for (const call of calls) {
    const sub = depth < MAX_DEPTH ? subAgentCallsOf(call) : undefined;
    // A result that is the sub-agent's whole run is shown by its calls, below, not as a value.
    const detail = formatCallDetail(call, true, { sortKeys: true, wide: true, output: shownOutput(call.output), ...(sub?.fromResult && { outcome: 'sub-agent run:' }) });
    lines.push(`${indent}${printableName(call.toolName)}  ${detail}`.trimEnd());
    if (sub) writeCalls(sub.calls, depth + 1, lines);
  }
}

/**
 * A result kept as JSON text (OpenAI and Anthropic tool messages, LangChain `ToolMessage`s) is shown
 * as the value it holds, as a format that keeps the value shows it: the same call reads the same.
 */
function shownOutput(output: unknown): unknown {
  if (typeof output !== 'string' || !/^\s*[[{]/.test(output)) return output;
  try {
    return JSON.parse(output) as unknown;
  } catch {
    return output;
  }
}
