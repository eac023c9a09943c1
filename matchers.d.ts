/**
 * The matchers of tool-call-accuracy, declared once, and their augmentations of Vitest's and
 * Jest's `expect`. Importing `tool-call-accuracy/vitest` or `tool-call-accuracy/jest` brings
 * these types in.
 */

/**
 * A tool name, or a call pattern whose `input` and `output` are compared with the runner's
 * equality (asymmetric matchers work), with what the call must have come to (`CallOutcomePattern`).
 */
export type ExpectedToolCall = string | ToolRef | ({ toolName: string | ToolRef; input?: unknown } & CallOutcomePattern);

/**
 * What a call must have come to. A call whose result never arrived (still running, denied, or not
 * recorded) has neither output nor error: it fails `output`, `error: true` and `error: false`.
 */
export interface CallOutcomePattern {
  /** The call's result equals this (asymmetric matchers work). */
  output?: unknown;
  /**
   * `true`: the call failed. `false`: it succeeded (a result and no error). A string, RegExp or
   * asymmetric matcher: it failed with an error message containing / matching it.
   */
  error?: boolean | string | RegExp | AsymmetricMatcherLike;
  /** The approval state the call must have (tools that need a person's approval). */
  approval?: 'requested' | 'approved' | 'denied';
}

/** An item of `toCallToolsInOrder`: a call, or a `parallel(…)` group of calls issued in one step in any order. */
export type ExpectedToolStep = ExpectedToolCall | ParallelGroup;

/** `parallel('weather', 'news')`: these calls were issued together in one step, in any order. */
export interface ParallelGroup {
  readonly parallel: readonly ExpectedToolCall[];
}

/** Anything with `asymmetricMatch`: `expect.objectContaining(…)`, `expect.any(String)`, … */
export interface AsymmetricMatcherLike {
  asymmetricMatch(other: unknown): boolean;
}

/**
 * The shape an expected input may take for a tool whose input is `Input`: the input itself, with
 * an asymmetric matcher allowed in place of any part of it. An unknown input accepts anything.
 */
export type InputPattern<Input> = unknown extends Input
  ? unknown
  : AsymmetricMatcherLike | (Input extends object ? { [Key in keyof Input]: InputPattern<Input[Key]> } : Input);

/**
 * A typed reference to one tool of a tool set, from `toolRefs(tools)`. Usable wherever a tool
 * name is; the matchers type-check an expected input against the tool's input schema.
 */
export interface ToolRef<Name extends string = string, Input = any> {
  /** The tool's name: its key in the tool set. */
  readonly toolName: Name;
  /** Carries the input type for the compiler only; never set. */
  readonly '~input'?: Input;
  /**
   * A call pattern for lists (`toCallToolsInOrder`, `toCallOnly`), its input type-checked.
   * @example
   * expect(run).toCallToolsInOrder([t.search.with({ query: 'cats' }), t.summarize])
   */
  with(input: InputPattern<Input>): { readonly toolName: Name; readonly input: unknown };
}

/**
 * The output type of a schema: a Standard Schema (zod 3.25+ and 4, valibot, arktype), a zod 4 core
 * type, an AI SDK `jsonSchema<T>()` or `lazySchema`. Distributes over the AI SDK's `FlexibleSchema`
 * union, whose members all give the same type.
 */
type SchemaOutput<Schema> = Schema extends { readonly '~standard': { readonly types?: infer Types } }
  ? NonNullable<Types> extends { readonly output: infer Output } ? Output : unknown
  : Schema extends { readonly _zod: { readonly output: infer Output } }
    ? Output
    : Schema extends { readonly _type: infer Output }
      ? Output
      : Schema extends () => { readonly _type: infer Output }
        ? Output
        : unknown;

