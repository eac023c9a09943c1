// Compiled by the cjs-types cells' TypeScript 5, never run: a TypeScript CommonJS project's Jest test
// (ts-jest, no "type": "module"), with the README's "types": ["jest", "tool-call-accuracy/jest"],
// under TypeScript's default CommonJS resolution (tsconfig.cjs-node10.json) and under node16
// (tsconfig.cjs-node16.json), the package's declarations checked too (skipLibCheck false).
import { toolRefs, type ExpectedToolCall, type ToolCall } from 'tool-call-accuracy';

declare const run: unknown;
declare const calls: ToolCall[];
const { search } = toolRefs({ search: {} });
const expected: ExpectedToolCall[] = ['search', { toolName: 'book', input: { seat: '14C' } }];

expect(run).toCallTool(search, { q: expect.any(String) });
expect(calls).toCallToolTimes('search', 1);
expect(run).toCallToolsInOrder(expected, { strict: true });
expect(run).not.toStayWithinBudget({ toolCalls: 3 });
// @ts-expect-error: the matcher types are read, so a wrong argument is an error
expect(run).toCallToolsInOrder(42);
