import { existsSync } from 'node:fs';
import { canonical, cassetteScope, corruptFileError, dataChanges, hashKey, liveAnswer, nearest, recordedAnswer, type CassetteScope, type CurrentTest, type StoreSettings, type StoredStep } from '../store/index.js';
import { describeChange } from '../recordings/fetchReplay.js';
import { fromStored, toStored } from '../recordings/data.js';
import { RecordingError } from '../recordings/errors.js';
import { describeValueChange } from '../recordings/request.js';
import { recordingMiss } from '../recordings/replay.js';
import { formatInline, formatName, ordinal } from '../value.js';
import { TOOLS_STORE } from '../recordings/config.js';
import { markDoubled } from '../store/doubles.js';

/** One tool execution as `recordedTools` hands it over. */
export interface RecordedToolCall {
  settings: StoreSettings;
  test: CurrentTest;
  name: string | undefined;
  who: string;
  /** The framework's id of the call, to mark a replayed outcome by (store/doubles.ts). */
  callId?: string;
  tool: string;
  input: unknown;
  redact: (text: string) => string;
}

/** A tool's step in a recording file, beside the model's steps. */
interface ToolStep extends StoredStep {
  kind: 'tool';
  tool: string;
  input: unknown;
  output?: unknown;
  error?: unknown;
}

/**
 * One tool execution through the current test's recording: keyed by the tool's name and its input
 * as data, replayed from the step the store finds (its output, or its error thrown again), else run
 * live (`live`) and written, else, in `replay`, a RecordingError naming what changed.
 */
export async function toolThroughRecording(call: RecordedToolCall, live: () => Promise<unknown>): Promise<unknown> {
  const { settings, test, tool, redact } = call;
  if (settings.mode === 'off') return liveAnswer(TOOLS_STORE, live, { owner: call.name ?? test.name, testPath: test.file });
  const input = canonical(toStored(call.input, redact) ?? null);
  const key = hashKey({ kind: 'tool', tool, input });
  const scope = cassetteScope(TOOLS_STORE, settings, test, call.name, call.who);
  // A failure travels as a value through the store (so a replayed or recorded error counts as a step), and is thrown here.
  const outcome = await recordedAnswer<Outcome>(scope, key, {
    replay: (step) => {
      if (step.kind !== 'tool' || !('output' in step || 'error' in step)) throw corruptFileError(TOOLS_STORE, scope.file, `its tool step with key ${step.key.slice(0, 12)}… has neither an "output" nor an "error"`);
      const outcome: Outcome = 'error' in step ? { thrown: fromStored(step.error) } : { output: fromStored(step.output) };
      markDoubled(tool, call.callId, 'replayed', 'thrown' in outcome ? { error: true } : { output: outcome.output });
      return outcome;
    },
    ask: async (commit) => {
      let output: unknown;
      try {
        output = await live();
      } catch (error) {
        await commit({ kind: 'tool', tool, input, error: toStored(error, redact) ?? null });
        return { thrown: error };
      }
      const problem = unstorable(output, 'the output');
      if (problem !== undefined) {
        throw new RecordingError(
          `${call.who}: the output of tool ${formatName(tool)} holds ${problem}, which a recording cannot store, so the call was not recorded. Record what the agent reads: return plain data from the tool, or stub it with stubbedTools(tools, stubs).`,
          { file: scope.file, test: scope.owner, ...(scope.testPath !== undefined && { testPath: scope.testPath }) },
        );
      }
      await commit({ kind: 'tool', tool, input, output: canonical(toStored(output, redact) ?? null) });
      return { output };
    },
    miss: (steps) => toolMiss(scope, steps, tool, input, key, call.name !== undefined),
  });
  if ('thrown' in outcome) throw outcome.thrown;
  return outcome.output;
}

type Outcome = { output: unknown } | { thrown: unknown };

/**
 * Where in an output a file could not hold it: a function, a symbol, a stream or other iterator, a
 * promise, a Map or Set, a class instance with no JSON form. Undefined when it is plain data (Dates,
 * bytes, URLs and errors are stored as the model's answers are).
 */
