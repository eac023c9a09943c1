import { safeJson } from '../json.js';
import { currentTest } from '../store/test.js';
import type { ToolCall } from '../types.js';

/** How a tool call's outcome came about when a double gave it (`stubbedTools`, `recordedTools` replaying). */
export type DoubledAs = 'stubbed' | 'replayed';

// Which calls a double answered, per test: keyed by the test, the tool and the framework's call id,
// on globalThis so the ESM and CJS builds share it. Nothing is kept for runs without doubles.
const KEY = Symbol.for('tool-call-accuracy.tool-doubles');
const MAX_KEPT = 10_000;
/** A mark: how, and what the double answered (an error, or the output as sorted JSON), so that another run of the same calls in the test, live, is not marked. */
interface Mark {
  as: DoubledAs;
  outcome: { error: true } | { output: string | undefined };
}
type Holder = { [KEY]?: Map<string, Mark> };

function idOf(toolName: string, callId: string): string {
  const test = currentTest();
  return JSON.stringify([test.file ?? '', test.name ?? '', toolName, callId]);
}

/**
 * Notes that a double gave this call's outcome (an output or an error), for the call lists of
 * failure messages and `trajectory(run)`. A call without an id (the framework gave none) is not marked.
 */
export function markDoubled(toolName: string, callId: unknown, as: DoubledAs, outcome: { error: true } | { output: unknown }): void {
  if (typeof callId !== 'string' || callId === '') return;
  const holder = globalThis as Holder;
  const table = (holder[KEY] ??= new Map());
  const id = idOf(toolName, callId);
  table.delete(id);
  table.set(id, { as, outcome: 'error' in outcome ? { error: true } : { output: json(outcome.output) } });
  // The oldest go first: a long suite keeps the recent tests' marks.
  if (table.size > MAX_KEPT) table.delete(table.keys().next().value!);
}

/** Whether a double gave this call's outcome in the current test, and which. */
export function doubledAs(call: ToolCall): DoubledAs | undefined {
  const table = (globalThis as Holder)[KEY];
  if (table === undefined || table.size === 0 || typeof call.toolCallId !== 'string') return undefined;
  const mark = table.get(idOf(call.toolName, call.toolCallId));
  if (mark === undefined) return undefined;
  if ('error' in mark.outcome) return call.error !== undefined ? mark.as : undefined;
  if (call.error !== undefined) return undefined;
  // The framework may hand the output on as JSON text (LangChain's ToolMessage, the OpenAI Agents SDK).
  const { output } = call;
  const same = json(output) === mark.outcome.output || (typeof output === 'string' && json(parsed(output)) === mark.outcome.output);
  return same ? mark.as : undefined;
}

function json(value: unknown): string | undefined {
  return safeJson(value, { sortKeys: true });
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
