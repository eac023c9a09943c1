// The store's light parts only: the main entry imports this module; files and hashes load at the first call.
import { resolveStoreSettings } from '../store/mode.js';
import { currentTest } from '../store/test.js';
import { checkRecordingOptions, getRecordingsConfig, TOOLS_STORE, type RecordingMode } from '../recordings/config.js';
import { redactor, type Redaction } from '../recordings/data.js';
import { reportRecordings } from '../recordings/usage.js';
import { wrapTools } from './frameworks.js';

const WHO = 'recordedTools(tools, options)';

/** The options of `recordedTools`: those of `recordedModel`. */
export interface RecordedToolsOptions {
  /** Default: `configureRecordings({ mode })`, else `TOOL_CALL_ACCURACY_RECORDINGS`, else `replay` under CI, else `auto`. */
  mode?: RecordingMode;
  /** Where recording files go (relative to `process.cwd()`). Default: `__recordings__/` beside the test file. */
  dir?: string;
  /** The recording's name, instead of the current test's. */
  name?: string;
  /** Secrets to remove from tool inputs, outputs and errors before anything is written or keyed. */
  redact?: Redaction;
}

/**
 * The agent's tools, each execution recorded in the current test's recording file (the one
 * `recordedModel` uses: same modes, variable, CI rule, redaction and stale report) and replayed
 * from it: the same shape as given (an AI SDK tool set, Mastra `createTool`s, OpenAI Agents SDK
 * `tool()`s, LangChain `tool()`s), to pass to the agent unchanged. A call replays by tool name,
 * input (as canonical data) and occurrence; a recorded error replays as the same error (its name
 * and message). In `replay` (the default under CI) no tool runs: a call with no recording is a
 * RecordingError naming the tool, the input, the nearest recorded input and what differs, and the
 * command that records it again. An output that a file cannot hold (a function, a stream, a Map,
 * a class instance without `toJSON`) is refused when recording, naming the tool.
 * @example
 * const tools = recordedTools({ getWeather, sendEmail })
 * const result = await generateText({ model: recordedModel(openai('gpt-5-mini')), tools, prompt: 'Weather in Paris?', stopWhen: stepCountIs(5) })
 * expect(result).toCallTool('getWeather', { city: 'Paris' })
 */
export function recordedTools<T>(tools: T, options: RecordedToolsOptions = {}): T {
  checkRecordingOptions(options as unknown, WHO, ['mode', 'dir', 'name', 'redact']);
  const redact = redactor(options.redact, WHO);
  resolveStoreSettings(TOOLS_STORE, getRecordingsConfig(), { mode: options.mode, dir: options.dir }); // a bad TOOL_CALL_ACCURACY_RECORDINGS is an error now
  reportRecordings();
  return wrapTools(tools, WHO, (_name, _framework, hasExecute) => {
    if (!hasExecute) return undefined; // an AI SDK tool with no execute runs nowhere: nothing to record
    return async ({ name, input, live, callId }) => {
      const test = currentTest();
      const settings = resolveStoreSettings(TOOLS_STORE, getRecordingsConfig(), { mode: options.mode, dir: options.dir }, process.env, test.file);
      const { toolThroughRecording } = await import('./recordedReplay.js');
      return toolThroughRecording({ settings, test, name: options.name, who: WHO, tool: name, input, redact, ...(callId !== undefined && { callId }) }, live);
    };
  });
}
