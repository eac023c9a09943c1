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
}
