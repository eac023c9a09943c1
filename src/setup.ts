/**
 * What both setup entries (`vitest.ts`, `jest.ts`) register: the matcher stubs, which load the
 * matchers at their first call, and the hooks that fail a test for a judge it did not await.
 * Internal: the build keeps it a file of its own that the two entries import (see tsup.config.ts).
 */
export { lazyMatchers } from './matchers/lazy.js';
export { withDiffInMessage } from './matchers/diffInMessage.js';
export { failOnLeftoverJudges, failOnUnawaitedJudges, setRunnerLayers } from './judge/pending.js';
