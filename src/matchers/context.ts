/**
 * What both runners hand a matcher as `this`: the common part of Vitest's and Jest's matcher
 * contexts, so one implementation serves both.
 */
export interface MatcherContext {
  isNot: boolean;
  promise?: string;
  equals(a: unknown, b: unknown, customTesters?: readonly unknown[], strictCheck?: boolean): boolean;
  customTesters?: readonly unknown[];
  utils: MatcherUtils;
}

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
}

export interface MatcherResult {
  pass: boolean;
  message(): string;
  /** A small projection of the run (never the raw run), returned on a positive failure so runners show a diff. */
  actual?: unknown;
  expected?: unknown;
}
