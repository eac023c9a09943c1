import { describeValue } from '../describe.js';
import { ToolCallAccuracyError, ToolCallCheckError } from '../errors.js';
import { checkOptions, rule, type OptionsSchema } from '../options.js';
import { mastraScorerMembers, type MastraScorerMembers } from './mastraScorer.js';
import { runIds } from './runId.js';

/**
 * What a gate runs on each run: one or more `check(run)…` claims. It returns (or resolves) when
 * they hold, and throws the `ToolCallCheckError` of the first that does not.
 */
export type GateCheck<Run = MastraRun> = (run: Run) => void | Promise<void>;

/**
 * What Mastra hands a scorer of type `'agent'`: the run's input and output messages, and what the
 * dataset item or live run adds (`groundTruth`, `requestContext`, `runId`, …). Every matcher reads it.
 */
export interface MastraRun {
  input?: unknown;
  output: unknown;
  groundTruth?: any;
  runId?: string;
  [key: string]: unknown;
}

export interface MastraGateOptions {
  /** Shown in Mastra's Studio and score records. Default: the id. */
  name?: string;
  description?: string;
  /**
   * `'agent'` (default): the checks get the run's messages. `'trajectory'`: Mastra hands the gate the
   * run's `Trajectory` as `output` (from the trace when Mastra stores one, with sub-agents), so the
   * checks read `run.output`: `(run) => check(run.output).toCallTool('search')`.
   */
  type?: 'agent' | 'trajectory';
}

/** A gate's result: Mastra's result shape, with the check's failure message as its reason. */
export interface MastraGateResult {
  runId: string;
  /** 1 when every check passed, 0 when one failed. */
  score: 0 | 1;
  /** The failing check's message (the calls made, where they diverged, a diff); absent on a pass. */
  reason?: string;
}

export interface MastraGate extends Omit<MastraScorerMembers, 'type'> {
  readonly type: 'agent' | 'trajectory';
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** Runs the checks on one run. A check that throws anything but a failed claim rejects: it is the scorer's error, never a score. */
  run(run: MastraRun): Promise<MastraGateResult>;
}

const GATE_OPTIONS: OptionsSchema = {
  shape: '{ name, description, type }',
  options: {
    name: rule.string,
    description: rule.string,
    type: rule.oneOf(['agent', 'trajectory'], "'agent' (the run's messages) or 'trajectory' (its Mastra trajectory)"),
  },
};

/**
 * The package's checks as a Mastra scorer (`type: 'agent'`, or `'trajectory'` to check the run's trajectory), for `runEvals({ gates })`,
 * `expectEvals`, an agent's `scorers` or `new Mastra({ scorers })`: it scores 1 when the checks
 * pass and 0 when one fails, with the failure message as its `reason`, so Mastra shows the
 * tool-call diff. A bad argument, or a run the checks cannot read, rejects instead.
 * @example
 * const booksInOrder = mastraGate('books-in-order', (run) => check(run).toCallToolsInOrder(['search-flights', 'book-flight']))
 * await runEvals({ target: agent, data, gates: [booksInOrder] })
 */
export function mastraGate<Run extends MastraRun = MastraRun>(id: string, checks: GateCheck<Run>, options: MastraGateOptions = {}): MastraGate {
  if (typeof id !== 'string' || id.trim() === '') throw new ToolCallAccuracyError(`mastraGate(id, checks): id names the gate in Mastra's results, e.g. 'books-in-order'; received ${describeValue(id)}.`);
  if (typeof checks !== 'function') {
    throw new ToolCallAccuracyError(`mastraGate(${JSON.stringify(id)}, checks): checks is a function of the run, e.g. (run) => check(run).toCallTool('search'); received ${describeValue(checks)}.`);
  }
  const where = `mastraGate(${JSON.stringify(id)}, checks, options)`;
  if (typeof options === 'object' && options !== null && 'threshold' in options) {
    throw new ToolCallAccuracyError(
      `${where}: a gate has no threshold, it scores 1 or 0 per run. runEvals gates on the share of runs that passed; for a threshold, pass the gate as a scorer: scorers: [{ scorer: gate, threshold: 0.9 }].`,
    );
  }
  checkOptions<MastraGateOptions>(options, GATE_OPTIONS, { where });
  const runIdOf = runIds();
  return {
    ...mastraScorerMembers(),
    type: options.type ?? 'agent',
    id,
    name: options.name ?? id,
    description: options.description ?? `Scores 1 when the tool-call checks of ${JSON.stringify(id)} pass, 0 when one fails`,
    async run(run) {
      const runId = runIdOf(run);
      try {
        await checks(run as Run);
      } catch (error) {
        // Only a claim that did not hold is a score; anything else is the scorer's error, for Mastra to report.
        if (error instanceof ToolCallCheckError) return { runId, score: 0, reason: error.message };
        throw error;
      }
      return { runId, score: 1 };
    },
  };
}
