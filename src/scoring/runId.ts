import { randomUUID } from 'node:crypto';

/** The run's own `runId` (Mastra's runs carry one), else a fresh id for this result. */
export function runIdOf(run: unknown): string {
  const runId = typeof run === 'object' && run !== null ? (run as { runId?: unknown }).runId : undefined;
  return typeof runId === 'string' && runId !== '' ? runId : nextRunId();
}

// A fresh UUID per run allocated about 600 bytes (more than scoring itself): instead, one random
// UUID per process whose last group counts up. Still a v4-shaped UUID, unique across runs.
const runIdBase = randomUUID().slice(0, 24);
let runCount = 0;

function nextRunId(): string {
  return runIdBase + (runCount++).toString(16).padStart(12, '0');
}
