// Compiled by `npm run test:types` with TypeScript 5 and 7; never run.
// Both ways Jest users write tests: the `expect` of @jest/globals, and the global one of @types/jest.
/// <reference types="jest" />
import { expect as jestExpect } from '@jest/globals';
import type {} from '../../src/jest.js';

declare const run: unknown;

jestExpect(run).toCallTool('weather-tool', { location: jestExpect.stringContaining('New') });
jestExpect(run).not.toCallToolsInOrder(['a', 'b'], { strict: true });
jestExpect(run).toCallOnly(['a', { toolName: 'b' }]);
jestExpect(run).toCallToolTimes('a', 1);
jestExpect(run).toCallNoTools();
// @ts-expect-error a tool name is a string
jestExpect(run).toCallTool(1);
// @ts-expect-error the option is `strict`
jestExpect(run).toCallToolsInOrder(['a'], { strictMode: true });

expect(run).toCallTool('weather-tool');
expect(run).not.toCallOnly('weather-tool');
// @ts-expect-error times must be a number
expect(run).toCallToolTimes('a', '2');
