/**
 * Vitest setup file: `test: { setupFiles: ['tool-call-accuracy/vitest'] }`.
 * Registers every matcher on Vitest's `expect`; importing it also brings the matcher types in.
 */
import { afterEach, expect } from 'vitest';
import { failOnUnawaitedJudges } from './judge/pending.js';
import { matchers } from './matchers/index.js';
// Re-exported so the entry's types load matchers.d.ts, which augments the runner's expect.
export type { ToolCallMatchers } from '../matchers.js';

expect.extend(matchers);

// A judge assertion still running when its test ended was not awaited: fail that test.
afterEach((context) => failOnUnawaitedJudges(context.task));
