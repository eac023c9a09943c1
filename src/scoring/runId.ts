/**
 * A scorer's source of run ids: the run's own `runId` (Mastra's runs carry one), else a fresh id.
 * A fresh UUID per run allocated about 600 bytes (more than scoring itself): instead, one random
 * UUID per scorer whose last group counts up. Still a v4-shaped UUID, unique across runs; the count
 * lives in the scorer, not in the module.
 */
export function runIds(): (run: unknown) => string {
  // The Web Crypto global (Node 19+), not node:crypto: importing the package loads no crypto module,
  // and the first id is made only when a run without its own id is scored.
  let base: string | undefined;
  let count = 0;
  // The id less its last two hex digits, made once per 256 runs: each id is then one concatenation
  // (32 bytes), where padding a fresh count made three strings (about 120 bytes of a scored run's < 1 KB).
  let prefix = '';
  return (run) => {
    const runId = typeof run === 'object' && run !== null ? (run as { runId?: unknown }).runId : undefined;
    if (typeof runId === 'string' && runId !== '') return runId;
    base ??= globalThis.crypto.randomUUID().slice(0, 24);
    const low = count % 256;
    if (low === 0) prefix = base + Math.floor(count / 256).toString(16).padStart(10, '0');
    count++;
    return prefix + HEX_PAIRS[low]!;
  };
}

/** '00' to 'ff'. */
const HEX_PAIRS: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
