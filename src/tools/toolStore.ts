import type { StoreUser } from '../store/user.js';
import { RECORDINGS_STORE } from '../recordings/config.js';

/**
 * Recorded tool executions as a user of the store: recordedModel's folder, variable, configure
 * function and files (a tool's steps go in the same file per test as the model's), in words about
 * tool calls, and its step events marked `tool` for the reporters.
 */
export const TOOLS_STORE: StoreUser = {
  ...RECORDINGS_STORE,
  kind: 'tool',
  replay: {
    ...RECORDINGS_STORE.replay,
    missing: 'No recording of this tool call',
    notAsked: 'the tool is not run',
    optionChose: (mode) => `recordedTools(tools, { mode: '${mode}' })`,
    optionSet: (mode) => `giving recordedTools(tools, { mode: '${mode}' })`,
    credentials: "what the tools need to run live (their credentials and services), and the model's",
    envNote: '(record runs every tool call and model request of the tests it runs and writes their recordings anew.)',
  },
};
