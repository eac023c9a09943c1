import type { ToolRef } from '../../matchers.js';
import { ToolCallAccuracyError } from '../errors.js';
import { didYouMean } from '../suggest.js';
import { formatName } from '../value.js';
import { brand, hasBrand } from '../refs/brand.js';
import { isToolRef } from '../refs/toolRefs.js';
import { describeValue } from '../describe.js';
import type { TurnUnit } from './adapter.js';
import type { RunCalls } from './steps.js';
import { concatRuns } from './steps.js';
import { subRunOf } from './subAgents.js';

/** What a view selects from the run it wraps. */
type Selection = { turn: number } | { within: string };

/**
 * A part of a run, for the matchers: `turn(run, 2)`, `within(run, 'research-agent')`. Every matcher
 * and `getToolCalls` read it as a run of its own.
 */
export class RunView {
  constructor(
    readonly run: unknown,
    readonly selection: Selection,
  ) {
    Object.freeze(brand(this, 'run-view'));
  }

  toString(): string {
    return 'turn' in this.selection ? `turn(run, ${this.selection.turn})` : `within(run, ${formatName(this.selection.within)})`;
  }
}

export function isRunView(value: unknown): value is RunView {
  return hasBrand(value, 'run-view');
}

/**
 * The calls the agent made in answer to the `n`-th user message of a conversation, counting from
 * 1; -1 is the last turn, -2 the one before. An OpenTelemetry trace holds one turn per trace.
 *
 * @example
 * expect(turn(messages, 2)).toCallTool('refund')
 * expect(turn(messages, -1)).toCallNoTools()
 */
export function turn(run: unknown, n: number): RunView {
  if (!Number.isInteger(n) || n === 0) {
    throw new ToolCallAccuracyError(`turn(run, n): n counts user messages from 1 (or from the end: -1 is the last turn); received ${describeValue(n)}.`);
  }
  if (isRunView(run)) throw new ToolCallAccuracyError(`turn(run, n) takes the whole conversation; received ${run.toString()}. Write within(turn(run, n), name) to look inside a sub-agent of one turn.`);
  return new RunView(run, { turn: n });
}

/**
 * The calls made by a sub-agent: an agent run inside the tool `toolName` (a Mastra agent used as a
 * tool, an AI SDK tool that runs another agent). They are left out of the run's own calls.
 *
 * @example
 * expect(within(run, 'research-agent')).toCallTool('web-search')
 */
export function within(run: unknown, toolName: string | ToolRef): RunView {
  const name = isToolRef(toolName) ? toolName.toolName : toolName;
  if (typeof name !== 'string' || name === '') {
    throw new ToolCallAccuracyError(`within(run, toolName): toolName names the tool that ran the sub-agent, e.g. 'research-agent'; received ${describeValue(toolName)}.`);
  }
  return new RunView(run, { within: name });
}

/** Turn `n` of a run's turns (from the end when negative); a number out of range is an error saying how many there are. */
export function selectTurn<T>(view: RunView, n: number, all: readonly T[], format: string, unit: TurnUnit): T {
  const index = n > 0 ? n - 1 : all.length + n;
  if (index < 0 || index >= all.length) {
    throw new ToolCallAccuracyError(
      unit === 'run'
        ? `${view.toString()}: this run (${format}) holds one turn, the agent's answer to one request; use 1 or -1. To look at other turns, pass the conversation's messages.`
        : `${view.toString()}: the ${format} run has ${all.length === 1 ? '1 turn' : `${all.length} turns`} (one per ${unit})` +
            `${all.length > 1 ? `; use 1 to ${all.length}, or -1 for the last` : all.length === 1 ? '; use 1 or -1' : ''}.`,
    );
  }
  return all[index]!;
}

/** How a view reads the run it wraps; given by getToolCalls, which owns format detection. */
export interface ViewReader {
  /** Reads any run, a view or not, as getToolCalls does. */
  read(run: unknown): RunCalls;
  /** Reads a run turn by turn, naming its format. */
  readTurns(run: unknown): { format: string; unit: TurnUnit; turns: RunCalls[] };
  /** Reads a tool's result as a sub-agent run; undefined when it is not one (a plain list of names or calls is not taken for one). */
  readNested(run: unknown): RunCalls | undefined;
}

/** The calls a view selects. */
export function readView(view: RunView, reader: ViewReader): RunCalls {
  const { selection } = view;
  const read = reader.read;
  if ('turn' in selection) {
    const { format, unit, turns: all } = reader.readTurns(view.run);
    return selectTurn(view, selection.turn, all, format, unit);
  }
  const { calls } = read(view.run);
  const name = selection.within;
  const runners = calls.filter((call) => call.toolName === name);
  if (runners.length === 0) {
    const called = [...new Set(calls.map((call) => formatName(call.toolName)))];
    throw new ToolCallAccuracyError(
      `${view.toString()}: the run never called ${formatName(name)}, so there is no sub-agent run to look in.${didYouMean(name, calls.map((call) => call.toolName))}` +
        (called.length > 0 ? ` It called: ${called.slice(0, 10).join(', ')}${called.length > 10 ? ', …' : ''}.` : ' It made no tool calls.'),
    );
  }
  // Each sub-agent run is read on its own; their calls, one run after the other, keep their steps.
  return concatRuns(runners.map((call, index) => {
    const { run, fromTrace } = subRunOf(call);
    if (fromTrace) return read(run);
    const nested = reader.readNested(run);
    if (nested) return nested;
    // A Mastra agent used as a tool returns only its text, and keeps its messages in a memory thread.
    const mastraThread = typeof run === 'object' && run !== null && 'subAgentThreadId' in run ? (run as { subAgentThreadId: unknown }).subAgentThreadId : undefined;
    throw new ToolCallAccuracyError(
      `${view.toString()}: call ${index + 1} to ${formatName(name)} holds no agent run: its result is ${describeValue(run)}. ` +
        (mastraThread !== undefined
          ? `A Mastra sub-agent keeps its messages in its memory thread (${describeValue(mastraThread)}): pass those messages, or an OpenTelemetry trace of the run.`
          : "A sub-agent's calls are known from an OpenTelemetry trace of the run, or when the tool returns the sub-agent's run (its UI message, generateText result or messages)."),
    );
  }));
}
