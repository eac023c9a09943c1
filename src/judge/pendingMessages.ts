import { stripVTControlCharacters } from 'node:util';
import { escapeUnsafe } from '../printable.js';

const DEFAULT_MATCHER = 'toUseAppropriateTools';

// The words of pending.ts, below the format layer: the registry reports them from the setup entries' hooks.

/** Why a test (or, outside a test, the file) failed for judge assertions it never awaited, and where they were made. */
export function describeUnawaitedJudges(
  callSites: ReadonlyArray<string | undefined>,
  where: { inTest: boolean; concurrent: boolean },
  matchers: readonly string[] = callSites.map(() => DEFAULT_MATCHER),
): string {
  const one = callSites.length === 1;
  const names = [...new Set(matchers)];
  // One judge matcher named as before; several, each named once.
  const kind = names.length === 1 ? `${names[0]}()` : `judge (${names.map((name) => `${name}()`).join(', ')})`;
  const assertions = one ? `A ${kind} assertion` : `${callSites.length} ${kind} assertions`;
  const outside = where.inTest ? '' : ' outside a test (in beforeAll or afterAll, or after its test ended)';
  const consequence = where.inTest ? `so ${one ? 'its verdict' : 'their verdicts'} could not fail the test` : `so ${one ? 'its verdict' : 'their verdicts'} could not fail anything`;
  const lines = [`${assertions}${outside} ${one ? 'was' : 'were'} not awaited, ${consequence}. Write \`await expect(run).${names.length === 1 ? names[0] : names.join('/')}(…)\`.`];
  // The global expect gives a concurrent test's judge to whichever test started last.
  if (where.concurrent) lines.push("In concurrent tests only the test context's expect (`async ({ expect }) => …`) ties a judge to its own test.");
  for (const site of callSites) if (site !== undefined) lines.push(`Called at ${site}`);
  return lines.join('\n');
}

/** The line for judges cancelled because their test ended (a timeout the runner reports): which test left a judge running. */
export function describeCancelledJudges(judges: ReadonlyArray<{ testName: string | undefined; callSite: string | undefined; matcher?: string }>): string {
  return judges
    .map(({ testName, callSite, matcher = DEFAULT_MATCHER }) => {
      const test = testName === undefined ? 'a hook' : `the test ${escapeUnsafe(JSON.stringify(oneLine(testName)))}`;
      const where = callSite === undefined ? '' : ` (called at ${callSite})`;
      return `tool-call-accuracy: ${test} ended while its ${matcher}() judge was still running${where}; the judge was cancelled.`;
    })
    .join('\n');
}

// A test name is the user's text: its colours go, its line breaks become spaces; the caller escapes bidi controls.
function oneLine(text: string): string {
  return stripVTControlCharacters(text).replace(/\s+/g, ' ').trim();
}
