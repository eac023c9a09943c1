import type { ToolCall } from '../types.js';
import { ToolCallAccuracyError } from '../errors.js';
import type { FormatAdapter } from './adapter.js';
import { isRecord } from './adapter.js';
import { CallCollector } from './collector.js';
import type { RunCalls } from './steps.js';
import { describeValue } from '../describe.js';
import { adapters, detectFormat } from './detect.js';
import { describeMixedMessages } from './messageKind.js';
import { plainCalls } from './adapters/plain.js';
import { turnsOf, turnUnit } from './turns.js';
import type { ViewReader } from './views.js';
import { isRunView, readView } from './views.js';
import { subRunOf } from './subAgents.js';

/**
 * The tool calls an agent run made, in the order the agent issued them, from any supported
 * format. Throws a `ToolCallAccuracyError` naming what was received when the value is not a run.
 */
export function getToolCalls(run: unknown): ToolCall[] {
  if (isRunView(run)) return readView(run, viewReader).calls;
  const adapter = detectFormat(run);
  if (!adapter) throw new ToolCallAccuracyError(unreadableRunMessage(run));
  // Without steps: users get the plain list, and the steps would be built only to be dropped.
  return readAs(adapter, run, false).calls;
}

/** `getToolCalls` with the model step of each call where the run records it, for the matchers that check steps. */
export function readRun(run: unknown): RunCalls {
  if (isRunView(run)) return readView(run, viewReader);
  const adapter = detectFormat(run);
  if (!adapter) throw new ToolCallAccuracyError(unreadableRunMessage(run));
  return readAs(adapter, run);
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
    const adapter = detectFormat(run);
    if (!adapter) throw new ToolCallAccuracyError(unreadableRunMessage(run));
    return { format: adapter.format, unit: turnUnit(run, adapter), turns: turnsOf(run, adapter).map((part) => readAs(adapter, part)) };
  },
  readNested(run) {
    if (typeof run !== 'object' || run === null || isRunView(run)) return undefined;
    const adapter = detectFormat(run);
    return adapter && adapter !== plainCalls ? readAs(adapter, run) : undefined;
  },
};

function readAs(adapter: FormatAdapter, run: unknown, withSteps = true): RunCalls {
  const calls = new CallCollector(withSteps);
  try {
    adapter.read(run, calls);
  } catch (error) {
    if (error instanceof ToolCallAccuracyError) throw error;
    throw new ToolCallAccuracyError(`reading ${describeValue(run)} as ${adapter.format} failed: ${String(error)}`, { cause: error });
  }
  return calls.result();
}

function unreadableRunMessage(run: unknown): string {
  if (isRecord(run) && isThenable(safeGet(run, 'steps'))) {
    return (
      'received a streamText result whose `steps` is still a Promise. ' +
      'Pass the finished steps instead: expect(await result.steps).toCallTool(…). ' +
      'With AI SDK 4, read the stream first (await result.consumeStream()): its steps settle only then.'
    );
  }
  const mixed = describeMixedMessages(run);
  return [
    `received ${describeValue(run)}, which is not an agent run this package can read${mixed ? `: ${mixed}, and a run is read in one format so that no call is missed` : ''}.`,
    'Accepted shapes:',
    ...adapters.map((adapter) => `  - ${adapter.shape}`),
  ].join('\n');
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
