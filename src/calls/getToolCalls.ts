import type { ToolCall } from '../types.js';
import { ToolCallAccuracyError } from '../errors.js';
import type { FormatAdapter } from './adapter.js';
import { isRecord } from './adapter.js';
import { CallCollector } from './collector.js';
import { describeValue } from './describe.js';
import { mastraMessages, mastraRun } from './adapters/mastra.js';
import { plainCalls } from './adapters/plain.js';

/** Every supported format, most specific first. Detection takes the first that claims a value. */
export const adapters: readonly FormatAdapter[] = [mastraRun, mastraMessages, plainCalls];

/** The adapter that reads `run`, or undefined when no supported format matches. */
export function detectFormat(run: unknown): FormatAdapter | undefined {
  for (const adapter of adapters) {
    if (adapter.detect(run)) return adapter;
  }
  return undefined;
}

/**
 * The tool calls an agent run made, in the order the agent issued them, from any supported
 * format. Throws a `ToolCallAccuracyError` naming what was received when the value is not a run.
 */
export function getToolCalls(run: unknown): ToolCall[] {
  const adapter = detectFormat(run);
  if (!adapter) throw new ToolCallAccuracyError(unreadableRunMessage(run));
  const calls = new CallCollector();
  adapter.read(run, calls);
  return calls.calls;
}

function unreadableRunMessage(run: unknown): string {
  if (isRecord(run) && isThenable(run.steps)) {
    return (
      'received a streamText result whose `steps` is still a Promise. ' +
      'Pass the finished steps instead: expect(await result.steps).toCallTool(…)'
    );
  }
  return [
    `received ${describeValue(run)}, which is not an agent run this package can read.`,
    'Accepted shapes:',
    ...adapters.map((adapter) => `  - ${adapter.shape}`),
  ].join('\n');
}

function isThenable(value: unknown): boolean {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