/** A tool's input type: from its `inputSchema` (AI SDK 5+, Mastra) or `parameters` (AI SDK 4). */
export type ToolInputOf<Tool> = Tool extends { readonly inputSchema?: infer Schema }
  ? unknown extends Schema
    ? Tool extends { readonly parameters?: infer Parameters } ? (unknown extends Parameters ? unknown : SchemaOutput<NonNullable<Parameters>>) : unknown
    : SchemaOutput<NonNullable<Schema>>
  : unknown;

/** `toolRefs(tools)`: one typed reference per key of the tool set. */
export type ToolRefs<Tools> = { readonly [Name in keyof Tools & string]: ToolRef<Name, ToolInputOf<Tools[Name]>> };

declare const fromAssertion: unique symbol;
/**
 * Passed as `R` where the runner's declaration has no `R` to give (Vitest's, see below): each matcher
 * then returns what the assertion's own `toBe` returns, `void`, or `Promise<void>` after `.resolves`
 * and `.rejects`.
 */
export type FromAssertion = typeof fromAssertion;
/** What a matcher returns on the assertion `A` when `R` is `FromAssertion`; `R` otherwise. */
export type MatcherResult<R, A> = [R] extends [FromAssertion] ? (A extends { toBe(expected: never): infer Result } ? Result : void) : R;

export interface ToolCallMatchers<R = unknown> {
  /**
   * With a typed reference from `toolRefs(tools)`: the input is type-checked against the tool's schema.
   * @example
   * const t = toolRefs(tools)
   * expect(result).toCallTool(t.getWeather, { city: 'Paris' })
   */
  toCallTool<Input>(tool: ToolRef<string, Input>, input?: NoInfer<InputPattern<Input>>, outcome?: CallOutcomePattern): MatcherResult<R, this>;
  /**
   * Passes when the run made some call to `toolName`, and, when `input` is given, with an input
   * equal to it (`expect.objectContaining`, `expect.stringContaining`, … work inside).
   * A third argument asks what the call came to: its `output`, its `error` (`true`, `false`, or a
   * message pattern), its `approval`; an `undefined` input then means any input.
   * @example
   * expect(result).toCallTool('weather-tool')
   * expect(result).toCallTool('weather-tool', { location: expect.stringContaining('New York') })
   * expect(result).toCallTool('weather-tool', undefined, { output: expect.objectContaining({ sunny: true }) })
   * expect(result).toCallTool('delete-file', { path: 'a.md' }, { approval: 'approved', error: false })
   * expect(result).not.toCallTool('payments', undefined, { error: /timeout/ })
   */
  toCallTool(toolName: string, input?: unknown, outcome?: CallOutcomePattern): MatcherResult<R, this>;

  /**
   * Passes when exactly `times` calls are to `toolName`, or with `{ min?, max? }` (inclusive, at
   * least one) when their number is within those bounds. A name that is an asymmetric matcher
   * counts every call it matches: `expect.any(String)` counts them all, a budget on the run.
   * @example
   * expect(result).toCallToolTimes('search-tool', 2)
   * expect(result).toCallToolTimes('search-tool', { min: 1, max: 3 })
   * expect(result).toCallToolTimes(expect.any(String), { max: 8 })
   */
  toCallToolTimes(toolName: string | ToolRef | AsymmetricMatcherLike, times: number | { min?: number; max?: number }): MatcherResult<R, this>;

  /**
   * With a name: passes when the run made exactly one tool call, and it is to that tool.
   * With a list: passes when the calls are exactly these, in any order.
   * Object items may also ask what a call came to (`output`, `error`, `approval`).
   * @example
   * expect(result).toCallOnly('weather-tool')
   * expect(result).toCallOnly(['auth-tool', { toolName: 'fetch-tool', input: { url: '/a' } }])
   * expect(result).toCallOnly([{ toolName: 'fetch-tool', error: false }])
   */
  toCallOnly(expected: ExpectedToolCall | readonly ExpectedToolCall[]): MatcherResult<R, this>;

