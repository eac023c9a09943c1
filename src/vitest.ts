/**
 * Vitest setup file: `test: { setupFiles: ['tool-call-accuracy/vitest'] }`.
 * Registers every matcher on Vitest's `expect`; importing it also brings the matcher types in.
 */
import { expect } from 'vitest';
import { matchers } from './matchers/index.js';
// Re-exported so the entry's types load matchers.d.ts, which augments the runner's expect.
export type { ToolCallMatchers } from '../matchers.js';

expect.extend(matchers);
