import type { ToolRef } from '../../matchers.js';
import type { ToolCall } from '../types.js';
import { ToolCallAccuracyError } from '../errors.js';
import { didYouMean } from '../suggest.js';
import { formatName } from '../value.js';
import { brand, hasBrand } from '../refs/brand.js';
import { isToolRef } from '../refs/toolRefs.js';
import { describeValue } from '../describe.js';
import type { TurnUnit } from './adapter.js';
import type { RunCalls } from './steps.js';
import { concatRuns } from './steps.js';
import { MAX_SUB_AGENT_DEPTH, subAgentOf, subRunOf } from './subAgents.js';

/** What a view selects from the run it wraps. */
type Selection = { turn: number } | { within: string } | { own: true };

/**
 * A part of a run, for the matchers: `turn(run, 2)`, `within(run, 'research-agent')`, `own(run)`.
 * Every matcher and `getToolCalls` read it as a run of its own.
 */
export class RunView {
  constructor(
    readonly run: unknown,
    readonly selection: Selection,
  ) {
    Object.freeze(brand(this, 'run-view'));
  }

  toString(): string {
    const { selection } = this;
    return 'turn' in selection ? `turn(run, ${selection.turn})` : 'within' in selection ? `within(run, ${formatName(selection.within)})` : 'own(run)';
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
  if (isRunView(run)) {
    throw new ToolCallAccuracyError(`turn(run, n) takes the whole conversation; received ${run.toString()}. Write own(turn(run, n)) or within(turn(run, n), name) to look at one agent of one turn.`);
  }
  return new RunView(run, { turn: n });
}

/**
 * The calls made by a sub-agent: the agent a handoff handed off to (by its name or the handoff
 * tool's), or an agent run inside the tool `toolName` (a Mastra agent used as a tool, an AI SDK tool
 * that runs another agent, a Claude Agent SDK `Agent` call or its `subagent_type`). They are among
 * the run's calls too, each with its `agent`; `within` reads that agent's run alone, its own
 * sub-agents' calls included.
 *
 * @example
 * expect(within(run, 'research-agent')).toCallTool('web-search')
 * expect(own(within(run, 'Billing'))).toCallOnly(['lookup_order', 'transfer_to_Refunds'])
 */
export function within(run: unknown, toolName: string | ToolRef): RunView {
  const name = isToolRef(toolName) ? toolName.toolName : toolName;
  if (typeof name !== 'string' || name === '') {
    throw new ToolCallAccuracyError(`within(run, toolName): toolName names the tool that ran the sub-agent, e.g. 'research-agent'; received ${describeValue(toolName)}.`);
  }
  return new RunView(run, { within: name });
}

/**
 * The calls the run's top agent made itself, without those of the agents it handed off to or ran
 * as tools (which a run's calls include, each with its `agent`): for tests of the top agent's own
 * choices, in order or in number.
 *
 * @example
 * expect(own(result)).toCallToolsInOrder(['get_weather', 'transfer_to_Billing'], { strict: true })
 * expect(own(result)).toStayWithinBudget({ toolCalls: 3 })
 */
export function own(run: unknown): RunView {
  return new RunView(run, { own: true });
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

/** Whose calls a read gives: every agent's (`'all'`, a run's calls), or the top agent's own (`'own'`). */
export type Scope = 'all' | 'own';

/** How a view reads the run it wraps; given by getToolCalls, which owns format detection. */
export interface ViewReader {
  /** Reads a run that is no view: its top agent's own calls, each call that started a sub-agent holding that agent's run. */
  readOwn(run: unknown): RunCalls;
  /** Reads a run that is no view: every agent's calls, in the order made. */
  readAll(run: unknown): RunCalls;
  /** Reads a run that is no view turn by turn (each turn its top agent's own calls), naming its format. */
  readTurns(run: unknown): { format: string; unit: TurnUnit; turns: RunCalls[] };
  /** The own calls of the sub-agent run a call started: the run its reader recorded, or its result when that is a run; undefined when there is none. */
  subRun(call: ToolCall): RunCalls | undefined;
  /** A read of own calls with every sub-agent's calls placed among them, each with its `agent`. */
  withSubAgents(read: RunCalls): RunCalls;
}

/** A run, a view or not, read for `scope`. */
export function readScoped(run: unknown, reader: ViewReader, scope: Scope): RunCalls {
  if (isRunView(run)) return readView(run, reader, scope);
  return scope === 'own' ? reader.readOwn(run) : reader.readAll(run);
}

/** The calls a view selects, for `scope`. */
export function readView(view: RunView, reader: ViewReader, scope: Scope): RunCalls {
  const { selection } = view;
  if ('own' in selection) return readScoped(view.run, reader, 'own');
  if ('turn' in selection) {
    const { format, unit, turns: all } = reader.readTurns(view.run);
    const part = selectTurn(view, selection.turn, all, format, unit);
    return scope === 'own' ? part : reader.withSubAgents(part);
  }
  const { calls } = readScoped(view.run, reader, 'own');
  const name = selection.within;
  // A handoff is opened by the tool the model called or by the agent it handed off to. The top
  // agent's calls first; where none is it, the sub-agents' (outermost first), so a nested agent
  // opens without naming each agent above it.
  const runners = runnersOf(calls, name, reader, 0);
  if (runners.length === 0) {
    const agents = calls.map(subAgentOf).filter((agent): agent is string => agent !== undefined);
    const called = [...new Set([...calls.map((call) => formatName(call.toolName)), ...agents.map((agent) => `${formatName(agent)} (an agent it handed off to)`)])];
    throw new ToolCallAccuracyError(
      `${view.toString()}: the run never called ${formatName(name)}, so there is no sub-agent run to look in.${didYouMean(name, [...calls.map((call) => call.toolName), ...agents])}` +
        (called.length > 0 ? ` It called: ${called.slice(0, 10).join(', ')}${called.length > 10 ? ', …' : ''}.` : ' It made no tool calls.'),
    );
  }
  // Each sub-agent run is read on its own; their calls, one run after the other, keep their steps.
  return concatRuns(
    runners.map((call, index) => {
      const sub = reader.subRun(call);
      if (sub) return scope === 'own' ? sub : reader.withSubAgents(sub);
      const { run } = subRunOf(call);
      // A Mastra agent used as a tool returns only its text, and keeps its messages in a memory thread.
      const mastraThread = typeof run === 'object' && run !== null && 'subAgentThreadId' in run ? (run as { subAgentThreadId: unknown }).subAgentThreadId : undefined;
      throw new ToolCallAccuracyError(
        `${view.toString()}: call ${index + 1} to ${formatName(name)} holds no agent run: its result is ${describeValue(run)}. ` +
          (mastraThread !== undefined
            ? `A Mastra sub-agent keeps its messages in its memory thread (${describeValue(mastraThread)}): pass those messages, or an OpenTelemetry trace of the run.`
            : "A sub-agent's calls are known from an OpenTelemetry trace of the run, or when the tool returns the sub-agent's run (its UI message, generateText result or messages)."),
      );
    }),
  );
}

/** The calls named `name` (by tool or agent) among `calls`; where there is none, among the sub-agent runs those calls started. */
function runnersOf(calls: readonly ToolCall[], name: string, reader: ViewReader, depth: number): ToolCall[] {
  const here = calls.filter((call) => call.toolName === name || subAgentOf(call) === name);
  if (here.length > 0 || depth >= MAX_SUB_AGENT_DEPTH) return here;
  return calls.flatMap((call) => {
    const sub = reader.subRun(call);
    return sub ? runnersOf(sub.calls, name, reader, depth + 1) : [];
  });
}
