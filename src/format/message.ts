import { inRunnerColours, type MatcherContext } from './matcherContext.js';

/** The hint line: `expect(run).not.toCallTool(name, input)`, as the runner draws it. */
export function hint(ctx: MatcherContext, matcherName: string, expected = 'expected', secondArgument?: string): string {
  const line = ctx.utils.matcherHint(matcherName, 'run', expected, {
    isNot: ctx.isNot,
    promise: ctx.promise ?? '',
    ...(secondArgument !== undefined && { secondArgument }),
  });
  return inRunnerColours(ctx.utils, line);
}

/** Joins the sections of a message with blank lines, leaving out empty ones. */
export function compose(...sections: Array<string | false | undefined>): string {
  return sections.filter((section): section is string => typeof section === 'string' && section !== '').join('\n\n');
}

/**
 * The text of a matcher error: the hint, then what was wrong with the arguments or the run. A
 * coloured hint line means the runner colours (Jest, as it decided: see `inRunnerColours`), and then
 * "Matcher error" is bold, as in Jest's own matcher errors.
 */
export function matcherErrorMessage(hintLine: string, problem: string): string {
  const label = hintLine.includes('\u001b[') ? '\u001b[1mMatcher error\u001b[22m' : 'Matcher error';
  return `${hintLine}\n\n${label}: ${problem}`;
}
