import { jsonOrText, safeJson } from '../json.js';
import { held, type DoubleMark } from './state.js';
import { currentTest } from './test.js';
import type { ToolCall } from '../types.js';

// Which calls a double answered, per test: keyed by the test, the tool and the framework's call id,
// in the store's process state (state.ts), which the ESM and CJS builds share. The doubles write it
// (tools/), the call lists of failure messages read it (format/): a run's value cannot carry it,
// since a double's output is handed to the framework as it is. Nothing is kept without doubles.
const MAX_KEPT = 10_000;

function idOf(toolName: string, callId: string): string {
  const test = currentTest();
  return JSON.stringify([test.file ?? '', test.name ?? '', toolName, callId]);
}

/**
 * Notes that a double gave this call's outcome (an output or an error), for the call lists of
 * failure messages and `trajectory(run)`. A call without an id (the framework gave none) is not marked.
 */
export function markDoubled(toolName: string, callId: unknown, as: DoubleMark['as'], outcome: { error: true } | { output: unknown }): void {
  if (typeof callId !== 'string' || callId === '') return;
  const state = held();
  const table = (state.doubles ??= new Map());
  const id = idOf(toolName, callId);
  table.delete(id);
  table.set(id, { as, outcome: 'error' in outcome ? { error: true } : { output: json(outcome.output) } });
  // The oldest go first: a long suite keeps the recent tests' marks.
  if (table.size > MAX_KEPT) table.delete(table.keys().next().value!);
}

/** Whether a double gave this call's outcome in the current test, and which. */
export function doubledAs(call: ToolCall): DoubleMark['as'] | undefined {
  const table = held().doubles;
  if (table === undefined || table.size === 0 || typeof call.toolCallId !== 'string') return undefined;
  const mark = table.get(idOf(call.toolName, call.toolCallId));
  if (mark === undefined) return undefined;
  if ('error' in mark.outcome) return call.error !== undefined ? mark.as : undefined;
  if (call.error !== undefined) return undefined;
  // The framework may hand the output on as JSON text (LangChain's ToolMessage, the OpenAI Agents SDK).
  const { output } = call;
  const same = json(output) === mark.outcome.output || (typeof output === 'string' && json(jsonOrText(output)) === mark.outcome.output);
  return same ? mark.as : undefined;
}

const json = (value: unknown) => safeJson(value, { sortKeys: true });

