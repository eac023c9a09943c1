// Compiled, never run: a TypeScript CommonJS project's Vitest test (no "type": "module", so this
// .ts file is CommonJS), the matchers' types from the README's "types": ["tool-call-accuracy/vitest"]
// and the package's declarations checked too (skipLibCheck false). test/package/cjsTypes.test.ts
// compiles it with TypeScript 5 and 7 against the local build, under tsconfig.cjs-node10.json's and
// tsconfig.cjs-node16.json's resolution.
import { expect, test } from 'vitest';
import { toolRefs, type ExpectedToolCall } from 'tool-call-accuracy';

declare const run: unknown;
const { search } = toolRefs({ search: {} });
const expected: ExpectedToolCall[] = ['search', { toolName: 'book', input: { seat: '14C' } }];

test('a run checked as a user writes it', async () => {
  expect(run).toCallTool(search, { q: expect.any(String) });
  expect(run).toCallToolsInOrder(expected, { strict: true });
  expect(run).not.toStayWithinBudget({ toolCalls: 3 });
  await expect(run).toUseAppropriateTools({ threshold: 0.5 });
  // @ts-expect-error the matcher types are read: a list of calls is not a number
  expect(run).toCallToolsInOrder(42);
});
