import type { MatcherContext } from './matcherContext.js';

/** The hint line: `expect(run).not.toCallTool(name, input)`, as the runner draws it. */
export function hint(ctx: MatcherContext, matcherName: string, expected = 'expected', secondArgument?: string): string {
  return ctx.utils.matcherHint(matcherName, 'run', expected, {
    isNot: ctx.isNot,
    promise: ctx.promise ?? '',
    ...(secondArgument !== undefined && { secondArgument }),
  });
}

/** Joins the sections of a message with blank lines, leaving out empty ones. */
export function compose(...sections: Array<string | false | undefined>): string {
  return sections.filter((section): section is string => typeof section === 'string' && section !== '').join('\n\n');
}

/** The text of a matcher error: the hint, then what was wrong with the arguments or the run. */
export function matcherErrorMessage(hintLine: string, problem: string): string {
  return `${hintLine}\n\nMatcher error: ${problem}`;
}
