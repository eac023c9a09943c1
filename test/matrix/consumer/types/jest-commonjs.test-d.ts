// Compiled, never run: a TypeScript CommonJS project's Jest test (Jest 30 with ts-jest, no
// "type": "module", so this .ts file is CommonJS), the matchers' types from the README's
// "types": ["jest", "tool-call-accuracy/jest"] and the package's declarations checked too
// (skipLibCheck false). Read by the cjstypes cells (tsconfig.cjs-node10.json, tsconfig.cjs-node16.json,
// through typecheck.cjs: every matcher call below must also hover with its documentation) and by
// test/package/cjsTypes.test.ts with TypeScript 5 and 7 against the local build.
import { toolRefs, type ExpectedToolCall, type ToolCall } from 'tool-call-accuracy';

declare const run: unknown;
declare const calls: ToolCall[];
const { search } = toolRefs({ search: {} });
const expected: ExpectedToolCall[] = ['search', { toolName: 'book', input: { seat: '14C' } }];

test('a run checked as a user writes it', async () => {
  expect(run).toCallTool(search, { q: expect.any(String) });
  expect(calls).toCallToolTimes('search', 1);
  expect(run).toCallOnly(['search', 'book']);
  expect(run).toCallToolsInOrder(expected, { strict: true });
  expect(run).toCallToolsInAnyOrder(['book', 'search']);
  expect(run).toCallOnlyFrom(['search', 'book', 'cancel']);
  expect(run).not.toCallNoTools();
  expect(run).toCallToolsWithoutErrors({ retries: 1 });
  expect(run).not.toRepeatToolCalls();
  expect(run).not.toStayWithinBudget({ toolCalls: 3 });
  expect(run).toCallToolsWithValidInputs({ book: { type: 'object' } });
  await expect(run).toUseAppropriateTools({ threshold: 0.5 });
  await expect(run).toFollowASensibleTrajectory({ criteria: ['searches before it books'] });
  // @ts-expect-error the matcher types are read: a list of calls is not a number
  expect(run).toCallToolsInOrder(42);
});
