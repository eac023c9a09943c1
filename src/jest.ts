/**
 * Jest setup file: `setupFilesAfterEnv: ['tool-call-accuracy/jest']`. CommonJS-loadable.
 * Jest ignores a matcher's `actual`/`expected`, so this entry writes the same diff into the message.
 */
import { matchers } from './matchers/index.js';
import { withDiffInMessage } from './format/diff.js';
import { failOnUnawaitedJudges } from './judge/pending.js';
// Re-exported so the entry's types load matchers.d.ts, which augments the runner's expect.
export type { ToolCallMatchers } from '../matchers.js';

declare const expect: { extend(matchers: Record<string, unknown>): void; getState(): { currentTestName?: string } } | undefined;
declare const afterEach: ((hook: () => void) => void) | undefined;

if (typeof expect === 'undefined' || typeof expect.extend !== 'function') {
  throw new Error(
    "tool-call-accuracy/jest found no global `expect`. Load it with Jest's `setupFilesAfterEnv` (not `setupFiles`), " +
      "or import { matchers } from 'tool-call-accuracy' and call expect.extend(matchers) yourself.",
  );
}
expect.extend(withDiffInMessage(matchers));

// A judge assertion still running when its test ended was not awaited: fail that test.
if (typeof afterEach === 'function') afterEach(() => failOnUnawaitedJudges(expect.getState().currentTestName));
