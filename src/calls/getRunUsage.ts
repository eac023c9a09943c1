import { ToolCallAccuracyError } from '../errors.js';
import { describeValue } from '../describe.js';
import type { RunUsage, UsageQuantity } from './adapter.js';
import { detectFormat } from './detect.js';
import { adapters } from './formats.js';
import { isRunView } from './views.js';

/** What a run records beyond its calls, and the format it was read as (for errors). */
export interface ReadUsage {
  format: string;
  usage: RunUsage;
}

/** Model steps, tokens and wall time, as far as the run records them, read only when a budget asks; a value no format reads records nothing. */
export function getRunUsage(run: unknown): ReadUsage {
  if (isRunView(run)) {
    const why = `${run.toString()} is a part of a run, and budgets measure a whole run`;
    return { format: run.toString(), usage: { lacking: { steps: why, tokens: why, durationMs: why } } };
  }
  const adapter = detectFormat(run);
  if (!adapter) return { format: 'unknown', usage: {} };
  if (!adapter.usage) return { format: adapter.format, usage: {} };
  try {
    return { format: adapter.format, usage: adapter.usage.read(run) };
  } catch (error) {
    throw new ToolCallAccuracyError(`reading what ${describeValue(run)} records (steps, tokens, time) as ${adapter.format} failed: ${String(error)}`, { cause: error });
  }
}

/** For each quantity, the run shapes that record it, as each adapter names them (two adapters may share one reader). */
export function shapesRecording(quantity: UsageQuantity): string[] {
  const shapes = new Set<string>();
  for (const adapter of adapters) {
    const shape = adapter.usage?.records[quantity];
    if (shape !== undefined) shapes.add(shape);
  }
  return [...shapes];
}