  /**
   * Passes when these calls appear in this order, other calls allowed in between; with
   * `{ strict: true }`, when the calls are exactly this sequence. An empty list, like
   * `toCallOnly([])`, passes only when the run made no calls. A `parallel(…)` item is a group
   * of calls issued in one step, in any order.
   * @example
   * expect(result).toCallToolsInOrder(['auth-tool', 'fetch-tool'])
   * expect(result).toCallToolsInOrder(['auth-tool', 'fetch-tool'], { strict: true })
   * expect(result).toCallToolsInOrder(['search', parallel('weather', 'news'), 'summarize'])
   * expect(result).toCallToolsInOrder([{ toolName: 'fetch', error: true }, { toolName: 'fetch', error: false }])
   */
  toCallToolsInOrder(expected: readonly ExpectedToolStep[], options?: { strict?: boolean }): MatcherResult<R, this>;

  /**
   * Passes when each of these calls was made by a call of its own, in any order, other calls
   * allowed (agentevals' superset, Google ADK's ANY_ORDER): `toCallToolsInOrder` without the
   * order. Two equal items need two calls. An empty list passes only when the run made no calls.
   * @example
   * expect(result).toCallToolsInAnyOrder(['weather-tool', 'search-tool'])
   * expect(result).toCallToolsInAnyOrder([{ toolName: 'search-tool', input: { query: 'cats' } }, 'search-tool'])
   */
  toCallToolsInAnyOrder(expected: readonly ExpectedToolCall[]): MatcherResult<R, this>;

  /**
   * Passes when every call of the run is matched by one of these items, each item by one call at
   * most, in any order; items may go unused (agentevals' subset). Two calls to a tool need two
   * items for it. An empty list passes only when the run made no calls.
   * @example
   * expect(result).toCallOnlyFrom(['search-tool', 'weather-tool', 'weather-tool'])
   * expect(result).toCallOnlyFrom([{ toolName: 'search-tool', input: { query: expect.any(String) } }, 'weather-tool'])
   */
  toCallOnlyFrom(expected: readonly ExpectedToolCall[]): MatcherResult<R, this>;

  /**
   * Passes when no call failed (a thrown tool, an input its schema refused, an error result). With
   * `{ retries: n }`, failed calls to a tool are forgiven when a later call to it succeeded within
   * n further attempts (its next calls; calls to other tools may come between).
   * @example
   * expect(result).toCallToolsWithoutErrors()
   * expect(result).toCallToolsWithoutErrors({ retries: 2 })
   */
  toCallToolsWithoutErrors(options?: { retries?: number }): MatcherResult<R, this>;

  /**
   * Passes when some call repeats the call just before it (same tool, equal input): the loop Mastra
   * calls a redundant call. With `{ consecutive: false }`, a repeat of any earlier call counts.
   * @example
   * expect(result).not.toRepeatToolCalls()
   * expect(result).not.toRepeatToolCalls({ consecutive: false })
   */
  toRepeatToolCalls(options?: { consecutive?: boolean }): MatcherResult<R, this>;

  /**
   * Passes when the run made no tool calls (e.g. the agent rightly asked for clarification).
   * @example
   * expect(result).toCallNoTools()
   */
  toCallNoTools(): MatcherResult<R, this>;

  /**
   * Passes when the run stays within every limit given (each inclusive): tool calls, model steps,
   * tokens (input plus output, summed over the run's model calls) and wall time in milliseconds.
   * A limit the run does not record (a message list has no tokens; most results have no times) is
   * an error naming the run shapes that record it, never a guess.
   * @example
   * expect(result).toStayWithinBudget({ toolCalls: 8, steps: 5, tokens: 20_000 })
   * expect(traceSpans).toStayWithinBudget({ durationMs: 30_000 })
   */
  toStayWithinBudget(budget: Budget): MatcherResult<R, this>;

