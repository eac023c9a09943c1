/**
 * Vitest setup file: `test: { setupFiles: ['tool-call-accuracy/vitest'] }`.
 * Registers every matcher on Vitest's `expect`; importing it also brings the matcher types in.
 */
import { expect } from 'vitest';
import { matchers } from './matchers/index.js';
import type {} from '../matchers.js';

expect.extend(matchers);
