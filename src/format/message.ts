import type { SampleRun } from '../errors.js';
import { inRunnerColours, type MatcherContext } from '../matcherContext.js';

/**
 * The hint line: `expect(run).not.toCallTool(name, input)`, as the runner draws it; none in a
 * sample's run, which keeps the arguments for the sample's line, `expect(runs)…` (`sampleRun`).
 */
export function hint(ctx: MatcherContext, matcherName: string, expected = 'expected', secondArgument?: string, received = 'run'): string {
  // A run of a sample draws no line: the sample's message has one, made from the same arguments (matchers/hints.ts).
  if (ctx.sampleRun) return '';
  const line = ctx.utils.matcherHint(matcherName, received, expected, {
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

/** The text of a matcher error: the hint, then the problem; after a coloured hint, "Matcher error" is bold, as in Jest's own. */
export function matcherErrorMessage(hintLine: string, problem: string, where?: SampleRun): string {
  const label = hintLine.includes('\u001b[') ? '\u001b[1mMatcher error\u001b[22m' : 'Matcher error';
  return `${hintLine}\n\n${label}: ${inRun(where)}${problem}`;
}

/** The text of a judge that gave no verdict: the hint, then the problem (in which run of a sample). */
export function judgeErrorMessage({ hint, problem, where }: { hint: string; problem: string; where: SampleRun | undefined }): string {
  return `${hint}\n\n${inRun(where)}${problem.replace(/^\s+/, '')}`;
}

const inRun = (where: SampleRun | undefined) => (where ? `In run ${where.run} of ${where.n}: ` : '');
