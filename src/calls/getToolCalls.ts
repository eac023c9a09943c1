import type { ToolCall } from '../types.js';
import { ToolCallAccuracyError } from '../errors.js';
import type { FormatAdapter } from './adapter.js';
import { isRecord } from './adapter.js';
import { CallCollector } from './collector.js';
import type { RunCalls } from './steps.js';
import { describeValue } from '../describe.js';
import { detect, detectFormat } from './detect.js';
import { adapters } from './formats.js';
import type { Classification } from './messageKinds.js';
import { describeMessages } from './messageKinds.js';
import { turnsOf } from './turns.js';
import { UnknownPartError } from './unknownParts.js';
import type { ViewReader } from './views.js';
import { isRunView, readView } from './views.js';
import { subRunOf } from './subAgents.js';

/**
 * The tool calls an agent run made, in the order the agent issued them, from any supported
 * format. Throws a `ToolCallAccuracyError` naming what was received when the value is not a run.
 */
export function getToolCalls(run: unknown): ToolCall[] {
  if (isRunView(run)) return readView(run, viewReader).calls;
  // Without steps: users get the plain list, and the steps would be built only to be dropped.
  return readAs(adapterFor(run), run, false).calls;
}

/** `getToolCalls` with the model step of each call where the run records it, for the matchers that check steps. */
export function readRun(run: unknown): RunCalls {
  if (isRunView(run)) return readView(run, viewReader);
  return readAs(adapterFor(run), run);
}

/** The adapter that reads `run`; an error saying what it is, and what is read, when none does. */
export function adapterFor(run: unknown): FormatAdapter {
  const { adapter, messages } = detect(run);
  if (!adapter) throw new ToolCallAccuracyError(unreadableRunMessage(run, messages));
  return adapter;
}

/**
 * The calls of the sub-agent run a call started, as `within(…)` finds it: the run a trace recorded
 * under the call, or the call's result when that is a run (`fromResult`); undefined when there is none.
 */
export function subAgentCallsOf(call: ToolCall): { calls: ToolCall[]; fromResult: boolean } | undefined {
  const { run, fromTrace } = subRunOf(call);
  if (fromTrace) return { calls: readRun(run).calls, fromResult: false };
  const nested = viewReader.readNested(run);
  return nested && { calls: nested.calls, fromResult: true };
}

const viewReader: ViewReader = {
  read: readRun,
  readTurns(run) {
    const adapter = adapterFor(run);
    const { unit, turns } = turnsOf(run, adapter);
    return { format: adapter.format, unit, turns: turns.map((part) => readAs(adapter, part)) };
  },
  readNested(run) {
    if (typeof run !== 'object' || run === null || isRunView(run)) return undefined;
    const adapter = detectFormat(run);
    return adapter && adapter.subRun !== false ? readAs(adapter, run) : undefined;
  },
};

function readAs(adapter: FormatAdapter, run: unknown, withSteps = true): RunCalls {
  const calls = new CallCollector(withSteps);
  try {
    adapter.read(run, calls);
  } catch (error) {
    if (error instanceof UnknownPartError) throw new UnknownPartError(error.format, error.where, error.found, error.expected, acceptedShapes());
    if (error instanceof ToolCallAccuracyError) throw error;
    throw new ToolCallAccuracyError(`reading ${describeValue(run)} as ${adapter.format} failed: ${String(error)}`, { cause: error });
  }
  return calls.result();
}

function acceptedShapes(): string {
  return ['Accepted shapes:', ...adapters.map((adapter) => `  - ${adapter.shape}`)].join('\n');
}

function unreadableRunMessage(run: unknown, messages: Classification | undefined): string {
  if (isRecord(run) && isThenable(safeGet(run, 'steps'))) {
    return (
      'received a streamText result whose `steps` is still a Promise. ' +
      'Pass the finished steps instead: expect(await result.steps).toCallTool(…). ' +
      'With AI SDK 4, read the stream first (await result.consumeStream()): its steps settle only then.'
    );
  }
  for (const adapter of adapters) {
    let piece: string | undefined;
    try {
      piece = adapter.wrongPiece?.(run);
    } catch {
      piece = undefined;
    }
    if (piece) return `received ${describeValue(run)}, which is a piece of a ${adapter.format} run, not a run: ${piece}.`;
  }
  const why = describeMessages(messages, run);
  return `received ${describeValue(run)}, which is not an agent run this package can read${why ? `: ${why}` : ''}.\n${acceptedShapes()}`;
}

function safeGet(record: Record<string, unknown>, key: string): unknown {
  try {
    return record[key];
  } catch {
    return undefined;
  }
}

function isThenable(value: unknown): boolean {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
