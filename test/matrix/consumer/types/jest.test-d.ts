// Compiled by the cell's TypeScript, never run: what a Jest user's editor sees with the README's setup
// (the matcher types come from "types" in tsconfig.jest.json, not from an import), with the `expect`
// of @jest/globals and with the global one of @types/jest. typecheck.cjs checks that hovering each
// matcher below shows its documentation with an example.
import { expect as jestExpect } from '@jest/globals';
import type { ToolCall } from 'tool-call-accuracy';
import type { Equal, Expect } from './equal.js';

declare const run: unknown;
declare const pending: Promise<unknown>;
declare const calls: ToolCall[];

jestExpect(run).toCallTool('weather-tool', { location: jestExpect.stringContaining('New') });
jestExpect(calls).toCallToolTimes('weather-tool', 1);
jestExpect(run).toCallOnly(['weather-tool', { toolName: 'search-tool', input: { query: jestExpect.any(String) } }]);
jestExpect(run).toCallToolsInOrder(['search-tool', 'weather-tool'], { strict: true });
jestExpect(run).toCallToolsInAnyOrder(['weather-tool', { toolName: 'search-tool', input: { query: jestExpect.any(String) } }]);
jestExpect(run).not.toCallOnlyFrom(['weather-tool', 'search-tool']);
jestExpect(run).toCallNoTools();
jestExpect(run).toCallTool('weather-tool', undefined, { error: jestExpect.stringContaining('timeout') });
jestExpect(run).toCallToolTimes(jestExpect.any(String), { min: 1, max: 8 });
jestExpect(run).toCallToolsWithoutErrors({ retries: 1 });
jestExpect(run).not.toRepeatToolCalls();
jestExpect(run).toStayWithinBudget({ tokens: 20_000 });
jestExpect(run).toCallToolsWithValidInputs({ 'weather-tool': { type: 'object' } });
const judged = jestExpect(run).toUseAppropriateTools({ threshold: 0.5 });
const reviewed = jestExpect(run).toFollowASensibleTrajectory({ expectedTrajectory: ['search-tool', 'weather-tool'], criteria: ['searches before it answers'], threshold: 0.8 });

expect(run).toCallTool('weather-tool', { location: expect.stringContaining('New') });
expect(calls).toCallToolTimes('weather-tool', 1);
expect(run).toCallOnly('weather-tool');
expect(run).toCallToolsInOrder(['search-tool', 'weather-tool']);
expect(run).toCallToolsInAnyOrder(['search-tool']);
expect(run).toCallOnlyFrom([{ toolName: 'weather-tool', input: { location: 'Oslo' } }]);
expect(run).toCallNoTools();
expect(run).toCallOnly([{ toolName: 'weather-tool', error: false }]);
expect(run).toCallToolsWithoutErrors();
expect(run).not.toRepeatToolCalls({ consecutive: false });
expect(run).not.toStayWithinBudget({ toolCalls: 1 });
const judgedGlobal = expect(run).toUseAppropriateTools();

// Chains type as in Vitest: a matcher is void, after .resolves/.rejects a Promise, the judge always a Promise.
const notCalled = jestExpect(run).not.toCallTool('delete-tool');
const resolved = jestExpect(pending).resolves.toCallTool('weather-tool');
const rejectedNot = jestExpect(pending).rejects.not.toCallOnly('weather-tool');
const judgedNot = jestExpect(run).not.toUseAppropriateTools();
const notCalledGlobal = expect(run).not.toCallTool('delete-tool');
const resolvedGlobal = expect(pending).resolves.toCallTool('weather-tool');
const rejectedNotGlobal = expect(pending).rejects.not.toCallOnly('weather-tool');
const judgedNotGlobal = expect(run).not.toUseAppropriateTools();
export type Chains = [
  Expect<Equal<typeof notCalled, void>>,
  Expect<Equal<typeof resolved, Promise<void>>>,
  Expect<Equal<typeof rejectedNot, Promise<void>>>,
  Expect<Equal<typeof judged, Promise<void>>>,
  Expect<Equal<typeof reviewed, Promise<void>>>,
  Expect<Equal<typeof judgedNot, Promise<void>>>,
  Expect<Equal<typeof notCalledGlobal, void>>,
  Expect<Equal<typeof resolvedGlobal, Promise<void>>>,
  Expect<Equal<typeof rejectedNotGlobal, Promise<void>>>,
  Expect<Equal<typeof judgedGlobal, Promise<void>>>,
  Expect<Equal<typeof judgedNotGlobal, Promise<void>>>,
];

// @ts-expect-error a misspelled matcher is a type error
jestExpect(run).toCallTools('weather-tool');
// @ts-expect-error a misspelled matcher after .not too
jestExpect(run).not.toCalTool('weather-tool');
// @ts-expect-error a misspelled matcher on the global expect
expect(run).toCallTools('weather-tool');
// @ts-expect-error a tool name is a string
jestExpect(run).toCallTool(42);
// @ts-expect-error times is a number
expect(run).toCallToolTimes('weather-tool', '1');
// @ts-expect-error the option is `strict`, not Mastra's `strictMode`
jestExpect(run).toCallToolsInOrder(['a'], { strictMode: true });
// @ts-expect-error the threshold is a number
void expect(run).toUseAppropriateTools({ threshold: 'high' });
// @ts-expect-error criteria are a list of strings
void expect(run).toFollowASensibleTrajectory({ criteria: 'searches first' });
