// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ToolCallMatchers } from '../../src/vitest.js';

declare const run: unknown;

describe('matcher types under Vitest', () => {
  it('types every matcher on expect, with .not', () => {
    expect(run).toCallTool('weather-tool');
    expect(run).toCallTool('weather-tool', { location: expect.stringContaining('New York') });
    expect(run).toCallToolTimes('search-tool', 2);
    expect(run).toCallOnly('weather-tool');
    expect(run).toCallOnly(['auth-tool', { toolName: 'fetch-tool', input: { url: '/a' } }]);
    expect(run).toCallToolsInOrder(['auth-tool', 'fetch-tool']);
    expect(run).toCallToolsInOrder(['auth-tool', 'fetch-tool'], { strict: true });
    expect(run).toCallToolsInAnyOrder(['fetch-tool', { toolName: 'auth-tool', input: { user: expect.any(String) } }]);
    expect(run).not.toCallOnlyFrom(['fetch-tool', { toolName: 'auth-tool', error: false }]);
    expect(run).not.toCallNoTools();
    expect(run).toCallTool('weather-tool', undefined, { error: /timeout/, approval: 'approved' });
    expect(run).toCallTool('weather-tool', { city: 'Oslo' }, { output: expect.objectContaining({ sunny: true }), error: false });
    expect(run).toCallOnly([{ toolName: 'fetch-tool', error: 'not found' }, { toolName: 'auth-tool', output: { ok: true } }]);
    expect(run).toCallToolsInOrder([{ toolName: 'fetch-tool', error: true }, { toolName: 'fetch-tool', approval: 'requested' }]);
    expect(run).toCallToolTimes('search-tool', { min: 1, max: 3 });
    expect(run).toCallToolTimes(expect.any(String), { max: 8 });
    expect(run).toCallToolsWithoutErrors();
    expect(run).toCallToolsWithoutErrors({ retries: 2 });
    expect(run).not.toRepeatToolCalls();
    expect(run).not.toRepeatToolCalls({ consecutive: false });
    expect(run).toStayWithinBudget({ toolCalls: 8, steps: 5, tokens: 20_000, durationMs: 30_000 });
    expect(run).not.toStayWithinBudget({ tokens: 100 });
    expect(run).toCallToolsWithValidInputs({ search: { type: 'object' } });
    expectTypeOf<ToolCallMatchers<void>['toCallTool']>().toBeCallableWith('weather-tool');
  });

  it('rejects wrong arguments', () => {
    // @ts-expect-error a tool name is a string
    expect(run).toCallTool(42);
    // @ts-expect-error times is required
    expect(run).toCallToolTimes('search-tool');
    // @ts-expect-error the option is `strict`, not Mastra's `strictMode`
    expect(run).toCallToolsInOrder(['a'], { strictMode: true });
    // @ts-expect-error the order is a list
    expect(run).toCallToolsInOrder('a');
    // @ts-expect-error a pattern names its tool with `toolName`
    expect(run).toCallOnly([{ name: 'a' }]);
    // @ts-expect-error toCallNoTools takes no argument
    expect(run).toCallNoTools('a');
    // @ts-expect-error approval is one of three states
    expect(run).toCallTool('a', undefined, { approval: 'yes' });
    // @ts-expect-error error is a boolean or a message pattern
    expect(run).toCallTool('a', undefined, { error: 42 });
    // @ts-expect-error the option is `retries`
    expect(run).toCallToolsWithoutErrors({ retry: 2 });
    // @ts-expect-error the option is `consecutive`
    expect(run).toRepeatToolCalls({ strict: true });
    // @ts-expect-error the bounds are min and max
    expect(run).toCallToolTimes('a', { atMost: 2 });
    // @ts-expect-error a budget is an object of limits
    expect(run).toStayWithinBudget(5);
    // @ts-expect-error the limit is `steps`, not Mastra's `maxSteps`
    expect(run).toStayWithinBudget({ maxSteps: 5 });
    // @ts-expect-error the tools are a record by name, or a list of tools (that name themselves, or a framework's declarations), not of names
    expect(run).toCallToolsWithValidInputs(['search']);
  });
});