function unstorable(value: unknown, at: string, seen = new Set<object>()): string | undefined {
  if (typeof value === 'function') return `a function at ${at}`;
  if (typeof value === 'symbol') return `a symbol at ${at}`;
  if (typeof value !== 'object' || value === null) return undefined;
  if (seen.has(value)) return `a circular reference at ${at}`;
  if (value instanceof Date || value instanceof URL || value instanceof Uint8Array || value instanceof ArrayBuffer || value instanceof Error) return undefined;
  if (typeof (value as { then?: unknown }).then === 'function') return `a promise at ${at}`;
  if (value instanceof Map || value instanceof Set) return `a ${value instanceof Map ? 'Map' : 'Set'} at ${at}`;
  if (typeof (value as { getReader?: unknown }).getReader === 'function' || typeof (value as { pipe?: unknown }).pipe === 'function') return `a stream at ${at}`;
  if (Symbol.asyncIterator in value || (!Array.isArray(value) && typeof (value as { next?: unknown }).next === 'function')) return `an iterator (a stream of results) at ${at}`;
  seen.add(value);
  try {
    const array = Array.isArray(value);
    const prototype = Object.getPrototypeOf(value);
    if (!array && prototype !== Object.prototype && prototype !== null) {
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return undefined;
      const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
      return `${typeof name === 'string' && name !== '' ? `a ${name}` : 'a class instance'} (no JSON form) at ${at}`;
    }
    for (const [key, inner] of array ? value.entries() : Object.entries(value)) {
      const found = unstorable(inner, typeof key === 'number' ? `${at}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${at}.${key}` : `${at}[${JSON.stringify(key)}]`, seen);
      if (found) return found;
    }
    return undefined;
  } finally {
    seen.delete(value);
  }
}

/** A `replay` miss: the nearest recorded call of the file (the same tool's first) and what differs in its input. */
function toolMiss(scope: CassetteScope, steps: readonly StoredStep[], tool: string, input: unknown, key: string, named: boolean): Error {
  const tools = steps.filter((step): step is ToolStep => step.kind === 'tool');
  const same = tools.filter((step) => step.key === key).length;
  let note: { lines: string[]; changes: string[] };
  if (same > 0) {
    const line = `This tool call was recorded ${same === 1 ? 'once' : `${same} times`} in this test; this is its ${ordinal(same + 1)} time (the run now calls it more often than when it was recorded).`;
    note = { lines: [line], changes: [line] };
  } else if (tools.length === 0) {
    note = { lines: [existsSync(scope.file) ? 'The file holds no recorded tool calls.' : 'There is no such file: this test (or name) was never recorded here.'], changes: [] };
  } else {
    const candidates = tools.some((step) => step.tool === tool) ? tools.filter((step) => step.tool === tool) : tools;
    const { candidate, changes } = nearest(candidates, (step) => inputChanges(step, tool, input))!;
    note = { lines: [`The nearest recorded tool call is step ${steps.indexOf(candidate) + 1} of ${steps.length} in that file; it differs in:`, ...changes.map((change) => `  - ${change}`)], changes };
  }
  return recordingMiss(TOOLS_STORE, scope, note, named ? 'for the recording named' : 'in test', ` (tool ${formatName(tool)}, input ${formatInline(input, 120)})`);
}

/** `the tool: was "search", now "lookup"` · `input.city: was "Paris", now "Rome"`. */
function inputChanges(step: ToolStep, tool: string, input: unknown): string[] {
  const lines: string[] = [];
  if (step.tool !== tool) lines.push(`the tool: ${describeValueChange(step.tool, tool)}`);
  const changes = dataChanges(step.input, input, 50);
  for (const change of changes.slice(0, 8)) lines.push(describeChange(change, 'input'));
  if (changes.length > 8) lines.push(`… and ${changes.length - 8}${changes.length === 50 ? '+' : ''} more differences`);
  return lines;
}
