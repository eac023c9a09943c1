import { stripVTControlCharacters } from 'node:util';

/**
 * What both runners hand a matcher as `this`: the common part of Vitest's and Jest's matcher
 * contexts, so one implementation serves both.
 */
export interface MatcherContext {
  /** True under `.not`; Vitest leaves it undefined on a positive assertion. */
  isNot?: boolean;
  promise?: string;
  equals(a: unknown, b: unknown, customTesters?: readonly unknown[], strictCheck?: boolean): boolean;
  customTesters?: readonly unknown[];
  utils: MatcherUtils;
  /** True on the context each run of a sample is checked with: the sample's message has the hint line, not the run's. */
  sampleRun?: true;
}

/** Both runners also give the test's name and file to a matcher; the judge names its verdict files after them. */
export type JudgeMatcherContext = MatcherContext & { currentTestName?: string; testPath?: string; task?: unknown };

export interface MatcherUtils {
  matcherHint(
    matcherName: string,
    received?: string,
    expected?: string,
    options?: { isNot?: boolean; promise?: string; secondArgument?: string; comment?: string },
  ): string;
  printExpected(value: unknown): string;
  printReceived(value: unknown): string;
  diff(a: unknown, b: unknown, options?: unknown): string | null | undefined;
  /** Jest's utilities (jest-matcher-utils) have it; Vitest's do not. */
  matcherErrorMessage?: unknown;
}

/**
 * Text from the runner's utilities, coloured as the runner colours its own matchers' messages: Jest's
 * utilities (the ones with `matcherErrorMessage`) keep their colours. Vitest's matchers throw plain
 * text, but its `utils` colour by the environment (CI, FORCE_COLOR, the terminal): under Vitest, and
 * with any other context, the text is made plain, so an error snapshot is the same on a laptop and in CI.
 */
export function inRunnerColours(utils: MatcherUtils, text: string): string {
  return typeof utils.matcherErrorMessage === 'function' ? text : stripVTControlCharacters(text);
}

export interface MatcherResult {
  pass: boolean;
  message(): string;
  /** A small projection of the run (never the raw run), returned on a positive failure so runners show a diff. */
  actual?: unknown;
  expected?: unknown;
}

/**
 * What implementing the declared matchers means: each method of `matchers.d.ts` becomes a
 * function of the runner's context and the received value. `matchers` is checked against it, so
 * the declarations and the implementations cannot drift apart.
 */
export type Implementations<Declared> = {
  [Name in keyof Declared]: Declared[Name] extends (...args: infer Args) => infer Returned
    ? (this: MatcherContext, received: unknown, ...args: Args) => Returned extends Promise<unknown> ? Promise<MatcherResult> : MatcherResult
    : never;
};
