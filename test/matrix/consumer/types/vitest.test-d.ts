// Compiled by the cell's TypeScript, never run: what a Vitest user's editor sees with the README's
// setup (the matcher types come from "types" in tsconfig.vitest.json, not from an import).
// typecheck.cjs checks that hovering each matcher below shows its documentation with an example.
import { expect } from 'vitest';
import { own, trajectory, within } from 'tool-call-accuracy';
import type { CallAgent, RunView } from 'tool-call-accuracy';
import type { RunTrajectory, ToolCall } from 'tool-call-accuracy';
import type { Equal, Expect } from './equal.js';

declare const run: unknown;
declare const pending: Promise<unknown>;
declare const calls: ToolCall[];

expect(run).toCallTool('weather-tool', { location: expect.stringContaining('New') });
expect(calls).toCallToolTimes('weather-tool', 1);
expect(run).toCallOnly(['weather-tool', { toolName: 'search-tool', input: { query: expect.any(String) } }]);
expect(run).toCallToolsInOrder(['search-tool', 'weather-tool'], { strict: true });
expect(run).toCallToolsInAnyOrder(['weather-tool', { toolName: 'search-tool', input: { query: expect.any(String) } }]);
expect(run).not.toCallOnlyFrom(['weather-tool', { toolName: 'search-tool', error: false }]);
expect(trajectory(run)).toMatchInlineSnapshot();
expect(run).toCallNoTools();
expect(own(run)).toCallToolsInOrder(['search-tool', 'weather-tool'], { strict: true });
expect(own(within(run, 'forecaster'))).not.toCallTool('delete-tool');
expect(run).toCallTool('weather-tool', undefined, { error: false, approval: 'approved' });
expect(run).toCallToolsInOrder([{ toolName: 'search-tool', error: /timeout/ }, { toolName: 'search-tool', output: expect.anything() }]);
expect(run).toCallToolTimes(expect.any(String), { max: 8 });
expect(run).toCallToolsWithoutErrors({ retries: 2 });
expect(run).not.toRepeatToolCalls({ consecutive: false });
expect(run).toStayWithinBudget({ toolCalls: 8, steps: 5, tokens: 20_000, durationMs: 30_000 });
expect(run).toCallToolsWithValidInputs({ 'weather-tool': { type: 'object' } });
// @ts-expect-error a budget is an object of limits
expect(run).toStayWithinBudget(5);
// @ts-expect-error the limit is `steps`, not Mastra's `maxSteps`
expect(run).toStayWithinBudget({ maxSteps: 5 });
const judged = expect(run).toUseAppropriateTools({ threshold: 0.5 });
const reviewed = expect(run).toFollowASensibleTrajectory({ expectedTrajectory: ['search-tool', 'weather-tool'], criteria: ['searches before it answers'], threshold: 0.8 });

// Chains type as in Jest: a matcher is void, after .resolves/.rejects a Promise, the judge always a Promise.
const notCalled = expect(run).not.toCallTool('delete-tool');
const resolved = expect(pending).resolves.toCallTool('weather-tool');
const rejectedNot = expect(pending).rejects.not.toCallOnly('weather-tool');
const judgedNot = expect(run).not.toUseAppropriateTools();
export type Chains = [
  Expect<Equal<ReturnType<typeof trajectory>, RunTrajectory>>,
  Expect<Equal<ReturnType<typeof own>, RunView>>,
  Expect<Equal<ToolCall['agent'], CallAgent | undefined>>,
  Expect<Equal<typeof notCalled, void>>,
  Expect<Equal<typeof resolved, Promise<void>>>,
  Expect<Equal<typeof rejectedNot, Promise<void>>>,
  Expect<Equal<typeof judged, Promise<void>>>,
  Expect<Equal<typeof reviewed, Promise<void>>>,
  Expect<Equal<typeof judgedNot, Promise<void>>>,
];

// @ts-expect-error a misspelled matcher is a type error
expect(run).toCallTools('weather-tool');
// @ts-expect-error a misspelled matcher after .not too
expect(run).not.toCalTool('weather-tool');
// @ts-expect-error a tool name is a string
expect(run).toCallTool(42);
// @ts-expect-error times is a number
expect(run).toCallToolTimes('weather-tool', '1');
// @ts-expect-error the option is `strict`, not Mastra's `strictMode`
expect(run).toCallToolsInOrder(['a'], { strictMode: true });
// @ts-expect-error toCallToolsInAnyOrder takes a list
expect(run).toCallToolsInAnyOrder('weather-tool');
// @ts-expect-error toCallOnlyFrom takes no options
expect(run).toCallOnlyFrom(['a'], { strict: true });
// @ts-expect-error the threshold is a number
void expect(run).toUseAppropriateTools({ threshold: 'high' });
// @ts-expect-error criteria are a list of strings
void expect(run).toFollowASensibleTrajectory({ criteria: 'searches first' });
