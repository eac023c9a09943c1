/**
 * The types of tool doubles: each tool's input and output, read from the framework's own types of
 * the tool (what its schemas infer to), and the stubs they type.
 */

/** What an `execute` (or LangChain `func`) returns, unwrapped: its promise, or the last value of an AI SDK streaming tool. */
type Unwrapped<R> = R extends AsyncIterable<infer O> ? O : Awaited<R>;

/**
 * The input a tool is executed with, as its framework types it: an AI SDK tool's and a Mastra
 * tool's `execute` argument, a LangChain tool's schema output (its `func` argument), an OpenAI Agents
 * SDK tool's parameters (the argument of its `needsApproval`). `unknown` where the framework does not say.
 */
export type ToolInput<T> = T extends { func: (input: infer I, ...rest: never[]) => unknown }
  ? I
  : T extends { type: 'function'; needsApproval: (runContext: never, input: infer I, ...rest: never[]) => unknown }
    ? I
    : T extends { execute?: (input: infer I, ...rest: never[]) => unknown }
      ? I
      : unknown;

/**
 * What a tool returns, as its framework types it: an AI SDK or Mastra tool's `execute`, a LangChain
 * tool's `func`. `unknown` where the framework does not say: the OpenAI Agents SDK types every
 * `tool()`'s result as `string` whatever `execute` returns, so its tools' outputs are not typed.
 */
export type ToolOutput<T> = T extends { func: (...args: never[]) => infer R }
  ? Unwrapped<R>
  : T extends { type: 'function'; invoke: unknown }
    ? unknown
    : T extends { execute?: (...args: never[]) => infer R }
      ? Unwrapped<R>
      : unknown;

/**
 * A value `input` may be compared with: the input itself, its parts replaced by asymmetric
 * matchers (`expect.any(String)`, `expect.objectContaining({ … })`) where the runner allows.
 */
export type InputMatching<I> = I extends object ? { [K in keyof I]?: InputMatching<I[K]> } | AsymmetricMatcherLike : I | AsymmetricMatcherLike;

/** Vitest's and Jest's `expect.anything()`, `expect.objectContaining(…)` and the like. */
export interface AsymmetricMatcherLike {
  asymmetricMatch(other: unknown): boolean;
}

/**
 * One case of a stub: calls whose input equals `input` (as `toEqual` compares; without `input`,
 * any call) answer `output` (a value, or a function of the input), fail with `error` (a string or an
 * Error, as the framework reports a failing tool), or run the real tool (`passThrough: true`).
 * `failTimes: n` makes the first n calls of the case fail (with `error`, or a default text) before it answers.
 */
export interface ToolStubCase<I, O> {
  input?: InputMatching<I>;
  output?: StubValue<O> | ((input: I) => O | Promise<O>);
  error?: string | Error;
  failTimes?: number;
  passThrough?: boolean;
}

/** A tool's stub: its output, a function of its input returning the output, or a list of cases tried in order. */
export type ToolStub<I, O> = StubValue<O> | ((input: I) => O | Promise<O>) | ReadonlyArray<ToolStubCase<I, O>>;

/** An output given as a value: the tool's output type, or any data where the framework does not type it (a function is then the stub's function). */
type StubValue<O> = unknown extends O ? string | number | boolean | null | readonly unknown[] | { [key: string]: unknown } : O;

/** The name a tool in a list is known by: its `name`, or a Mastra tool's `id`. */
type NameOf<E> = E extends { type: 'function'; name: infer N } ? N : E extends { func: unknown; name: infer N } ? N : E extends { id: infer N } ? N : E extends { name: infer N } ? N : string;

/** The stubs of a set of tools: for each tool, by name, a stub typed by its input and output. */
export type StubsFor<T> = T extends ReadonlyArray<infer E>
  ? { [N in NameOf<E> & string]?: ToolStub<ToolInput<Extract<E, Named<N>>>, ToolOutput<Extract<E, Named<N>>>> }
  : { [K in keyof T]?: ToolStub<ToolInput<T[K]>, ToolOutput<T[K]>> };

type Named<N> = { name: N } | { id: N };