  /**
   * Passes when every call names one of `tools` and its input passes that tool's input schema.
   * `tools` is an AI SDK tool set, a Mastra tools record, LangChain tools (`tool()`, as a list or a
   * record), or a record of schemas: Standard Schema (zod 3.25+ and 4, valibot, arktype), the AI
   * SDK's `jsonSchema()`, or plain JSON Schema (checked with `@cfworker/json-schema`, installed
   * beside this package, where the schema has no synchronous `validate`). A list holds tools that
   * name themselves: LangChain's, or an OpenAI Agents SDK agent's (`agent.tools`, with
   * `...agent.handoffs` for its handoffs). It also takes the tools a Google Gen AI model was given
   * (`config.tools`, or its `FunctionDeclaration[]`) and a Bedrock Converse `toolConfig` (or its
   * `tools`). An unknown tool gets a "did you mean".
   * @example
   * expect(result).toCallToolsWithValidInputs(tools)
   * expect(result).toCallToolsWithValidInputs({ search: z.object({ query: z.string().min(1) }) })
   * expect(langGraphState).toCallToolsWithValidInputs([searchTool, bookTool])
   * expect(await run(agent, input)).toCallToolsWithValidInputs([...agent.tools, ...agent.handoffs])
   * expect(chat.getHistory()).toCallToolsWithValidInputs(config.tools)   // Google Gen AI
   * expect(messages).toCallToolsWithValidInputs(toolConfig)              // Bedrock Converse
   */
  toCallToolsWithValidInputs(tools: Readonly<Record<string, unknown>> | ReadonlyArray<object>): MatcherResult<R, this>;

  /**
   * An LLM judge scores the run's tool calls against the user's request and the available tools
   * (appropriate calls / (calls made + missing tools)); passes when the score is at least
   * `threshold` (default 1). Async: always `await` it; an un-awaited call fails the test.
   * Verdicts are recorded in `__judge__/` and replayed (see `configureJudge`). A judge that gives
   * no verdict (no key, timeout, invalid answers, replay miss) fails the assertion, with `.not` too.
   * @example
   * configureJudge({ model: 'openai/gpt-5-mini', availableTools: tools })
   * await expect(mastraRun).toUseAppropriateTools()           // the run records the user's request
   * await expect(result).toUseAppropriateTools({ request: 'Book SFO to JFK', threshold: 0.5 })
   */
  toUseAppropriateTools(options?: ToUseAppropriateToolsOptions): Promise<void>;

  /**
   * An LLM judge reviews the run's whole trajectory (every step, a sub-agent's steps under the call
   * that ran it): was each step necessary, was it in order, what is missing, and each of `criteria`
   * yes or no. Passes when every step is necessary and in order, nothing is missing and every
   * criterion is "yes"; with `threshold`, when the score (sound steps / (steps + missing)) reaches
   * it and every criterion is "yes". `expectedTrajectory` is a guide for the judge, not a script.
   * The verdict is checked against the run (one evaluation per step, by name, in order) and asked
   * for once more when it does not fit. Async: always `await` it. Verdicts are recorded in
   * `__judge__/` and replayed, as `toUseAppropriateTools`'s are.
   * @example
   * await expect(result).toFollowASensibleTrajectory({ criteria: ['looks the order up before it refunds'] })
   * await expect(result).toFollowASensibleTrajectory({ expectedTrajectory: ['lookup-order', 'refund-order'], threshold: 0.8 })
   * await expect(sample(runs, { passRate: 0.9 })).toFollowASensibleTrajectory()
   */
  toFollowASensibleTrajectory(options?: ToFollowASensibleTrajectoryOptions): Promise<void>;
}

/** The limits of `toStayWithinBudget`: give at least one. Each is the most the run may use, inclusive. */
export interface Budget {
  /** Tool calls the agent made (a sub-agent's calls inside a tool are not the run's own). */
  toolCalls?: number;
  /** Model calls (steps) of the run. */
  steps?: number;
  /** Input plus output tokens, summed over every model call of the run. */
  tokens?: number;
  /** Wall time of the run, in milliseconds (recorded by traces). */
  durationMs?: number;
}

