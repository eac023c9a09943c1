/**
 * Every matcher's name, once, in the order the runners register them. `lazy.ts` registers these
 * (importing nothing else of the matchers, so setup stays small), and `bodies.ts` has a body for
 * each: its table is typed by this list, so a name without a body, or a body without a name, does
 * not compile. A new matcher is its body file, one line here and in that table, and its declaration
 * in `matchers.d.ts`.
 */
export const MATCHER_NAMES = [
  'toCallTool',
  'toCallToolTimes',
  'toCallOnly',
  'toCallToolsInOrder',
  'toCallToolsInAnyOrder',
  'toCallOnlyFrom',
  'toCallNoTools',
  'toCallToolsWithoutErrors',
  'toRepeatToolCalls',
  'toStayWithinBudget',
  'toCallToolsWithValidInputs',
  'toUseAppropriateTools',
  'toFollowASensibleTrajectory',
] as const;

export type MatcherName = (typeof MATCHER_NAMES)[number];
