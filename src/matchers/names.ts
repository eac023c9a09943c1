/**
 * Every matcher's name, in the order the runners register them: `lazy.ts` registers these (so setup stays small),
 * and `bodies.ts`'s table is typed by them. A new matcher is its body file, a line here and there, and matchers.d.ts.
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
