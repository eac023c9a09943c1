import { ToolCallAccuracyError } from '../errors.js';
import { failOnLeftoverJudges, failOnUnawaitedJudges, setRunnerLayers } from '../judge/pending.js';
import { withDiffInMessage } from './diffInMessage.js';
import { matchers } from './index.js';

/**
 * What the setup entries' stubs (`lazy.ts`) load at the first matcher call: the matchers, as each
 * runner registers them, and what the stubs and the setup hooks need from the same module instances
 * (the error class a stub recognises, the registry of pending judges). The build's `matchers` entry.
 */
export { failOnLeftoverJudges, failOnUnawaitedJudges, matchers, setRunnerLayers, ToolCallAccuracyError };

/** Jest ignores a matcher's `actual`/`expected`: these write the same diff into the message. */
export const jestMatchers = withDiffInMessage(matchers);
