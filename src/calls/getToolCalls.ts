import { isThenable } from '../value.js';
import type { ToolCall } from '../types.js';
import { ToolCallAccuracyError } from '../errors.js';
import type { FormatAdapter } from './adapter.js';
import { isRecord } from './adapter.js';
import { CallCollector } from './collector.js';
import type { RunCalls } from './steps.js';
import { attempt, describeValue } from '../describe.js';
import { detect, detectFormat } from './detect.js';
import { adapters } from './formats.js';
import type { Classification } from './messageKinds.js';
import { describeMessages } from './messageKinds.js';
import { turnsOf } from './turns.js';
import { UnknownPartError } from './unknownParts.js';
import type { ViewReader } from './views.js';
import { isRunView, readScoped, readView } from './views.js';
import { agentNameOf, markResultIsRun, markStartedBy, MAX_SUB_AGENT_DEPTH, subRunOf } from './subAgents.js';

/**
 * The tool calls an agent run made, in the order they were made, from any supported format: every
 * call it records, whichever agent made it (the agents it handed off to, the sub-agents its tools
 * ran), each call of another agent than the top one with its `agent`. Throws a
 * `ToolCallAccuracyError` naming what was received when the value is not a run.
 */
export function getToolCalls(run: unknown): ToolCall[] {
  if (isRunView(run)) return readView(run, viewReader, 'all').calls;
  // Without steps: users get the plain list, and the steps would be built only to be dropped. A run
  // with a sub-agent is read again with them: its calls are placed after the step that started it.
  const adapter = adapterFor(run);
  const read = readAs(adapter, run, false);
  return adapter.format !== 'plain' && read.calls.some(startsSubAgent) ? readRun(run).calls : read.calls;
}

/** `getToolCalls` with the model step of each call where the run records it, for the matchers that check steps. */
export function readRun(run: unknown): RunCalls {
  return readScoped(run, viewReader, 'all');
}

/** Whether some call of the run was made by another agent than the top one (a list of calls is looked at, not read). */
export function hasOtherAgents(run: unknown): boolean {
  if (Array.isArray(run) && adapterFor(run).format === 'plain') return run.some((item) => isRecord(item) && item.agent !== undefined);
  return readRun(run).calls.some((call) => call.agent !== undefined);
}

/** The adapter that reads `run`; an error saying what it is, and what is read, when none does. */
export function adapterFor(run: unknown): FormatAdapter {
  const { adapter, messages } = detect(run);
  if (!adapter) throw new ToolCallAccuracyError(unreadableRunMessage(run, messages));
  return adapter;
}

/** The calls of the run's top agent; of a list of calls handed back as a run (`getToolCalls(run)`), those without an `agent`. */
function readOwn(run: unknown): RunCalls {
  const adapter = adapterFor(run);
  const read = readAs(adapter, run);
  if (adapter.format !== 'plain') return read;
  return read.calls.some((call) => call.agent !== undefined) ? { calls: read.calls.filter((call) => call.agent === undefined) } : read;
}

/** Every agent's calls: the top agent's with every sub-agent's placed among them (a list of calls handed back as a run holds them already). */
function readAll(run: unknown): RunCalls {
  const adapter = adapterFor(run);
  const read = readAs(adapter, run);
  return adapter.format === 'plain' ? read : withSubAgents(read);
}

/** The own calls of the sub-agent run a call started (see `ViewReader.subRun`). */
function subRun(call: ToolCall): RunCalls | undefined {
  const { run, fromTrace } = subRunOf(call);
  if (fromTrace) return readAs(adapterFor(run), run);
  const adapter = resultRunAdapter(run);
  if (!adapter) return undefined;
  markResultIsRun(call);
  return readAs(adapter, run);
}

/** The adapter that reads a tool's result as the sub-agent's run, when it is one (a plain list of names or calls is not taken for one). */
function resultRunAdapter(result: unknown): FormatAdapter | undefined {
  if (typeof result !== 'object' || result === null || isRunView(result)) return undefined;
  const adapter = detectFormat(result);
  return adapter && adapter.subRun !== false ? adapter : undefined;
}

function startsSubAgent(call: ToolCall): boolean {
  const { run, fromTrace } = subRunOf(call);
  return fromTrace || resultRunAdapter(run) !== undefined;
}

