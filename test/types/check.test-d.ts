// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
import { describe, expectTypeOf, it } from 'vitest';
import { check, createToolCallAccuracyScorerCode, mastraGate, toolRefs, type Check, type MastraGate, type ToolCallMatchers } from '../../src/index.js';

declare const run: unknown;

describe('check(run)', () => {
  it('has every declared matcher, returning void (the judge a promise), and .not', () => {
    expectTypeOf(check(run).toCallTool('weather-tool')).toEqualTypeOf<void>();
    expectTypeOf(check(run).not.toCallToolsInOrder(['a', 'b'], { strict: true })).toEqualTypeOf<void>();
    expectTypeOf(check(run).toCallToolsInAnyOrder(['a', 'b'])).toEqualTypeOf<void>();
    expectTypeOf(check(run).not.toCallOnlyFrom(['a', { toolName: 'b', input: { q: 1 } }])).toEqualTypeOf<void>();
    expectTypeOf(check(run).toUseAppropriateTools({ request: 'Book SFO to JFK' })).toEqualTypeOf<Promise<void>>();
    expectTypeOf(check(run).toFollowASensibleTrajectory({ criteria: ['searches first'] })).toEqualTypeOf<Promise<void>>();
    // Derived from the declarations: a matcher declared in matchers.d.ts is a method of check(run).
    expectTypeOf<Omit<Check, 'not'>>().toEqualTypeOf<ToolCallMatchers<void>>();
    const t = toolRefs({ getWeather: {} as { inputSchema?: { _output: { city: string } } } });
    check(run).toCallTool(t.getWeather, { city: 'Paris' });
  });

  it('rejects wrong arguments', () => {
    // @ts-expect-error a tool name is a string
    check(run).toCallTool(42);
    // @ts-expect-error times is required
    check(run).not.toCallToolTimes('search-tool');
    // @ts-expect-error not a matcher
    check(run).toHaveBeenCalled();
  });
});

describe('mastraGate and the scorers', () => {
  it("are Mastra scorers of type 'agent'", () => {
    const gate = mastraGate('books', (mastraRun) => {
      expectTypeOf(mastraRun.groundTruth).toBeAny();
      check(mastraRun).toCallTool('book-flight');
    });
    expectTypeOf(gate).toEqualTypeOf<MastraGate>();
    expectTypeOf(gate.type).toEqualTypeOf<'agent' | 'trajectory'>();
    // @ts-expect-error a gate is of type 'agent' or 'trajectory'
    mastraGate('books', () => {}, { type: 'workflow' });
    expectTypeOf(createToolCallAccuracyScorerCode({ expectedTool: 'a' }).id).toEqualTypeOf<'code-tool-call-accuracy-scorer'>();
    // @ts-expect-error the checks are a function of the run
    mastraGate('books', 'toCallTool');
  });
});
