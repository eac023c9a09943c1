import type { FormatAdapter, UnknownRecord } from '../adapter.js';
import { isRecord } from '../adapter.js';
import { isRunMessage, readMastraMessages, runInputMessages, textOfRole } from '../mastraMessages.js';
import { oneTurn } from '../turns.js';

/** `{ input: { inputMessages }, output }` (createAgentTestRun) or `{ inputMessages, output }`. */
function isMastraRun(value: unknown): value is UnknownRecord {
  if (!isRecord(value) || !Array.isArray(value.output)) return false;
  const input = value.input;
  const hasInputMessages = Array.isArray(value.inputMessages) || (isRecord(input) && Array.isArray(input.inputMessages));
  return hasInputMessages && value.output.every(isRunMessage);
}

export const mastraRun: FormatAdapter = {
  format: 'mastra-run',
  shape: 'a Mastra agent run: { input: { inputMessages }, output } or { inputMessages, output } (createAgentTestRun, or generate(…).scoringData)',
  detect: isMastraRun,
  turns: oneTurn,
  read(value, calls) {
    // Only the output is the agent's doing: calls inside inputMessages are context.
    readMastraMessages((value as UnknownRecord).output as unknown[], calls, 'mastra-run');
  },
  text(value) {
    const run = value as UnknownRecord;
    return {
      request: textOfRole(runInputMessages(run), 'user', 'last'),
      reply: textOfRole(run.output as unknown[], 'assistant', 'all'),
    };
  },
};

