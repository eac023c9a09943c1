import type { CalibrationGate } from './calibrationSettings.js';

/**
 * The judge's public types. `model` is typed loosely on purpose: the package supports ai@5, 6 and
 * 7, whose language model types differ, and must type-check without `ai` installed.
 */

/** An AI SDK language model object (`openai('gpt-5')`, a mock model, …) or a model id string (`'openai/gpt-5'`). */
export type JudgeModel = string | { readonly modelId: string; readonly provider: string; readonly specificationVersion?: string };

/** One tool the agent could have used: Mastra's documented `{ name }`, its real `{ id }`, and an optional input schema (JSON Schema). */
export type AvailableTool =
  | { name: string; description?: string; inputSchema?: unknown }
  | { id: string; description?: string; inputSchema?: unknown };

/**
 * What the agent could call: an array of `{ name, description }` / `{ id, description }`, or an
 * AI SDK tool set (`{ weather: tool({ description, inputSchema, … }) }`), whose keys are the names.
 */
export type AvailableTools = readonly AvailableTool[] | Readonly<Record<string, unknown>>;

/** The judge's opinion of one call, in the order the agent made them. */
export interface ToolEvaluation {
  toolCalled: string;
  wasAppropriate: boolean;
  reasoning: string;
}

/** The structured answer the judge model gives (validated with zod). */
export interface JudgeVerdict {
  evaluations: ToolEvaluation[];
  missingTools: string[];
  reason: string;
}

/* The trajectory judge's verdict (toFollowASensibleTrajectory, createTrajectoryAccuracyScorerLLM). */

/** The judge's opinion of one step (Mastra's `stepEvaluations` entry). */
export interface StepEvaluation {
  stepName: string;
  wasNecessary: boolean;
  wasInOrder: boolean;
  reasoning: string;
}

/** The answer to one of the user's criteria. */
export interface CriterionAnswer {
  criterion: string;
  answer: 'yes' | 'no';
  rationale: string;
}

/** The structured answer of the trajectory judge (validated with zod, then against the run). */
export interface TrajectoryVerdict {
  stepEvaluations: StepEvaluation[];
  missingSteps: string[];
  criteria: CriterionAnswer[];
  overallAssessment: string;
}

/**
 * `auto`: use a stored verdict, else ask the model and store it. `replay`: never call a model.
 * `record`: always ask and overwrite. `off`: no cache.
 */
export type JudgeCacheMode = 'auto' | 'replay' | 'record' | 'off';

export interface JudgeCacheOptions {
  mode?: JudgeCacheMode;
  /** Where verdict files go; relative paths resolve against `process.cwd()`. Default `__judge__`. */
  dir?: string;
}

/** Everything `configureJudge` accepts. A later call changes only the settings it names. */
export interface JudgeConfig {
  model?: JudgeModel;
  availableTools?: AvailableTools;
  /** The score `toUseAppropriateTools` needs, 0–1. Default 1. */
  threshold?: number;
  cache?: JudgeCacheOptions;
  /** Time for one judge request, retries included. Default 60 000 ms. */
  timeoutMs?: number;
  /** Retries of failed HTTP requests (429, 5xx, network), passed to the AI SDK. Default 2. */
  maxRetries?: number;
  /** Judge requests in flight at once, per process. Default 4. */
  concurrency?: number;
  /**
   * The team's own criteria of appropriateness ("never call delete-account without a prior
   * confirm"), given to the judge beside its instructions, fenced like the run's text. Part of the
   * cache key and of the verdict file.
   */
  rubric?: string;
  /**
   * How many times the judge is asked (an odd whole number, default 1). Each call's
   * `wasAppropriate` and each missing tool are decided by majority; the score comes from the
   * majority verdict and the agreement is reported.
   */
  votes?: number;
  /**
   * A gate on the judge's agreement with your labels (`npx tool-call-accuracy label`): every judged
   * assertion fails, or only warns once with `warnOnly`, while the low end of a gated metric's 95%
   * interval is below its minimum. See docs/calibration.md.
   * @example configureJudge({ calibration: { minKappa: 0.6, minTpr: 0.8, minTnr: 0.8 } })
   */
  calibration?: CalibrationGate;
}

/** The provider's token count for the judge requests behind one verdict (every vote and retry). */
export interface JudgeUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Requests counted (votes, and answers asked again). */
  requests: number;
}
