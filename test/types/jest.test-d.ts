// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
// Both ways Jest users write tests: the `expect` of @jest/globals, and the global one of @types/jest.
/// <reference types="jest" />
import { expect as jestExpect } from '@jest/globals';
import { tool } from 'ai';
import { z } from 'zod';
import type {} from '../../src/jest.js';
import { own, parallel, toolRefs, turn } from '../../src/index.js';

declare const run: unknown;

jestExpect(run).toCallTool('weather-tool', { location: jestExpect.stringContaining('New') });
jestExpect(run).not.toCallToolsInOrder(['a', 'b'], { strict: true });
jestExpect(run).toCallToolsInAnyOrder(['a', { toolName: 'b', input: jestExpect.anything() }]);
jestExpect(run).not.toCallOnlyFrom(['a', 'b']);
jestExpect(run).toCallOnly(['a', { toolName: 'b' }]);
jestExpect(run).toCallToolTimes('a', 1);
jestExpect(run).toCallNoTools();
jestExpect(run).toCallTool('a', undefined, { error: jestExpect.stringContaining('timeout'), approval: 'denied' });
jestExpect(run).toCallToolsInOrder([{ toolName: 'a', error: true }, { toolName: 'a', output: jestExpect.anything() }]);
jestExpect(run).toCallToolTimes(jestExpect.any(String), { max: 8 });
jestExpect(run).toCallToolsWithoutErrors({ retries: 1 });
jestExpect(run).not.toRepeatToolCalls({ consecutive: false });
expect(run).toCallToolTimes(expect.any(String), { min: 1 });
expect(run).not.toRepeatToolCalls();
expect(run).toCallToolsWithoutErrors();
jestExpect(run).toStayWithinBudget({ steps: 5 });
jestExpect(run).not.toCallToolsWithValidInputs({ search: z.object({ q: z.string() }) });
// @ts-expect-error a budget limit is a number
jestExpect(run).toStayWithinBudget({ tokens: '20k' });
// @ts-expect-error a tool name is a string
jestExpect(run).toCallTool(1);
// @ts-expect-error the option is `strict`
jestExpect(run).toCallToolsInOrder(['a'], { strictMode: true });

expect(run).toCallTool('weather-tool');
expect(run).not.toCallOnly('weather-tool');
// @ts-expect-error times must be a number
expect(run).toCallToolTimes('a', '2');

// Typed tool references under Jest: its asymmetric matchers are objects, not `any`, and still fit.
const refs = toolRefs({ getWeather: tool({ inputSchema: z.object({ city: z.string(), days: z.number() }), execute: async () => 'sunny' }) });
jestExpect(run).toCallTool(refs.getWeather, { city: jestExpect.stringContaining('Par'), days: jestExpect.any(Number) });
jestExpect(run).toCallTool(refs.getWeather, jestExpect.objectContaining({ city: 'Paris' }));
jestExpect(run).toCallTool(refs.getWeather, undefined, { error: false });
jestExpect(run).toCallToolTimes(refs.getWeather, { min: 1 });
jestExpect(run).toCallToolsInOrder([parallel(refs.getWeather, 'news'), refs.getWeather.with({ city: 'Oslo', days: 2 })]);
expect(turn(run, 2)).toCallOnly(refs.getWeather);
expect(own(turn(run, 2))).toCallOnly(refs.getWeather);
// @ts-expect-error days is a number
jestExpect(run).toCallTool(refs.getWeather, { city: 'Paris', days: '2' });
// @ts-expect-error no tool is called getWeathr
jestExpect(run).toCallTool(refs.getWeathr);
