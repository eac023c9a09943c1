import { stripVTControlCharacters } from 'node:util';
import type { JudgeOutcome } from '../judge/judge.js';
import { escapeUnsafe } from '../printable.js';
import { printableName } from './value.js';

/** The expectation line of a judged assertion, positive or negated. */
export function describeScore(pass: boolean, score: number, threshold: number): string {
  return pass
    ? `Expected the judge's score to be below ${threshold}; it was ${score}.`
    : `Expected the judge's score to be at least ${threshold}; it was ${score}.`;
}

/** The judge's verdict for a failure message: model and source, reason, each evaluation, missing tools. */
export function describeVerdict(outcome: JudgeOutcome): string {
  const { verdict } = outcome;
  const source =
    outcome.source === 'cache'
      ? `verdict replayed from ${outcome.cacheFile}`
      : outcome.cacheFile
        ? `verdict recorded in ${outcome.cacheFile}`
        : 'asked now, cache off';
  // The judge's words are a model's text: escaped like text from a run, so they cannot forge lines or colours.
  const names = verdict.evaluations.map((evaluation) => printableName(evaluation.toolCalled));
  const nameWidth = Math.min(32, Math.max(0, ...names.map((name) => name.length)));
  const evaluations = verdict.evaluations.map(
    (evaluation, index) =>
      `  ${index + 1}. ${names[index]!.padEnd(nameWidth)}  ${evaluation.wasAppropriate ? 'appropriate  ' : 'inappropriate'}  ${escapeUnsafe(evaluation.reasoning)}`,
  );
  return [
    `Judge:  ${escapeUnsafe(outcome.model)}, ${source}`,
    `Reason: ${escapeUnsafe(verdict.reason)}`,
    '',
    evaluations.length > 0 ? `Evaluations:\n${evaluations.join('\n')}` : 'Evaluations: none (no tool calls)',
    `Missing tools: ${verdict.missingTools.length > 0 ? verdict.missingTools.map(printableName).join(', ') : 'none'}`,
  ].join('\n');
}

/** Why a test (or, outside a test, the file) failed for judge assertions it never awaited, and where they were made. */
export function describeUnawaitedJudges(callSites: ReadonlyArray<string | undefined>, where: { inTest: boolean; concurrent: boolean }): string {
  const one = callSites.length === 1;
  const assertions = one ? 'A toUseAppropriateTools() assertion' : `${callSites.length} toUseAppropriateTools() assertions`;
  const outside = where.inTest ? '' : ' outside a test (in beforeAll or afterAll, or after its test ended)';
  const consequence = where.inTest ? `so ${one ? 'its verdict' : 'their verdicts'} could not fail the test` : `so ${one ? 'its verdict' : 'their verdicts'} could not fail anything`;
  const lines = [`${assertions}${outside} ${one ? 'was' : 'were'} not awaited, ${consequence}. Write \`await expect(run).toUseAppropriateTools(…)\`.`];
  // The global expect gives a concurrent test's judge to whichever test started last.
  if (where.concurrent) lines.push("In concurrent tests only the test context's expect (`async ({ expect }) => …`) ties a judge to its own test.");
  for (const site of callSites) if (site !== undefined) lines.push(`Called at ${site}`);
  return lines.join('\n');
}

/**
 * The one line for judges cancelled because their test ended while they ran (a test timeout): the
 * runner reports the timeout itself, this says which test left a judge running.
 */
export function describeCancelledJudges(judges: ReadonlyArray<{ testName: string | undefined; callSite: string | undefined }>): string {
  return judges
    .map(({ testName, callSite }) => {
      const test = testName === undefined ? 'a hook' : `the test ${escapeUnsafe(JSON.stringify(oneLine(testName)))}`;
      const where = callSite === undefined ? '' : ` (called at ${callSite})`;
      return `tool-call-accuracy: ${test} ended while its toUseAppropriateTools() judge was still running${where}; the judge was cancelled.`;
    })
    .join('\n');
}

// A test name is the user's text: its colours go, its line breaks become spaces, and what could
// still change how the line reads (bidi controls) is escaped by the caller.
function oneLine(text: string): string {
  return stripVTControlCharacters(text).replace(/\s+/g, ' ').trim();
}
