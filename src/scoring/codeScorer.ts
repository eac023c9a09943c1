import { getToolCalls } from '../calls/getToolCalls.js';
import { own } from '../calls/views.js';
import { ToolCallAccuracyError } from '../errors.js';
import type { ToolCall } from '../types.js';
import { firstSequenceMismatch, matchInOrder } from './engine.js';
import { mastraScorerMembers, type MastraScorerMembers } from './mastraScorer.js';
import { runIds } from './runId.js';

export interface ToolCallAccuracyCodeOptions {
  /** The tool that should be called. Ignored when `expectedToolOrder` is given. */
  expectedTool?: string;
  /** Single tool: exactly one call, to `expectedTool`. Order: exactly this sequence. Default false. */
  strictMode?: boolean | null;
  /** The tools in the order they should be called; selects order mode. */
  expectedToolOrder?: string[];
}

export interface ToolCallAccuracyCodeResult {
  runId: string;
  /** Always 0 or 1. */
  score: 0 | 1;
  preprocessStepResult: {
    expectedTool: string | undefined;
    actualTools: string[];
    strictMode: boolean;
    expectedToolOrder: string[] | undefined;
    hasToolCalls: boolean;
    correctToolCalled: boolean;
    /** Order mode: did the calls satisfy `expectedToolOrder`? Single-tool mode: null. */
    correctOrderCalled: boolean | null;
    /** The normalized calls, in order (name, input, id, output, error). */
    toolCallInfos: ToolCall[];
  };
}

export interface ToolCallAccuracyCodeScorer extends MastraScorerMembers {
  /** Mastra's id for this scorer: `runEvals` keys its scores by it, Mastra registers the scorer under it. */
  readonly id: 'code-tool-call-accuracy-scorer';
  readonly name: 'Tool Call Accuracy Scorer';
  /** Names the expected tool or order, as Mastra's does. */
  readonly description: string;
  /** Scores one agent run (any format `getToolCalls` reads). Deterministic, no I/O. */
  run(run: unknown): Promise<ToolCallAccuracyCodeResult>;
}

type Mode =
  | { kind: 'single'; expectedTool: string; strict: boolean }
  | { kind: 'order'; expectedToolOrder: string[]; strict: boolean; byName: NamesInOrder };

const NO_NAMES: readonly string[] = Object.freeze([]);

/** The engine's predicate over one run's names, made once per scorer rather than a closure per run (scoring is synchronous). */
class NamesInOrder {
  names: readonly string[] = NO_NAMES;
  constructor(private readonly order: readonly string[]) {}
  readonly sameName = (call: number, item: number): boolean => this.names[call] === this.order[item];
}

/** Reads and checks the scorer options once, at creation, so a bad option fails before any run. */
function resolveCodeScorerMode(options: ToolCallAccuracyCodeOptions): Mode {
  if (typeof options !== 'object' || options === null) {
    throw new ToolCallAccuracyError(`createToolCallAccuracyScorerCode needs an options object, e.g. { expectedTool: 'search-tool' }; received ${options === null ? 'null' : typeof options}.`);
  }
  const { expectedTool, strictMode, expectedToolOrder } = options;
  if (strictMode !== undefined && strictMode !== null && typeof strictMode !== 'boolean') {
    throw new ToolCallAccuracyError(`strictMode must be true or false; received ${JSON.stringify(strictMode)}.`);
  }
  const strict = strictMode === true;
  if (expectedToolOrder !== undefined) {
    if (!Array.isArray(expectedToolOrder) || expectedToolOrder.length === 0) {
      throw new ToolCallAccuracyError(
        'expectedToolOrder must be a non-empty array of tool names, e.g. [\'auth-tool\', \'fetch-tool\']. ' +
          'To check a single tool, pass expectedTool instead.',
      );
    }
    const bad = expectedToolOrder.findIndex((name) => typeof name !== 'string' || name === '');
    if (bad !== -1) {
      throw new ToolCallAccuracyError(`expectedToolOrder[${bad}] must be a non-empty tool name; received ${JSON.stringify(expectedToolOrder[bad]) ?? 'undefined'}.`);
    }
    const order = [...expectedToolOrder];
    return { kind: 'order', expectedToolOrder: order, strict, byName: new NamesInOrder(order) };
  }
  if (expectedTool === undefined) throw new ToolCallAccuracyError("Either expectedTool or expectedToolOrder must be provided, e.g. { expectedTool: 'search-tool' }.");
  if (typeof expectedTool !== 'string' || expectedTool === '') {
    throw new ToolCallAccuracyError(`expectedTool must be a non-empty tool name; received ${JSON.stringify(expectedTool)}.`);
  }
  return { kind: 'single', expectedTool, strict };
}

/** Decides a score from tool names alone: the same rules the deterministic matchers apply. */
function scoreToolNames(mode: Mode, names: readonly string[]): boolean {
  if (mode.kind === 'single') return calledAsAsked(mode.expectedTool, names, mode.strict);
  const order = mode.expectedToolOrder;
  const byName = mode.byName;
  byName.names = names;
  try {
    return mode.strict
      ? firstSequenceMismatch(names.length, order.length, byName.sameName) === -1
      : matchInOrder(names.length, order.length, byName.sameName) === -1;
  } finally {
    byName.names = NO_NAMES;
  }
}

/**
 * A deterministic scorer with the semantics of Mastra's tool-call-accuracy code scorer. Where
 * Mastra's code and its documentation disagree, the documentation is followed: flexible order is a
 * true subsequence, an empty `expectedToolOrder` throws at creation, a run without input or output
 * messages is scored, and calls awaiting approval or denied count.
 */
export function createToolCallAccuracyScorerCode(options: ToolCallAccuracyCodeOptions): ToolCallAccuracyCodeScorer {
  const mode = resolveCodeScorerMode(options);
  const expectedTool = mode.kind === 'single' ? mode.expectedTool : options.expectedTool;
  const expectedToolOrder = mode.kind === 'order' ? mode.expectedToolOrder : undefined;
  const runIdOf = runIds();
  return {
    ...mastraScorerMembers(),
    id: 'code-tool-call-accuracy-scorer',
    name: 'Tool Call Accuracy Scorer',
    description: expectedToolOrder
      ? `Evaluates whether the LLM called tools in the correct order: [${expectedToolOrder.join(', ')}]`
      : `Evaluates whether the LLM selected the correct tool (${expectedTool}) from the available tools`,
    async run(run) {
      const calls = getToolCalls(own(run));
      const actualTools = calls.map((call) => call.toolName);
      const pass = scoreToolNames(mode, actualTools);
      return {
        runId: runIdOf(run),
        score: pass ? 1 : 0,
        preprocessStepResult: {
          expectedTool,
          actualTools,
          strictMode: mode.strict,
          expectedToolOrder,
          hasToolCalls: calls.length > 0,
          correctToolCalled: expectedTool !== undefined && calledAsAsked(expectedTool, actualTools, mode.strict),
          correctOrderCalled: mode.kind === 'order' ? pass : null,
          toolCallInfos: calls,
        },
      };
    },
  };
}

/** Was `expectedTool` called (strict: as the one and only call)? Mastra reports it in order mode too. */
function calledAsAsked(expectedTool: string, names: readonly string[], strict: boolean): boolean {
  return strict ? names.length === 1 && names[0] === expectedTool : names.includes(expectedTool);
}