/** One call of a sub-agent, and where it goes among the calls of the agent that started it. */
interface Placed {
  /** It goes before the call at this index (the length: after them all). */
  before: number;
  position: number | undefined;
  call: ToolCall;
  step: unknown;
}

/**
 * The calls of `read` (one agent's own) with each sub-agent's calls placed among them, each given
 * its `agent`: by the run's own order where it gives one (`positions`), else after the model step
 * that started the sub-agent (its sibling calls were issued before the sub-agent ran).
 */
function withSubAgents(read: RunCalls, depth = 0): RunCalls {
  const { calls } = read;
  let placed: Placed[] | undefined;
  for (let index = 0; index < calls.length && depth < MAX_SUB_AGENT_DEPTH; index++) {
    const starter = calls[index]!;
    const own = subRun(starter);
    if (!own || own.calls.length === 0) continue;
    const sub = withSubAgents(own, depth + 1);
    const name = agentNameOf(starter);
    const afterStep = endOfStep(read.steps, index) + 1;
    const number = (placed ??= []).length;
    for (let at = 0; at < sub.calls.length; at++) {
      const call = sub.calls[at]!;
      if (call.agent === undefined) {
        call.agent = { name };
        markStartedBy(call, starter);
      } else {
        call.agent = { name: call.agent.name, path: [name, ...(call.agent.path ?? [call.agent.name])] };
      }
      const position = sub.positions?.[at];
      const before = position === undefined || read.positions === undefined ? afterStep : firstAfter(read.positions, index, position);
      const step = sub.steps?.[at];
      placed.push({ before, position, call, step: step === undefined ? undefined : `sub${number}:${String(step)}` });
    }
  }
  if (!placed) return read;
  // By where each goes, then by the shared order where the run gives one; else as read (the sort is stable).
  placed.sort((a, b) => a.before - b.before || (a.position !== undefined && b.position !== undefined ? a.position - b.position : 0));
  const all: ToolCall[] = [];
  const steps: unknown[] = [];
  const positions: Array<number | undefined> = [];
  let next = 0;
  for (let index = 0; index <= calls.length; index++) {
    for (; next < placed.length && placed[next]!.before === index; next++) {
      const { call, step, position } = placed[next]!;
      all.push(call);
      steps.push(step);
      positions.push(position);
    }
    if (index === calls.length) break;
    all.push(calls[index]!);
    steps.push(read.steps?.[index]);
    positions.push(read.positions?.[index]);
  }
  const result: RunCalls = { calls: all };
  if (steps.some((step) => step !== undefined)) result.steps = steps;
  if (read.positions) result.positions = positions;
  return result;
}

/** The index of the last call of the model step the call at `index` belongs to (its own index when the step is unknown). */
function endOfStep(steps: readonly unknown[] | undefined, index: number): number {
  const step = steps?.[index];
  if (step === undefined) return index;
  let end = index;
  while (end + 1 < steps!.length && steps![end + 1] === step) end++;
  return end;
}

/** The index of the first call after `index` that sits past `position` (the length when none does). */
function firstAfter(positions: ReadonlyArray<number | undefined>, index: number, position: number): number {
  for (let at = index + 1; at < positions.length; at++) if ((positions[at] ?? -Infinity) > position) return at;
  return positions.length;
}

const viewReader: ViewReader = {
  readOwn,
  readAll,
  readTurns(run) {
    const adapter = adapterFor(run);
    const { unit, turns } = turnsOf(run, adapter);
    return { format: adapter.format, unit, turns: turns.map((part) => readAs(adapter, part)) };
  },
  subRun: (call) => subRun(call),
  withSubAgents: (read) => withSubAgents(read),
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
  if (isRecord(run) && isThenable(attempt(() => run.steps, undefined))) {
    return (
      'received a streamText result whose `steps` is still a Promise. ' +
      'Pass the finished steps instead: expect(await result.steps).toCallTool(…). ' +
      'With AI SDK 4, read the stream first (await result.consumeStream()): its steps settle only then.'
    );
  }
  for (const adapter of adapters) {
    const piece = attempt(() => adapter.wrongPiece?.(run), undefined);
    if (piece) return `received ${describeValue(run)}, which is a piece of a ${adapter.format} run, not a run: ${piece}.`;
  }
  const why = describeMessages(messages, run);
  return `received ${describeValue(run)}, which is not an agent run this package can read${why ? `: ${why}` : ''}.\n${acceptedShapes()}`;
}