/** Options of `toUseAppropriateTools`; each defaults to the `configureJudge` setting. */
export interface ToUseAppropriateToolsOptions {
  /** An AI SDK language model, or a model id string such as `'openai/gpt-5-mini'`. */
  model?: string | { readonly modelId: string; readonly provider: string };
  /** `[{ name, description }]`, `[{ id, description }]`, or an AI SDK tool set `{ name: tool({…}) }`. */
  availableTools?:
    | ReadonlyArray<{ name: string; description?: string; inputSchema?: unknown } | { id: string; description?: string; inputSchema?: unknown }>
    | Readonly<Record<string, unknown>>;
  /** The score needed to pass, from 0 to 1. Default 1. */
  threshold?: number;
  /**
   * Your criteria of appropriateness ("never call delete-account without a prior confirm"), given
   * to the judge beside its instructions. Part of the verdict's cache key. Default: `configureJudge({ rubric })`.
   */
  rubric?: string;
  /**
   * How many times the judge is asked: an odd whole number (default 1). Each call's verdict and each
   * missing tool are decided by majority, and the agreement shows in the failure message.
   */
  votes?: number;
  /** This assertion's verdict cache, over `configureJudge({ cache })` key by key: `{ mode: 'record' }` asks again here only. */
  cache?: { mode?: 'auto' | 'replay' | 'record' | 'off'; dir?: string };
  /** Time for this assertion's judge request, retries included. Default: `configureJudge({ timeoutMs })`, else 60 000 ms. */
  timeoutMs?: number;
  /** Retries of failed HTTP requests (429, 5xx, network). Default: `configureJudge({ maxRetries })`, else 2. */
  maxRetries?: number;
  /**
   * What the user asked: their text, or the messages the agent was given (any message format the
   * package reads). Needed when the run does not record it, e.g. an AI SDK `generateText` result.
   */
  request?: string | readonly unknown[] | object;
}

/** Options of `toFollowASensibleTrajectory`: those of `toUseAppropriateTools`, an expected trajectory and criteria. */
export interface ToFollowASensibleTrajectoryOptions extends Omit<ToUseAppropriateToolsOptions, 'availableTools' | 'threshold'> {
  /**
   * What the agent could call. Optional here: without them (and without an expected trajectory) the
   * judge can name no missing step. Default: `configureJudge({ availableTools })`.
   */
  availableTools?: ToUseAppropriateToolsOptions['availableTools'];
  /** The score needed to pass, from 0 to 1: steps both necessary and in order / (steps + missing steps). Default 1 (a perfect trajectory); `configureJudge({ threshold })` does not set it. */
  threshold?: number;
  /**
   * A sensible path, as a guide for the judge (it says where the run departs and whether that
   * matters): tool names, Mastra's expected steps, or a Mastra `Trajectory`. Its steps may be named missing.
   */
  expectedTrajectory?:
    | ReadonlyArray<string | { name: string; stepType?: 'tool_call' | 'mcp_tool_call' | 'provider_tool_call'; toolArgs?: unknown; toolResult?: unknown; success?: boolean }>
    | { steps: ReadonlyArray<{ name: string; stepType?: string; [field: string]: unknown }>; [field: string]: unknown };
  /** Yes/no questions about the trajectory ("looks the order up before it refunds"): each answered once; any "no" fails. */
  criteria?: readonly string[];
}

declare module 'vitest' {
  // No type parameters: Vitest 3.2 and 4 declare Matchers<T>, Vitest 5 Matchers<R, T>, and only a
  // declaration without any merges with both. So the result type is read off the assertion.
  interface Matchers extends ToolCallMatchers<FromAssertion> {}
}

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends ToolCallMatchers<R> {}
}

declare global {
  namespace jest {
    // Read off the assertion too, not R: Vitest 3.2 and 4 extend this interface beside their own
    // Matchers, and the two must declare identical members.
    interface Matchers<R, T = {}> extends ToolCallMatchers<FromAssertion> {}
  }
}
